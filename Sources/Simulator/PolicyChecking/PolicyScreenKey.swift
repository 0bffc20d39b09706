import SubscriptionModel

/// The values a policy's screens are computed from (G10) — the plan, the counts of the
/// meter windows some screen reads, and the entitlement's product, `renews` and expiry
/// date in the device's zone when a screen reads them — packed into one small value.
///
/// Two outputs with the same key show the same screens, whatever else differs. The
/// checker uses it to render and compare the screens of each combination once, rather
/// than at every event: most events (a look, a use that changes no read count, a zone
/// change under a UTC calendar) leave the key as it was.
struct PolicyScreenKey: Hashable {
    var plan: Int32 = -1
    var product: Int32 = -1
    var renews = false
    var expiryDay: Int32 = .min
    var count0 = 0, count1 = 0, count2 = 0, count3 = 0

    /// What a policy's screens read, found once by walking its screen expressions.
    struct Reads: Sendable {
        /// The (meter, window) counts some screen reads, in a fixed order.
        var windows: [(meter: Int, window: PolicyWindow)] = []
        /// Whether some screen reads the entitlement's product (`byProduct`, `expiry`).
        var product = false
        /// Whether some screen shows the expiry date (`expiry`): `renews`, `expires`, the zone.
        var expiry = false
        /// Whether the key holds everything the screens read (at most four windows).
        var isComplete: Bool { windows.count <= 4 }

        init(policy: SubscriptionPolicy) {
            for screen in policy.screens { visit(screen.value) }
        }

        private mutating func read(_ meter: Int, _ window: PolicyWindow) {
            if !windows.contains(where: { $0.meter == meter && $0.window == window }) { windows.append((meter, window)) }
        }

        private mutating func visit(_ expression: ScreenExpression) {
            switch expression {
            case .null, .text, .planName, .plural, .boxText:
                break // the plan is always in the key; `plural` shows its meter's numbers
            case .byPlan(let branches):
                branches.forEach { visit($0) }
            case .byProduct(let branches):
                product = true
                branches.forEach { visit($0) }
            case .meter(let screen):
                read(screen.meter, screen.window)
                for branch in [screen.below, screen.reached, screen.unlimited] + (screen.warning.map { [$0] } ?? []) { visit(branch) }
            case .expiry:
                product = true
                expiry = true
            case .bar(let meter, let window):
                read(meter, window)
            case .metersInWarning(let meters, let window, _):
                meters.forEach { read($0, window) }
            }
        }
    }

    /// The key of nothing (an empty slot of `PolicyScreenKeySet`).
    init() {}

    /// The key of the given values; `count(meter, window)` reads a count.
    @inline(__always)
    init(reads: Reads, plan: Int?, entitlement: PolicyEntitlement?, zone: TimeZoneRules, count: (Int, PolicyWindow) -> Int) {
        self.plan = Int32(truncatingIfNeeded: plan ?? -1)
        if reads.product { product = Int32(truncatingIfNeeded: entitlement?.product ?? -1) }
        if reads.expiry, let entitlement {
            renews = entitlement.renews
            if let expires = entitlement.expires {
                expiryDay = LocalDate(localMilliseconds: expires.millisecondsSince1970 + zone.offsetMilliseconds(at: expires)).daysSince1970
            }
        }
        let windows = reads.windows
        if windows.count > 0 { count0 = count(windows[0].meter, windows[0].window) }
        if windows.count > 1 { count1 = count(windows[1].meter, windows[1].window) }
        if windows.count > 2 { count2 = count(windows[2].meter, windows[2].window) }
        if windows.count > 3 { count3 = count(windows[3].meter, windows[3].window) }
    }
}

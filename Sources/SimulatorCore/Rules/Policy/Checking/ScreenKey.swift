import SubscriptionModel

/// The values a policy's screens are computed from (G10) — the plan, the counts of the
/// meter windows some screen reads, and the entitlement's product, `renews` and expiry
/// date in the device's zone when a screen reads them — packed into one small value.
///
/// Two outputs with the same key show the same screens, whatever else differs. The
/// checker uses it to render and compare the screens of each combination once, rather
/// than at every event: most events (a look, a use that changes no read count, a zone
/// change under a UTC calendar) leave the key as it was.
///
/// A count is kept only as far as a screen can tell it apart (`Reads.ceiling(plan:position:)`): under
/// a plan that sets no shown limit on a window that only a banner or a bar reads, every
/// count reads the same; under a limit of 25 with an 80 % banner, 20 and 500 do too. So
/// a count that keeps growing (a premium user's stock) does not make every key new.
/// Every count below its ceiling, and the ceiling itself, stays its own key, so a screen
/// wrong at or before a threshold is still rendered and caught.
///
/// Held as two vectors of four lanes (the plan, the product, `renews` and the expiry day;
/// the four counts), each field a lane at a fixed index: a key is built in registers and
/// copied and compared whole. (Built field by field in memory, as a struct of scalars, its
/// copy read back what had just been stored in smaller pieces, and waited on every one.)
struct ScreenKey: Hashable {
    private var head = SIMD4<Int32>(-1, -1, 0, .min)
    private var counts = SIMD4<Int32>()

    /// The plan's index (-1: none).
    var plan: Int32 {
        get { head[0] }
        set { head[0] = newValue }
    }
    /// The entitlement's product (-1: none, or not read).
    var product: Int32 {
        get { head[1] }
        set { head[1] = newValue }
    }
    /// The entitlement's `renews`, when read.
    var renews: Bool {
        get { head[2] != 0 }
        set { head[2] = newValue ? 1 : 0 }
    }
    /// The expiry's local date (days since 1970; `Int32.min`: none, or not read).
    var expiryDay: Int32 {
        get { head[3] }
        set { head[3] = newValue }
    }
    /// The counts the screens read, up to their ceilings, at positions 0 to 3 (a constant
    /// position is a lane set in a register).
    subscript(count position: Int) -> Int {
        get { Int(counts[position]) }
        set { counts[position] = Int32(truncatingIfNeeded: newValue) }
    }

    /// The counts at positions 0 to 3 as one vector.
    var countLanes: SIMD4<Int32> { counts }

    /// What a policy's screens read, found once by walking its screen expressions.
    struct Reads: Sendable {
        /// The (meter, window) counts some screen reads, in a fixed order.
        let windows: [(meter: Int, window: LimitWindow)]
        /// Whether some screen reads the entitlement's product (`byProduct`, `expiry`).
        let product: Bool
        /// Whether some screen shows the expiry date (`expiry`): `renews`, `expires`, the zone.
        let expiry: Bool
        /// The meters whose credits some screen shows (`{credits}`), in a fixed order:
        /// each held exactly, in the count slots after the windows'.
        let creditMeters: [Int]
        /// Whether the key holds everything the screens read (at most four windows and
        /// credit balances).
        var isComplete: Bool { windows.count + creditMeters.count <= 4 }
        /// The plans' count: the row of no plan.
        private let planCount: Int
        /// Per count position of a key (the windows', then the credit balances', at most
        /// four): the counts' lane it reads (`MeterCounts.lane(_:)`), or -1 for a balance
        /// that counts of four meters do not hold (read as 0).
        private let lanes: [Int]
        /// Per plan (then one row for no plan), the positions' ceilings as one vector
        /// (`ceiling(plan:position:)`; a balance is held whole).
        private let ceilings: [SIMD4<Int32>]

        init(policy: SubscriptionPolicy) {
            let planCount = policy.plans.count
            self.planCount = planCount
            // One walk of the screens per plan (and for no plan): what each reads, and how far.
            let rows = (0...planCount).map { plan in
                var row = Ceilings(policy: policy, plan: plan == planCount ? nil : plan)
                for screen in policy.screens { row.visit(screen.value, numbers: []) }
                return row
            }
            var pairs: [Pair] = []
            for row in rows {
                for pair in row.order where !pairs.contains(pair) { pairs.append(pair) }
            }
            windows = pairs.map { ($0.meter, $0.window) }
            var creditMeters: [Int] = []
            for row in rows {
                for meter in row.creditMeters where !creditMeters.contains(meter) { creditMeters.append(meter) }
            }
            self.creditMeters = creditMeters
            product = rows.contains { $0.readsProduct }
            expiry = rows.contains { $0.readsExpiry }
            ceilings = rows.map { row in
                var ceilings = SIMD4<Int32>(repeating: .max) // (a balance's)
                for (position, pair) in pairs.prefix(4).enumerated() { ceilings[position] = Int32(clamping: row.ceilings[pair, default: 0]) }
                return ceilings
            }
            let meters = policy.meters.count
            lanes = Array((windows.map { MeterCounts.lane(meter: $0.meter, $0.window) }
                + creditMeters.map { MeterCounts.creditLane(meter: $0, meters: meters) ?? -1 }).prefix(4))
        }

        /// The largest count at position `position` (a read window's, in `windows` order)
        /// a screen can tell apart from every larger one under `plan` (nil: no plan):
        /// `MeterCounts.largest` when it shows every count. A key holds `min(count, ceiling)`.
        func ceiling(plan: Int?, position: Int) -> Int {
            Int(ceilings[plan ?? planCount][position])
        }

        /// The key of the given values; `expiryDay` is the entitlement's expiry date in
        /// the device's zone (read only when `expiry`).
        @inline(__always)
        func key(plan: Int?, entitlement: Entitlement?, expiryDay: Int32, counts: MeterCounts) -> ScreenKey {
            var key = ScreenKey()
            key.plan = Int32(truncatingIfNeeded: plan ?? -1)
            if product { key.product = Int32(truncatingIfNeeded: entitlement?.product ?? -1) }
            if expiry, let entitlement {
                key.renews = entitlement.renews
                if entitlement.expires != nil { key.expiryDay = expiryDay }
            }
            key.counts = readCounts(counts, plan: plan)
            return key
        }

        /// The count positions of the key of `counts` under `plan`: each read count up to
        /// its ceiling under the plan (a plan that is no index: whole), each balance whole.
        /// Past four (`isComplete` false) nothing is held, and screens are rendered every time.
        @_transparent
        func readCounts(_ counts: MeterCounts, plan: Int?) -> SIMD4<Int32> {
            var read = SIMD4<Int32>()
            let count = lanes.count
            if count > 0 {
                // (Constant positions: a lane set at a variable index goes through memory.)
                read[0] = lanes[0] < 0 ? 0 : counts.lane(lanes[0])
                if count > 1 { read[1] = lanes[1] < 0 ? 0 : counts.lane(lanes[1]) }
                if count > 2 { read[2] = lanes[2] < 0 ? 0 : counts.lane(lanes[2]) }
                if count > 3 { read[3] = lanes[3] < 0 ? 0 : counts.lane(lanes[3]) }
                let row = plan.map { $0 >= 0 && $0 < planCount ? $0 : -1 } ?? planCount
                if row >= 0 { read = pointwiseMin(read, ceilings[row]) }
            }
            return read
        }
    }

    /// A (meter, window) pair, as a dictionary key.
    private struct Pair: Hashable {
        var meter: Int
        var window: LimitWindow
    }

    /// How far the screens under one plan can tell each read count apart, found by
    /// walking their expressions with the plan's limits, by the rules of G10:
    ///
    /// - a `meter` screen's state changes at its limit (and at its warning share, which
    ///   is below it), and its numbers `remaining` and `limit` stop changing there too;
    ///   only `used` shows every count;
    /// - under no plan, or with no shown limit, a `meter` screen is `reached` or
    ///   `unlimited` whatever the count, and its numbers show only `used`;
    /// - a `bar` shows the count up to the limit; `metersInWarning` lists a meter once
    ///   its count reaches the warning share (the smallest count at least P % of the
    ///   limit); both show nothing of a window without a shown limit.
    ///
    /// The walk also finds what a key must hold under the plan: the windows read, in the
    /// order first met, and whether the entitlement's product or its expiry is shown. (A
    /// window only a `metersInWarning` reads, with no shown limit under any plan, is never
    /// read: its count changes no screen.)
    private struct Ceilings {
        let policy: SubscriptionPolicy
        let plan: Int?
        var ceilings: [Pair: Int] = [:]
        /// The windows read, in the order first met.
        var order: [Pair] = []
        /// Whether a screen shows the entitlement's product (`byProduct`, `expiry`), and its expiry date.
        var readsProduct = false, readsExpiry = false
        /// The meters whose credits a screen shows, in the order first met.
        var creditMeters: [Int] = []

        init(policy: SubscriptionPolicy, plan: Int?) {
            self.policy = policy
            self.plan = plan
        }

        private mutating func need(_ pair: Pair, _ ceiling: Int) {
            if ceilings[pair] == nil { order.append(pair) }
            ceilings[pair] = max(ceilings[pair, default: 0], ceiling)
        }

        private func shownLimit(_ meter: Int, _ window: LimitWindow) -> Int? {
            plan.flatMap { policy.plans[$0].shownLimit(meter: meter, window) }
        }

        /// Walks an expression; `numbers` are the enclosing `meter` screen's windows, any of
        /// which may decide it, so that its `used` number shows every count of each.
        mutating func visit(_ expression: ScreenExpression, numbers: [Pair]) {
            switch expression {
            case .null, .planName, .boxText:
                break
            case .text(let template):
                visit(template, numbers: numbers)
            case .byPlan(let branches):
                // Only the branch of this plan (the last is no plan's) is ever shown.
                visit(branches[plan ?? policy.plans.count], numbers: numbers)
            case .byProduct(let branches):
                readsProduct = true
                // Each written branch once (an else shared by several products is one).
                branches.expressions.forEach { visit($0, numbers: numbers) }
            case .meter(let screen):
                // A window's count matters up to its limit: the uses left, and so which
                // window decides, read the same from there on.
                let pairs = screen.windows.map { Pair(meter: screen.meter, window: $0) }
                for pair in pairs { need(pair, shownLimit(pair.meter, pair.window) ?? 0) }
                for branch in [screen.below, screen.reached, screen.unlimited] + (screen.warning.map { [$0] } ?? []) {
                    visit(branch, numbers: pairs)
                }
            case .plural(let number, let one, let other):
                if number == .used { for pair in numbers { need(pair, .max) } }
                if number == .credits, let meter = numbers.first?.meter, !creditMeters.contains(meter) { creditMeters.append(meter) }
                visit(one, numbers: numbers)
                visit(other, numbers: numbers)
            case .expiry(let renewing, let ending):
                readsProduct = true
                readsExpiry = true
                visit(renewing, numbers: numbers)
                visit(ending, numbers: numbers)
            case .bar(let meter, let windows):
                for window in windows { need(Pair(meter: meter, window: window), shownLimit(meter, window) ?? 0) }
            case .metersInWarning(let meters, let window, let percent):
                for meter in meters {
                    guard let limit = shownLimit(meter, window) else { continue }
                    need(Pair(meter: meter, window: window), max(0, (percent * limit + 99) / 100))
                }
            }
        }

        private mutating func visit(_ template: ScreenTemplate, numbers: [Pair]) {
            guard let meter = numbers.first?.meter else { return } // outside a meter screen every number reads 0
            for case .number(.used) in template.segments { for pair in numbers { need(pair, .max) } }
            for case .number(.credits) in template.segments where !creditMeters.contains(meter) { creditMeters.append(meter) }
        }
    }

    /// The key of nothing (an empty slot of `ScreenKeySet`).
    init() {}

    /// Equal when every field is (inline: keys are compared at most events).
    @inline(__always)
    static func == (lhs: ScreenKey, rhs: ScreenKey) -> Bool {
        lhs.head == rhs.head && lhs.counts == rhs.counts
    }

    /// Hashes both vectors.
    func hash(into hasher: inout Hasher) {
        hasher.combine(head)
        hasher.combine(counts)
    }

    /// A key no output has (its plan is no index nor `none`): "no key yet".
    static let impossible: ScreenKey = {
        var key = ScreenKey()
        key.plan = .min
        return key
    }()
}

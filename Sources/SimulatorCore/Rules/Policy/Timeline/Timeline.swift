import SubscriptionModel

/// One user's life under a named policy (the generic replay contract): the policy, the
/// device's zone at the start and the events, in order.
public struct Timeline: Hashable, Sendable {
    /// The rules the timeline runs under.
    public var policy: SubscriptionPolicy
    /// The device's time zone when the timeline starts.
    public var zone: TimeZoneRules
    /// The events; a valid timeline starts with the one `install` and never goes back in time.
    public var events: [Event]

    /// Creates a timeline.
    public init(policy: SubscriptionPolicy, zone: TimeZoneRules, events: [Event]) {
        self.policy = policy
        self.zone = zone
        self.events = events
    }

    /// Whether the timeline obeys the contract's structural rules: non-empty, `install`
    /// first and only there, instants never decreasing.
    package var isValid: Bool { events.isOneLife { $0.action == .install } }

    /// Whether every event is one the generator could have drawn (the shrinker keeps to
    /// it; docs/timeline-format.md, "Realistic timelines"): every entitlement is one
    /// StoreKit reports (an auto-renewable product's always has an expiry; a
    /// non-consumable's never has one and does not renew), and the app is where each
    /// event needs it (`appLifeFault`).
    package var isRealistic: Bool {
        let entitlementsReal = events.allSatisfy { event in
            guard case .setEntitlement(let entitlement?) = event.action, policy.products.indices.contains(entitlement.product) else { return true }
            switch policy.products[entitlement.product].kind {
            case .autoRenewable: return entitlement.expires != nil
            case .nonConsumable: return entitlement.expires == nil && !entitlement.renews
            }
        }
        return entitlementsReal && appLifeFault == nil && unmatchedRefund == nil
    }

    /// The first `refund` of a credit pack with no purchase of it left to refund (Apple
    /// refunds only a purchase that was made, and each once); nil when there is none.
    package var unmatchedRefund: Int? {
        guard !policy.creditPacks.isEmpty else { return nil }
        var purchases = StandingPurchases(packs: policy.creditPacks.count)
        return events.indices.first { !purchases.take(events[$0].action) }
    }

    /// The first event that finds the app where it cannot be, in words naming the event;
    /// nil when there is none (the rules are `AppScreen`'s).
    package var appLifeFault: String? {
        var screen = AppScreen()
        for (index, event) in events.enumerated() {
            guard let fault = screen.take(event.action, at: index) else { continue }
            return switch fault {
            case .backgroundTwice(let since): "event \(index): \"background\" while the app is in the background already (since event \(since))"
            case .foregroundOnScreen: "event \(index): \"foreground\" while the app is on the screen (no \"background\" before it)"
            case .offScreen(let since):
                "event \(index): \"\(event.action.name)\" while the app is in the background (since event \(since)); add a \"foreground\" or \"relaunch\" before it"
            }
        }
        return nil
    }

    /// The timeline without the events that leave or return where the app already is (a
    /// `foreground` on the screen, a `background` in the background), and without a
    /// refund of a credit pack whose purchase is gone: what deleting one end of a trip,
    /// or a purchase, leaves behind.
    package var repaired: Timeline {
        var screen = AppScreen()
        var kept: [Event] = []
        kept.reserveCapacity(events.count)
        var purchases = StandingPurchases(packs: policy.creditPacks.count)
        for (index, event) in events.enumerated() {
            guard purchases.take(event.action) else { continue }
            switch screen.take(event.action, at: index) {
            case .backgroundTwice?, .foregroundOnScreen?: continue
            case .offScreen?, nil: kept.append(event)
            }
        }
        guard kept.count < events.count else { return self }
        var repaired = self
        repaired.events = kept
        return repaired
    }
}

/// The purchases of each credit pack not refunded yet, one event after another: Apple
/// refunds a purchase that was made, and each once.
struct StandingPurchases {
    private var standing: [Int]

    /// None yet, for a policy of `packs` credit packs.
    init(packs: Int) {
        standing = Array(repeating: 0, count: packs)
    }

    /// Takes an event: false for a refund with no purchase of its pack left to refund
    /// (and then nothing changes), true for every other event.
    mutating func take(_ action: Event.Action) -> Bool {
        switch action {
        case .purchase(let pack): standing[pack] += 1
        case .refund(let pack):
            guard standing[pack] > 0 else { return false }
            standing[pack] -= 1
        default: break
        }
        return true
    }
}

/// Where the app is along a timeline, one event after another: on the screen whenever
/// the user uses, looks, signs in or a timer fires (`needsForeground`); to the
/// `background` only from the screen, back with `foreground` only from the background;
/// every launch (`install`, `reinstall`, `relaunch`) brings it to the screen.
struct AppScreen {
    /// The event at which the app left the screen, while it is in the background.
    private var leftAt: Int?

    /// How an event finds the app where it cannot be.
    enum Fault {
        /// A `background` while the app is in the background since event `since`.
        case backgroundTwice(since: Int)
        /// A `foreground` while the app is on the screen.
        case foregroundOnScreen
        /// An event that needs the screen while the app is in the background since `since`.
        case offScreen(since: Int)
    }

    /// Takes the event at `index`: nil when the app is where it needs it (and moves it),
    /// else why not (and leaves it where it was).
    mutating func take(_ action: Event.Action, at index: Int) -> Fault? {
        switch action {
        case .install, .reinstall, .relaunch:
            leftAt = nil
        case .background:
            if let leftAt { return .backgroundTwice(since: leftAt) }
            leftAt = index
        case .foreground:
            guard leftAt != nil else { return .foregroundOnScreen }
            leftAt = nil
        default:
            if action.needsForeground, let leftAt { return .offScreen(since: leftAt) }
        }
        return nil
    }
}

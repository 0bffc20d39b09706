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
        return entitlementsReal && appLifeFault == nil
    }

    /// The first event that finds the app where it cannot be, in words naming the event;
    /// nil when there is none. The app is on the screen whenever the user uses, looks,
    /// signs in or a timer fires (`needsForeground`); it goes to the `background` only
    /// from the screen and returns with `foreground` only from the background; every
    /// launch (`install`, `reinstall`, `relaunch`) brings it to the screen.
    package var appLifeFault: String? {
        var leftAt: Int?
        for (index, event) in events.enumerated() {
            switch event.action {
            case .install, .reinstall, .relaunch:
                leftAt = nil
            case .background:
                if leftAt != nil { return "event \(index): \"background\" while the app is in the background already (since event \(leftAt!))" }
                leftAt = index
            case .foreground:
                guard leftAt != nil else { return "event \(index): \"foreground\" while the app is on the screen (no \"background\" before it)" }
                leftAt = nil
            case let action where action.needsForeground:
                if let leftAt { return "event \(index): \"\(action.name)\" while the app is in the background (since event \(leftAt)); add a \"foreground\" or \"relaunch\" before it" }
            default:
                break
            }
        }
        return nil
    }

    /// The timeline without the returns to the `foreground` that find the app on the
    /// screen already, and the trips to the `background` that find it there already:
    /// what deleting one end of a trip leaves behind.
    package var repaired: Timeline {
        var onScreen = true
        var kept: [Event] = []
        kept.reserveCapacity(events.count)
        var dropped = false
        for event in events {
            switch event.action {
            case .install, .reinstall, .relaunch: onScreen = true
            case .background:
                if !onScreen { dropped = true; continue }
                onScreen = false
            case .foreground:
                if onScreen { dropped = true; continue }
                onScreen = true
            default: break
            }
            kept.append(event)
        }
        guard dropped else { return self }
        var repaired = self
        repaired.events = kept
        return repaired
    }
}

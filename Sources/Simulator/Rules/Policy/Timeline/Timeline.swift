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

    /// Whether every entitlement is one StoreKit reports, as the generator draws them
    /// (the shrinker keeps to it; docs/timeline-format.md, "Realistic timelines"): an
    /// auto-renewable product's always has an expiry; a non-consumable's never has one
    /// and does not renew.
    package var isRealistic: Bool {
        events.allSatisfy { event in
            guard case .setEntitlement(let entitlement?) = event.action, policy.products.indices.contains(entitlement.product) else { return true }
            switch policy.products[entitlement.product].kind {
            case .autoRenewable: return entitlement.expires != nil
            case .nonConsumable: return entitlement.expires == nil && !entitlement.renews
            }
        }
    }
}

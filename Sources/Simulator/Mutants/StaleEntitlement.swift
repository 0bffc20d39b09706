import SubscriptionModel

/// Trusts a cached receipt for a day after StoreKit stops reporting the entitlement
/// (P1): a cancelled, lapsed or refunded subscription keeps working for 24 hours.
public struct StaleEntitlement: Mutant {
    public static let name = "stale-entitlement"
    public static let mistake = "a cached entitlement outlives its expiry by a day"
    public static let smallestCounterexample = 3 // install, set-entitlement, set-entitlement null
    public var store = Self.freshStore
    private var cached: (tier: PaidTier, until: Instant)?
    public init() {}

    public mutating func forgetOwnState() {
        cached = nil
    }

    public mutating func entitlementChanged(to tier: PaidTier?, at instant: Instant) {
        if tier == nil, let current = store.entitlement { cached = (current, instant.adding(milliseconds: Milliseconds.twentyFourHours)) }
        if tier != nil { cached = nil }
        store.entitlement = tier
    }

    public func plan(at instant: Instant) -> Plan {
        if store.entitlement == nil, let cached, instant < cached.until { return cached.tier.plan }
        if let tier = store.entitlement { return tier.plan }
        guard let installed = store.installedAt, installed.milliseconds(to: instant) < store.rules.trialLengthMilliseconds else { return .none }
        return .trial
    }
}

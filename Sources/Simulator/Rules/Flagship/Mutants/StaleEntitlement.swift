import SubscriptionModel
import SimulatorCore

/// Trusts a cached receipt for a day after StoreKit stops reporting the entitlement
/// (P1): a cancelled, lapsed or refunded subscription keeps working for 24 hours.
package struct StaleEntitlement: FlagshipMutant {
    package static let name = "stale-entitlement"
    package static let mistake = "a cached entitlement outlives its expiry by a day"
    package static let smallestCounterexample = 3 // install, set-entitlement, set-entitlement null
    package var store = Self.freshStore
    private var cached: (tier: PaidTier, until: Instant)?
    package init() {}

    package mutating func forgetOwnState() {
        cached = nil
    }

    package mutating func entitlementChanged(to tier: PaidTier?, at instant: Instant) {
        if tier == nil, let current = store.entitlement { cached = (current, instant.adding(milliseconds: Milliseconds.twentyFourHours)) }
        if tier != nil { cached = nil }
        store.entitlement = tier
    }

    package func plan(at instant: Instant) -> FlagshipPlan {
        if store.entitlement == nil, let cached, instant < cached.until { return cached.tier.plan }
        if let tier = store.entitlement { return tier.plan }
        guard let installed = store.installedAt, installed.milliseconds(to: instant) < store.rules.trialLengthMilliseconds else { return .none }
        return .trial
    }
}

import SubscriptionModel
import SimulatorCore

/// Ends Premium at the stored expiry date (G12, P1): the app caches
/// `expirationDate` and compares it with `Date()`, so a subscription that renewed while
/// the device was offline, or whose renewal StoreKit has not reported yet, drops to five
/// cards at the old date.
package struct PremiumEndsAtExpiry: Mutant {
    package static let name = "premium-ends-at-expiry"
    package static let mistake = "the paid plan ends at the cached expiry date instead of when StoreKit reports the end"
    package static let policyName = "daily-quip"
    /// The install and a report of a subscription whose period ends as it is reported
    /// (its renewal not reported yet): the plan is Premium until StoreKit says otherwise.
    package static let smallestCounterexample = 2
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [
            ("2026-01-10T12:00:00Z", .install),
            ("2026-02-10T12:01:00Z", .entitle("dailyquip.monthly", expires: "2026-02-10T12:01:00Z")),
        ])
    }
    package var store = Self.freshStore
    package init() {}

    package func plan(at instant: Instant) -> Int? {
        if let expires = store.entitlement?.expires, expires <= instant { return standardPlan(at: instant, entitlement: nil) }
        return standardPlan(at: instant, entitlement: store.entitlement)
    }
}

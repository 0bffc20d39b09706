import SubscriptionModel
import SimulatorCore

/// Ignores the one-time lifetime purchase (P1): Premium is decided from the
/// auto-renewable subscription status only, so a user who paid once for life is back on
/// five cards a day.
package struct LifetimePurchaseIgnored: Mutant {
    package static let name = "lifetime-purchase-ignored"
    package static let mistake = "a non-consumable (lifetime) product does not give its plan: only subscriptions are checked"
    package static let policyName = "daily-quip"
    /// The install and the lifetime purchase.
    package static let smallestCounterexample = 2
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .entitle("dailyquip.lifetime", renews: false))])
    }
    package var store = Self.freshStore
    package init() {}

    package func plan(at instant: Instant) -> Int? {
        guard let entitlement = store.entitlement, case .nonConsumable = store.policy.products[entitlement.product].kind else {
            return standardPlan(at: instant, entitlement: store.entitlement)
        }
        return standardPlan(at: instant, entitlement: nil)
    }
}

import SubscriptionModel
import SimulatorCore

/// Implements the existing users' 30 days as a temporary Premium (F1): the grace
/// grants the Premium entitlement locally, so existing users also get cloud sync and see
/// "Premium Active", which the grace does not include.
package struct GraceAsPremium: Mutant {
    package static let name = "grace-as-premium"
    package static let mistake = "the grace implemented as a temporary paid plan, with the paid plan's features"
    package static let policyName = "face-recall"
    /// One event: an install before the release.
    package static let smallestCounterexample = 1
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-02-01T00:00:00Z", .install)])
    }
    package var store = Self.freshStore
    package init() {}

    package func plan(at instant: Instant) -> Int? {
        let plan = standardPlan(at: instant, entitlement: store.entitlement)
        guard store.entitlement == nil, let grace = store.policy.grace, plan == grace.plan else { return plan }
        return store.policy.paidPlans.last ?? plan
    }
}

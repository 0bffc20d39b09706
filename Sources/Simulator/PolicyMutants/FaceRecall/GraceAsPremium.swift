import SubscriptionModel

/// Implements the existing users' 30 days as a temporary Premium (F1): the grace
/// grants the Premium entitlement locally, so existing users also get cloud sync and see
/// "Premium Active", which the grace does not include.
public struct GraceAsPremium: PolicyMutant {
    public static let name = "grace-as-premium"
    public static let mistake = "the grace implemented as a temporary paid plan, with the paid plan's features"
    public static let policyName = "face-recall"
    /// One event: an install before the release.
    public static let smallestCounterexample = 1
    public static var counterexample: PolicyTimeline {
        sketch(zone: "UTC", [("2026-02-01T00:00:00Z", .install)])
    }
    public var store = Self.freshStore
    public init() {}

    public func plan(at instant: Instant) -> Int? {
        let plan = standardPlan(at: instant, entitlement: store.entitlement)
        guard store.entitlement == nil, let grace = store.policy.grace, plan == grace.plan else { return plan }
        return store.policy.paidPlans.last ?? plan
    }
}

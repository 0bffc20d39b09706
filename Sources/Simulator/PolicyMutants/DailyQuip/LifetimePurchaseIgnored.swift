import SubscriptionModel

/// Ignores the one-time lifetime purchase (P1): Premium is decided from the
/// auto-renewable subscription status only, so a user who paid once for life is back on
/// five cards a day.
public struct LifetimePurchaseIgnored: PolicyMutant {
    public static let name = "lifetime-purchase-ignored"
    public static let mistake = "a non-consumable (lifetime) product does not give its plan: only subscriptions are checked"
    public static let policyName = "daily-quip"
    /// The install and the lifetime purchase.
    public static let smallestCounterexample = 2
    public static var counterexample: PolicyTimeline {
        sketch(zone: "UTC", [("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .entitle("dailyquip.lifetime", renews: false))])
    }
    public var store = Self.freshStore
    public init() {}

    public func plan(at instant: Instant) -> Int? {
        guard let entitlement = store.entitlement, case .nonConsumable = store.policy.products[entitlement.product].kind else {
            return standardPlan(at: instant, entitlement: store.entitlement)
        }
        return standardPlan(at: instant, entitlement: nil)
    }
}

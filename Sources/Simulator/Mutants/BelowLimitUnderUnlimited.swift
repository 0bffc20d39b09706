import SubscriptionModel

/// Shows the Premium label under Unlimited: `Below limit` where the seed says
/// `No limit` (L1), hinting at a cap Unlimited users are never told about.
public struct BelowLimitUnderUnlimited: Mutant {
    public static let name = "below-limit-under-unlimited"
    public static let mistake = "`Below limit` shown under Unlimited instead of `No limit`"
    public static let smallestCounterexample = 2 // install, set-entitlement unlimited
    public var store = Self.freshStore
    public init() {}

    public func label(_ plan: Plan, used: Int) -> ShownText {
        limitLabel(plan, used: used, reachedAt: store.rules.dailyLimit(of: plan) ?? 0)
    }
}

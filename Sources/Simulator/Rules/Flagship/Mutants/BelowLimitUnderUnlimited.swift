import SubscriptionModel
import SimulatorCore

/// Shows the Premium label under Unlimited: `Below limit` where the seed says
/// `No limit` (L1), hinting at a cap Unlimited users are never told about.
package struct BelowLimitUnderUnlimited: FlagshipMutant {
    package static let name = "below-limit-under-unlimited"
    package static let mistake = "`Below limit` shown under Unlimited instead of `No limit`"
    package static let smallestCounterexample = 2 // install, set-entitlement unlimited
    package var store = Self.freshStore
    package init() {}

    package func label(_ plan: FlagshipPlan, used: Int) -> ShownText {
        limitLabel(plan, used: used, reachedAt: store.rules.dailyLimit(of: plan) ?? 0)
    }
}

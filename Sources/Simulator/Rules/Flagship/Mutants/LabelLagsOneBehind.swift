import SubscriptionModel
import SimulatorCore

/// Updates the home label before counting the analysis that reached the limit, so
/// `Below limit` stays up after the 10th while the next attempt is blocked (L3).
package struct LabelLagsOneBehind: FlagshipMutant {
    package static let name = "label-lags-one-behind"
    package static let mistake = "the label still says `Below limit` after the 10th analysis"
    package static let smallestCounterexample = 11 // install, 10 captures
    package var store = Self.freshStore
    package init() {}

    package func label(_ plan: FlagshipPlan, used: Int) -> ShownText {
        plan == .unlimited ? store.rules.texts.noLimitLabel : limitLabel(plan, used: used, reachedAt: (store.rules.dailyLimit(of: plan) ?? 0) + 1)
    }
}

import SubscriptionModel

/// Updates the home label before counting the analysis that reached the limit, so
/// `Below limit` stays up after the 10th while the next attempt is blocked (L3).
public struct LabelLagsOneBehind: Mutant {
    public static let name = "label-lags-one-behind"
    public static let mistake = "the label still says `Below limit` after the 10th analysis"
    public static let smallestCounterexample = 11 // install, 10 captures
    public var store = Self.freshStore
    public init() {}

    public func label(_ plan: Plan, used: Int) -> ShownText {
        plan == .unlimited ? store.rules.texts.noLimitLabel : limitLabel(plan, used: used, reachedAt: (store.rules.dailyLimit(of: plan) ?? 0) + 1)
    }
}

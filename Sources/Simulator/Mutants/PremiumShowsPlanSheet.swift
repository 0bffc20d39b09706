import SubscriptionModel

/// Reuses the trial's paywall for Premium users at their limit: the PlanView sheet
/// instead of the alert that tells them to upgrade (capture table).
public struct PremiumShowsPlanSheet: Mutant {
    public static let name = "premium-shows-plan-sheet"
    public static let mistake = "Premium at the limit opens the plan sheet instead of the alert"
    public static let smallestCounterexample = 13 // install, set-entitlement premium, 11 captures
    public var store = Self.freshStore
    public init() {}

    public func blocked(_ plan: Plan) -> (Output.Outcome, Output.Alert?) {
        plan == .unlimited ? (.limitAlert, limitAlert(plan)) : (.planSheet, nil)
    }
}

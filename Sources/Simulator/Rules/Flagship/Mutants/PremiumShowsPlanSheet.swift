import SubscriptionModel
import SimulatorCore

/// Reuses the trial's paywall for Premium users at their limit: the PlanView sheet
/// instead of the alert that tells them to upgrade (capture table).
package struct PremiumShowsPlanSheet: FlagshipMutant {
    package static let name = "premium-shows-plan-sheet"
    package static let mistake = "Premium at the limit opens the plan sheet instead of the alert"
    package static let smallestCounterexample = 13 // install, set-entitlement premium, 11 captures
    package var store = Self.freshStore
    package init() {}

    package func blocked(_ plan: FlagshipPlan) -> (FlagshipOutput.Outcome, FlagshipOutput.Alert?) {
        plan == .unlimited ? (.limitAlert, limitAlert(plan)) : (.planSheet, nil)
    }
}

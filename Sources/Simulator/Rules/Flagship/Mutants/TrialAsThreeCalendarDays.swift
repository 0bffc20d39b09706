import SubscriptionModel
import SimulatorCore

/// Ends the trial at the end of the third local calendar day instead of 72 hours of
/// elapsed time (T2): a user who installs in the evening gets most of a fourth day.
package struct TrialAsThreeCalendarDays: FlagshipMutant {
    package static let name = "trial-as-three-calendar-days"
    package static let mistake = "the trial is three calendar days, not 72 hours"
    package static let smallestCounterexample = 2 // install, a look between I + 72 h and the third local midnight
    package var store = Self.freshStore
    package init() {}

    package func plan(at instant: Instant) -> FlagshipPlan {
        if let tier = store.entitlement { return tier.plan }
        guard let installed = store.installedAt else { return .none }
        return localDate(at: instant).daysSince1970 - localDate(at: installed).daysSince1970 < 3 ? .trial : .none
    }
}

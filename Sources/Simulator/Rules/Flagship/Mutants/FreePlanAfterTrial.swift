import SubscriptionModel
import SimulatorCore

/// Falls back to the trial's 10 a day when the trial ends without a purchase: a free
/// plan the product does not have (P1: there is no free plan).
package struct FreePlanAfterTrial: FlagshipMutant {
    package static let name = "free-plan-after-trial"
    package static let mistake = "a free plan of 10 a day after the trial"
    package static let smallestCounterexample = 2 // install, a look after the trial
    package var store = Self.freshStore
    package init() {}

    package func plan(at instant: Instant) -> FlagshipPlan {
        store.entitlement?.plan ?? (store.installedAt == nil ? .none : .trial)
    }
}

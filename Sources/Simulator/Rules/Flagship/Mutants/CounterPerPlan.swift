import SubscriptionModel
import SimulatorCore

/// Keeps a counter per plan, so a plan change mid-day starts from zero (U1): upgrade
/// and downgrade on the same day to get 10 more.
package struct CounterPerPlan: FlagshipMutant {
    package static let name = "counter-per-plan"
    package static let mistake = "a counter per plan that restarts on a plan change"
    package static let smallestCounterexample = 3 // install, capture, set-entitlement
    package var store = Self.freshStore
    private var countedUnder: FlagshipPlan?
    package init() {}

    package mutating func forgetOwnState() {
        countedUnder = nil
    }

    package func usage(at instant: Instant) -> (day: LocalDate, used: Int) {
        let today = localDate(at: instant)
        guard let day = store.counterDay, day >= today, countedUnder == plan(at: instant) else { return (today, 0) }
        return (day, store.counterValue)
    }

    package mutating func count(day: LocalDate, used: Int, at instant: Instant) {
        store.counterDay = day
        store.counterValue = used + 1
        countedUnder = plan(at: instant)
    }
}

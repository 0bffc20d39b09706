import SubscriptionModel
import SimulatorCore

/// Finds the day start as four hours of elapsed time after midnight (G2), the way
/// `startOfDay + 4 * 3600` does: on a night the clocks change, the day turns at 05:00 or
/// 03:00 on the wall clock instead of 04:00.
package struct DayStartAsElapsedHours: Mutant {
    package static let name = "day-start-as-elapsed-hours"
    package static let mistake = "the day start is midnight plus four hours of elapsed time, so on a DST night it is an hour off"
    package static let policyName = "night-owl"
    /// An install at 04:30 on New York's spring-forward day: four elapsed hours before it
    /// are 23:30 the evening before.
    package static let smallestCounterexample = 1
    package static var counterexample: Timeline {
        sketch(zone: "America/New_York", [("2026-03-08T04:30:00-04:00", .install)])
    }
    package var store = Self.freshStore
    package init() {}

    package func calendarDate(at instant: Instant) -> LocalDate {
        zoneOfTheCalendar.localDate(at: instant.adding(milliseconds: -store.policy.dayStart))
    }
}

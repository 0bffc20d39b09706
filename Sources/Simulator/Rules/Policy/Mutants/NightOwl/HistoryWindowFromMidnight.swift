import SubscriptionModel
import SimulatorCore

/// Measures the archive's week from the calendar date at midnight (G6.3), not from the
/// usage day: between midnight and 04:00 the window has already moved on, so the oldest
/// day of the week is refused.
package struct HistoryWindowFromMidnight: Mutant {
    package static let name = "history-window-from-midnight"
    package static let mistake = "the history window ends at today's date from midnight, not at the usage day"
    package static let policyName = "night-owl"
    /// An install at 01:00 (the usage day still the 10th) and the archive's oldest day, the 4th.
    package static let smallestCounterexample = 2
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-11T01:00:00Z", .install), ("2026-01-11T01:01:00Z", .track("archive", day: "2026-01-04"))])
    }
    package var store = Self.freshStore
    package init() {}

    package func historyAllows(day: LocalDate, days: Int, at instant: Instant) -> Bool {
        day.daysSince1970 >= zoneOfTheCalendar.localDate(at: instant).daysSince1970 - Int32(days - 1)
    }
}

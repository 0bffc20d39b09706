import SubscriptionModel
import SimulatorCore

/// Counts the diary window back from the device's date, not the usage day (X3, G3): the
/// diary view uses `Date()`, so after flying west, where the date is a day earlier than
/// the usage day the counts are on, the window reaches a day further back.
package struct HistoryWindowFromLocalDate: Mutant {
    package static let name = "history-window-from-local-date"
    package static let mistake = "the history window counted back from the device's date instead of the usage day, which never moves back"
    package static let policyName = "oxalate"
    /// The install in Tokyo, a question (which writes the usage day), the flight to
    /// Honolulu (a day earlier there) and a meal tracked three days before the usage day.
    package static let smallestCounterexample = 4
    package static var counterexample: Timeline {
        sketch(zone: "Asia/Tokyo", [
            ("2026-01-10T03:00:00Z", .install), ("2026-01-10T03:00:00Z", .use("ask-oracle")), // noon on Jan 10 in Tokyo
            ("2026-01-10T03:01:00Z", .zone("Pacific/Honolulu")), // 17:01 on Jan 9 in Honolulu
            ("2026-01-10T03:02:00Z", .track("track-meal", day: "2026-01-07")),
        ])
    }
    package var store = Self.freshStore
    package init() {}

    package func historyAllows(day: LocalDate, days: Int, at instant: Instant) -> Bool {
        day.daysSince1970 >= calendarDate(at: instant).daysSince1970 - Int32(days - 1)
    }
}

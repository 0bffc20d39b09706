import SubscriptionModel
import SimulatorCore

/// Measures the diary's 3-day window from today's UTC date (X3, G6.3): the cut-off is
/// computed on the server, so in Tokyo before 09:00 the window reaches a day too far
/// back, and in the Americas in the evening it refuses yesterday.
package struct HistoryWindowOnUTCDate: Mutant {
    package static let name = "history-window-on-utc-date"
    package static let mistake = "the history window counted back from today's UTC date instead of the usage day"
    package static let policyName = "oxalate"
    /// The install in Tokyo early in the morning (still yesterday in UTC) and a meal
    /// tracked for the first day outside the window.
    package static let smallestCounterexample = 2
    package static var counterexample: Timeline {
        sketch(zone: "Asia/Tokyo", [
            ("2026-01-10T20:00:00Z", .install), // 05:00 on Jan 11 in Tokyo
            ("2026-01-10T20:01:00Z", .track("track-meal", day: "2026-01-08")),
        ])
    }
    package var store = Self.freshStore
    package init() {}

    package func historyAllows(day: LocalDate, days: Int, at instant: Instant) -> Bool {
        day.daysSince1970 >= TimeZoneRules.utc.localDate(at: instant).daysSince1970 - Int32(days - 1)
    }
}

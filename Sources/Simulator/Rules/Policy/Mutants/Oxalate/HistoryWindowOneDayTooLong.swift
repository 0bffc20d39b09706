import SubscriptionModel
import SimulatorCore

/// Lets the free diary reach one day too far back (X3, G6.3): "3 days" written as
/// `day >= today − 3`, which is four days counting today.
package struct HistoryWindowOneDayTooLong: Mutant {
    package static let name = "history-window-one-day-too-long"
    package static let mistake = "the history window of N days reaches N days before the usage day: one day too many"
    package static let policyName = "oxalate"
    /// The install and a meal tracked for the day three days back.
    package static let smallestCounterexample = 2
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .track("track-meal", day: "2026-01-07"))])
    }
    package var store = Self.freshStore
    package init() {}

    package func historyAllows(day: LocalDate, days: Int, at instant: Instant) -> Bool {
        day.daysSince1970 >= usageDay(at: instant).daysSince1970 - Int32(days)
    }
}

import SubscriptionModel
import SimulatorCore

/// Counts the cards by the UTC date (Q1): the saved day is an ISO 8601 string cut to
/// `YYYY-MM-DD`, which is the UTC date, so in Tokyo the count resets at 09:00 and in
/// California at 16:00 or 17:00.
package struct CardsCountedOnUTCDate: Mutant {
    package static let name = "cards-counted-on-utc-date"
    package static let mistake = "the day keyed by the UTC date instead of the device's local date"
    package static let policyName = "daily-quip"
    /// One event: an install at an hour when Tokyo's date is already the next one.
    package static let smallestCounterexample = 1
    package static var counterexample: Timeline {
        sketch(zone: "Asia/Tokyo", [("2026-01-10T20:00:00Z", .install)]) // 05:00 on the 11th in Tokyo
    }
    package var store = Self.freshStore
    package init() {}

    package var calendarZone: TimeZoneRules { .utc }
}

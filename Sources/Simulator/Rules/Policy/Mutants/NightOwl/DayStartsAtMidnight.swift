import SubscriptionModel
import SimulatorCore

/// Counts days from midnight, the policy's 04:00 day start forgotten (G2): a puzzle
/// solved at 01:00 counts for the new day, so the night owl gets a second five before bed.
package struct DayStartsAtMidnight: Mutant {
    package static let name = "day-starts-at-midnight"
    package static let mistake = "days are counted from midnight, not from the policy's 04:00"
    package static let policyName = "night-owl"
    /// An install at 01:00: its day is still the day before.
    package static let smallestCounterexample = 1
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-11T01:00:00Z", .install)])
    }
    package var store = Self.freshStore
    package init() {}

    package var calendarZone: TimeZoneRules { zoneOfTheCalendar }
}

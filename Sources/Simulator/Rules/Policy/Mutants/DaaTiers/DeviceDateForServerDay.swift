import SubscriptionModel
import SimulatorCore

/// Counts the day on the device's date, not the server's UTC date (D1): the client
/// keys `daily_usage_date` with `Calendar.current`, so in Tokyo the count resets at local
/// midnight while the server resets it at 09:00, and the two disagree every morning.
package struct DeviceDateForServerDay: Mutant {
    package static let name = "device-date-for-server-day"
    package static let mistake = "the day counted on the device's date instead of the UTC date the server keeps"
    package static let policyName = "daa-tiers"
    /// One event: an install at an hour when Tokyo's date is already the next one.
    package static let smallestCounterexample = 1
    package static var counterexample: Timeline {
        sketch(zone: "Asia/Tokyo", [("2026-01-10T20:00:00Z", .install)]) // 05:00 on the 11th in Tokyo
    }
    package var store = Self.freshStore
    package init() {}

    package var calendarZone: TimeZoneRules { store.zone }
}

import SubscriptionModel

/// Counts the day on the device's date, not the server's UTC date (D1): the client
/// keys `daily_usage_date` with `Calendar.current`, so in Tokyo the count resets at local
/// midnight while the server resets it at 09:00, and the two disagree every morning.
public struct DeviceDateForServerDay: PolicyMutant {
    public static let name = "device-date-for-server-day"
    public static let mistake = "the day counted on the device's date instead of the UTC date the server keeps"
    public static let policyName = "daa-tiers"
    /// One event: an install at an hour when Tokyo's date is already the next one.
    public static let smallestCounterexample = 1
    public static var counterexample: PolicyTimeline {
        sketch(zone: "Asia/Tokyo", [("2026-01-10T20:00:00Z", .install)]) // 05:00 on the 11th in Tokyo
    }
    public var store = Self.freshStore
    public init() {}

    public var calendarZone: TimeZoneRules { store.zone }
}

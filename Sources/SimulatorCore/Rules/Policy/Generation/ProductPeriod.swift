import SubscriptionModel

/// The billing period of an auto-renewable product, read from its ISO 8601 `period`
/// (`P1M`, `P1Y`, `P1W`, `P3M`, `P7D`, ...), and StoreKit's renewal dates for it.
///
/// StoreKit renews a monthly or yearly subscription on the purchase's day of the month
/// at the same time of day, clamped to the last day of a shorter month (a purchase on
/// the 31st renews on 30 April and on 28 or 29 February; one on 29 February renews on
/// 28 February in a common year); weeks and days are elapsed time.
package struct ProductPeriod: Hashable, Sendable, CustomStringConvertible {
    /// Calendar months per period (a year is 12); 0 for a period in days.
    package var months: Int
    /// Days per period (a week is 7); 0 for a period in months.
    package var days: Int

    /// A period of `months` calendar months and `days` days (one of them 0).
    package init(months: Int = 0, days: Int = 0) {
        self.months = months
        self.days = days
    }

    /// The period an ISO 8601 duration of one unit spells (`P1M`, `P2W`, `P1Y`, `P30D`),
    /// or nil for anything else (a mix of units, a time part, a zero length).
    package init?(iso text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count >= 3, bytes[0] == UInt8(ascii: "P") else { return nil }
        var value = 0
        for byte in bytes[1..<(bytes.count - 1)] {
            guard byte >= 0x30, byte <= 0x39, value < 10_000 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        guard value > 0 else { return nil }
        switch bytes[bytes.count - 1] {
        case UInt8(ascii: "Y"): self.init(months: 12 * value)
        case UInt8(ascii: "M"): self.init(months: value)
        case UInt8(ascii: "W"): self.init(days: 7 * value)
        case UInt8(ascii: "D"): self.init(days: value)
        default: return nil
        }
    }

    /// The end of the `count`-th period after `anchor` (the purchase or the last
    /// upgrade): `count` whole periods, the day of the month clamped as StoreKit does.
    package func end(after anchor: Instant, count: Int) -> Instant {
        if months == 0 {
            return anchor.adding(milliseconds: Int64(days * count) * Milliseconds.twentyFourHours)
        }
        return StoreKitLifecycle.renewal(of: anchor, months: months * count)
    }

    /// `P1M`-style text.
    package var description: String {
        if months == 0 { return days % 7 == 0 ? "P\(days / 7)W" : "P\(days)D" }
        return months % 12 == 0 ? "P\(months / 12)Y" : "P\(months)M"
    }
}

import SubscriptionModel
import SimulatorCore

/// Keys the monthly questions by the UTC month while the day follows the device (X1):
/// the month key comes from an ISO 8601 timestamp cut to `YYYY-MM`, so a New York user
/// who asks on the evening of the 31st has the question counted in the next month, and
/// the month does not restart on the 1st.
package struct MonthOnUTCDate: Mutant {
    package static let name = "month-on-utc-date"
    package static let mistake = "the monthly count keyed by the UTC month instead of the month of the local usage day"
    package static let policyName = "oxalate"
    /// The install, a question late on the month's last local evening (already the next
    /// month in UTC), and a look on the next local morning.
    package static let smallestCounterexample = 3
    package static var counterexample: Timeline {
        sketch(zone: "America/New_York", [
            ("2026-02-01T04:30:00Z", .install), ("2026-02-01T04:30:00Z", .use("ask-oracle")), // 23:30 on Jan 31 in New York
            ("2026-02-01T15:00:00Z", .look), // 10:00 on Feb 1
        ])
    }
    package var store = Self.freshStore
    /// The UTC month (`year * 12 + month`) of the last counted use.
    private var countedMonth: Int?
    package init() {}

    package mutating func forgetOwnState() {
        countedMonth = nil
    }

    static func utcMonth(_ instant: Instant) -> Int {
        let (year, month, _) = TimeZoneRules.utc.localDate(at: instant).components
        return year * 12 + month
    }

    package func countsInForce(at instant: Instant) -> [UsageCounts] {
        var counts = defaultCountsInForce(at: instant)
        let newMonth = countedMonth.map { Self.utcMonth(instant) > $0 } ?? false
        for meter in counts.indices { counts[meter].month = newMonth ? 0 : store.counts[meter].month }
        return counts
    }

    package mutating func countUse(meter: Int, cost: Int, at instant: Instant) {
        defaultCountUse(meter: meter, cost: cost, at: instant)
        countedMonth = Self.utcMonth(instant)
    }
}

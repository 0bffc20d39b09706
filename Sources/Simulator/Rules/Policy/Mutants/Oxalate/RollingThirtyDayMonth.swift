import SubscriptionModel
import SimulatorCore

/// Counts the monthly questions over the last 30 days instead of the calendar month
/// (X1): `askedAt > now − 30 days`, so a question asked on the 31st still counts on the
/// 1st, and a month of 31 days is not a month of 30.
package struct RollingThirtyDayMonth: Mutant {
    package static let name = "rolling-30-day-month"
    package static let mistake = "a rolling 30-day window instead of the calendar month of the usage day"
    package static let policyName = "oxalate"
    /// The install, a question on the month's last day and a look on the next month's first.
    package static let smallestCounterexample = 3
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-31T12:00:00Z", .install), ("2026-01-31T12:00:00Z", .use("ask-oracle")), ("2026-02-01T12:00:00Z", .look)])
    }
    package var store = Self.freshStore
    /// When each meter's counted uses happened.
    private var counted: [[Instant]] = []
    package init() {}

    static let thirtyDays = 30 * Milliseconds.twentyFourHours

    package mutating func forgetOwnState() {
        counted = Array(repeating: [], count: store.policy.meters.count)
    }

    package func countsInForce(at instant: Instant) -> [UsageCounts] {
        var counts = defaultCountsInForce(at: instant)
        for meter in counts.indices where meter < counted.count {
            counts[meter].month = counted[meter].filter { $0.milliseconds(to: instant) < Self.thirtyDays }.count
        }
        return counts
    }

    package mutating func countUse(meter: Int, cost: Int, at instant: Instant) {
        defaultCountUse(meter: meter, cost: cost, at: instant)
        if counted.count <= meter { counted += Array(repeating: [], count: meter + 1 - counted.count) }
        counted[meter].removeAll { $0.milliseconds(to: instant) >= Self.thirtyDays }
        counted[meter].append(instant)
    }
}

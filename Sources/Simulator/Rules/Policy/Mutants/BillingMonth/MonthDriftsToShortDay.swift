import SubscriptionModel
import SimulatorCore

/// Starts each month on the day of the month the previous one started on, instead of on
/// the purchase's: once a short month has clamped the start (31 January → 28 February),
/// every later month starts on the 28th too.
package struct MonthDriftsToShortDay: Mutant {
    package static let name = "month-drifts-to-short-day"
    package static let mistake = "each month starts on the day the previous one did, so months from 31 January turn on 28 February, then 28 March instead of 31 March"
    package static let policyName = "billing-month"
    /// The install on 31 January, an export on 28 February (the second month), and a look
    /// on 28 March, still in that month: the count reads 1, the mutant's 0.
    package static let smallestCounterexample = 3
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2027-01-31T09:00:00Z", .install), ("2027-02-28T10:00:00Z", .use("export")),
                             ("2027-03-28T10:00:00Z", .look)])
    }
    package var store = Self.freshStore
    package init() {}

    /// Months counted from the day they started on, each next start the previous one's
    /// day of the month in the next calendar month (clamped, and never back up again).
    package func monthNumber(of day: LocalDate) -> Int {
        guard let origin = store.monthStartedOn, day >= origin else { return -1 }
        var (year, month, start) = origin.components
        var number = 0
        while true {
            (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1)
            start = min(start, LocalDate.daysInMonth(year: year, month: month))
            if LocalDate(year: year, month: month, day: start) > day { return number }
            number += 1
        }
    }
}

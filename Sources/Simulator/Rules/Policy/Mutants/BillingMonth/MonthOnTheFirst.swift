import SubscriptionModel
import SimulatorCore

/// Counts calendar months, whatever day the subscription began: the allowance starts
/// again on the 1st, however recently it was bought.
package struct MonthOnTheFirst: Mutant {
    package static let name = "month-on-the-first"
    package static let mistake = "the monthly allowance starts again on the 1st of each calendar month, not on the day of the month the subscription began"
    package static let policyName = "billing-month"
    /// The install on 10 March, an export on 20 March, and a look on 2 April, still in the
    /// month from 10 March: the count reads 1, the mutant's 0.
    package static let smallestCounterexample = 3
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2027-03-10T09:00:00Z", .install), ("2027-03-20T10:00:00Z", .use("export")),
                             ("2027-04-02T10:00:00Z", .look)])
    }
    package var store = Self.freshStore
    package init() {}

    package func monthNumber(of day: LocalDate) -> Int {
        let (year, month, _) = day.components
        return year * 12 + month
    }
}

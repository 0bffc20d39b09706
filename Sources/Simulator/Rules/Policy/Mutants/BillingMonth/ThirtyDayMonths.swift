import SubscriptionModel
import SimulatorCore

/// Counts a month as 30 days from the day the subscription began: the allowance comes
/// back a day early after a 31-day month, and two days late after February.
package struct ThirtyDayMonths: Mutant {
    package static let name = "thirty-day-months"
    package static let mistake = "a month is taken to be 30 days from the subscription's day, so after a 31-day month the allowance comes back a day early"
    package static let policyName = "billing-month"
    /// The install on 1 March, an export on 30 March, and a look on 31 March, still in the
    /// month from 1 March: the count reads 1, the mutant's 0.
    package static let smallestCounterexample = 3
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2027-03-01T09:00:00Z", .install), ("2027-03-30T10:00:00Z", .use("export")),
                             ("2027-03-31T10:00:00Z", .look)])
    }
    package var store = Self.freshStore
    package init() {}

    package func monthNumber(of day: LocalDate) -> Int {
        guard let origin = store.monthStartedOn else { return 0 }
        let days = Int(day.daysSince1970 - origin.daysSince1970)
        return days >= 0 ? days / 30 : -((-days + 29) / 30)
    }
}

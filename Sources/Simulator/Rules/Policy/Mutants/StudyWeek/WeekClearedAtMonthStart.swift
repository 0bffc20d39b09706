import SubscriptionModel
import SimulatorCore

/// Clears the week's count when the month turns too (G3), as an app does whose one
/// "new period" routine zeroes every calendar counter: a week that spans the 1st gets
/// a second allowance.
package struct WeekClearedAtMonthStart: Mutant {
    package static let name = "week-cleared-at-month-start"
    package static let mistake = "the week's count is cleared on the 1st of a month, in the middle of a week"
    package static let policyName = "study-week"
    /// The install, a lesson on Tuesday 31 March and one on Wednesday 1 April, one week.
    package static let smallestCounterexample = 3
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-03-31T10:00:00Z", .install), ("2026-03-31T10:01:00Z", .use("lesson")),
                             ("2026-04-01T10:00:00Z", .use("lesson"))])
    }
    package var store = Self.freshStore
    package init() {}

    package func countsInForce(at instant: Instant) -> [UsageCounts] {
        var counts = defaultCountsInForce(at: instant)
        let day = usageDay(at: instant)
        guard let stored = store.usageDay, day > stored, day.components.month != stored.components.month else { return counts }
        for meter in counts.indices { counts[meter].week = 0 }
        return counts
    }
}

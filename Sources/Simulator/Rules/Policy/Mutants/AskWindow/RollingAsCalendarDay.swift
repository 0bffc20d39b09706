import SubscriptionModel
import SimulatorCore

/// Reads "10 questions in 24 hours" as "10 questions today" when it counts (G4): the
/// window empties at midnight, so questions asked late in the evening are forgotten an
/// hour later (the reset it promises is still the oldest question's 24 hours).
package struct RollingAsCalendarDay: Mutant {
    package static let name = "rolling-as-calendar-day"
    package static let mistake = "the rolling 24-hour window is counted as the calendar day, emptied at midnight"
    package static let policyName = "ask-window"
    /// The install, a question at 23:00 and one at 01:00: the first still counts.
    package static let smallestCounterexample = 3
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-10T22:00:00Z", .install), ("2026-01-10T23:00:00Z", .use("ask")), ("2026-01-11T01:00:00Z", .use("ask"))])
    }
    package var store = Self.freshStore
    package init() {}

    package func countsInForce(at instant: Instant) -> [UsageCounts] {
        var counts = defaultCountsInForce(at: instant)
        for meter in counts.indices { counts[meter].rolling = counts[meter].day }
        return counts
    }

    package mutating func countUse(meter: Int, cost: Int, at instant: Instant) {
        defaultCountUse(meter: meter, cost: cost, at: instant)
        store.counts[meter].rolling = store.counts[meter].day
    }
}

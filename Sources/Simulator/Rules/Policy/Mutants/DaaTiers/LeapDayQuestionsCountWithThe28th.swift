import SubscriptionModel
import SimulatorCore

/// Checks the daily questions against a counter of its own whose UTC day ends at
/// "tomorrow" from a month table with a 28-day February (D1, G3): after 28 February of a
/// leap year the next reset is 1 March, so a Core user who asked 20 on the 28th is told
/// "Resets at midnight" and refused all the 29th, though the count shown is 0.
package struct LeapDayQuestionsCountWithThe28th: LeapDayAsThe28thMutant {
    package static let policyName = "daa-tiers"
    /// The install, Core, and 21 questions on 28 February of a leap year: the 21st is
    /// blocked until 1 March (a guest's 3 a day are the 3 in all, which never reset).
    package static let smallestCounterexample = 23
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2028-02-28T12:00:00Z", .install), ("2028-02-28T12:00:00Z", .entitle("com.daa.core.monthly")),
                             ("2028-02-28T12:00:00Z", .uses(21, "chat"))])
    }
    package var store = Self.freshStore
    /// The limit check's own day counter.
    var counter = LeapDayAsThe28th.DayCounter()
    package init() {}
}

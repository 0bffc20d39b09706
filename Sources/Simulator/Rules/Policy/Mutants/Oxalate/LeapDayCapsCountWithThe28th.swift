import SubscriptionModel
import SimulatorCore

/// Checks Premium's hidden daily caps against a counter of its own whose day ends at
/// "tomorrow" from a month table with a 28-day February (X4, G3): after 28 February of a
/// leap year the next reset is 1 March, so a user who hit a cap on the 28th is told to try
/// again tomorrow and refused all the 29th too.
package struct LeapDayCapsCountWithThe28th: LeapDayAsThe28thMutant {
    package static let policyName = "oxalate"
    /// The install, Premium, and 11 recipes on 28 February of a leap year: the 11th is
    /// blocked (the hidden cap of 10) until 1 March.
    package static let smallestCounterexample = 13
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2028-02-28T12:00:00Z", .install), ("2028-02-28T12:00:00Z", .entitle("premium_monthly")),
                             ("2028-02-28T12:00:00Z", .uses(11, "create-recipe"))])
    }
    package var store = Self.freshStore
    /// The limit check's own day counter.
    var counter = LeapDayAsThe28th.DayCounter()
    package init() {}
}

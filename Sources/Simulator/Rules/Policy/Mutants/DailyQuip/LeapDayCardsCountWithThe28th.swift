import SubscriptionModel
import SimulatorCore

/// Checks the five a day against a counter of its own whose day ends at "tomorrow" from a
/// month table with a 28-day February (Q1, G3): after 28 February of a leap year the next
/// reset is 1 March, so a user who used up the five on the 28th sees "5 cards remaining"
/// on the 29th and is shown the paywall at every card, told it resets on 1 March.
package struct LeapDayCardsCountWithThe28th: LeapDayAsThe28thMutant {
    package static let policyName = "daily-quip"
    /// The install and six cards on 28 February of a leap year: the sixth is blocked until 1 March.
    package static let smallestCounterexample = 7
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2028-02-28T12:00:00Z", .install), ("2028-02-28T12:00:00Z", .uses(6, "view-card"))])
    }
    package var store = Self.freshStore
    /// The limit check's own day counter.
    var counter = LeapDayAsThe28th.DayCounter()
    package init() {}
}

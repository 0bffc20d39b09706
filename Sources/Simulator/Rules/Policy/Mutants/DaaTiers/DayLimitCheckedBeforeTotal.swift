import SubscriptionModel
import SimulatorCore

/// Checks the daily limit before the overall one, as the product document's own
/// `can_access` does (G6.4, D4): a guest who has asked 3 questions is told "Resets at
/// midnight", a promise that will not help, since the overall 3 is spent for good.
package struct DayLimitCheckedBeforeTotal: Mutant {
    package static let name = "day-limit-checked-before-total"
    package static let mistake = "the daily limit checked before the overall one: a guest at 3 of 3 is promised midnight instead of the paywall"
    package static let policyName = "daa-tiers"
    /// The install, three questions and the fourth, blocked by both limits at once.
    package static let smallestCounterexample = 5
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-05-04T09:00:00Z", .install), ("2026-05-04T09:01:00Z", .uses(4, "chat"))])
    }
    package var store = Self.freshStore
    package init() {}

    package var limitCheckOrder: [LimitWindow] { [.day, .month, .stock, .total] }
}

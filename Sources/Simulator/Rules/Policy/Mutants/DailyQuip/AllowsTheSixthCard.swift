import SubscriptionModel
import SimulatorCore

/// Allows one card too many (G6.4): `viewed <= 5` instead of `viewed < 5`.
package struct AllowsTheSixthCard: Mutant {
    package static let name = "allows-the-sixth-card"
    package static let mistake = "an off-by-one limit check: the sixth card of the day is allowed"
    package static let policyName = "daily-quip"
    /// The install, five cards and the sixth.
    package static let smallestCounterexample = 7
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .uses(6, "view-card"))])
    }
    package var store = Self.freshStore
    package init() {}

    package func limitReached(count: Int, cost: Int, limit: Limit) -> Bool {
        count + cost - 1 > limit.value
    }
}

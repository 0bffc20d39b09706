import SubscriptionModel
import SimulatorCore

/// Blocks a use whose cost would bring the count exactly to the limit (G6.4): `>=` where
/// `>` belongs, so the last units of a day can never be spent on a costly use.
package struct ExactFitRefused: Mutant {
    package static let name = "exact-fit-refused"
    package static let mistake = "a use is blocked when its cost would bring the count exactly to the limit"
    package static let policyName = "photo-units"
    /// The install and two generated images: the second fills the day's 10 units exactly.
    package static let smallestCounterexample = 3
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .uses(2, "generate"))])
    }
    package var store = Self.freshStore
    package init() {}

    package func limitReached(count: Int, cost: Int, limit: Limit) -> Bool {
        count + cost >= limit.value
    }
}

import SubscriptionModel
import SimulatorCore

/// Takes one credit for a use past the limit, whatever the use costs (G13): the check
/// asks for enough credits, the decrement was written for uses of one unit.
package struct OneCreditPerUse: Mutant {
    package static let name = "one-credit-per-use"
    package static let mistake = "a use past the limit paid with credits takes one credit, not one per unit it costs"
    package static let policyName = "photo-units"
    /// The install, two generated images (the day's 10 units), a pack and a generated image on it.
    package static let smallestCounterexample = 5
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .uses(2, "generate")),
                             ("2026-01-10T12:10:00Z", .purchase("photo.units.25")), ("2026-01-10T12:11:00Z", .use("generate"))])
    }
    package var store = Self.freshStore
    package init() {}

    package mutating func takeCredits(meter: Int, cost: Int, at instant: Instant) -> Bool {
        guard store.credits[meter] >= cost else { return false }
        store.credits[meter] -= 1
        return true
    }
}

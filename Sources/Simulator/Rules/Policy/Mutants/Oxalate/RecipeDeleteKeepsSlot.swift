import SubscriptionModel
import SimulatorCore

/// Deleting a recipe does not free the free plan's one slot (X2, G4): the limit checks
/// `recipesCreated`, which only ever goes up, so a free user who deletes their recipe
/// can never store another.
package struct RecipeDeleteKeepsSlot: Mutant {
    package static let name = "recipe-delete-keeps-slot"
    package static let mistake = "deleting a recipe does not give its slot back: the stock only ever grows"
    package static let policyName = "oxalate"
    /// The install, a recipe and its deletion.
    package static let smallestCounterexample = 3
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .use("create-recipe")), ("2026-01-10T12:02:00Z", .use("delete-recipe"))])
    }
    package var store = Self.freshStore
    package init() {}

    package mutating func release(meter: Int, at instant: Instant) {}
}

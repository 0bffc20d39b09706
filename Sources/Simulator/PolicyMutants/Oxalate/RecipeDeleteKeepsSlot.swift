import SubscriptionModel

/// Deleting a recipe does not free the free plan's one slot (X2, G4): the limit checks
/// `recipesCreated`, which only ever goes up, so a free user who deletes their recipe
/// can never store another.
public struct RecipeDeleteKeepsSlot: PolicyMutant {
    public static let name = "recipe-delete-keeps-slot"
    public static let mistake = "deleting a recipe does not give its slot back: the stock only ever grows"
    public static let policyName = "oxalate"
    /// The install, a recipe and its deletion.
    public static let smallestCounterexample = 3
    public static var counterexample: PolicyTimeline {
        sketch(zone: "UTC", [("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .use("create-recipe")), ("2026-01-10T12:02:00Z", .use("delete-recipe"))])
    }
    public var store = Self.freshStore
    public init() {}

    public mutating func release(meter: Int, at instant: Instant) {}
}

import SubscriptionModel
import SimulatorCore

/// Lets a use past the limit go ahead while any credit is held, taking what there is
/// (G13): a balance of 1 pays for a use of 5 units.
package struct AnyCreditPays: Mutant {
    package static let name = "any-credit-pays"
    package static let mistake = "a use past the limit goes ahead on fewer credits than it costs, taking the balance down to 0"
    package static let policyName = "photo-units"
    /// The install, two generated images (the day's 10 units), a pack of 25, four
    /// generated images and an upscale on it (2 credits left), and a generated image.
    package static let smallestCounterexample = 10
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .uses(2, "generate")),
                             ("2026-01-10T12:10:00Z", .purchase("photo.units.25")), ("2026-01-10T12:11:00Z", .uses(4, "generate")),
                             ("2026-01-10T12:15:00Z", .use("upscale")), ("2026-01-10T12:20:00Z", .use("generate"))])
    }
    package var store = Self.freshStore
    package init() {}

    package mutating func takeCredits(meter: Int, cost: Int, at instant: Instant) -> Bool {
        guard store.credits[meter] > 0 else { return false }
        store.credits[meter] = max(0, store.credits[meter] - cost)
        return true
    }
}

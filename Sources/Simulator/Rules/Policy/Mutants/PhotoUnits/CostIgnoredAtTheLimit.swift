import SubscriptionModel
import SimulatorCore

/// Lets a use go ahead while any unit is left under the limit, whatever it costs (G6.4):
/// the limit check is the one written for uses of one unit, so a costly use passes it.
package struct CostIgnoredAtTheLimit: Mutant {
    package static let name = "cost-ignored-at-the-limit"
    package static let mistake = "a use is allowed while the count is below the limit, though its cost takes the count past it"
    package static let policyName = "photo-units"
    /// The install, an upscale and a generated image (8 of 10 units), and an upscale (11).
    package static let smallestCounterexample = 4
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .use("upscale")),
                             ("2026-01-10T12:02:00Z", .use("generate")), ("2026-01-10T12:03:00Z", .use("upscale"))])
    }
    package var store = Self.freshStore
    package init() {}

    package func limitReached(count: Int, cost: Int, limit: Limit) -> Bool {
        count >= limit.value
    }
}

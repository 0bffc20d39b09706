import SubscriptionModel
import SimulatorCore

/// Counts every allowed use as one unit, whatever it costs (G4): the check before the use
/// knows the cost, the write after it was copied from a counter of uses.
package struct CostCountedAsOne: Mutant {
    package static let name = "cost-counted-as-one"
    package static let mistake = "an allowed use adds 1 to the counts, not its cost"
    package static let policyName = "photo-units"
    /// The install and an upscale.
    package static let smallestCounterexample = 2
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .use("upscale"))])
    }
    package var store = Self.freshStore
    package init() {}

    package mutating func countUse(meter: Int, cost: Int, at instant: Instant) {
        defaultCountUse(meter: meter, cost: 1, at: instant)
    }
}

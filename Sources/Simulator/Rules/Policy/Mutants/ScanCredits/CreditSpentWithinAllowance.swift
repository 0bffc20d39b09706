import SubscriptionModel
import SimulatorCore

/// Spends a credit on every use while any is held, the plan's free allowance not
/// consulted first (G13): a user who bought credits loses one on each free scan.
package struct CreditSpentWithinAllowance: Mutant {
    package static let name = "credit-spent-within-allowance"
    package static let mistake = "a credit is spent on every use while any is held, even one the plan allows for free"
    package static let policyName = "scan-credits"
    /// The install, a pack and a free scan.
    package static let smallestCounterexample = 3
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .purchase("scanner.credits.10")),
                             ("2026-01-10T12:02:00Z", .use("scan"))])
    }
    package var store = Self.freshStore
    package init() {}

    package mutating func countUse(meter: Int, cost: Int, at instant: Instant) {
        defaultCountUse(meter: meter, cost: cost, at: instant)
        if store.credits[meter] > 0 { store.credits[meter] -= 1 }
    }
}

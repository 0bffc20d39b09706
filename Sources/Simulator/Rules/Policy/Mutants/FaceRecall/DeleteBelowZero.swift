import SubscriptionModel
import SimulatorCore

/// Lets a delete take the count below zero (G4): `count -= 1` without a floor, so an
/// existing user who deletes people added before the counter existed earns a slot for
/// each.
package struct DeleteBelowZero: Mutant {
    package static let name = "delete-below-zero"
    package static let mistake = "a delete subtracts from a stock already at 0, which goes negative"
    package static let policyName = "face-recall"
    /// The install and a delete.
    package static let smallestCounterexample = 2
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-04-01T12:00:00Z", .install), ("2026-04-01T12:01:00Z", .use("remove-tag"))])
    }
    package var store = Self.freshStore
    package init() {}

    package mutating func release(meter: Int, at instant: Instant) {
        store.counts[meter].stock -= 1
    }
}

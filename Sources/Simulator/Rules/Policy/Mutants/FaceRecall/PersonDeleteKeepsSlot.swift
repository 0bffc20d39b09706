import SubscriptionModel
import SimulatorCore

/// Deleting a person does not free a slot (G4, F1): the limit checks a counter of
/// people ever added, so a free user who deletes people to make room still hits the
/// paywall.
package struct PersonDeleteKeepsSlot: Mutant {
    package static let name = "person-delete-keeps-slot"
    package static let mistake = "deleting a person or a tag does not give its slot back: the stock only ever grows"
    package static let policyName = "face-recall"
    /// The install, a person and their deletion.
    package static let smallestCounterexample = 3
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-04-01T12:00:00Z", .install), ("2026-04-01T12:01:00Z", .use("add-person")), ("2026-04-01T12:02:00Z", .use("remove-person"))])
    }
    package var store = Self.freshStore
    package init() {}

    package mutating func release(meter: Int, at instant: Instant) {}
}

import SubscriptionModel
import SimulatorCore

/// Lets a use past the limit go ahead on a credit without taking it (G13): the check
/// `credits > 0` is there, the decrement was forgotten, so one pack pays for ever.
package struct CreditNeverTaken: Mutant {
    package static let name = "credit-never-taken"
    package static let mistake = "a use past the limit checks for a credit but never takes it"
    package static let policyName = "scan-credits"
    /// The install, the day's three free scans, a pack and a scan on it.
    package static let smallestCounterexample = 6
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .uses(3, "scan")),
                             ("2026-01-10T12:10:00Z", .purchase("scanner.credits.10")), ("2026-01-10T12:11:00Z", .use("scan"))])
    }
    package var store = Self.freshStore
    package init() {}

    package mutating func takeCredits(meter: Int, cost: Int, at instant: Instant) -> Bool {
        store.credits[meter] >= cost
    }
}

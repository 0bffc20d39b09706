import SubscriptionModel
import SimulatorCore

/// Ignores refunds of credit packs (G13): the app never listens for a revoked
/// consumable transaction, so a refunded pack's credits stay spendable.
package struct RefundKeepsCredits: Mutant {
    package static let name = "refund-keeps-credits"
    package static let mistake = "a refunded pack's credits are never taken back"
    package static let policyName = "scan-credits"
    /// The install, a pack and its refund.
    package static let smallestCounterexample = 3
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .purchase("scanner.credits.10")),
                             ("2026-01-12T09:00:00Z", .refund("scanner.credits.10"))])
    }
    package var store = Self.freshStore
    package init() {}

    package mutating func refunded(pack: Int, at instant: Instant) {}
}

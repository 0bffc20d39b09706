import SubscriptionModel
import SimulatorCore

/// Takes a refunded pack's whole size back even when some of it was spent (G13): the
/// balance goes below zero, and the next pack bought is partly swallowed by the debt.
package struct RefundBelowZero: Mutant {
    package static let name = "refund-below-zero"
    package static let mistake = "a refund subtracts the whole pack, spent credits too, and the balance goes negative"
    package static let policyName = "scan-credits"
    /// The install, three free scans, a pack, a scan on it and the pack's refund.
    package static let smallestCounterexample = 7
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .uses(3, "scan")),
                             ("2026-01-10T12:10:00Z", .purchase("scanner.credits.10")), ("2026-01-10T12:11:00Z", .use("scan")),
                             ("2026-01-12T09:00:00Z", .refund("scanner.credits.10"))])
    }
    package var store = Self.freshStore
    package init() {}

    package mutating func refunded(pack: Int, at instant: Instant) {
        let refunded = store.policy.creditPacks[pack]
        store.credits[refunded.meter] -= refunded.credits
    }
}

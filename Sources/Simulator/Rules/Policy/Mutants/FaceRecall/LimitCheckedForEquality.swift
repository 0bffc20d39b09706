import SubscriptionModel
import SimulatorCore

/// Blocks only at exactly the limit (F1: "Block adding"): `count == 25` instead of
/// `count >= 25`, so an existing user who added 30 people during the grace can go on
/// adding after it, without limit.
package struct LimitCheckedForEquality: Mutant {
    package static let name = "limit-checked-for-equality"
    package static let mistake = "the limit check is count == limit: a stock kept above the limit is never blocked"
    package static let policyName = "face-recall"
    /// The install before the release, 6 tags during the grace (one above the free 5),
    /// and a tag after the grace.
    package static let smallestCounterexample = 8
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [
            ("2026-02-01T00:00:00Z", .install), ("2026-02-01T00:01:00Z", .uses(6, "add-tag")),
            ("2026-04-01T00:00:00Z", .use("add-tag")),
        ])
    }
    package var store = Self.freshStore
    package init() {}

    package func limitReached(count: Int, cost: Int, limit: Limit) -> Bool {
        count + cost - 1 == limit.value
    }
}

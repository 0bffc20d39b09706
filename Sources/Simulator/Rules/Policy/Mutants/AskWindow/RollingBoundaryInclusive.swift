import SubscriptionModel
import SimulatorCore

/// Keeps a question in the window at the very instant it turns 24 hours old (G4): the
/// window is taken as `now - 24 h ... now` with both ends in, so a user who waits exactly
/// as long as the alert said is refused once more.
package struct RollingBoundaryInclusive: Mutant {
    package static let name = "rolling-boundary-inclusive"
    package static let mistake = "a use still counts at exactly 24 hours after it, one instant too long"
    package static let policyName = "ask-window"
    /// The install, a question, and one exactly 24 hours later.
    package static let smallestCounterexample = 3
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-10T09:00:00Z", .install), ("2026-01-10T10:00:00Z", .use("ask")), ("2026-01-11T10:00:00Z", .use("ask"))])
    }
    package var store = Self.freshStore
    package init() {}

    /// The uses at or after `instant` less the window's length.
    func inclusiveCount(meter: Int, at instant: Instant) -> Int {
        let start = instant.millisecondsSince1970 - store.policy.rollingLength
        return store.rollingUses[meter].filter { $0.at.millisecondsSince1970 >= start }.reduce(0) { $0 + $1.cost }
    }

    package func countsInForce(at instant: Instant) -> [UsageCounts] {
        var counts = defaultCountsInForce(at: instant)
        for meter in counts.indices { counts[meter].rolling = inclusiveCount(meter: meter, at: instant) }
        return counts
    }

    package mutating func countUse(meter: Int, cost: Int, at instant: Instant) {
        // The default write forgets uses at the boundary: keep them, as this app's window does.
        let kept = store.rollingUses[meter].filter { $0.at.millisecondsSince1970 >= instant.millisecondsSince1970 - store.policy.rollingLength }
        defaultCountUse(meter: meter, cost: cost, at: instant)
        store.rollingUses[meter] = kept + [(instant, cost)]
    }
}

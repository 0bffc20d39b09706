import SubscriptionModel
import SimulatorCore

/// Counts the cards of the last 24 hours instead of the local day (Q1: "Resets at
/// midnight (Calendar-based)"): `viewedAt > now − 86 400 s`, so a card viewed at 23:00
/// still counts at 01:00, and the limit frees up one card at a time.
package struct RollingTwentyFourHourCards: Mutant {
    package static let name = "rolling-24-hour-window"
    package static let mistake = "a rolling 24-hour window instead of a reset at local midnight"
    package static let policyName = "daily-quip"
    /// The install, a card before midnight and a look after it, within 24 hours.
    package static let smallestCounterexample = 3
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-10T23:00:00Z", .install), ("2026-01-10T23:00:00Z", .use("view-card")), ("2026-01-11T01:00:00Z", .look)])
    }
    package var store = Self.freshStore
    /// When each meter's counted uses happened.
    private var counted: [[Instant]] = []
    package init() {}

    package mutating func forgetOwnState() {
        counted = Array(repeating: [], count: store.policy.meters.count)
    }

    package func countsInForce(at instant: Instant) -> [UsageCounts] {
        var counts = defaultCountsInForce(at: instant)
        for meter in counts.indices where meter < counted.count {
            counts[meter].day = counted[meter].filter { $0.milliseconds(to: instant) < Milliseconds.twentyFourHours }.count
        }
        return counts
    }

    package mutating func countUse(meter: Int, cost: Int, at instant: Instant) {
        defaultCountUse(meter: meter, cost: cost, at: instant)
        if counted.count <= meter { counted += Array(repeating: [], count: meter + 1 - counted.count) }
        counted[meter].removeAll { $0.milliseconds(to: instant) >= Milliseconds.twentyFourHours }
        counted[meter].append(instant)
    }
}

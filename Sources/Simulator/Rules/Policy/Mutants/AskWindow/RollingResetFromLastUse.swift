import SubscriptionModel
import SimulatorCore

/// Promises the next question 24 hours after the last one (G8), where it comes 24 hours
/// after the oldest one the window holds: a user told to wait a day could ask much sooner.
package struct RollingResetFromLastUse: Mutant {
    package static let name = "rolling-reset-from-last-use"
    package static let mistake = "a rolling block's reset is 24 hours after the last use, not after the oldest one in the window"
    package static let policyName = "ask-window"
    /// The install, ten questions a minute apart, and an eleventh, blocked.
    package static let smallestCounterexample = 12
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-10T09:00:00Z", .install), ("2026-01-10T10:00:00Z", .uses(11, "ask"))])
    }
    package var store = Self.freshStore
    package init() {}

    package func rollingReset(meter: Int, cost: Int, plan: Int, at instant: Instant) -> Instant? {
        store.rollingUses[meter].last.map { $0.at.adding(milliseconds: store.policy.rollingLength) }
    }
}

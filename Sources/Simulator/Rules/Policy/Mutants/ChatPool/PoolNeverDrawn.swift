import SubscriptionModel
import SimulatorCore

/// Blocks a use once the daily allowance is spent, as if the pool were not there: the
/// month's pool a user was sold is never drawn on.
package struct PoolNeverDrawn: Mutant {
    package static let name = "pool-never-drawn"
    package static let mistake = "a use past the daily allowance is blocked instead of drawing on the monthly pool"
    package static let policyName = "chat-pool"
    /// The install, a summary (2 of 3 today), and a second one (past the day: the pool's).
    package static let smallestCounterexample = 3
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-03-10T09:00:00Z", .install), ("2026-03-10T10:00:00Z", .use("summarize")),
                             ("2026-03-10T11:00:00Z", .use("summarize"))])
    }
    package var store = Self.freshStore
    package init() {}

    package func secondMeterDraw(plan: Int, feature: Int, first: Int, firstReason: BlockReason, second: Int, at instant: Instant,
                                 counts: [UsageCounts]) -> (reason: BlockReason, meter: Int)? {
        (firstReason, first)
    }
}

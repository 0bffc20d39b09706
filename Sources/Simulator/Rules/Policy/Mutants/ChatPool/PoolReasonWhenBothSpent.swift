import SubscriptionModel
import SimulatorCore

/// When the day's allowance and the month's pool are both spent, blames the pool: the
/// user is told to wait for the 1st (or to pay) when tomorrow's allowance would do.
package struct PoolReasonWhenBothSpent: Mutant {
    package static let name = "pool-reason-when-both-spent"
    package static let mistake = "with both meters spent, the pool's month is given as the reason, not the day that resets first"
    package static let policyName = "chat-pool"
    /// The install, a deep dive (the pool's 3), a summary (2 of 3 today), and a second
    /// one, blocked on both meters: `day`, reset tomorrow.
    package static let smallestCounterexample = 4
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-03-10T09:00:00Z", .install), ("2026-03-10T10:00:00Z", .use("deep-dive")),
                             ("2026-03-10T11:00:00Z", .use("summarize")), ("2026-03-10T12:00:00Z", .use("summarize"))])
    }
    package var store = Self.freshStore
    package init() {}

    package func secondMeterDraw(plan: Int, feature: Int, first: Int, firstReason: BlockReason, second: Int, at instant: Instant,
                                 counts: [UsageCounts]) -> (reason: BlockReason, meter: Int)? {
        let cost = store.policy.features[feature].cost
        return limitReason(plan: plan, meter: second, cost: cost, at: instant, counts: counts).map { ($0, second) }
    }
}

import SubscriptionModel
import SimulatorCore

/// Counts a use the pool pays for on the daily meter too whenever the day's allowance has
/// no room for it (one counter bumped for "a message sent", one for the pool): the day's count passes
/// its limit, and the screens say so.
package struct DrawnOnBoth: Mutant {
    package static let name = "drawn-on-both"
    package static let mistake = "a use counted on the pool when the day's allowance has no room for it is counted on the daily meter as well"
    package static let policyName = "chat-pool"
    /// The install, a summary (2 of 3 today), and a second one, which the pool pays for.
    package static let smallestCounterexample = 3
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-03-10T09:00:00Z", .install), ("2026-03-10T10:00:00Z", .use("summarize")),
                             ("2026-03-10T11:00:00Z", .use("summarize"))])
    }
    package var store = Self.freshStore
    package init() {}

    package mutating func countUse(meter: Int, cost: Int, at instant: Instant) {
        let daily = 0, pool = 1, plan = plan(at: instant)
        let spent = plan.flatMap { store.policy.plans[$0].limit(meter: daily, .day) }.map { countsInForce(at: instant)[daily].day + cost > $0.value } ?? false
        defaultCountUse(meter: meter, cost: cost, at: instant)
        if meter == pool, spent { defaultCountUse(meter: daily, cost: cost, at: instant) }
    }
}

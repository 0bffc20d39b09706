import SubscriptionModel
import SimulatorCore

/// Checks the limits in a fixed order, month before week (G6.4): with both used up at
/// the end of a month, the user is told of the 1st, when the week's limit still blocks
/// until Sunday.
package struct MonthReasonBeforeWeek: Mutant {
    package static let name = "month-reason-before-week"
    package static let mistake = "with the month's and the week's limits both used up, the reason is always the month, even when the week ends later"
    package static let policyName = "study-week"
    /// The install, Pro, 40 lessons in each of three weeks of April 2026 (the last the
    /// week of Thursday 30 April, which ends on Saturday 2 May), and one more.
    package static let smallestCounterexample = 123
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-04-05T09:00:00Z", .install), ("2026-04-05T09:01:00Z", .entitle("study.pro.monthly")),
                             ("2026-04-05T10:00:00Z", .uses(40, "lesson")), ("2026-04-12T10:00:00Z", .uses(40, "lesson")),
                             ("2026-04-28T10:00:00Z", .uses(41, "lesson"))])
    }
    package var store = Self.freshStore
    package init() {}

    package func blockReason(plan: Int?, feature: Int, day: LocalDate?, at instant: Instant, counts: [UsageCounts]) -> BlockReason? {
        let reason = defaultBlockReason(plan: plan, feature: feature, day: day, at: instant, counts: counts)
        guard reason == .week, let plan, case .consumes(let meter) = store.policy.features[feature].effect,
              let month = store.policy.plans[plan].limit(meter: meter, .month),
              limitReached(count: counts[meter].month, cost: store.policy.features[feature].cost, limit: month) else { return reason }
        return .month
    }
}

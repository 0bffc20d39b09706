import Foundation
import Simulator
import SubscriptionModel
import Testing

/// Generated users of a policy whose months run from the purchase (`billing-month`) reach
/// its month edges: a new subscription with the month's count above 0, a month that turns
/// on a shorter month's last day, and the days after such a turn before the anchor's day;
/// counted by the coverage tracker and checked here again from the outputs.
@Suite("Policy generator: months from the purchase")
struct MonthFromPurchaseGenerationTests {
    static let users = 300

    @Test("the three month categories are reached, and month counts start again on February's 28th or 29th and on 30ths (seed 20261122, 300 users)")
    func monthEdgesReached() throws {
        let policy = try #require(PolicyLoader.builtIn("billing-month"))
        let generator = GenerationSettings.generator(policy)
        let machine = SubscriptionMachine(policy: policy)
        var tracker = CoverageTracker(policy: policy)
        var clampedTurns = 0
        for user in 0..<Self.users {
            let timeline = generator.user(seed: GenerationSettings.seed, user: user).timeline
            tracker.observe(timeline: timeline)
            // From the outputs alone: a month count that read above 0, then 0 on a later usage
            // day that is 28 or 29 February or a 30th (where months from a 29th, 30th or 31st
            // turn), at an event that is no StoreKit report.
            let outputs = machine.replay(zone: timeline.zone, events: timeline.events)
            for index in outputs.indices.dropFirst() {
                let before = outputs[index - 1], after = outputs[index]
                guard after.day > before.day, before.counts[0].month > 0, after.counts[0].month == 0 else { continue }
                if case .setEntitlement = timeline.events[index].action { continue }
                let (_, month, day) = after.day.components
                if month == 2 ? day >= 28 : day == 30 { clampedTurns += 1 }
            }
        }
        let counts = tracker.counts
        for category in [CoverageCategory.monthStartedBySubscription, .monthTurnedOnClampedDay, .monthKeptPastClampedDay] {
            let reached = counts.counts[try #require(counts.categories.firstIndex(of: category))]
            #expect(reached > 0, "\(category.name(in: policy)) never reached in \(Self.users) users of seed \(GenerationSettings.seed)")
        }
        #expect(clampedTurns > 0, "no month count started again on 28 or 29 February or a 30th in \(Self.users) users")
    }
}

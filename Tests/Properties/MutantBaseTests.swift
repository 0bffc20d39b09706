import Foundation
import Simulator
import SubscriptionModel
import Testing

/// The straightforward policy app (every hook of `QuotaApp` at its default), written
/// from `docs/policies.md` independently of `SubscriptionMachine`, agrees with the engine on
/// every output, and its screens with the checker's `ScreenOracle`, for every
/// shipped policy: so each policy mutant, which changes one hook, differs from the
/// reference only by its one mistake.
///
/// The screens are held against the screen oracle, not the engine's `screens(of:)`: the
/// app's screen walk follows the engine's closely, so the two could share a mistake
/// that the oracle, written apart, does not.
@Suite("The straightforward policy app agrees with the generic engine")
struct MutantBaseTests {
    /// Replays `timeline` through a straightforward app and the engine and returns the
    /// first event whose output differs from the engine's, or whose screens differ from
    /// the screen oracle's for that output, described.
    static func firstDisagreement(_ timeline: Timeline) -> String? {
        var app = StraightforwardApp(policy: timeline.policy)
        let machine = SubscriptionMachine(policy: timeline.policy)
        let oracle = ScreenOracle(policy: timeline.policy)
        let expected = machine.replay(zone: timeline.zone, events: timeline.events)
        for (index, actual) in QuotaAppComparison.run(&app, timeline).enumerated() {
            let output = expected[index]
            let credits = output.counts.indices.map(output.counts.credits(of:))
            let screens = oracle.values(.init(plan: output.plan, counts: Array(output.counts), credits: credits, entitlement: output.entitlement, zone: output.zone))
            if actual.output != output || actual.screens != screens {
                return "event \(index) (\(timeline.events[index].action.name) at \(timeline.events[index].at)):\n"
                    + "  engine \(output), screen oracle \(screens)\n  app    \(actual.output) \(actual.screens)"
            }
        }
        return nil
    }

    @Test("on every mutant's counterexample and on every hand-made agreeing timeline")
    func handMade() {
        let timelines = MutantCatalogue.all.map(\.counterexample) + MutantAgreeingTimelines.all.map(\.value)
        #expect(timelines.count >= 2 * MutantCatalogue.all.count)
        for timeline in timelines {
            let disagreement = Self.firstDisagreement(timeline)
            #expect(disagreement == nil, "\(timeline.policy.name): \(disagreement ?? "")")
        }
    }

    @Test("on random timelines of every built-in policy, of every-window-late (a day start, a cost, a week from Wednesday, credits), of every-pool (two meters under every window) and of every-anchor (months from the purchase)",
          arguments: SubscriptionPolicy.shippedNames + ExamplePolicies.names + ["every-window-late", "every-pool", "every-anchor"])
    func random(policy name: String) throws {
        let policy = try #require(name.hasPrefix("every-") ? SubscriptionMachineOracleTests.policy(name) : PolicyLoader.builtIn(name))
        let maker = MutantRandomTimelines(policy: policy)
        var events = 0, blocked = 0, resets = 0
        for user in 0..<MutantRandomTimelines.users {
            let timeline = maker.timeline(user: user)
            #expect(timeline.isValid)
            events += timeline.events.count
            let outputs = SubscriptionMachine(policy: policy).replay(zone: timeline.zone, events: timeline.events)
            blocked += outputs.filter { $0.outcome == .blocked }.count
            resets += outputs.filter { $0.resetAt != nil }.count
            if let disagreement = Self.firstDisagreement(timeline) {
                Issue.record("""
                    \(name), seed \(MutantRandomTimelines.seed), user \(user): \(disagreement)
                    reproduce with: PROPERTY_SEED=\(MutantRandomTimelines.seed) POLICY_MUTANT_USERS=\(user + 1) swift test --filter MutantBaseTests
                    """)
                return
            }
        }
        // The lives reach the rules that matter: blocked uses, and some with a reset instant.
        #expect(blocked > events / 50, "\(name): \(blocked) blocked of \(events)")
        if policy.plans.contains(where: { plan in plan.limits.contains { $0 != nil } }) && name != "face-recall" {
            #expect(resets > 0, "\(name): no use blocked by a day or month")
        }
        print("\(name): \(MutantRandomTimelines.users) users of seed \(MutantRandomTimelines.seed), \(events) events, \(blocked) blocked, \(resets) with a reset instant")
    }

    @Test("G8: the reset instant is the first one at which the date is later, across a midnight that does not exist")
    func resetAcrossSkippedMidnight() {
        // Havana moves its clocks from 00:00 to 01:00 on 2026-03-08: the 8th starts at 01:00 local, 05:00Z.
        let havana = TimeZoneRules.named("America/Havana")!
        let start = CalendarWalk.firstInstant(after: TimelineSketch.instant("2026-03-07T12:00:00Z"),
                                                    reaching: TimelineSketch.date("2026-03-08"), in: havana)
        #expect(havana.localDate(at: start) == TimelineSketch.date("2026-03-08"))
        #expect(havana.localDate(at: start.adding(milliseconds: -1)) == TimelineSketch.date("2026-03-07"))
        #expect(start == TimelineSketch.instant("2026-03-08T05:00:00Z"))
        #expect(start == havana.nextDateStart(after: TimelineSketch.instant("2026-03-07T12:00:00Z")))
    }

    @Test("startOfDay is an instant: the same date starts at another instant in another zone")
    func startOfDayDependsOnZone() {
        let noon = TimelineSketch.instant("2026-01-10T12:00:00Z")
        #expect(CalendarWalk.startOfDay(at: noon, in: .utc) == TimelineSketch.instant("2026-01-10T00:00:00Z"))
        #expect(CalendarWalk.startOfDay(at: noon, in: TimeZoneRules.named("Europe/Paris")!) == TimelineSketch.instant("2026-01-09T23:00:00Z"))
        #expect(CalendarWalk.startOfDay(at: noon, in: TimeZoneRules.named("Asia/Tokyo")!) == TimelineSketch.instant("2026-01-09T15:00:00Z"))
    }
}

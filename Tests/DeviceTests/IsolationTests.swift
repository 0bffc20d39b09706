import Foundation
import Simulator
import SubscriptionModel
import SubscriptionTesting
import Testing

/// The same app judged through synchronous closures, `async` closures awaiting an actor,
/// and closures isolated to the main actor gives the same verdict: the same user, the
/// same invariant, the same shrunk timeline; a right app passes all three.
@Suite("Synchronous, async and main-actor adapters")
struct IsolationTests {
    static let users = 24

    @Test("a right app passes through all three (seed 20261121, 24 users each)")
    func rightAppPasses() async throws {
        let sync = try await SubscriptionHarness.check(CardQuota.adapter(), policy: .dailyQuip, users: Self.users)
        let actor = try await SubscriptionHarness.check(ActorQuota.adapter(), policy: .dailyQuip, users: Self.users)
        let main = try await SubscriptionHarness.check(MainActorQuota.adapter(), policy: .dailyQuip, users: Self.users)
        for report in [sync, actor, main] {
            #expect(report.passed, "\(report)")
            #expect(report.users == Self.users && report.events == sync.events)
            #expect(report.tally == sync.tally, "the same reports through every isolation")
        }
    }

    @Test("a test isolated to the main actor can check a main-actor app: the harness never blocks the main actor")
    @MainActor
    func fromTheMainActor() async throws {
        let report = try await SubscriptionHarness.check(MainActorQuota.adapter(), policy: .dailyQuip, users: 4)
        #expect(report.passed, "\(report)")
    }

    @Test("the same mistake gives the same failure through all three, whatever the number of threads (one for the main actor, one per core otherwise)", arguments: [CardQuota.Mistake.resetsOnlyAtLaunch, .startOfDayEquality])
    func sameFailure(_ mistake: CardQuota.Mistake) async throws {
        var reports: [HarnessReport] = []
        for adapter in [0, 1, 2] {
            await withKnownIssue {
                switch adapter {
                case 0: reports.append(try await SubscriptionHarness.check(CardQuota.adapter(mistake), policy: .dailyQuip, users: Self.users))
                case 1: reports.append(try await SubscriptionHarness.check(ActorQuota.adapter(mistake), policy: .dailyQuip, users: Self.users))
                default: reports.append(try await SubscriptionHarness.check(MainActorQuota.adapter(mistake), policy: .dailyQuip, users: Self.users))
                }
            }
        }
        try #require(reports.count == 3)
        let first = try #require(reports[0].failure)
        for report in reports.dropFirst() {
            let failure = try #require(report.failure)
            #expect(failure.invariant == first.invariant)
            #expect(failure.found?.user == first.found?.user)
            #expect(failure.timeline == first.timeline)
        }
    }

    @Test("a hook that throws at a zone change names the set-zone with its zone")
    func throwingAtZoneChange() async throws {
        struct Moved: Error {}
        let adapter = AppAdapter { device in CardQuota(device: device) }
            .use("view-card") { quota, _ in quota.viewCard() }
            .lifecycle { (quota: CardQuota, moment: AppMoment) throws in
                if moment == .timeZoneChanged { throw Moved() }
                if moment.isLaunch { quota.launch() }
            }
        var report: HarnessReport?
        try await withKnownIssue {
            report = try await SubscriptionHarness.check(adapter, policy: .dailyQuip, users: 20)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("'s lifecycle(.timeZoneChanged) threw at event ") }
        }
        let problem = try #require(report?.problem)
        let zone = try #require(problem.range(of: "(set-zone ").map { problem[$0.upperBound...].prefix { $0 != " " } })
        #expect(TimeZone(identifier: String(zone)) != nil, "the zone it moved to is named: \(problem)")
    }

    @Test("a closure that throws is one issue naming the call, the event and the error, not a finding about the rules")
    func throwingClosure() async throws {
        struct StoreUnavailable: Error {}
        let adapter = CardQuota.adapter(readsScreens: false)
            .screen("plan") { (_: CardQuota) throws -> ScreenValue in throw StoreUnavailable() }
        var report: HarnessReport?
        try await withKnownIssue {
            report = try await SubscriptionHarness.check(adapter, policy: .dailyQuip, users: 3)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("CardQuota could not be checked under daily-quip: user 0 of seed 20261121: CardQuota's screen(\"plan\") threw at event 0 (install at ") }
        }
        #expect(report?.failure == nil)
        #expect(report?.problem?.hasSuffix("StoreUnavailable()") == true)
        #expect(report?.users == 1, "the check stops at the first user it cannot play")
        #expect(report?.problemUser == 0)
        let issue = report?.issue(forXCTest: false) ?? ""
        #expect(issue.contains("\nReplay the user through the reference engine: swift run -c release simulate replay --policy daily-quip --seed 20261121 --user 0 --years 3 --app-life --out user0.json\n"), "\(issue)")
        #expect(issue.hasSuffix("\nRun this check again: SIMULATE_SEED=20261121 SIMULATE_USERS=1 swift test --filter '\\.IsolationTests/throwingClosure\\('"), "\(issue)")
    }
}

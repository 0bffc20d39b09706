import SimulatorCore
import SubscriptionModel
@testable import SubscriptionTesting
import Synchronization
import Testing

/// An app that answers differently from one play to the next (a singleton or a static
/// variable kept between plays) can fail a timeline once and pass it when the harness
/// plays it again while shrinking. The failure then shows the user's own timeline, as
/// its first play failed, with the app's answers from that play, and says why; it never
/// shows the first play's event against a shrunk timeline, or the answers of a play that
/// passed.
@Suite("An app whose answers vary between plays")
struct VaryingAppTests {
    /// CardQuota resetting only at launch on its first `faulty` devices, and right on every
    /// later one (or, `thenThrows`, throwing at every use there): each play (and each
    /// look-free second play) is on a device of its own.
    static func fading(after faulty: Int, thenThrows: Bool = false) -> AppAdapter<CardQuota> {
        let ordinals = Mutex<[ObjectIdentifier: Int]>([:])
        let devices = Mutex<[SimulatedDevice]>([]) // kept, so that no identifier is reused
        @Sendable func ordinal(_ device: SimulatedDevice) -> Int {
            ordinals.withLock { ordinals in
                if let known = ordinals[ObjectIdentifier(device)] { return known }
                devices.withLock { $0.append(device) }
                ordinals[ObjectIdentifier(device)] = ordinals.count + 1
                return ordinals.count
            }
        }
        return AppAdapter(name: "CardQuota(fading)") { device in
            CardQuota(device: device, mistake: ordinal(device) <= faulty ? .resetsOnlyAtLaunch : nil)
        }
        .use("view-card") { quota, _ in
            if thenThrows, ordinal(quota.device) > faulty { throw Broken() }
            return quota.viewCard()
        }
        .lifecycle { quota, moment in if moment.isLaunch { quota.launch() } }
        .screen("cards") { quota in .text(quota.cardsLabel) }
        .screen("plan") { quota in .text(quota.planLabel) }
    }

    struct Broken: Error {}

    /// The first of daily-quip's default-seed users whose timeline the always-wrong app
    /// fails: its index, persona, timeline, violation and that play's recording.
    static func firstFailingUser() throws -> (user: Int, persona: Persona, timeline: Timeline, violation: Violation<Invariant>, play: AppRecording) {
        let binding = try AdapterBinding(CardQuota.adapter(.resetsOnlyAtLaunch), policy: .dailyQuip)
        let generator = TimelineGenerator(policy: .dailyQuip, maxYears: 3, appLife: true)
        let buffer = EventBuffer()
        for user in 0..<24 {
            let drawn = generator.generate(seed: SubscriptionHarness.defaultSeed, user: user, into: buffer)
            var judge = TimelineJudge(binding: binding)
            let judged = judge.judge(zone: drawn.zone, events: buffer.array)
            if judged.problem == nil, let violation = judged.violation {
                return (user, drawn.persona, Timeline(policy: .dailyQuip, zone: drawn.zone, events: buffer.array), violation, judged.app)
            }
        }
        throw NotFound()
    }

    struct NotFound: Error {}

    @Test("played once more, a timeline that passes is not shown: the failure is the user's own timeline with its first play's answers (the app wrong on its first 0, 3 and 12 devices)",
          arguments: [0, 3, 12])
    func passedWhenPlayedAgain(faulty: Int) throws {
        let first = try Self.firstFailingUser()
        let run = HarnessRun(binding: try AdapterBinding(Self.fading(after: faulty), policy: .dailyQuip))
        let settings = try HarnessSettings(seed: SubscriptionHarness.defaultSeed, users: 24, years: 3, environment: [:])
        let failure = run.failure(first.violation, on: first.timeline, firstPlay: first.play, user: first.user, persona: first.persona,
                                  settings: settings, tally: ObservationTally())
        #expect(failure.timeline.events == first.timeline.events, "the user's whole timeline")
        #expect(failure.violation.eventIndex == first.violation.eventIndex)
        let again = try #require(failure.playedAgain)
        #expect((again.shrunkEvents == nil) == (faulty == 0), "with no faulty play left, shrinking cannot start")
        if case .passed = again.outcome {} else { Issue.record("\(again.outcome)") }
        // The marked line is the first play's answer, which the rules do not give.
        let marked = try #require(failure.trace.last)
        #expect(failure.trace.count == first.violation.eventIndex + 1 && marked.hasPrefix("#\(first.violation.eventIndex) "))
        #expect(marked.hasSuffix("<- no-over-blocking"))
        let app = try #require(marked.split(separator: "| app: ").last?.split(separator: " | rules: ").first)
        #expect(app.hasPrefix("blocked"), "the first play's answer: \(marked)")
        let message = failure.message()
        #expect(message.contains(faulty == 0 ? "\nPlayed once more, the user's timeline passed: " : "\nPlayed once more, the shrunk timeline ("), "\(message)")
        #expect(message.contains("no-over-blocking at event \(first.violation.eventIndex) of user \(first.user)'s timeline"), "\(message)")
        #expect(failure.timelineJSON.contains("its whole timeline, not shrunk"))
        #expect(failure.regressionTest.contains("years 3), its whole timeline (\(again.which) passed when played again). Fails until the bug is fixed."))
        // Thousands of events are not printed: the replay command writes them.
        try #require(first.timeline.events.count > HarnessFailure.longestPrinted)
        #expect(message.contains("\nThe timeline (the user's whole one, \(Figures.grouped(first.timeline.events.count)) events, not shrunk) is not printed, nor a regression test of it: "))
        #expect(!message.contains("A regression test to paste") && !message.contains("regression test below") && message.count < 20_000, "\(message.count) characters")
    }

    @Test("a shrunk timeline the app throws on when played again is said to be so, not to have passed")
    func notJudgedWhenPlayedAgain() throws {
        let first = try Self.firstFailingUser()
        let run = HarnessRun(binding: try AdapterBinding(Self.fading(after: 3, thenThrows: true), policy: .dailyQuip))
        let settings = try HarnessSettings(seed: SubscriptionHarness.defaultSeed, users: 24, years: 3, environment: [:])
        let failure = run.failure(first.violation, on: first.timeline, firstPlay: first.play, user: first.user, persona: first.persona,
                                  settings: settings, tally: ObservationTally())
        let again = try #require(failure.playedAgain)
        guard case .notJudged(let problem) = again.outcome else { Issue.record("\(again.outcome)"); return }
        #expect(failure.message().contains("\nPlayed once more, \(again.which) could not be judged (\(problem)): "), "\(failure.message())")
        #expect(failure.timeline.events == first.timeline.events)
    }

    /// One app object for every device: a singleton that keeps the first device's quota.
    final class OneQuota: @unchecked Sendable {
        static let shared = OneQuota()
        var quota: CardQuota?
    }

    @Test("an adapter that gives every device the same app object (a singleton) is told so, with how to make one per device; one that does not is not")
    func sharedAppObject() async throws {
        // One user: one thread plays, so the shared object is not raced (an adapter made on
        // the main actor timed out beside the full suite, which keeps the main actor busy).
        let singleton = AppAdapter<OneQuota>(name: "OneQuota") { (device: SimulatedDevice) -> OneQuota in
            let one = OneQuota.shared
            if one.quota == nil { one.quota = CardQuota(device: device) }
            return one
        }
        .use("view-card") { (one: OneQuota, _: FeatureUse) -> UseResult in one.quota!.viewCard() }
        var report: HarnessReport?
        try await withKnownIssue {
            report = try await SubscriptionHarness.check(singleton, policy: .dailyQuip, users: 1)
        } matching: { issue in issue.comments.first?.rawValue.hasPrefix("OneQuota broke") == true }
        let failure = try #require(report?.failure)
        #expect(failure.sharedApp)
        #expect(failure.message().contains("\nYour adapter gave the second simulated device (which plays the timeline without its looks and reinstalls, for G11) the same app object as the first"))
        let fresh = try #require(try await FailureReportTests.huntResetsOnlyAtLaunch().failure)
        #expect(!fresh.sharedApp && !fresh.message().contains("the same app object"))
    }

    @Test("an app that throws on a timeline is not played on the second device (a hang would take the time limit twice)")
    func noSecondDeviceAfterAProblem() throws {
        let first = try Self.firstFailingUser()
        try #require(first.timeline.events.contains { $0.action.changesNothing }, "a timeline with looks or relaunches")
        let devices = Mutex<[ObjectIdentifier]>([])
        let kept = Mutex<[SimulatedDevice]>([])
        let throwing = AppAdapter<CardQuota>(name: "Throwing") { (device: SimulatedDevice) -> CardQuota in
            devices.withLock { $0.append(ObjectIdentifier(device)) }
            kept.withLock { $0.append(device) }
            return CardQuota(device: device)
        }
        .use("view-card") { (_: CardQuota, _: FeatureUse) -> UseResult in throw Broken() }
        var judge = TimelineJudge(binding: try AdapterBinding(throwing, policy: .dailyQuip))
        let judged = judge.judge(zone: first.timeline.zone, events: first.timeline.events)
        #expect(judged.problem != nil)
        #expect(Set(devices.withLock { $0 }).count == 1, "one device played")
    }

    @Test("an issue's Checked: line counts the failing user's reports up to its failing event, after which nothing is judged")
    func tallyStopsAtTheFailure() async throws {
        var report: HarnessReport?
        try await withKnownIssue {
            report = try await SubscriptionHarness.check(CardQuota.adapter(.countInMemory), policy: .dailyQuip, users: 24)
        } matching: { issue in issue.comments.first?.rawValue.hasPrefix("CardQuota(countInMemory) broke") == true }
        let found = try #require(report?.failure?.found)
        try #require(found.user == 0, "the first user fails: its events alone are counted")
        #expect(report?.tally.events == found.originalViolation.eventIndex + 1, "events 0 to the failing one of \(found.originalEvents)")
    }

    @Test("an app wrong on every play is shrunk as before: the shrunk timeline fails when played again")
    func alwaysWrong() throws {
        let first = try Self.firstFailingUser()
        let run = HarnessRun(binding: try AdapterBinding(Self.fading(after: .max), policy: .dailyQuip))
        let settings = try HarnessSettings(seed: SubscriptionHarness.defaultSeed, users: 24, years: 3, environment: [:])
        let failure = run.failure(first.violation, on: first.timeline, firstPlay: first.play, user: first.user, persona: first.persona,
                                  settings: settings, tally: ObservationTally())
        #expect(failure.playedAgain == nil)
        #expect(failure.timeline.events.count < first.timeline.events.count)
        #expect(failure.violation.eventIndex == failure.timeline.events.count - 1)
        #expect(!failure.message().contains("Played once more"))
    }
}

import Foundation
import Simulator
import SubscriptionModel
import SubscriptionTesting
import Testing

/// A team's code is judged on what it reports and nothing else: a field it does not
/// report is the reference engine's and can never fail, and a field it reports wrong is
/// caught at that field, under the invariant that names it, not at a filled field that
/// follows from it.
@Suite("Partial observation")
struct PartialObservationTests {
    /// Six cards on one Lisbon morning: the sixth is blocked by the day's limit (Q1).
    static let sixCards = """
    {
      "policy": "daily-quip",
      "zone": "Europe/Lisbon",
      "events": [
        {"at": "2026-05-01T08:00:00+01:00", "do": "install"},
        {"at": "2026-05-01T08:01:00+01:00", "do": "use", "feature": "view-card"},
        {"at": "2026-05-01T08:02:00+01:00", "do": "use", "feature": "view-card"},
        {"at": "2026-05-01T08:03:00+01:00", "do": "use", "feature": "view-card"},
        {"at": "2026-05-01T08:04:00+01:00", "do": "use", "feature": "view-card"},
        {"at": "2026-05-01T08:05:00+01:00", "do": "use", "feature": "view-card"},
        {"at": "2026-05-01T08:06:00+01:00", "do": "use", "feature": "view-card"}
      ]
    }
    """

    @Test("the right app passes the six cards, judged on its outcomes, reasons, paywalls and both screens")
    func rightAppPasses() async throws {
        let report = try await SubscriptionHarness.check(CardQuota.adapter(), policy: .dailyQuip, timeline: Self.sixCards)
        #expect(report.passed)
        #expect(report.tally.uses == 6 && report.tally.blocked == 1 && report.tally.reasons == 1 && report.tally.responses == 1)
        #expect(report.tally.screenReads == 14)
        #expect(report.observed.hasPrefix("judged: outcome of 6 uses, reason of 1 of 1 blocked use, paywall or alert of 1, screens (cards, plan); "))
        #expect(report.observed.hasSuffix("never judged: plan in force, usage day, counts, resetAt, upgrade offer"))
    }

    @Test("an app that reports only outcomes is judged on outcomes only, over generated users (seed 20261121, 40 users)")
    func outcomesOnly() async throws {
        // Its label would say "1 cards remaining today", but it is never read.
        let adapter = CardQuota.adapter(.pluralLabel, readsScreens: false) { result in result.isAllowed ? .allowed : .blocked(nil) }
        let report = try await SubscriptionHarness.check(adapter, policy: .dailyQuip, users: 40)
        #expect(report.passed, "\(report)")
        #expect(report.users == 40 && report.tally.uses > 1_000 && report.tally.blocked > 100)
        #expect(report.tally.reasons == 0 && report.tally.responses == 0 && report.tally.screenReads == 0)
        #expect(report.observed.contains("no reason (never reported)"))
        #expect(report.observed.hasSuffix("never judged: plan in force, usage day, counts, resetAt, upgrade offer, reason, paywall or alert, screens (cards, plan)"))
    }

    /// A wrong report at the sixth card, and the invariant that must name it.
    struct WrongReport: Sendable, CustomStringConvertible {
        let description: String
        let report: @Sendable (UseResult) -> UseResult
        let invariant: Invariant
        let event: Int
    }

    static let wrongReports: [WrongReport] = [
        WrongReport(description: "allows the sixth", report: { _ in .allowed }, invariant: .limitsRespected, event: 6),
        WrongReport(description: "blames the month", report: { $0.isAllowed ? $0 : .blocked(.month, showing: .paywall) }, invariant: .noOverBlocking, event: 6),
        WrongReport(description: "shows an alert", report: { $0.isAllowed ? $0 : .blocked(.day, showing: .alert(Alert(title: "Limit reached", message: nil))) },
                    invariant: .exactResponses, event: 6),
        WrongReport(description: "blocks every card", report: { _ in .blocked(.day) }, invariant: .noOverBlocking, event: 1),
    ]

    @Test("a wrong reported field is caught at its event under its own invariant", arguments: wrongReports)
    func wrongFieldIsCaught(_ wrong: WrongReport) async throws {
        var report: HarnessReport?
        try await withKnownIssue {
            report = try await SubscriptionHarness.check(CardQuota.adapter(report: wrong.report), policy: .dailyQuip, timeline: Self.sixCards)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("broke \(wrong.invariant.rawValue)") }
        }
        let failure = try #require(report?.failure)
        #expect(failure.invariant == wrong.invariant)
        #expect(failure.violation.eventIndex == wrong.event)
        #expect(failure.found == nil && failure.timeline.events.count == 7, "a given timeline is not shrunk")
    }

    @Test("a wrong screen text is caught as exact-screens at the event that shows it")
    func wrongScreen() async throws {
        var report: HarnessReport?
        await withKnownIssue {
            report = try await SubscriptionHarness.check(CardQuota.adapter(.pluralLabel), policy: .dailyQuip, timeline: Self.sixCards)
        }
        let failure = try #require(report?.failure)
        #expect(failure.invariant == .exactScreens && failure.violation.eventIndex == 4)
        #expect(failure.violation.detail.hasPrefix("screen cards \"1 cards remaining today\", expected \"1 card remaining today\""))
    }

    @Test("the failure's trace shows what the app reported beside what the rules say, only for what it reports")
    func trace() async throws {
        var report: HarnessReport?
        await withKnownIssue {
            report = try await SubscriptionHarness.check(CardQuota.adapter(readsScreens: false) { _ in .allowed }, policy: .dailyQuip, timeline: Self.sixCards)
        }
        let trace = try #require(report?.failure?.trace)
        #expect(trace.count == 7)
        #expect(trace[0] == "#0 2026-05-01T08:00:00+01:00 install")
        #expect(trace[1] == "#1 2026-05-01T08:01:00+01:00 use view-card | app: allowed | rules: allowed")
        #expect(trace[6] == "#6 2026-05-01T08:06:00+01:00 use view-card | app: allowed | rules: blocked (day), paywall   <- limits-respected")
    }
}

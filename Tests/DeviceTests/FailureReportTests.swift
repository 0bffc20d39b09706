import Foundation
import Simulator
import SubscriptionModel
import SubscriptionTesting
import Testing

/// A failure is recorded as one test issue that carries everything a team needs: the
/// invariant, the seed and user, the shrunk timeline as JSON that reads back to the same
/// timeline, the command that regenerates the user, and a regression test whose
/// timeline, checked through the same adapter, fails the same way.
@Suite("Failure reports")
struct FailureReportTests {
    /// The app that resets only at launch, hunted over 24 users of the default seed.
    static func huntResetsOnlyAtLaunch() async throws -> HarnessReport {
        var report: HarnessReport?
        try await withKnownIssue {
            report = try await SubscriptionHarness.check(CardQuota.adapter(.resetsOnlyAtLaunch), policy: .dailyQuip, users: 24)
        } matching: { issue in
            issue.comments.count == 1 && issue.comments[0].rawValue.hasPrefix("CardQuota(resetsOnlyAtLaunch) broke no-over-blocking (G4, G6) under daily-quip.")
        }
        return try #require(report)
    }

    @Test("one issue names the invariant, seed, user and the command that replays the user")
    func issueNamesWhereItWasFound() async throws {
        let report = try await Self.huntResetsOnlyAtLaunch()
        let failure = try #require(report.failure)
        let found = try #require(failure.found)
        #expect(found.seed == SubscriptionHarness.defaultSeed && found.years == 3)
        #expect(report.users == found.user + 1, "the hunt stops at the first failing user")
        #expect(failure.replayCommand == "swift run -c release simulate replay --policy daily-quip --seed 20261121 --user \(found.user) --years 3 --app-life --out user\(found.user).json")
        let message = failure.message()
        #expect(message.contains("Found at user \(found.user) of seed 20261121"))
        #expect(message.contains("Run this check again: SIMULATE_SEED=20261121 SIMULATE_USERS=\(found.user + 1) swift test"))
        #expect(message.contains(failure.timelineJSON.trimmingCharacters(in: .newlines)))
        #expect(message.contains("Checked: judged: outcome of "))
        // docs/testing-your-app.md shows this line for the example's described manager,
        // which fails at the same user and event: it must be today's.
        let line = try #require(message.split(separator: "\n").first { $0.hasPrefix("Found at user") })
        let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/testing-your-app.md")
        #expect(try String(contentsOf: guide, encoding: .utf8).contains("\n" + line + "\n"), "docs/testing-your-app.md should show: \(line)")
        // The next line counts its event in the shrunk timeline the trace shows.
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        let next = lines[try #require(lines.firstIndex(of: line)) + 1]
        #expect(next.hasPrefix("\(failure.invariant.rawValue) at event \(failure.violation.eventIndex) of the shrunk timeline: "), "\(next)")
    }

    @Test("the command to run the check again selects the failing test alone, and reaches the failing user")
    func rerunSelectsTheTest() async throws {
        let report = try await Self.huntResetsOnlyAtLaunch()
        #expect(report.testFilter == #"\.FailureReportTests/rerunSelectsTheTest\("#,
                "Swift Testing names the running test, not the helper that called the check (#function)")
        let found = try #require(report.failure?.found)
        #expect(report.issue(forXCTest: false)?.contains(
            "Run this check again: SIMULATE_SEED=20261121 SIMULATE_USERS=\(found.user + 1) swift test --filter '\\.FailureReportTests/rerunSelectsTheTest\\('\n") == true)
    }

    @Test("an app that ends Premium at the entitlement's expiration date, though StoreKit still reports it, is found (G12: expires is shown, never enforced)")
    func premiumEndsAtExpiry() async throws {
        var report: HarnessReport?
        try await withKnownIssue {
            report = try await SubscriptionHarness.check(CardQuota.adapter(.premiumEndsAtExpiry), policy: .dailyQuip, users: 300)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("CardQuota(premiumEndsAtExpiry) broke ") }
        }
        let failure = try #require(report?.failure)
        #expect(failure.timeline.events.contains { if case .setEntitlement(let entitlement?) = $0.action { entitlement.expires != nil } else { false } },
                "the shrunk timeline reports an entitlement with an expiry: \(failure.message())")
        // A finding docs/testing-your-app.md quotes: after the expiry the app shows Free's
        // count (at its next screen: a timer, a return from the background), while the
        // entitlement last reported is still Premium's.
        #expect(failure.invariant == .exactScreens)
        #expect(failure.violation.detail.hasPrefix("screen cards \"5 cards remaining today\", expected \"Unlimited cards\" (plan premium"), "\(failure.violation)")
    }

    @Test("the replayed user is the one that failed: its generated timeline fails the same way")
    func replayedUserFails() async throws {
        let failure = try #require(try await Self.huntResetsOnlyAtLaunch().failure)
        let found = try #require(failure.found)
        let generated = TimelineGenerator(policy: .dailyQuip, maxYears: found.years, appLife: true).user(seed: found.seed, user: found.user).timeline
        #expect(generated.events.count == found.originalEvents)
        var again: HarnessReport?
        await withKnownIssue {
            again = try await SubscriptionHarness.check(CardQuota.adapter(.resetsOnlyAtLaunch), policy: .dailyQuip,
                                                        timeline: TimelineWriter().text(generated))
        }
        #expect(again?.failure?.violation == found.originalViolation)
    }

    @Test("the shrunk timeline is small, reads back to itself, and is the regression test's")
    func shrunkTimeline() async throws {
        let failure = try #require(try await Self.huntResetsOnlyAtLaunch().failure)
        // Five cards, a midnight that passes without a launch, one more card: 7 events.
        #expect(failure.timeline.events.count <= 7)
        #expect(try TimelineReader().read(data: Data(failure.timelineJSON.utf8)) == failure.timeline)
        let test = failure.regressionTest
        #expect(test.contains("@Test(\"regression: daily-quip no-over-blocking, seed 20261121 user \(failure.found!.user)\")"))
        #expect(test.contains("try await SubscriptionHarness.check(<#adapter#>, policy: .dailyQuip, timeline: #\"\"\""))
        #expect(failure.regressionTestXCTest.contains("func testRegressionDailyQuipNoOverBlockingSeed20261121User\(failure.found!.user)() async throws {"))
        // The pasted timeline, checked through the same adapter, fails the same way; the right app passes it.
        var pasted: HarnessReport?
        await withKnownIssue {
            pasted = try await SubscriptionHarness.check(CardQuota.adapter(.resetsOnlyAtLaunch), policy: .dailyQuip, timeline: failure.timelineJSON)
        }
        #expect(pasted?.failure?.violation == failure.violation)
        let fixed = try await SubscriptionHarness.check(CardQuota.adapter(), policy: .dailyQuip, timeline: failure.timelineJSON)
        #expect(fixed.passed)
    }

    @Test("under XCTest the issue carries the XCTest form of the regression test")
    func xctestForm() async throws {
        let report = try await Self.huntResetsOnlyAtLaunch()
        let text = try #require(report.issue(forXCTest: true))
        #expect(text.contains("func testRegressionDailyQuip"))
        #expect(!text.contains("@Test("))
        #expect(try #require(report.issue(forXCTest: false)).contains("@Test("))
    }
}

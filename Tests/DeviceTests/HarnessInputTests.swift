import Foundation
import SubscriptionModel
import SubscriptionTesting
import Testing

/// What the harness refuses before playing anyone, each with one line naming the
/// offending input: an adapter that does not fit the policy, a malformed setting from
/// the environment, a timeline that does not read.
@Suite("Harness inputs")
struct HarnessInputTests {
    static func problem(_ body: () async throws -> Void) async -> String? {
        do {
            try await body()
            return nil
        } catch let error as HarnessError {
            return error.description
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test("an adapter without a closure for a feature of the policy is refused, naming the feature")
    func missingFeature() async {
        let adapter = AppAdapter { device in CardQuota(device: device) }
        let problem = await Self.problem { try await SubscriptionHarness.check(adapter, policy: .dailyQuip, users: 1) }
        #expect(problem == "the adapter has no closure for daily-quip's feature \"view-card\": add .use(\"view-card\") { app, use in ... }")
    }

    @Test("a feature or screen the policy does not have is refused, listing the policy's")
    func unknownNames() async {
        let feature = CardQuota.adapter().use("add-person") { _, _ in .allowed }
        #expect(await Self.problem { try await SubscriptionHarness.check(feature, policy: .dailyQuip, users: 1) }
                == "the adapter handles feature \"add-person\", which daily-quip does not have (its features: view-card)")
        let screen = CardQuota.adapter().screen("banners") { _ in .list([]) }
        #expect(await Self.problem { try await SubscriptionHarness.check(screen, policy: .dailyQuip, users: 1) }
                == "the adapter reads screen \"banners\", which daily-quip does not have (its screens: cards, plan)")
    }

    @Test("a feature, screen or lifecycle hook given twice is refused, naming it, rather than one of the two kept silently")
    func givenTwice() async {
        let screen = CardQuota.adapter().screen("plan") { _ in .text("Free") }
        #expect(await Self.problem { try await SubscriptionHarness.check(screen, policy: .dailyQuip, users: 1) }
                == "the adapter gives .screen(\"plan\") more than once: the harness would keep one and drop the other; keep the one your app means")
        let use = CardQuota.adapter().use("view-card") { _, _ in .allowed }
        #expect(await Self.problem { try await SubscriptionHarness.check(use, policy: .dailyQuip, users: 1) }?
                    .hasPrefix("the adapter gives .use(\"view-card\") more than once") == true)
        let hook = CardQuota.adapter().lifecycle { _, _ in }
        #expect(await Self.problem { try await SubscriptionHarness.check(hook, policy: .dailyQuip, users: 1) }?
                    .hasPrefix("the adapter gives .lifecycle more than once") == true)
    }

    @Test("a timeline that does not read, or is under another policy, is refused")
    func badTimeline() async {
        #expect(await Self.problem { try await SubscriptionHarness.check(CardQuota.adapter(), policy: .dailyQuip, timeline: "{") }?
                    .hasPrefix("timeline: ") == true)
        let other = #"{"policy": "face-recall", "zone": "UTC", "events": [{"at": "2026-01-01T00:00:00Z", "do": "install"}]}"#
        #expect(await Self.problem { try await SubscriptionHarness.check(CardQuota.adapter(), policy: .dailyQuip, timeline: other) }
                == "timeline: policy: the timeline is under face-recall, the check under daily-quip")
    }

    @Test("SIMULATE_SEED and SIMULATE_USERS override the caller's seed and size; malformed values are named")
    func environment() throws {
        let plain = try HarnessSettings(seed: 7, users: 300, years: 3, environment: [:])
        #expect(plain == (try HarnessSettings(seed: 7, users: 300, years: 3, environment: ["OTHER": "1"])))
        #expect(plain.seed == 7 && plain.users == 300 && plain.years == 3)
        let overridden = try HarnessSettings(seed: 7, users: 300, years: 3, environment: ["SIMULATE_SEED": "42", "SIMULATE_USERS": "20000"])
        #expect(overridden.seed == 42 && overridden.users == 20_000)
        #expect(throws: HarnessError("SIMULATE_SEED=\"forty-two\" is not a seed: expected an integer from 0 to 18446744073709551615")) {
            try HarnessSettings(seed: 7, users: 300, years: 3, environment: ["SIMULATE_SEED": "forty-two"])
        }
        for users in ["0", "100000001"] {
            #expect(throws: HarnessError("SIMULATE_USERS=\"\(users)\" is not a number of users: expected an integer from 1 to 100000000 (as simulate run's --users)")) {
                try HarnessSettings(seed: 7, users: 300, years: 3, environment: ["SIMULATE_USERS": users])
            }
        }
        #expect(throws: HarnessError("users: 100000001, expected 1 to 100000000"), "every user played is one simulate replay --user takes") {
            try HarnessSettings(seed: 7, users: 100_000_001, years: 3, environment: [:])
        }
        #expect(throws: HarnessError("years: 0, expected 1 to 60")) {
            try HarnessSettings(seed: 7, users: 300, years: 0, environment: [:])
        }
    }
}

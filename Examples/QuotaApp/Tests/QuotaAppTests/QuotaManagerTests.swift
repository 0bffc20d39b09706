import QuotaApp
import SubscriptionModel
import SubscriptionTesting
import Testing

/// The fixed manager keeps the daily-quip rules over generated users and on each day
/// that broke the described one.
@Suite("The quota manager")
struct QuotaManagerTests {
    @Test("keeps the daily-quip rules for 300 generated users (seed 20261121; SIMULATE_SEED, SIMULATE_USERS to widen)")
    func generatedUsers() async throws {
        let report = try await SubscriptionHarness.check(QuotaManager.harnessAdapter, policy: .dailyQuip, users: 300)
        #expect(report.passed)
        #expect(report.tally.uses > 100_000 && report.tally.blocked > 10_000, "the users reached the limit often: \(report)")
    }

    @Test("keeps them on the days that broke the described manager",
          arguments: [DailyQuipTimelines.reinstall, DailyQuipTimelines.midnightWithoutLaunch,
                      DailyQuipTimelines.zoneChangeSameDate, DailyQuipTimelines.premiumLapsesSameDay])
    func describedBugs(_ timeline: String) async throws {
        let report = try await SubscriptionHarness.check(QuotaManager.harnessAdapter, policy: .dailyQuip, timeline: timeline)
        #expect(report.passed && report.events > 6)
    }
}

/// Pasted from the issue `SubscriptionHarness.check` recorded for `DescribedQuotaManager`
/// (its "regression test to paste", with the adapter filled in): it failed for the
/// described manager and passes for the fixed one.
@Test("regression: daily-quip no-over-blocking, seed 20261121 user 0")
func regressionDailyQuipNoOverBlockingSeed20261121User0() async throws {
    try await SubscriptionHarness.check(QuotaManager.harnessAdapter, policy: .dailyQuip, timeline: #"""
        {
          "about": "SubscriptionHarness.check of DescribedQuotaManager: seed 20261121, user 0 (years 3), shrunk from 19190 events; no-over-blocking at event 6: outcome blocked for view-card, expected allowed: free enables it and no limit is reached (used: day 0)",
          "policy": "daily-quip",
          "zone": "UTC",
          "events": [
            {"at": "2059-02-06T09:00:00Z", "do": "install"},
            {"at": "2059-02-06T09:00:00Z", "do": "use", "feature": "view-card"},
            {"at": "2059-02-06T09:00:00Z", "do": "use", "feature": "view-card"},
            {"at": "2059-02-06T09:00:00Z", "do": "use", "feature": "view-card"},
            {"at": "2059-02-06T09:00:00Z", "do": "use", "feature": "view-card"},
            {"at": "2059-02-06T09:00:00Z", "do": "use", "feature": "view-card"},
            {"at": "2059-02-07T00:00:00Z", "do": "use", "feature": "view-card"}
          ]
        }
        """#)
}

import Foundation
import SubscriptionModel
import SubscriptionTesting
import Testing

@Suite("Smoke")
struct SmokeTests {
    @Test("correct app passes") func correct() async throws {
        let report = try await SubscriptionHarness.check(CardQuota.adapter(), policy: .dailyQuip, users: 300)
        print(report)
        #expect(report.passed)
    }

    @Test("each mistake", arguments: CardQuota.Mistake.allCases) func mistake(_ mistake: CardQuota.Mistake) async throws {
        await withKnownIssue {
            let report = try await SubscriptionHarness.check(CardQuota.adapter(mistake), policy: .dailyQuip, users: 300)
            print(report)
            if let f = report.failure { print(f.message()) }
        }
    }
}

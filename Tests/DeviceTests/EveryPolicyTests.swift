import Foundation
import SubscriptionModel
import SubscriptionTesting
import Testing

/// The harness fits any policy: an app that follows the rules (the reference engine
/// driven only by the simulated device) passes under every shipped policy, through every
/// feature (diary days and releases included) and every screen, judged on all it reports.
@Suite("Every shipped policy")
struct EveryPolicyTests {
    @Test("an app that follows the rules passes (seed 20261121, 16 users each)", arguments: SubscriptionPolicy.shippedNames)
    func rightAppPasses(_ name: String) async throws {
        let policy = try #require(SubscriptionPolicy.named(name))
        let report = try await SubscriptionHarness.check(EngineApp.adapter(policy), policy: policy, users: 16)
        #expect(report.passed, "\(report)")
        #expect(report.users == 16 && report.tally.uses > 0 && report.tally.reasons == report.tally.blocked)
        #expect(report.screensNotRead.isEmpty)
    }
}

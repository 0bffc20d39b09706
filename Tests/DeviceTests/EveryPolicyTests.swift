import Foundation
import SimulatorCore
import SubscriptionModel
import SubscriptionTesting
import Testing

/// The harness fits any policy: an app that follows the rules (the reference engine
/// driven only by the simulated device) passes under every shipped policy, through every
/// feature (diary days and releases included) and every screen, judged on all it reports;
/// and under the credit-pack example, buying and refunded packs through the device's
/// consumable transactions.
@Suite("Every shipped policy")
struct EveryPolicyTests {
    @Test("an app that follows the rules passes (seed 20261121, 16 users each)", arguments: SubscriptionPolicy.shippedNames + ExamplePolicies.names)
    func rightAppPasses(_ name: String) async throws {
        let policy = try #require(PolicyLoader.builtIn(name))
        let report = try await SubscriptionHarness.check(EngineApp.adapter(policy), policy: policy, users: 16)
        #expect(report.passed, "\(report)")
        #expect(report.users == 16 && report.tally.uses > 0 && report.tally.reasons == report.tally.blocked)
        #expect(report.screensNotRead.isEmpty)
    }
}

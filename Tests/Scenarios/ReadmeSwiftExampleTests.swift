import Simulator
import SubscriptionModel
import Testing
import TestSupport

/// The README's Swift examples of checking an implementation in-process, line for line
/// (`ReadmeTests` holds the README's code to this file), run with stand-ins that are
/// the reference engines themselves: whatever the examples report must then pass.
@Suite("The README's Swift examples")
struct ReadmeSwiftExampleTests {
    /// A team's quota logic under the flagship's rules, here the reference model.
    struct MyQuotaLogic: SubscriptionImplementation {
        var model = ReferenceImplementation()
        mutating func start(zone: TimeZoneRules) { model.start(zone: zone) }
        mutating func handle(_ event: Event) -> Output { model.handle(event) }
    }

    /// A team's quota logic under a policy, here the generic reference engine.
    struct MyPolicyQuota: PolicyImplementation {
        var engine = PolicyReferenceImplementation()
        mutating func start(policy: SubscriptionPolicy, zone: TimeZoneRules) { engine.start(policy: policy, zone: zone) }
        mutating func handle(_ event: PolicyEvent) -> PolicyOutput { engine.handle(event) }
    }

    @Test("the flagship's campaign and hunt, as the README writes them (seed 7, 500 users)", .enabled(if: CampaignTests.enabled, "campaign-sized: SIMULATE_CAMPAIGN_TESTS=1 runs it, as .ci/run does"))
    func flagship() {
        var campaign = Campaign(options: CampaignOptions(seed: 7, users: 500)) { MyQuotaLogic() }
        campaign.comparesWithReference = true          // also `matches-reference`, field by field
        let result = campaign.run()                    // result.brokenInvariants, result.tally.firstFailingUser
        let hunt = KillHunt.run(options: CampaignOptions(seed: 7, users: 500)) { MyQuotaLogic() }  // first failure, shrunk
        #expect(result.tally.users == 500 && result.brokenInvariants.isEmpty, "\(result.brokenInvariants)")
        #expect(result.tally.checks[.matchesReference] > 0, "matches-reference was checked")
        #expect(!hunt.killed, "the reference itself survives: \(String(describing: hunt.violation))")
    }

    @Test("a policy's campaign and hunt, as the README writes them (daily-quip, seed 7, 500 users)", .enabled(if: CampaignTests.enabled, "campaign-sized: SIMULATE_CAMPAIGN_TESTS=1 runs it, as .ci/run does"))
    func policy() {
        var policyCampaign = PolicyCampaign(options: CampaignOptions(seed: 7, users: 500), policy: .dailyQuip) { MyPolicyQuota() }
        policyCampaign.comparesWithReference = true
        let outcome = policyCampaign.run()             // outcome.brokenInvariants, outcome.firstFailingUser, outcome.coverage
        let found = KillHunt.run(options: CampaignOptions(seed: 7, users: 500), policy: .dailyQuip) { MyPolicyQuota() }  // found.shrunk
        #expect(outcome.users == 500 && outcome.brokenInvariants.isEmpty, "\(outcome.brokenInvariants)")
        #expect(outcome.checks[.matchesReference] > 0, "matches-reference was checked")
        #expect(!found.killed && found.shrunk == nil, "the reference itself survives: \(String(describing: found.violation))")
    }
}

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
    struct MyQuotaLogic: FlagshipImplementation {
        var model = FlagshipReferenceImplementation()
        mutating func start(zone: TimeZoneRules) { model.start(zone: zone) }
        mutating func handle(_ event: FlagshipEvent) -> FlagshipOutput { model.handle(event) }
    }

    /// A team's quota logic under a policy, here the generic reference engine.
    struct MyPolicyQuota: SubscriptionImplementation {
        var engine = ReferenceImplementation()
        mutating func start(policy: SubscriptionPolicy, zone: TimeZoneRules) { engine.start(policy: policy, zone: zone) }
        mutating func handle(_ event: Event) -> Output { engine.handle(event) }
    }

    @Test("a policy's campaign and hunt, as the README writes them (daily-quip, seed 7, 500 users)", .enabled(if: CampaignTests.enabled, "campaign-sized: SIMULATE_CAMPAIGN_TESTS=1 runs it, as .ci/run does"))
    func policy() {
        var campaign = Campaign(options: CampaignOptions(seed: 7, users: 500), policy: .dailyQuip) { MyPolicyQuota() }
        campaign.comparesWithReference = true          // also `matches-reference`, field by field
        let result = campaign.run()                    // result.passed, result.brokenInvariants, result.firstFailingUser
        let hunt = KillHunt.run(options: CampaignOptions(seed: 7, users: 500), policy: .dailyQuip) { MyPolicyQuota() }  // hunt.shrunk
        #expect(result.users == 500 && result.brokenInvariants.isEmpty, "\(result.brokenInvariants)")
        #expect(result.checks[.matchesReference] > 0, "matches-reference was checked")
        #expect(!hunt.killed && hunt.shrunk == nil, "the reference itself survives: \(String(describing: hunt.violation))")
    }

    @Test("the flagship's campaign and hunt, as the README writes them (seed 7, 500 users)", .enabled(if: CampaignTests.enabled, "campaign-sized: SIMULATE_CAMPAIGN_TESTS=1 runs it, as .ci/run does"))
    func flagship() {
        var flagship = Campaign(options: CampaignOptions(seed: 7, users: 500)) { MyQuotaLogic() }
        flagship.comparesWithReference = true
        let flagshipResult = flagship.run()           // the same RunResult: brokenInvariants, firstFailingUser, checks
        let flagshipHunt = KillHunt.run(options: CampaignOptions(seed: 7, users: 500)) { MyQuotaLogic() }
        #expect(flagshipResult.users == 500 && flagshipResult.brokenInvariants.isEmpty, "\(flagshipResult.firstFailingUser)")
        #expect(flagshipResult.checks[.matchesReference] > 0, "matches-reference was checked")
        #expect(!flagshipHunt.killed, "the reference itself survives: \(String(describing: flagshipHunt.violation))")
    }
}

import Foundation
@testable import Simulator
@testable import SimulatorCore
import SubscriptionModel
import Testing
import TestSupport

/// The harness earns its keep by catching the bugs real apps ship: every catalogued
/// mutant of every rule set is killed by the default campaign's seed, its shrunk
/// counterexample is realistic, 1-minimal and no longer than the smallest timeline that
/// shows its bug plus two events, and the regression test its kill matrix row carries
/// fails for the mutant and passes for the reference. Written once (`killed`), run for
/// the flagship's catalogue and every policy's.
@Suite("Every catalogued mutant is killed, for every rule set")
struct MutantsKilledTests {
    /// The default campaign's seed (`simulate mutants`), the first users of it.
    static let flagshipOptions = CampaignOptions(seed: 7, users: 3_000, years: CampaignOptions.defaultYears, jobs: 1)
    /// Enough users of the same seed for the rarest policy bug.
    static let policyOptions = CampaignOptions(seed: 7, users: 2_500, years: CampaignOptions.defaultYears, jobs: 1)

    @Test("a flagship mutant: killed, shrunk to a short, realistic, 1-minimal counterexample its regression test carries",
          arguments: FlagshipMutantUnderTest.all)
    func flagship(_ mutant: FlagshipMutantUnderTest) throws { try Self.killed(mutant, options: Self.flagshipOptions) }

    @Test("a policy mutant: killed, shrunk to a short, realistic, 1-minimal counterexample its regression test carries",
          .enabled(if: CampaignTests.enabled, "campaign-sized: SIMULATE_CAMPAIGN_TESTS=1 runs it, as .ci/run does"), arguments: ShippedPolicyMutantUnderTest.all)
    func policy(_ mutant: ShippedPolicyMutantUnderTest) throws { try Self.killed(mutant, options: Self.policyOptions) }

    static func killed<Mutant: MutantUnderTest>(_ mutant: Mutant, options: CampaignOptions) throws {
        let name = mutant.testDescription
        let result = mutant.hunt(options)
        let violation = try #require(result.violation, "\(name) survived \(options.users) users of seed \(options.seed); reproduce with: \(mutant.reproduce(options))")
        let shrunk = try #require(result.shrunk)
        let shrunkViolation = try #require(result.shrunkViolation, "\(name): the shrunk timeline no longer fails")
        // A rule set whose hunt keeps the invariant that caught the mutant must shrink
        // through it; one that takes the shortest timeline that shows the bug may not.
        let anyInvariant = Mutant.Rules.huntShrinksToAnyInvariant
        if !anyInvariant { #expect(shrunkViolation.invariant == violation.invariant, "\(name): the shrunk timeline fails the same way") }
        #expect(shrunk.isRealistic, "\(name): the counterexample holds an entitlement StoreKit does not report\n\(mutant.text(shrunk))")
        let smallest = mutant.smallestCounterexample(through: violation.invariant)
        #expect(shrunk.events.count <= smallest + 2,
                "\(name): \(shrunk.events.count) events, the smallest through \(violation.invariant.rawValue) is \(smallest)\n\(mutant.text(shrunk))")
        // 1-minimal: removing any single event but the install (and what its removal takes
        // with it, as the shrinker repairs a candidate: a refund with its purchase) makes
        // the failure go away.
        for index in 1..<shrunk.events.count {
            var smaller = shrunk
            smaller.events.remove(at: index)
            let again = mutant.check(smaller.repaired)
            #expect(anyInvariant ? again == nil : again?.invariant != shrunkViolation.invariant, "\(name): event \(index) of the counterexample could go")
        }
        // The kill matrix row's regression test constructs the mutant, and the timeline
        // it embeds fails for the mutant and passes for the reference.
        let test = try #require(mutant.row(result).regressionTest)
        #expect(test.contains("{ \(mutant.constructor) }"), "\(test)")
        let embedded = try #require(test.components(separatedBy: "#\"\"\"").dropFirst().first?.components(separatedBy: "\"\"\"#").first)
        let timeline = try mutant.read(embedded)
        #expect(mutant.check(timeline) != nil, "the pasted test fails for \(name)")
        #expect(mutant.referencePasses(timeline), "and passes once the bug is gone")
    }
}

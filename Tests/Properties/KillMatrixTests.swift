@testable import Simulator
@testable import SimulatorCore
import SubscriptionModel
import Testing
import TestSupport

/// `simulate mutants --policy X`: the counterexamples of many policy mutants at once, and
/// what a kill matrix row says. (That every catalogued mutant is killed, with a short
/// 1-minimal counterexample, is `MutantsKilledTests`, written once for every rule set.)
@Suite("Policy mutants in the kill matrix")
struct KillMatrixTests {
    /// Seed 7, 150 users per mutant: most of the 38 are caught that early, each a failure
    /// shrunk through the candidates a realistic timeline allows. (With the campaign-sized
    /// tests on, `MutantsKilledTests.policy` hunts every one of them over the same seed's
    /// first 2,500 users, which finds the same first kills and asks the same of their
    /// counterexamples, and more: this one is then left out, about 80 s of processor time.)
    @Test("every shrunk counterexample of every policy mutant caught in 150 users is a timeline the generator could produce",
          .enabled(if: !CampaignTests.enabled, "with SIMULATE_CAMPAIGN_TESTS=1, MutantsKilledTests.policy asks this of every policy mutant"))
    func counterexamplesAreRealistic() throws {
        let options = CampaignOptions(seed: 7, users: 150, years: CampaignOptions.defaultYears, jobs: 1)
        let entries = MutantCatalogue.all
        let policies = try entries.map { try #require(PolicyLoader.builtIn($0.policy)) }
        // Each mutant's hunt on one thread, as many at once as cores (as `simulate mutants` does).
        let results = Workers.rows(count: entries.count, jobs: CampaignOptions.coreCount) { index in
            entries[index].visit(KillMatrix.Hunt(options: options, policy: policies[index], swarm: true))
        }
        var killed = 0
        for (entry, result) in zip(entries, results) {
            guard let shrunk = result.shrunk else { continue }
            killed += 1
            #expect(shrunk.isRealistic, "\(entry.policy)/\(entry.name) (seed 7, user \(result.user ?? -1)): \(TimelineWriter().text(shrunk, about: nil))")
        }
        #expect(killed >= 19, "only \(killed) of \(MutantCatalogue.all.count) mutants caught in \(options.users) users: too few failures to judge")
    }

    @Test("a kill matrix row's regression test names the invariant its shrunk counterexample breaks when the shrinker found another")
    func rowNamesTheShrunkInvariant() throws {
        let entry = try #require(MutantCatalogue.all.first)
        let caught = Violation<Invariant>(invariant: .noOverBlocking, eventIndex: 40, detail: "caught")
        func row(shrunkBy invariant: Invariant) -> RunReport.MutantEntry {
            let result = KillHunt<PolicyRules>.Result(violation: caught, user: 3, eventsUntilKill: 100, secondsUntilKill: 0.5, shrunk: entry.counterexample,
                                               shrunkViolation: Violation<Invariant>(invariant: invariant, eventIndex: 1, detail: "shrunk"))
            return KillMatrix.row(for: entry, result: result, policyName: entry.policy)
        }
        let events = Figures.count(entry.counterexample.events.count, "event")
        #expect(row(shrunkBy: .countsFollowUses).regressionTest?.contains("caught by no-over-blocking and shrunk to \(events), on which it breaks counts-follow-uses.") == true)
        #expect(row(shrunkBy: .noOverBlocking).regressionTest?.contains("caught by no-over-blocking and shrunk to \(events).") == true)
        #expect(row(shrunkBy: .countsFollowUses).caughtBy == "no-over-blocking")
        // The matrix says so too, in its "by" column and under the console's table.
        let other = row(shrunkBy: .countsFollowUses), same = row(shrunkBy: .noOverBlocking)
        #expect(other.counterexampleBreaks == "counts-follow-uses" && same.counterexampleBreaks == nil)
        #expect(other.caughtByText == "`no-over-blocking` (its counterexample breaks `counts-follow-uses`)" && same.caughtByText == "`no-over-blocking`")
        #expect(KillMatrix.text([other, same]).contains("\n  (\(entry.name): its shrunk counterexample breaks counts-follow-uses)\n"))
        var report = RunReport(result: Campaign(options: CampaignOptions(seed: 1, users: 1, years: 1, jobs: 1), policy: .dailyQuip, policyName: "daily-quip").run(), failures: [])
        report.mutants = [other]
        let markdown = MarkdownReport.text(report)
        #expect(markdown.contains("| `no-over-blocking` (its counterexample breaks `counts-follow-uses`) |"))
        #expect(markdown.contains("`simulate replay FOLDER/failures/mutant-NAME.json --mutant NAME` against the same without `--mutant`."))
    }

    /// Checks one timeline with a mutant's concrete type, against the reference.
}

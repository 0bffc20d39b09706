import Dispatch
import Foundation
import SubscriptionModel
import Synchronization
import SimulatorCore

extension KillHunt where Rules == PolicyRules {
    /// Hunts the implementations of `policy` that `make` builds over `options`' users.
    public static func run<I: SubscriptionImplementation>(options: CampaignOptions, policy: SubscriptionPolicy, swarm: Bool = true,
                                                    make: @escaping @Sendable () -> I) -> Result {
        var campaign = Campaign(options: options, policy: policy, swarm: swarm, makeImplementation: make)
        campaign.comparesWithReference = true
        return hunt(options: options, users: campaign.generator, makeCheck: campaign.makeCheck)
    }
}

/// The kill matrix of a policy's catalogued mutants: every mutant hunted over the same
/// users, in parallel, specialized for each mutant's type; and, for every rule set's
/// matrix (`FlagshipKillMatrix` hunts the flagship's), how it is printed.
package enum KillMatrix {
    /// Hunts every mutant of `policyName`'s catalogue; rows in catalogue order.
    package static func run(options: CampaignOptions, policy: SubscriptionPolicy, policyName: String, swarm: Bool = true) -> [RunReport.MutantEntry] {
        hunt(options: options, policy: policy, policyName: policyName, swarm: swarm).rows
    }

    /// Hunts every mutant of `policyName`'s catalogue (over `options.shard`'s users when
    /// sharded): the rows in catalogue order, and what merging shards needs. `progress`
    /// is given the mutants hunted so far, once a second while they are hunted.
    package static func hunt(options: CampaignOptions, policy: SubscriptionPolicy, policyName: String, swarm: Bool = true,
                             progress: (@Sendable (Int) -> Void)? = nil) -> KillMatrixResult {
        let catalogue = MutantCatalogue.entries(for: policyName)
        return KillMatrixResult(Workers.rows(count: catalogue.count, jobs: options.jobs, progress: progress) { index in
            let entry = catalogue[index]
            let result = entry.visit(Hunt(options: options, policy: policy, swarm: swarm))
            return (row(for: entry, result: result, policyName: policyName), result.user, result.eventsPerUser)
        })
    }

    /// Where a report's counterexamples are and how to see a mutant's bug in one, in
    /// markdown (the HTML report shows its code spans as code).
    package static let counterexampleNote = "Each killed mutant's shrunk counterexample is `failures/mutant-NAME.json` in this report's folder. "
        + "To see the bug, replay it through the mutant and through the reference and compare the two: "
        + "`simulate replay FOLDER/failures/mutant-NAME.json --mutant NAME` against the same without `--mutant`."

    /// The matrix as `simulate mutants` prints it.
    package static func text(_ rows: [RunReport.MutantEntry]) -> String {
        var lines = ["  " + Figures.left("mutant", 38) + Figures.left("", 9) + Figures.left("caught by", 34) + Figures.right("events", 12) + Figures.right("seconds", 10) + Figures.right("shrunk to", 11)]
        for row in rows {
            lines.append("  " + Figures.left(row.name, 38) + Figures.left(row.killed ? "killed" : "SURVIVED", 9) + Figures.left(row.caughtBy ?? "", 34)
                + Figures.right(row.eventsUntilKill.map(Figures.grouped) ?? "", 12) + Figures.right(row.secondsUntilKill.map { Figures.fixed($0, 3) } ?? "", 10)
                + Figures.right(row.shrunkEvents.map { Figures.count($0, "event") } ?? "", 11))
        }
        for row in rows {
            guard let broken = row.counterexampleBreaks else { continue }
            lines.append("  (\(row.name): its shrunk counterexample breaks \(broken))")
        }
        let killed = rows.filter(\.killed).count
        lines.append("")
        lines.append("\(killed) of \(rows.count) mutants killed.")
        return lines.joined(separator: "\n")
    }

    /// A hunt specialized for one mutant type.
    package struct Hunt: MutantVisitor {
        let options: CampaignOptions
        let policy: SubscriptionPolicy
        let swarm: Bool

        /// A hunt over `options`' users of `policy`.
        package init(options: CampaignOptions, policy: SubscriptionPolicy, swarm: Bool = true) {
            self.options = options
            self.policy = policy
            self.swarm = swarm
        }

        /// Hunts mutant type `M`.
        package func visit<M: Mutant>(_ type: M.Type) -> KillHunt<PolicyRules>.Result {
            KillHunt.run(options: options, policy: policy, swarm: swarm) { M() }
        }
    }

    /// The kill matrix row of a hunt, with a regression test that constructs the mutant.
    static func row(for mutant: MutantCatalogue.Entry, result: KillHunt<PolicyRules>.Result, policyName: String) -> RunReport.MutantEntry {
        let counterexample = result.shrunk.map {
            TimelineWriter(policyReference: policyName).text($0, about: "\(mutant.name): \(result.shrunkViolation?.description ?? "")")
        }
        // The shrinker keeps any violation, so the counterexample may break another invariant than the one that caught the mutant.
        let caught = result.violation?.invariant.rawValue ?? "?", broken = result.shrunkViolation?.invariant.rawValue
        let shrunkTo = "shrunk to \(Figures.count(result.shrunk?.events.count ?? 0, "event"))" + (broken.map { $0 == caught ? "" : ", on which it breaks \($0)" } ?? "")
        return RunReport.MutantEntry(
            name: mutant.name, mistake: mutant.mistake, killed: result.killed, caughtBy: result.violation?.invariant.rawValue,
            eventsUntilKill: result.killed ? result.eventsUntilKill : nil,
            secondsUntilKill: result.killed ? (result.secondsUntilKill * 1000).rounded() / 1000 : nil,
            shrunkEvents: result.shrunk?.events.count, counterexample: counterexample,
            counterexampleBreaks: broken == caught ? nil : broken,
            regressionTest: counterexample.map { text in
                RegressionTest.policySource(name: "\(policyName)-\(mutant.name)", title: "mutant \(mutant.name) of \(policyName), user \(result.user ?? 0)",
                                            summary: "The mutant \(mutant.name) (\(mutant.mistake)) caught by \(caught) and \(shrunkTo).",
                                            timelineText: text, implementation: mutant.constructor)
            })
    }
}

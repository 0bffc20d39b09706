import Dispatch
import Foundation
import SubscriptionModel
import Synchronization

/// Hunts an implementation of a policy over a campaign's users in order (compared with
/// the reference engine) until the first violation, then shrinks it: how fast and how
/// clearly the harness catches that implementation's bug. The policy form of `KillHunt`.
public enum PolicyKillHunt {
    /// What the hunt found.
    public struct Result: Sendable {
        /// The first violation, on the generated timeline; nil when the implementation survived.
        public var violation: Violation<PolicyInvariant>?
        /// The user whose timeline showed it.
        public var user: Int?
        /// Events simulated up to and including the violating one.
        public var eventsUntilKill: Int
        /// Wall-clock seconds until the kill (before shrinking).
        public var secondsUntilKill: Double
        /// The shrunk counterexample.
        public var shrunk: PolicyTimeline?
        /// The violation on the shrunk timeline.
        public var shrunkViolation: Violation<PolicyInvariant>?
        /// Events of each user simulated before the kill (every user when it survived),
        /// in order; kept only for a sharded run (`CampaignOptions.shard`), whose merge
        /// adds up the events the other shards' users had before the kill.
        package var eventsPerUser: [Int] = []
        /// Whether the implementation was caught.
        public var killed: Bool { violation != nil }
    }

    /// Hunts the implementations `make` builds over `options`' users of `policy`.
    public static func run<I: PolicyImplementation>(options: CampaignOptions, policy: SubscriptionPolicy, swarm: Bool = true,
                                                    make: @escaping @Sendable () -> I) -> Result {
        let clock = ContinuousClock(), started = clock.now
        var campaign = PolicyCampaign(options: options, policy: policy, swarm: swarm, makeImplementation: make)
        campaign.comparesWithReference = true
        var check = campaign.makeCheck()
        let buffer = PolicyEventBuffer()
        var simulated = 0
        var eventsPerUser: [Int] = []
        let recordsUsers = options.shard != nil
        for user in options.usersRun {
            let drawn = campaign.generator.generate(seed: options.seed, user: user, into: buffer)
            guard let violation = check.check(zone: drawn.zone, events: buffer.events).violation else {
                simulated += buffer.events.count
                if recordsUsers { eventsPerUser.append(buffer.events.count) }
                continue
            }
            let seconds = started.duration(to: clock.now).seconds
            let timeline = PolicyTimeline(policy: policy, zone: drawn.zone, events: buffer.array)
            var shrinkCheck = campaign.makeCheck()
            // Any violation will do: the mutant is wrong wherever it differs, and the
            // shortest timeline that shows the bug may show it through another invariant.
            var shrinker = Shrinker<PolicyTimeline, Violation<PolicyInvariant>>(reproduces: { shrinkCheck.check($0).violation })
            let shrunk = shrinker.shrink(timeline)
            var finalCheck = campaign.makeCheck()
            return Result(violation: violation, user: user, eventsUntilKill: simulated + violation.eventIndex + 1, secondsUntilKill: seconds,
                          shrunk: shrunk, shrunkViolation: finalCheck.check(shrunk).violation, eventsPerUser: eventsPerUser)
        }
        return Result(violation: nil, user: nil, eventsUntilKill: simulated, secondsUntilKill: started.duration(to: clock.now).seconds,
                      eventsPerUser: eventsPerUser)
    }
}

/// The kill matrix of a policy's catalogued mutants: every mutant hunted over the same
/// users, in parallel, specialized for each mutant's type.
package enum PolicyKillMatrix {
    /// Hunts every mutant of `policyName`'s catalogue; rows in catalogue order.
    package static func run(options: CampaignOptions, policy: SubscriptionPolicy, policyName: String, swarm: Bool = true) -> [RunReport.MutantEntry] {
        hunt(options: options, policy: policy, policyName: policyName, swarm: swarm).rows
    }

    /// Hunts every mutant of `policyName`'s catalogue (over `options.shard`'s users when
    /// sharded): the rows in catalogue order, and what merging shards needs.
    package static func hunt(options: CampaignOptions, policy: SubscriptionPolicy, policyName: String, swarm: Bool = true) -> KillMatrixResult {
        let catalogue = PolicyMutantCatalogue.entries(for: policyName)
        return KillMatrixResult(Workers.rows(count: catalogue.count, jobs: options.jobs) { index in
            let entry = catalogue[index]
            let result = entry.visit(Hunt(options: options, policy: policy, swarm: swarm))
            return (row(for: entry, result: result, policyName: policyName), result.user, result.eventsPerUser)
        })
    }

    /// A hunt specialized for one mutant type.
    package struct Hunt: PolicyMutantVisitor {
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
        package func visit<M: PolicyMutant>(_ type: M.Type) -> PolicyKillHunt.Result {
            PolicyKillHunt.run(options: options, policy: policy, swarm: swarm) { M() }
        }
    }

    /// The kill matrix row of a hunt, with a regression test that constructs the mutant.
    static func row(for mutant: PolicyMutantCatalogue.Entry, result: PolicyKillHunt.Result, policyName: String) -> RunReport.MutantEntry {
        let counterexample = result.shrunk.map {
            PolicyTimelineWriter(policyReference: policyName).text($0, about: "\(mutant.name): \(result.shrunkViolation?.description ?? "")")
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

import SubscriptionModel
import SimulatorCore

extension PolicyRules: ReportingRules {
    package static func wholeCommand(_ result: RunResult<Self>, storeKit: String?) -> String {
        RunSummary.command(result) + (storeKit.map { " --storekit " + ShellText.word($0) } ?? "")
    }

    package static func name(_ result: RunResult<Self>, storeKit: String?, in options: inout RunReport.Options) {
        options.policy = result.policyName
        options.policyLines = PolicyDescription.text(result.policy).split(separator: "\n").map(String.init)
        options.policyDigest = result.policy.source.contentDigest.map(Figures.hex)
        options.swarm = result.swarm ? nil : false
        options.storeKit = storeKit
    }

    package static func rules(of invariant: Invariant, in result: RunResult<Self>) -> String { invariant.rules(under: result.policy) }

    package static func coverage(_ result: RunResult<Self>) -> [RunReport.CoverageEntry] {
        PolicyRunReport.coverage(result.coverage, users: result.users, years: result.options.years, swarm: result.swarm)
    }

    package static func behaviour(_ result: RunResult<Self>) -> RunReport.Behaviour { PolicyRunReport.behaviour(result) }

    /// A policy run's failure is always the reference engine's, whatever `implementation` says.
    package static func failureEntry(_ failure: ShrunkFailure<Self>, path: String, implementation: String,
                                     implementationExpression: String) -> RunReport.FailureEntry {
        let text = failure.timelineText
        let rules = failure.invariant.rules(under: failure.timeline.policy)
        return RunReport.FailureEntry(failure, rules: rules, implementation: "reference",
                                      events: failure.timeline.events.count, text: text, path: path,
                                      regressionTest: RegressionTest.policySource(
                                          name: failure.invariant.rawValue + "-\(failure.runPolicy)-seed\(failure.seed)-user\(failure.user)",
                                          title: "\(failure.invariant.rawValue) under \(failure.runPolicy), seed \(failure.seed), user \(failure.user)",
                                          summary: "\(failure.invariant.rawValue) (\(rules)) under `\(failure.runPolicy)`, found by `simulate run --policy \(ShellText.word(failure.commandPolicy ?? failure.runPolicy)) --seed \(failure.seed) --years \(failure.years)`\n/// (user \(failure.user)) and shrunk to \(Figures.count(failure.timeline.events.count, "event")).",
                                          timelineText: failure.pastedTimelineText, implementation: implementationExpression))
    }

    /// The reference's expression in a regression test.
    package static var referenceExpression: String { "ReferenceImplementation()" }

    package static func failureFile(_ failure: ShrunkFailure<Self>) -> String { failure.timelineText }

    package static func summary(_ result: RunResult<Self>) -> String { RunSummary.text(result) }

    package static func failureSummary(_ failure: ShrunkFailure<Self>, writtenTo path: String) -> String {
        RunSummary.failure(failure, writtenTo: path, timelineText: failure.timelineText)
    }
}

/// How a policy run's coverage counts and behaviour table become the report's.
enum PolicyRunReport {
    /// The coverage lines of `coverage` reached by `users` users over up to `years` years.
    static func coverage(_ coverage: CoverageCounts, users: Int, years: Int, swarm: Bool) -> [RunReport.CoverageEntry] {
        let floors = coverage.floors(users: users, years: years, swarm: swarm)
        return coverage.categories.indices.map { index in
            RunReport.CoverageEntry(category: coverage.categories[index].name(in: coverage.policy), meaning: coverage.categories[index].meaning,
                                    reached: coverage.counts[index], floor: floors[index])
        }
    }

    /// The outcome names a policy report's tables show, in order, of those in `occurred`:
    /// `allowed`, then each blocked reason that occurred.
    static func shownOutcomes(occurred: (String) -> Bool) -> [String] {
        allOutcomes.filter { $0 == "allowed" || occurred($0) }
    }

    /// Every outcome name of a policy report, in table order.
    static var allOutcomes: [String] { ["allowed"] + BlockReason.allCases.map { "blocked: \($0)" } }

    /// The outcome names a report of `policy` lists: all but the reasons of windows it
    /// never counts (`week` without a week limit), so that a report of a policy written
    /// before that window has the same keys as before it.
    static func listedOutcomes(of policy: SubscriptionPolicy) -> [String] {
        allOutcomes.filter { ($0 != "blocked: week" || policy.countsWeeks) && ($0 != "blocked: rolling" || policy.countsRolling) }
    }

    static func behaviour(_ result: RunResult<PolicyRules>) -> RunReport.Behaviour {
        let policy = result.policy
        let plans = policy.plans.map(\.id) + ["none"]
        let outcomes = allOutcomes
        let slots = RunObserver.slots
        let table = result.behaviour
        var byPersona: [String: RunReport.PersonaBehaviour] = [:]
        let listed = listedOutcomes(of: policy)
        var byPlan: [String: [String: Int]] = Dictionary(uniqueKeysWithValues: plans.map { ($0, Dictionary(uniqueKeysWithValues: listed.map { ($0, 0) })) })
        for persona in Persona.allCases {
            var outcomeCounts = Dictionary(uniqueKeysWithValues: listed.map { ($0, 0) })
            var planCounts = Dictionary(uniqueKeysWithValues: plans.map { ($0, 0) })
            for (planIndex, plan) in plans.enumerated() {
                for slot in 0..<slots {
                    let count = table[(persona.position * plans.count + planIndex) * slots + slot]
                    planCounts[plan]! += count
                    if slot > 0, count > 0 { // (a reason not listed never occurs)
                        outcomeCounts[outcomes[slot - 1]]! += count
                        byPlan[plan]![outcomes[slot - 1]]! += count
                    }
                }
            }
            byPersona[persona.rawValue] = RunReport.PersonaBehaviour(outcomes: outcomeCounts, labels: [:], plans: planCounts)
        }
        // Only the blocked reasons that occurred, so the tables stay readable.
        let shown = shownOutcomes { name in byPlan.values.contains { ($0[name] ?? 0) > 0 } }
        return RunReport.Behaviour(byPersona: byPersona, outcomesByPlan: byPlan, attemptsAroundMidnight: [], attemptsByHour: [],
                                   outcomeOrder: shown, planOrder: plans, labelOrder: [])
    }
}

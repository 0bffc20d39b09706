import SubscriptionModel

extension RunReport {
    /// The report of a finished policy run and its shrunk failures (each with the path its
    /// timeline file was written to): the same report as the v1 rules', naming its
    /// policy and showing its plans, reasons and responses. `command` is the whole
    /// run's (by default `RunSummary.command(result)`, with `--storekit` when the
    /// policy sold the products of the StoreKit file at `storeKit`, which the report
    /// records); a shard's report adds its `--shard I/N` to it.
    package init(policyResult result: CampaignResult, failures: [(failure: ShrunkFailure<PolicyRules>, path: String)], kind: Kind = .run,
                command: String? = nil, storeKit: String? = nil, implementationExpression: String = "ReferenceImplementation()") {
        let options = result.options, policy = result.policy
        let whole = command ?? RunSummary.command(result) + (storeKit.map { " --storekit " + ExternalProgram.shellWord($0) } ?? "")
        self.tool = RunReport.toolVersion
        self.kind = kind
        self.options = Options(seed: options.seed, users: options.users, years: options.years,
                               personas: options.personas.map(\.rawValue), command: options.shard.map { whole + " " + $0.flag } ?? whole,
                               policy: result.policyName, policyLines: PolicyDescription.text(policy).split(separator: "\n").map(String.init),
                               swarm: result.swarm ? nil : false, storeKit: storeKit, tzData: ZoneCatalog.tzDataVersion)
        self.shard = options.shard.map { ShardRecord(shard: $0, command: whole, simulatedMilliseconds: result.simulatedMilliseconds) }
        self.counts = Counts(users: result.users, events: result.events, userYears: RunReport.userYears(result.userYears),
                             digest: Figures.hex(result.digest),
                             personas: Dictionary(uniqueKeysWithValues: Persona.allCases.map { ($0.rawValue, result.personas[$0] ?? 0) }))
        self.invariants = Invariant.allCases.filter { $0 != .matchesReference || result.checks[$0] > 0 }.map {
            InvariantEntry(name: $0.rawValue, rules: $0.rules(under: policy), checks: result.checks[$0], violations: result.violations[$0], firstFailingUser: result.firstFailingUser[$0])
        }
        self.coverage = RunReport.coverage(PolicyRunReport.coverage(result.coverage, users: result.users, years: options.years, swarm: result.swarm), as: kind)
        self.behaviour = PolicyRunReport.behaviour(result)
        self.failures = failures.map { failure, path in
            let text = failure.timelineText
            return FailureEntry(failure, rules: failure.invariant.rules(under: failure.timeline.policy), implementation: "reference",
                                events: failure.timeline.events.count, text: text, path: path,
                                regressionTest: RegressionTest.policySource(
                                    name: failure.invariant.rawValue + "-\(failure.runPolicy)-seed\(failure.seed)-user\(failure.user)",
                                    title: "\(failure.invariant.rawValue) under \(failure.runPolicy), seed \(failure.seed), user \(failure.user)",
                                    summary: "\(failure.invariant.rawValue) (\(failure.invariant.rules(under: failure.timeline.policy))) under `\(failure.runPolicy)`, found by `simulate run --policy \(ExternalProgram.shellWord(failure.commandPolicy ?? failure.runPolicy)) --seed \(failure.seed) --years \(failure.years)`\n/// (user \(failure.user)) and shrunk to \(Figures.count(failure.timeline.events.count, "event")).",
                                    timelineText: failure.pastedTimelineText, implementation: implementationExpression))
        }
        self.mutants = nil
        self.timing = Timing(jobs: options.jobs, seconds: (result.runSeconds * 100).rounded() / 100,
                             eventsPerSecond: (Double(result.events) / max(result.runSeconds, 1e-9)).rounded())
        self.passed = result.passed
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

    static func behaviour(_ result: CampaignResult) -> RunReport.Behaviour {
        let policy = result.policy
        let plans = policy.plans.map(\.id) + ["none"]
        let outcomes = allOutcomes
        let slots = RunObserver.slots
        let table = result.behaviour
        var byPersona: [String: RunReport.PersonaBehaviour] = [:]
        var byPlan: [String: [String: Int]] = Dictionary(uniqueKeysWithValues: plans.map { ($0, Dictionary(uniqueKeysWithValues: outcomes.map { ($0, 0) })) })
        for persona in Persona.allCases {
            var outcomeCounts = Dictionary(uniqueKeysWithValues: outcomes.map { ($0, 0) })
            var planCounts = Dictionary(uniqueKeysWithValues: plans.map { ($0, 0) })
            for (planIndex, plan) in plans.enumerated() {
                for slot in 0..<slots {
                    let count = table[(persona.position * plans.count + planIndex) * slots + slot]
                    planCounts[plan]! += count
                    if slot > 0 {
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

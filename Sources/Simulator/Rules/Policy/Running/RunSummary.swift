import SubscriptionModel
import SimulatorCore

/// The texts `simulate run --policy` prints: the summary and the failures, in the v1
/// summary's layout (everything but the `time` line is the same for any `--jobs`).
package enum RunSummary {
    /// The command that reproduces the whole run a result is of (or a share of: a
    /// shard's report adds its `--shard I/N` to it).
    package static func command(_ result: RunResult<PolicyRules>) -> String {
        command(policyName: result.policyName, options: result.options.whole, swarm: result.swarm)
    }

    /// The command that reproduces a run of `policyName` with `options` (with its
    /// `--shard I/N` when it is one shard of a run), with `--no-swarm` unless `swarm`.
    package static func command(policyName: String, options: CampaignOptions, swarm: Bool) -> String {
        ShellText.simulate + " run --policy \(ShellText.word(policyName))" + (swarm ? "" : " --no-swarm")
            + " --seed \(options.seed) --users \(options.users) --years \(options.years)"
            + options.personasFlag
            + (options.shard.map { " " + $0.flag } ?? "")
    }

    /// The summary of a finished run.
    package static func text(_ result: RunResult<PolicyRules>) -> String {
        let personas = Persona.allCases.compactMap { persona in result.personas[persona].map { "\(persona.rawValue) \(Figures.grouped($0))" } }.joined(separator: ", ")
        var lines = [
            "simulate run --policy \(ShellText.word(result.policyName))" + (result.swarm ? "" : " --no-swarm"),
            "  seed        \(result.options.seed)",
        ] + shardLines(result.options) + [
            "  users       \(Figures.grouped(result.users)) (\(personas))",
            "  events      \(Figures.grouped(result.events))",
            "  user-years  \(Figures.fixed(result.userYears, 1)) simulated, \(Figures.fixed(Double(result.options.years), 0)) at the longest",
            "  digest      \(Figures.hex(result.digest)) (the same for the same seed and size, whatever --jobs)",
            "  time        \(Figures.fixed(result.runSeconds, 2)) s on \(Figures.count(result.options.jobs, "job")), \(Figures.rate(Double(result.events) / max(result.runSeconds, 1e-9)))events/s",
            "",
        ]
        let tables = SummaryTables.policy
        lines += tables.invariants(rulesDocument: "docs/policies.md", result.reportedInvariants.map {
            ($0.rawValue, $0.rules(under: result.policy), result.checks[$0], result.violations[$0])
        })
        let coverage = result.coverage
        let floors = coverage.floors(users: result.users, years: result.options.years, swarm: result.swarm)
        lines += tables.coverage("coverage category", coverage.categories.indices.map { index in
            (coverage.categories[index].name(in: result.policy), coverage.counts[index], floors[index].value, coverage.counts[index] < floors[index].value)
        })
        lines.append("")
        let verdict = RunVerdict.Coverage(unexercised: result.unexercised.map { $0.name(in: result.policy) },
                                          judged: floors.filter { $0.value > 0 }.count, total: floors.count)
        lines += RunVerdict.lines(broken: result.brokenInvariants.map(\.rawValue), coverage: verdict)
        return lines.joined(separator: "\n")
    }

    /// One shrunk failure: what broke, the minimal timeline, and how to reproduce it.
    package static func failure(_ failure: ShrunkFailure<PolicyRules>, writtenTo path: String, timelineText: String) -> String {
        """
        FAILED: \(failure.invariant.rawValue) (\(failure.invariant.rules(under: failure.timeline.policy))) under \(failure.runPolicy), seed \(failure.seed), user \(failure.user) (\(failure.persona.rawValue))
          \(failure.violationLine(events: failure.timeline.events.count))
          \(ShrinkingText.text(from: failure.originalEvents, to: failure.timeline.events.count)) (\(Figures.count(failure.attempts, "candidate")), \(Figures.fixed(failure.seconds, 2)) s):
        \(timelineText.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
          written to \(path)
        \(FailureCommandLines.run(replay: Replay.command(for: path), regenerate: failure.regenerateCommand).joined(separator: "\n"))
        """
    }

    /// The line naming a shard's share of the run (none for a whole run).
    package static func shardLines(_ options: CampaignOptions) -> [String] {
        guard let shard = options.shard else { return [] }
        // The share's first users, only those the run has (user k when k mod N = I - 1).
        let first = stride(from: shard.index - 1, to: options.users, by: shard.count).prefix(4).map(String.init)
        let listed = first.isEmpty ? "no user" : "user" + (first.count == 1 ? " " : "s ") + first.prefix(3).joined(separator: ", ") + (first.count > 3 ? ", …" : "")
        return ["  shard       \(shard): \(listed) of \(Figures.grouped(options.users)) (merge every shard's report with 'simulate merge')"]
    }

    /// The progress line on standard error, after `label` (`the reference: `, say).
    package static func progress(done: Int, of total: Int, seconds: Double, label: String = "") -> String {
        let percent = total == 0 ? 100 : done * 100 / total
        return "  \(label)\(Figures.grouped(done)) of \(Figures.count(total, "user")) (\(percent) %), \(Figures.fixed(seconds, 0)) s"
    }
}

import SimulatorCore
/// What `simulate merge` prints (and writes to summary.txt): which shards were merged,
/// the whole run's totals, invariants and coverage in the layout of `simulate run`'s
/// summary, the kill matrix of a mutants run, the verdict and each failure with the
/// commands that reproduce it. Built from the merged report alone, so it is the same
/// for the same shards whatever order they were given in (shards are listed by number).
package enum MergeSummary {
    /// The summary of `report`, merged from `parts`.
    package static func text(_ report: RunReport, parts: [ShardReport]) -> String {
        let counts = report.counts
        // A check stops at its first failure, and does not judge coverage (as `simulate check`).
        let isCheck = report.kind == .check
        let stoppedEarly = isCheck && !report.failures.isEmpty
        let personas = report.options.personas.map { "\($0) \(Figures.grouped(counts.personas[$0] ?? 0))" }.joined(separator: ", ")
        var lines = ["simulate merge: \(Figures.count(parts.count, "shard")) of `\(report.options.command)`"]
        for part in parts.sorted(by: { $0.shard.index < $1.shard.index }) {
            lines.append("  shard \(Figures.left(part.shard.description, 8)) \(Figures.count(part.report.counts.users, "user")), \(Figures.count(part.report.counts.events, "event")) from \(part.folder)")
        }
        lines += [
            "  seed        \(report.options.seed)",
            "  users       \(Figures.grouped(counts.users)) (\(personas))",
            "  events      \(Figures.grouped(counts.events))",
            "  user-years  \(Figures.fixed(counts.userYears, 1)) simulated, \(report.options.years) at the longest",
            "  digest      \(counts.digest) " + (stoppedEarly
                ? "(of what the shards checked before each stopped at its first failure)"
                : "(the same as the whole run's in one process)"),
            "",
            "  " + Figures.left("invariant", 36) + Figures.left("rules (\(report.rulesDocument))", 40) + Figures.right("checks", 16) + Figures.right("violations", 12),
        ]
        for entry in report.invariants {
            lines.append("  " + Figures.left(entry.name, 36) + Figures.left(entry.rules, 40) + Figures.right(Figures.grouped(entry.checks), 16)
                + Figures.right(Figures.grouped(entry.violations), 12))
        }
        lines.append("")
        lines.append("  " + Figures.left("coverage category", 60) + Figures.left("", 16) + Figures.right("reached", 16) + Figures.right("floor", 12))
        for entry in report.coverage {
            lines.append("  " + Figures.left(entry.category, 60) + Figures.left(entry.exercised || isCheck ? "" : "NOT EXERCISED", 16)
                + Figures.right(Figures.grouped(entry.reached), 16) + Figures.right(entry.floor == 0 ? "not judged" : Figures.grouped(entry.floor), 12))
        }
        lines.append("")
        if let rows = report.mutants {
            lines += [KillMatrix.text(rows), ""]
        }
        lines += report.verdictLines
        for failure in report.failures {
            lines += [
                "",
                "FAILED \(failure.invariant) (\(failure.rules)): seed \(failure.seed), user \(failure.user) (\(failure.persona))",
                "  \(failure.detail)",
                "  \(failure.shrinking()):",
                failure.timeline.trimmingTrailingNewlines.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n"),
                "  written to \(failure.timelineFile)",
            ] + (isCheck
                ? FailureCommandLines.check(program: failure.programCommand, reference: failure.replayCommand, regenerate: failure.regenerateCommand)
                : FailureCommandLines.run(replay: failure.replayCommand, regenerate: failure.regenerateCommand))
        }
        return lines.joined(separator: "\n")
    }
}

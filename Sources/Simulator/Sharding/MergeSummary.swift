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
        ]
        // The columns of the run's own summary: the flagship's (`FlagshipRunSummary`, its
        // calendar edges a table of their own) or a policy's (`RunSummary`).
        let flagship = report.options.policy == nil
        // (A check's matches-reference cites more than a run's rules column holds.)
        let (name, middle) = flagship ? (36, max(28, (report.invariants.map(\.rules.count).max() ?? 0) + 2)) : (36, 40)
        lines += ["", "  " + Figures.left("invariant", name) + Figures.left("rules (\(report.rulesDocument))", middle) + Figures.right("checks", 16) + Figures.right("violations", 12)]
        for entry in report.invariants {
            lines.append("  " + Figures.left(entry.name, name) + Figures.left(entry.rules, middle) + Figures.right(Figures.grouped(entry.checks), 16)
                + Figures.right(Figures.grouped(entry.violations), 12))
        }
        func table(_ heading: String, _ entries: [RunReport.CoverageEntry], named: (String) -> String) {
            let (first, second) = flagship ? (name, middle) : (60, 16)
            lines.append("")
            lines.append("  " + Figures.left(heading, first) + Figures.left("", second) + Figures.right("reached", 16) + Figures.right("floor", 12))
            for entry in entries {
                lines.append("  " + Figures.left(named(entry.category), first) + Figures.left(entry.exercised || isCheck ? "" : "NOT EXERCISED", second)
                    + Figures.right(Figures.grouped(entry.reached), 16) + Figures.right(entry.floor == 0 ? "not judged" : Figures.grouped(entry.floor), 12))
            }
        }
        let edges = flagship ? report.coverage.filter { CalendarEdge.flagship(named: $0.category) != nil } : []
        table("coverage category", report.coverage.filter { entry in !edges.contains { $0.category == entry.category } }) { $0 }
        if !edges.isEmpty {
            table("calendar edge (analyses, day)", edges) { CalendarEdge.flagship(named: $0)?.name ?? $0 }
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

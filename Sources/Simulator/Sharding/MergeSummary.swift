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
                : "(the shards' digests combined, as the whole run in one process gives it)"),
        ]
        // The tables of the run's own summary (the flagship's calendar edges a table of their own).
        let flagship = report.options.policy == nil
        let tables = flagship ? SummaryTables.flagship : .policy
        lines += [""] + tables.invariants(rulesDocument: report.rulesDocument, report.invariants.map { ($0.name, $0.rules, $0.checks, $0.violations) })
        func rows(_ entries: [RunReport.CoverageEntry], named: (String) -> String) -> [(name: String, reached: Int, floor: Int, missed: Bool)] {
            entries.map { (named($0.category), $0.reached, $0.floor, !$0.exercised && !isCheck) }
        }
        let edges = flagship ? report.coverage.filter { CalendarEdge.flagship(named: $0.category) != nil } : []
        lines += tables.coverage("coverage category", rows(report.coverage.filter { entry in !edges.contains { $0.category == entry.category } }) { $0 })
        if !edges.isEmpty {
            lines += tables.coverage("calendar edge (analyses, day)", rows(edges) { CalendarEdge.flagship(named: $0)?.name ?? $0 })
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

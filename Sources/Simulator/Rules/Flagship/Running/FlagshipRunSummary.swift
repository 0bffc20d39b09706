import SimulatorCore
/// The texts `simulate run` prints for the flagship: the summary and the failures (the progress and shard lines are `RunSummary`'s, shared).
///
/// Everything but the line headed `time` is the same for the same seed and size,
/// whatever `--jobs` is, so two runs can be compared with `diff`.
package enum FlagshipRunSummary {
    /// The command that reproduces a run.
    package static func command(_ options: CampaignOptions) -> String {
        ShellText.simulate + " run --seed \(options.seed) --users \(options.users) --years \(options.years)"
            + options.personasFlag
            + (options.shard.map { " " + $0.flag } ?? "")
    }

    /// The summary of a finished run.
    package static func text(_ result: RunResult<FlagshipRules>) -> String {
        let personas = Persona.allCases.compactMap { persona in
            result.personas[persona].map { "\(persona.rawValue) \(Figures.grouped($0))" }
        }.joined(separator: ", ")
        var lines = [
            "simulate run",
            "  seed        \(result.options.seed)",
        ] + RunSummary.shardLines(result.options) + [
            "  users       \(Figures.grouped(result.users)) (\(personas))",
            "  events      \(Figures.grouped(result.events))",
            "  user-years  \(Figures.fixed(result.userYears, 1)) simulated, \(Figures.fixed(Double(result.options.years), 0)) at the longest",
            "  digest      \(Figures.hex(result.digest)) (the same for the same seed and size, whatever --jobs)",
            "  time        \(Figures.fixed(result.runSeconds, 2)) s on \(result.options.jobs) job\(result.options.jobs == 1 ? "" : "s"), \(Figures.rate(Double(result.events) / max(result.runSeconds, 1e-9)))events/s",
            "",
        ]
        let tables = SummaryTables.flagship
        lines += tables.invariants(rulesDocument: "docs/rules.md", result.reportedInvariants.map {
            ($0.rawValue, $0.rules, result.checks[$0], result.violations[$0])
        })
        let floors = EdgeCategory.allCases.map { $0.floor(users: result.users, years: result.options.years).value }
        lines += tables.coverage("coverage category", zip(EdgeCategory.allCases, floors).map { ($0.rawValue, result.coverage[$0], $1, result.coverage[$0] < $1) })
        // The analyses' day window at the calendar's edges (CalendarEdge), as one more table.
        let calendarFloors = CalendarEdge.allCases.map { $0.flagshipFloor(users: result.users, years: result.options.years).value }
        lines += tables.coverage("calendar edge (analyses, day)", zip(CalendarEdge.allCases, calendarFloors).map { ($0.name, result.coverage[$0], $1, result.coverage[$0] < $1) })
        lines.append("")
        let allFloors = floors + calendarFloors
        let coverage = RunVerdict.Coverage(unexercised: result.unexercised.map(\.rawValue) + result.unexercisedCalendarEdges.map(\.flagshipCategory),
                                           judged: allFloors.filter { $0 > 0 }.count, total: allFloors.count)
        lines += RunVerdict.lines(broken: result.brokenInvariants.map(\.rawValue), coverage: coverage)
        return lines.joined(separator: "\n")
    }

    /// One shrunk failure: what broke, the minimal timeline, and how to reproduce it.
    package static func failure(_ failure: ShrunkFailure<FlagshipRules>, writtenTo path: String, timelineText: String) -> String {
        ([
            "FAILED \(failure.invariant.rawValue) (\(failure.invariant.rules)): seed \(failure.seed), user \(failure.user) (\(failure.persona.rawValue))",
            "  \(failure.violationLine(events: failure.timeline.events.count))",
            "  \(ShrinkingText.text(from: failure.originalEvents, to: failure.timeline.events.count)) (\(Figures.count(failure.attempts, "candidate")), \(Figures.fixed(failure.seconds, 2)) s):",
            timelineText.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n"),
            "  written to \(path)",
        ] + FailureCommandLines.run(replay: Replay.command(for: path), regenerate: failure.regenerateCommand)).joined(separator: "\n")
    }
}

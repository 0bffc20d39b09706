import Foundation
import Simulator

/// `simulate check --command "CMD"`: another implementation, as a program, against the
/// reference: the meal-capture rules' v1 contract by default, any policy's generic
/// contract with `--policy`; one process per timeline, or one per job speaking the
/// batch protocol with `--batch`.
enum CheckCommand {
    static func main(_ arguments: CommandArguments) throws -> Int32 {
        if arguments.wantsHelp { Console.out(HelpText.check); return 0 }
        guard let command = try arguments.string("--command"), !command.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw UsageError("check needs --command \"CMD ...\" (a program that replays a timeline file given as its last argument)")
        }
        let seed = try arguments.uint64("--seed") ?? UInt64.random(in: 1...999_999_999)
        let users = try arguments.int("--users", range: RunReport.userRange) ?? 2_000
        let years = try arguments.int("--years", range: RunReport.yearRange) ?? CampaignOptions.defaultYears
        let jobs = try arguments.int("--jobs", range: 1...512) ?? CampaignOptions.coreCount
        let timeout = try arguments.double("--timeout", range: 0.1...3600) ?? ExternalProgram.defaultTimeoutSeconds
        let reportPath = try arguments.outputPath("--report") ?? "reports/latest"
        let batch = try arguments.flag("--batch")
        Console.showsProgress = !(try arguments.flag("--quiet"))
        let shard = try RunCommand.parseShard(arguments, users: users)
        let policy = try PolicyOption.parse(arguments)
        let extra = try arguments.positionals
        guard extra.isEmpty else { throw UsageError("unexpected argument \(ErrorText.quoted(extra[0])) for 'check'; quote the whole command: --command \"CMD ARGS\"") }
        try arguments.rejectUnknown()

        let program = ExternalProgram(command: command, timeoutSeconds: timeout, batch: batch)
        if let problem = program.programProblem { throw UsageError("--command \(ErrorText.quotedPath(command)): \(problem)") }
        let folder = try ReportFolder(path: reportPath, inputs: (policy?.files ?? []) + program.filesNamed)
        let options = CampaignOptions(seed: seed, users: users, years: years, jobs: jobs, shard: shard)
        guard let policy else {
            let check = FlagshipExternalCheck(program: program, options: options)
            let wording = Wording<FlagshipExternalCheck>(
                reference: "the reference model", invariants: "every invariant",
                violation: { $0.description(at: $1) },
                file: { timeline, violation in
                    (FlagshipTimelineWriter().text(timeline, about: "simulate check --seed \(seed) --years \(years): \(violation)"), nil)
                },
                regenerate: { user in ShrunkFailure<FlagshipRules>.regenerateCommand(policyName: nil, seed: seed, user: user, years: years, generatorFlags: "") },
                report: { result, failure, _ in CheckReport.report(check, result: result, failure: failure) })
            return try run(check, wording: wording, folder: folder)
        }
        let check = ExternalCheck(program: program, options: options, policy: policy.policy, policyName: policy.name, swarm: policy.swarm)
        let generatorFlags = ShrunkFailure<PolicyRules>.generatorFlags(swarm: policy.swarm)
        let wording = Wording<ExternalCheck>(
            reference: "the reference engine", rules: ", policy \(policy.name)", generator: policy.swarm ? "" : ", no swarm",
            flags: "--policy \(ShellText.word(policy.given))" + (policy.swarm ? "" : " --no-swarm") + " ",
            invariants: "every invariant of \(policy.name)",
            violation: { "\($0.description(at: $1)) [\($0.invariant.rules(under: policy.policy))]" },
            // Named as the program was sent it (absolute), so that the program line, which
            // pipes the file to a --batch program, reproduces it from any folder; the
            // regression test reads its timeline from text, naming the policy as commands do.
            file: { timeline, violation in
                let about = "simulate check --policy \(ShellText.word(policy.given)) --seed \(seed) --years \(years)\(generatorFlags): \(violation)"
                return (TimelineWriter(policyReference: policy.name).text(timeline, about: about),
                 policy.given == policy.name ? nil : TimelineWriter(policyReference: policy.given).text(timeline, about: about))
            },
            regenerate: { user in
                ShrunkFailure<PolicyRules>.regenerateCommand(policyName: policy.given, seed: seed, user: user, years: years, generatorFlags: generatorFlags)
            },
            report: { CheckReport.report(check, result: $0, failure: $1, pastedTimeline: $2, commandPolicy: policy.given) })
        return try run(check, wording: wording, folder: folder)
    }

    /// What `check` says and writes that differs between rule sets.
    struct Wording<Check: ExternalChecking> {
        /// The reference, as the summary names it.
        var reference: String
        /// The rules and the generator, as the progress line names them (`, policy X`, `, no swarm`).
        var rules = "", generator = ""
        /// The flags after `--batch` that name the rules, each followed by a space.
        var flags = ""
        /// The invariants, as a passing verdict names them.
        var invariants: String
        /// A violation, as the summary shows it, with the timeline its event is counted
        /// in (`ShrinkingText.place`).
        var violation: (Violation<Check.Rules.Invariant>, _ place: String) -> String
        /// The shrunk timeline's file, saying what the `violation` was (described with the
        /// timeline its event counts in, which names the user), and the text its regression
        /// test holds when that names the policy otherwise.
        var file: (Check.Rules.Timeline, _ violation: String) -> (text: String, pasted: String?)
        /// The command that regenerates a user.
        var regenerate: (_ user: Int) -> String
        /// The report of a check, with its failure (shrunk, written to a path as a text)
        /// and the text its regression test holds.
        var report: (ExternalRun<Check.Rules>, (shrunk: ExternalShrunk<Check.Rules.Timeline, Check.Rules.Invariant>, path: String, text: String)?, String?) -> RunReport
    }

    /// Checks the program on every user of either rule set (`check`), shrinks the lowest
    /// failing user's timeline, and writes the summary, the timeline and the report to
    /// `folder`: exit status 0 when every output matched, 1 when one did not.
    static func run<Check: ExternalChecking>(_ check: Check, wording: Wording<Check>, folder: ReportFolder) throws -> Int32 {
        let program = check.program, options = check.options
        let batch = program.batch ? " (batch)" : ""
        Console.progress("simulate check: \(program.command)\(batch) against \(wording.reference)\(wording.rules), seed \(options.seed), \(RunCommand.usersShown(options)), up to \(Figures.count(options.years, "year")), \(Figures.count(options.jobs, "job"))\(wording.generator)")
        let started = Date()
        let users = options.usersToRun
        let result = check.runUsers { done in Console.progress(RunSummary.progress(done: done, of: users, seconds: Date().timeIntervalSince(started))) }
        let summary = head(flags: (program.batch ? "--batch " : "") + wording.flags, command: program.command, options: options,
                           timelines: result.timelines, events: result.events, failed: result.failure != nil, since: started)
        guard let failure = result.failure else {
            let report = wording.report(result, nil, nil)
            let verdict = "\nNo divergence: every output matched \(wording.reference) and "
                + RunVerdict.held(wording.invariants, unchecked: report.uncheckedInvariants, inCheck: true) + "."
            return try finish(folder, summary: summary, ending: verdict, report: report, status: 0)
        }
        Console.progress("shrinking user \(failure.user)…")
        // Shrinking a slow program's failure can take minutes: an interrupt still says what was found.
        let found = failure.finding.asViolation(events: failure.timeline.events.count)
        let whole = [
            "  regenerate:   \(wording.regenerate(failure.user)) --out user\(failure.user).json",
            "  the program:  \(check.reproduction("user\(failure.user).json", of: failure.timeline))",
        ]
        Interrupts.noteUnfinished([
            "simulate: found before the interrupt, not shrunk: seed \(options.seed): \(wording.violation(found, ShrinkingText.place(user: failure.user, shrunk: false, originalEvent: nil)))",
        ] + whole)
        // Once a smaller timeline has failed, an interrupt shows it too (the best so far,
        // not written anywhere: the report folder is abandoned), before the user's commands.
        let original = failure.timeline.events.count
        let shrunk = check.shrink(failure.timeline, finding: failure.finding, progress: shrinkingProgress(Date())) { candidate, finding in
            guard candidate.events.count < original else { return }
            let violation = finding.asViolation(events: candidate.events.count)
            let place = ShrinkingText.place(user: failure.user, shrunk: true, originalEvent: found.eventIndex)
            let text = wording.file(candidate, violation.description(at: place)).text
            Interrupts.noteUnfinished([
                "simulate: found before the interrupt, shrinking not finished: seed \(options.seed): \(wording.violation(violation, place))",
                "  \(ShrinkingText.text(from: original, to: candidate.events.count)) so far (not written; save it as a file to replay it):",
            ] + text.split(separator: "\n").map { "    " + $0 } + whole)
        }
        Interrupts.noteUnfinished([])
        // Where its event is: on the shrunk timeline when that failed again, else on the user's own.
        let (violation, onShrunk) = shrunk.shownViolation(first: failure.finding, whole: failure.timeline.events.count)
        let place = ShrinkingText.place(user: failure.user, shrunk: onShrunk, originalEvent: found.eventIndex)
        let (text, pasted) = wording.file(shrunk.timeline, violation.description(at: place))
        let path = try folder.write(text, as: "failures/check-user\(failure.user).json")
        let failed = """

        FAILED: seed \(options.seed), user \(failure.user) (\(failure.persona.rawValue))
          \(wording.violation(violation, place))
          \(ShrinkingText.check(from: failure.timeline.events.count, to: shrunk.timeline.events.count, reproduced: shrunk.finding != nil, batch: program.batch,
                                stoppedAt: shrunk.stoppedAtLimit ? program.shrinkLimitSeconds : nil)):
        \(text.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
          written to \(path)
        \(FailureCommandLines.check(program: check.reproduction(path, of: shrunk.timeline), reference: Replay.command(for: path),
                                    regenerate: wording.regenerate(failure.user)).joined(separator: "\n"))
        """
        return try finish(folder, summary: summary, ending: failed, report: wording.report(result, (shrunk, path, text), pasted), status: 1,
                          shrunk: shrunk.timeline.events.count < failure.timeline.events.count)
    }

    /// A shrink's progress line on standard error, as a run's progress is shown.
    static func shrinkingProgress(_ started: Date) -> (Int, Int) -> Void {
        { tried, smallest in
            Console.progress("  \(Figures.count(tried, "candidate")) tried, the smallest failing so far \(Figures.count(smallest, "event")), \(Figures.fixed(Date().timeIntervalSince(started), 0)) s")
        }
    }

    /// The summary's first lines: the command, seed, shard, what was checked and how long it took.
    /// (A failing check's timelines say that it stopped at its first failing user, so that
    /// its counts are not read as the whole run's.)
    static func head(flags: String, command: String, options: CampaignOptions, timelines: Int, events: Int, failed: Bool, since started: Date) -> String {
        let stopped = failed && timelines < options.usersToRun ? " of \(Figures.grouped(options.usersToRun)): the check stopped at its first failing user" : ""
        return "simulate check \(flags)--command \(ShellText.quoted(command))\n  seed        \(options.seed)\n\(shardLine(options))  timelines   \(Figures.grouped(timelines))\(stopped)\n  events      \(Figures.grouped(events))\n  time        \(Figures.fixed(Date().timeIntervalSince(started), 2)) s"
    }

    /// Writes summary.txt and the report, swaps the folder in, and only then prints the
    /// summary with its verdict or failure (`RunCommand.commitThenPrint`); returns `status`.
    static func finish(_ folder: ReportFolder, summary: String, ending: String, report: RunReport, status: Int32, shrunk: Bool = true) throws -> Int32 {
        // Every program has ended: what any of them left behind that was not found with
        // its run (it cleared its environment) ends now (Linux).
        ProgramDescendants.endEveryChild()
        try folder.write(summary + "\n" + ending + "\n", as: "summary.txt")
        try folder.write(report)
        try RunCommand.commitThenPrint(folder, summary + "\n" + ending, reportLine: status == 0 ? "" : shrunk ? "; the shrunk timeline in failures/" : "; the timeline in failures/")
        return status
    }

    /// The summary's shard line (`shard       I/N: 20 of 60 users`), or nothing unsharded.
    static func shardLine(_ options: CampaignOptions) -> String {
        guard let shard = options.shard else { return "" }
        return "  shard       \(shard): \(Figures.grouped(options.usersToRun)) of \(Figures.count(options.users, "user"))\n"
    }
}

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
        let reportPath = try arguments.string("--report") ?? "reports/latest"
        let batch = try arguments.flag("--batch")
        Console.showsProgress = !(try arguments.flag("--quiet"))
        let shard = try RunCommand.parseShard(arguments, users: users)
        let policy = try PolicyOption.parse(arguments)
        let extra = try arguments.positionals
        guard extra.isEmpty else { throw UsageError("unexpected argument \"\(extra[0])\" for 'check'; quote the whole command: --command \"CMD ARGS\"") }
        try arguments.rejectUnknown()

        let program = ExternalProgram(command: command, timeoutSeconds: timeout, batch: batch)
        if let problem = program.programProblem { throw UsageError("--command \(ErrorText.quotedPath(command)): \(problem)") }
        let folder = try ReportFolder(path: reportPath, inputs: (policy?.files ?? []) + program.filesNamed)
        let options = CampaignOptions(seed: seed, users: users, years: years, jobs: jobs, shard: shard)
        if let policy { return try checkPolicy(policy, program: program, options: options, folder: folder) }
        let check = FlagshipExternalCheck(program: program, options: options)
        Console.progress("simulate check: \(command)\(batch ? " (batch)" : "") against the reference model, seed \(seed), \(RunCommand.usersShown(options)), up to \(Figures.count(years, "year")), \(Figures.count(jobs, "job"))")
        let started = Date()
        let toRun = options.usersToRun
        let result = check.run { done in Console.progress(RunSummary.progress(done: done, of: toRun, seconds: Date().timeIntervalSince(started))) }
        let summary = head(flags: batch ? "--batch " : "", command: command, options: options, timelines: result.timelines, events: result.events, since: started)
        guard let failure = result.failure else {
            let report = CheckReport.report(check, result: result, failure: nil)
            let verdict = "\nNo divergence: every output matched the reference model and "
                + RunVerdict.held("every invariant", unchecked: report.uncheckedInvariants, inCheck: true) + "."
            return try finish(folder, summary: summary, ending: verdict, report: report, status: 0)
        }
        Console.progress("shrinking user \(failure.user)…")
        let shrunk = check.shrink(failure.timeline, finding: failure.finding, progress: shrinkingProgress(Date()))
        let what = shrunk.finding.map { $0.asViolation(events: shrunk.timeline.events.count).description } ?? failure.finding.asViolation(events: failure.timeline.events.count).description
        let text = FlagshipTimelineWriter().text(shrunk.timeline, about: "simulate check --seed \(seed) --years \(years): user \(failure.user): \(what)")
        let path = try folder.write(text, as: "failures/check-user\(failure.user).json")
        let failed = """

        FAILED: seed \(seed), user \(failure.user)
          \(what)
          \(shrinking(from: failure.timeline.events.count, to: shrunk.timeline.events.count, reproduced: shrunk.finding != nil || !batch, batch: batch)):
        \(text.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
          written to \(path)
          the program:    \(check.reproduction(path, of: shrunk.timeline))
          the reference:  \(Replay.command(for: path))
          regenerate:     swift run simulate replay --seed \(seed) --user \(failure.user) --years \(years)
        """
        return try finish(folder, summary: summary, ending: failed, report: CheckReport.report(check, result: result, failure: (shrunk, path, text)), status: 1)
    }

    /// A shrink's progress line on standard error, as a run's progress is shown.
    static func shrinkingProgress(_ started: Date) -> (Int, Int) -> Void {
        { tried, smallest in
            Console.progress("  \(Figures.count(tried, "candidate")) tried, the smallest failing so far \(Figures.count(smallest, "event")), \(Figures.fixed(Date().timeIntervalSince(started), 0)) s")
        }
    }

    /// The summary's first lines: the command, seed, shard, what was checked and how long it took.
    static func head(flags: String, command: String, options: CampaignOptions, timelines: Int, events: Int, since started: Date) -> String {
        "simulate check \(flags)--command \(ExternalProgram.quoted(command))\n  seed        \(options.seed)\n\(shardLine(options))  timelines   \(Figures.grouped(timelines))\n  events      \(Figures.grouped(events))\n  time        \(Figures.fixed(Date().timeIntervalSince(started), 2)) s"
    }

    /// Writes summary.txt and the report, swaps the folder in, and only then prints the
    /// summary with its verdict or failure (`RunCommand.commitThenPrint`); returns `status`.
    static func finish(_ folder: ReportFolder, summary: String, ending: String, report: RunReport, status: Int32) throws -> Int32 {
        // Every program has ended: what any of them left behind that was not found with
        // its run (it cleared its environment) ends now (Linux).
        ProgramDescendants.endEveryChild()
        try folder.write(summary + "\n" + ending + "\n", as: "summary.txt")
        try folder.write(report)
        try RunCommand.commitThenPrint(folder, summary + "\n" + ending, reportLine: status == 0 ? "" : "; the shrunk timeline in failures/")
        return status
    }

    /// `simulate check --policy X`: the policy's users, the generic contract.
    static func checkPolicy(_ policy: PolicyOption, program: ExternalProgram, options: CampaignOptions, folder: ReportFolder) throws -> Int32 {
        let check = ExternalCheck(program: program, options: options, policy: policy.policy, policyName: policy.name, swarm: policy.swarm)
        let flags = (program.batch ? "--batch " : "") + "--policy \(ExternalProgram.shellWord(policy.given))" + (policy.swarm ? "" : " --no-swarm")
        Console.progress("simulate check: \(program.command)\(program.batch ? " (batch)" : "") against the reference engine, policy \(policy.name), seed \(options.seed), \(RunCommand.usersShown(options)), up to \(Figures.count(options.years, "year")), \(Figures.count(options.jobs, "job"))\(policy.swarm ? "" : ", no swarm")")
        let started = Date()
        let users = options.usersToRun
        let result = check.run { done in Console.progress(RunSummary.progress(done: done, of: users, seconds: Date().timeIntervalSince(started))) }
        let summary = head(flags: flags + " ", command: program.command, options: options, timelines: result.timelines, events: result.events, since: started)
        guard let failure = result.failure else {
            let report = CheckReport.report(check, result: result, failure: nil)
            let verdict = "\nNo divergence: every output matched the reference engine and "
                + RunVerdict.held("every invariant of \(policy.name)", unchecked: report.uncheckedInvariants, inCheck: true) + "."
            return try finish(folder, summary: summary, ending: verdict, report: report, status: 0)
        }
        Console.progress("shrinking user \(failure.user)…")
        let shrunk = check.shrink(failure.timeline, finding: failure.finding, progress: shrinkingProgress(Date()))
        let violation = (shrunk.finding ?? failure.finding).asViolation(events: (shrunk.finding == nil ? failure.timeline : shrunk.timeline).events.count)
        let what = "\(violation) [\(violation.invariant.rules(under: policy.policy))]"
        // Named as the program was sent it (absolute), so that the program line below,
        // which pipes the file to a --batch program, reproduces it from any folder.
        let written = policy.name
        let about = "simulate check --policy \(ExternalProgram.shellWord(policy.given)) --seed \(options.seed) --years \(options.years)\(ShrunkFailure<PolicyRules>.generatorFlags(swarm: policy.swarm)): user \(failure.user): \(violation)"
        let text = TimelineWriter(policyReference: written).text(shrunk.timeline, about: about)
        // The regression test reads its timeline from text: the policy named as commands name it.
        let pasted = policy.given == policy.name ? nil : TimelineWriter(policyReference: policy.given).text(shrunk.timeline, about: about)
        let path = try folder.write(text, as: "failures/check-user\(failure.user).json")
        let failed = """

        FAILED: seed \(options.seed), user \(failure.user) (\(failure.persona.rawValue))
          \(what)
          \(shrinking(from: failure.timeline.events.count, to: shrunk.timeline.events.count, reproduced: shrunk.finding != nil, batch: program.batch)):
        \(text.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
          written to \(path)
          the program:    \(check.reproduction(path, of: shrunk.timeline))
          the reference:  \(Replay.command(for: path))
          regenerate:     \(ShrunkFailure<PolicyRules>.regenerateCommand(policyName: policy.given, seed: options.seed, user: failure.user, years: options.years,
                                                                  generatorFlags: ShrunkFailure<PolicyRules>.generatorFlags(swarm: policy.swarm)))
        """
        return try finish(folder, summary: summary, ending: failed, report: CheckReport.report(check, result: result, failure: (shrunk, path, text), pastedTimeline: pasted), status: 1)
    }

    /// The summary's shard line (`shard       I/N: 20 of 60 users`), or nothing unsharded.
    static func shardLine(_ options: CampaignOptions) -> String {
        guard let shard = options.shard else { return "" }
        return "  shard       \(shard): \(Figures.grouped(options.usersToRun)) of \(Figures.count(options.users, "user"))\n"
    }

    /// The shrinking line: how far it went, or why the timeline is whole (`reproduced`
    /// false: the failing timeline passed when given to the program again).
    static func shrinking(from original: Int, to shrunk: Int, reproduced: Bool, batch: Bool) -> String {
        guard reproduced else {
            let why = batch ? "on a fresh start of the program this timeline passes, so the failure depends on the timelines it was given before"
                : "this timeline passed when the program ran it again, so its answers vary from run to run"
            return "not shrunk: \(why) (\(Figures.count(original, "event")))"
        }
        return original == shrunk ? "not shrunk (\(Figures.count(shrunk, "event")))" : "shrunk from \(Figures.grouped(original)) to \(Figures.count(shrunk, "event"))"
    }
}

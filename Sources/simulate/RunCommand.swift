import Foundation
import Simulator
import SubscriptionModel

/// `simulate [run]`: the main job.
enum RunCommand {
    static func main(_ arguments: CommandArguments) throws -> Int32 {
        if arguments.wantsHelp { Console.out(HelpText.run); return 0 }
        let seed = try arguments.uint64("--seed") ?? UInt64.random(in: 1...999_999_999)
        let users = try arguments.int("--users", range: RunReport.userRange) ?? CampaignOptions.defaultUsers
        let years = try arguments.int("--years", range: RunReport.yearRange) ?? CampaignOptions.defaultYears
        let jobs = try arguments.int("--jobs", range: 1...512) ?? CampaignOptions.coreCount
        let reportPath = try arguments.outputPath("--report") ?? "reports/latest"
        let personas = try arguments.string("--personas").map(parsePersonas) ?? Persona.allCases
        let shard = try parseShard(arguments, users: users)
        Console.showsProgress = !(try arguments.flag("--quiet"))
        let policy = try PolicyOption.parse(arguments, storeKit: true)
        try arguments.rejectUnknown()

        let options = CampaignOptions(seed: seed, users: users, years: years, jobs: jobs, personas: personas, shard: shard)
        let folder = try ReportFolder(path: reportPath, inputs: policy?.files ?? [])
        let shown = "seed \(seed), \(usersShown(options)), up to \(Figures.count(years, "year")), \(Figures.count(jobs, "job"))"
        guard let policy else {
            let campaign = ReferenceCampaign(options: options)
            return try run(announcing: "simulate: \(shown) (\(FlagshipRunSummary.command(options)))", users: options.usersToRun, into: folder,
                           run: campaign.runReference, shrink: campaign.shrinkReferenceFailure)
        }
        var campaign = Campaign(options: options, policy: policy.policy, policyName: policy.name, swarm: policy.swarm)
        campaign.extraGeneratorFlags = policy.storeKitArgument
        let failures = URL(fileURLWithPath: folder.path).appendingPathComponent("failures").path
        // Commands name a policy file as it was given, so they run from the working folder.
        let whole = RunSummary.command(policyName: policy.given, options: options.whole, swarm: policy.swarm) + policy.storeKitArgument
        return try run(announcing: "simulate: policy \(policy.name), \(shown)\(policy.swarm ? "" : ", no swarm") (\(RunSummary.command(policyName: policy.given, options: options, swarm: policy.swarm) + policy.storeKitArgument))",
                       users: options.usersToRun, into: folder, storeKit: policy.storeKit.map { ($0.path, $0.digest) }, command: whole, annotate: policy.annotated,
                       run: campaign.run) { invariant, user in
            var failure = campaign.shrinkFailure(of: invariant, user: user)
            failure.commandPolicy = policy.given
            failure.writtenPolicy = policy.written(in: failures)
            return failure
        }
    }

    /// Runs the `users` users of a run of either rule set (`run`, after printing
    /// `announcement`), shrinks the first failing user of each broken invariant
    /// (`shrink`), and writes the summary, the failures' timelines and the report into
    /// `folder` (naming the StoreKit file at `storeKit` whose products the policy sold,
    /// and `command`, when given, as the whole run's command; `annotate` adds its line
    /// to the summary). Exit status 0 when the run passed.
    static func run<Rules: ReportingRules>(announcing announcement: String, users: Int, into folder: ReportFolder,
                                           storeKit: (path: String, digest: UInt64)? = nil,
                                           command: String? = nil,
                                           annotate: (String) -> String = { $0 },
                                           run: ((@Sendable (Int) -> Void)?) -> RunResult<Rules>,
                                           shrink: (Rules.Invariant, Int) -> ShrunkFailure<Rules>) throws -> Int32 {
        Console.progress(announcement)
        let started = Date()
        let showProgress: @Sendable (Int) -> Void = { done in
            Console.error(RunSummary.progress(done: done, of: users, seconds: Date().timeIntervalSince(started)))
        }
        let result = run(Console.showsProgress ? showProgress : nil)
        let failures = try result.writeFailures(into: folder, progress: Console.progress, shrink: shrink)
        let summary = annotate(result.summary(failures: failures))
        try folder.write(summary + "\n", as: "summary.txt")
        try folder.write(RunReport(result: result, failures: failures, command: command, storeKit: storeKit?.path, storeKitDigest: storeKit?.digest))
        try commitThenPrint(folder, summary)
        return result.passed ? 0 : 1
    }

    /// Swaps the report folder in, then prints `summary` and where the report is: a
    /// command that writes a report prints nothing on standard output before the report
    /// is committed, so a report that cannot be written (a full disk) leaves standard
    /// output empty with its exit status 2, and the earlier report as it was.
    static func commitThenPrint(_ folder: ReportFolder, _ summary: String, reportLine: String = "") throws {
        try folder.commit()
        Console.out(summary)
        Console.out("\nReport: \(folder.path)/report.md, report.html, report.json, summary.txt" + reportLine)
    }

    /// `--shard I/N` for a run of `users` users (nil without the flag).
    static func parseShard(_ arguments: CommandArguments, users: Int) throws -> Shard? {
        guard let text = try arguments.string("--shard") else { return nil }
        do {
            return try Shard.parse(text, users: users)
        } catch {
            throw UsageError(error.message)
        }
    }

    /// `3,000 users`, or `1,000 of 3,000 users (shard 1/3)` for a shard.
    static func usersShown(_ options: CampaignOptions) -> String {
        guard let shard = options.shard else { return Figures.count(options.users, "user") }
        return "\(Figures.grouped(options.usersToRun)) of \(Figures.count(options.users, "user")) (shard \(shard))"
    }

    /// `--personas A,B,…`: each a persona's name, once (the order is the run's: user K
    /// draws from the list as given).
    static func parsePersonas(_ text: String) throws -> [Persona] {
        guard !text.isEmpty else { throw UsageError("--personas needs at least one persona") }
        var personas: [Persona] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            guard let persona = Persona(rawValue: name) else {
                let expected = Persona.allCases.map(\.rawValue).joined(separator: ",")
                throw UsageError(name.isEmpty ? "--personas \(ErrorText.quoted(text)): an empty name; expected some of \(expected), separated by commas"
                                 : "--personas: unknown persona \(ErrorText.quoted(name)); expected some of \(expected)")
            }
            guard !personas.contains(persona) else { throw UsageError("--personas: \(ErrorText.quoted(name)) given twice") }
            personas.append(persona)
        }
        return personas
    }
}

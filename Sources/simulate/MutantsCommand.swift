import Foundation
import Simulator

/// `simulate mutants`: the default campaign against every catalogued mutant, as a kill matrix.
enum MutantsCommand {
    static func main(_ arguments: CommandArguments) throws -> Int32 {
        if arguments.wantsHelp { Console.out(HelpText.mutants); return 0 }
        let seed = try arguments.uint64("--seed") ?? 7
        let users = try arguments.int("--users", range: RunReport.userRange) ?? CampaignOptions.defaultUsers
        let years = try arguments.int("--years", range: RunReport.yearRange) ?? CampaignOptions.defaultYears
        let jobs = try arguments.int("--jobs", range: 1...512) ?? CampaignOptions.coreCount
        let reportPath = try arguments.outputPath("--report") ?? "reports/latest"
        Console.showsProgress = !(try arguments.flag("--quiet"))
        let shard = try RunCommand.parseShard(arguments, users: users)
        let policy = try PolicyOption.parse(arguments, swarmElsewhere: false)
        try arguments.rejectUnknown()

        let options = CampaignOptions(seed: seed, users: users, years: years, jobs: jobs, shard: shard)
        if let policy, MutantCatalogue.entries(for: policy.name).isEmpty {
            // Refused before a report folder is made.
            let examples = ExamplePolicies.names.filter { !MutantCatalogue.entries(for: $0).isEmpty }
            throw UsageError("--policy \(ErrorText.quotedPath(policy.name)): no mutants are catalogued for it (the shipped policies and the examples \(examples.dropLast().joined(separator: ", ")) and \(examples.last ?? "") have them)")
        }
        let folder = try ReportFolder(path: reportPath)
        let mutantCount = policy.map { MutantCatalogue.entries(for: $0.name).count } ?? FlagshipMutantCatalogue.all.count
        let mutants = Figures.count(mutantCount, "mutant") + (policy.map { " of \($0.name)" } ?? "")
        Console.progress("simulate mutants: \(mutants) against seed \(seed), \(RunCommand.usersShown(options)), up to \(Figures.count(years, "year"))…")
        let policyFlag = policy.map { " --policy \(ShellText.word($0.name))" } ?? "", swarmFlag = policy?.swarm == false ? " --no-swarm" : ""
        let command = ShellText.simulate + " mutants" + policyFlag + " --seed \(seed) --users \(users) --years \(years)" + swarmFlag
        // The reference's run (for the report's counts and coverage) and the matrix, of either rule set.
        // Progress: the reference's users, then the mutants hunted (each until it is killed).
        let started = Date(), toRun = options.usersToRun
        let runProgress: @Sendable (Int) -> Void = { done in
            Console.progress(RunSummary.progress(done: done, of: toRun, seconds: Date().timeIntervalSince(started), label: "the reference: "))
        }
        let huntProgress: @Sendable (Int) -> Void = { done in
            Console.progress("  mutants hunted: \(done) of \(mutantCount), \(Figures.fixed(Date().timeIntervalSince(started), 0)) s")
        }
        let report: RunReport, matrix: KillMatrixResult
        if let policy {
            report = RunReport(result: Campaign(options: options, policy: policy.policy, policyName: policy.name, swarm: policy.swarm).run(progress: runProgress),
                               failures: [], kind: .mutants, command: command)
            matrix = KillMatrix.hunt(options: options, policy: policy.policy, policyName: policy.name, swarm: policy.swarm, progress: huntProgress)
        } else {
            report = RunReport(result: ReferenceCampaign(options: options).runReference(progress: runProgress), failures: [], kind: .mutants, command: command)
            matrix = FlagshipKillMatrix.hunt(options: options, progress: huntProgress)
        }
        // What the matrix was hunted on, as a run's summary starts: enough to run it again.
        let head = "simulate mutants" + policyFlag + swarmFlag
            + "\n  seed        \(seed)\n" + RunSummary.shardLines(options).map { $0 + "\n" }.joined()
            + "  users       \(Figures.grouped(options.usersToRun))\n  years       up to \(years)\n"
        return try write(report, matrix: matrix, to: folder, head: head)
    }

    /// Writes the kill matrix, its counterexamples and the report, and once the report
    /// is committed prints the matrix; exit 0 when every mutant was killed and the
    /// reference run passed.
    static func write(_ report: RunReport, matrix: KillMatrixResult, to folder: ReportFolder, head: String) throws -> Int32 {
        let rows = matrix.rows
        var report = report
        report.add(matrix)
        for row in rows {
            if let counterexample = row.counterexample { try folder.write(counterexample, as: "failures/mutant-\(row.name).json") }
        }
        try folder.write(head + "\n" + KillMatrix.text(rows) + "\n", as: "summary.txt")
        try folder.write(report)
        try RunCommand.commitThenPrint(folder, head + "\n" + KillMatrix.text(rows) + (report.failedReferenceNote.map { "\n\n" + $0 } ?? ""),
                                       reportLine: "; each counterexample in failures/")
        if let row = rows.first(where: { $0.counterexample != nil }) {
            let file = (folder.path as NSString).appendingPathComponent("failures/mutant-\(row.name).json")
            Console.out("See a mutant's bug: \(Replay.command(for: file, mutant: row.name)), against the same without --mutant (the reference)")
        }
        return report.passed ? 0 : 1
    }
}

import Foundation
import Simulator

/// `simulate mutants`: the default campaign against every catalogued mutant, as a kill matrix.
enum MutantsCommand {
    static func main(_ arguments: CommandArguments) throws -> Int32 {
        if arguments.wantsHelp { Console.out(HelpText.mutants); return 0 }
        let seed = try arguments.uint64("--seed") ?? 7
        let users = try arguments.int("--users", range: 1...100_000_000) ?? CampaignOptions.defaultUsers
        let years = try arguments.int("--years", range: 1...60) ?? CampaignOptions.defaultYears
        let jobs = try arguments.int("--jobs", range: 1...512) ?? CampaignOptions.coreCount
        let reportPath = try arguments.string("--report") ?? "reports/latest"
        let extra = try arguments.positionals
        guard extra.isEmpty else { throw UsageError("unexpected argument \"\(extra[0])\" for 'mutants'; see 'simulate mutants --help'") }
        try arguments.rejectUnknown()

        let options = CampaignOptions(seed: seed, users: users, years: years, jobs: jobs)
        let folder = try ReportFolder(path: reportPath)
        Console.error("simulate mutants: \(MutantCatalogue.all.count) mutants against seed \(seed), \(Figures.count(users, "user")), up to \(Figures.count(years, "year"))…")
        let result = ReferenceCampaign(options: options).runReference()
        let rows = KillMatrix.run(options: options)
        Console.out(KillMatrix.text(rows))
        let command = "swift run -c release simulate mutants --seed \(seed) --users \(users) --years \(years)"
        var report = RunReport(result: result, failures: [], kind: .mutants, command: command)
        report.mutants = rows
        report.passed = rows.allSatisfy(\.killed) && result.passed
        for row in rows {
            if let counterexample = row.counterexample { try folder.write(counterexample, as: "failures/mutant-\(row.name).json") }
        }
        try folder.write(KillMatrix.text(rows) + "\n", as: "summary.txt")
        try folder.write(report)
        try folder.commit()
        Console.out("\nReport: \(folder.path)/report.md, report.html, report.json; each counterexample in failures/")
        return rows.allSatisfy(\.killed) && result.passed ? 0 : 1
    }
}

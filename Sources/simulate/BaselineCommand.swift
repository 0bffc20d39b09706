import Foundation
import Simulator

/// `simulate baseline`: regenerates `reports/baseline.json` and `reports/baseline.md`.
enum BaselineCommand {
    static func main(_ arguments: CommandArguments) throws -> Int32 {
        if arguments.wantsHelp { Console.out(HelpText.baseline); return 0 }
        let folder = try arguments.string("--report") ?? "reports"
        let extra = try arguments.positionals
        guard extra.isEmpty else { throw UsageError("unexpected argument \"\(extra[0])\" for 'baseline'") }
        try arguments.rejectUnknown()
        let report = Baseline.report()
        let json = try ReportFolder.writeFile(report.json(), to: (folder as NSString).appendingPathComponent("baseline.json"))
        let markdown = try ReportFolder.writeFile(MarkdownReport.text(report), to: (folder as NSString).appendingPathComponent("baseline.md"))
        Console.out("wrote \(json) and \(markdown) (seed \(Baseline.options.seed), \(Figures.count(Baseline.options.users, "user")), \(Figures.count(Baseline.options.years, "year")))")
        return report.passed ? 0 : 1
    }
}

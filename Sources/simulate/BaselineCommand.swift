import Simulator

/// `simulate baseline`: regenerates `reports/baseline.json` and `reports/baseline.md`.
enum BaselineCommand {
    static func main(_ arguments: CommandArguments) throws -> Int32 {
        if arguments.wantsHelp { Console.out(HelpText.baseline); return 0 }
        let folder = try arguments.string("--report") ?? "reports"
        let extra = arguments.positionals
        guard extra.isEmpty else { throw UsageError("unexpected argument \"\(extra[0])\" for 'baseline'") }
        try arguments.rejectUnknown()
        let report = Baseline.report()
        let reports = try ReportFolder(path: folder)
        let json = try reports.write(report.json(), as: "baseline.json")
        let markdown = try reports.write(MarkdownReport.text(report), as: "baseline.md")
        Console.out("wrote \(json) and \(markdown) (seed \(Baseline.options.seed), \(Figures.grouped(Baseline.options.users)) users, \(Baseline.options.years) years)")
        return report.passed ? 0 : 1
    }
}

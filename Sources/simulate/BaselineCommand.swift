import Foundation
import Simulator

/// `simulate baseline`: regenerates the committed behaviour baselines:
/// `reports/baseline.json` and `.md` (the flagship's v1 path) and
/// `reports/baselines/POLICY.json` and `.md` for each other shipped policy.
enum BaselineCommand {
    static func main(_ arguments: CommandArguments) throws -> Int32 {
        if arguments.wantsHelp { Console.out(HelpText.baseline); return 0 }
        let folder = try arguments.string("--report") ?? "reports"
        let only = try arguments.string("--policy")
        let extra = try arguments.positionals
        guard extra.isEmpty else { throw UsageError("unexpected argument \(ErrorText.quoted(extra[0])) for 'baseline'") }
        try arguments.rejectUnknown()
        if let only, only != "meal-capture", !Baseline.policies.contains(only) {
            throw UsageError("--policy \(ErrorText.quoted(only)): baselines are kept for the shipped policies (\(Baseline.policies.joined(separator: ", ")), meal-capture)")
        }
        var passed = true
        func write(_ report: RunReport, json: String, markdown: String) throws {
            let jsonPath = try ReportFolder.writeFile(report.json(), to: (folder as NSString).appendingPathComponent(json))
            let markdownPath = try ReportFolder.writeFile(MarkdownReport.text(report), to: (folder as NSString).appendingPathComponent(markdown))
            Console.out("wrote \(jsonPath) and \(markdownPath)")
            passed = passed && report.passed
        }
        if only == nil || only == "meal-capture" {
            try write(Baseline.report(), json: "baseline.json", markdown: "baseline.md")
        }
        for policy in Baseline.policies where only == nil || only == policy {
            try write(Baseline.report(policy: policy), json: "baselines/\(policy).json", markdown: "baselines/\(policy).md")
        }
        Console.out("(seed \(Baseline.options.seed), \(Figures.count(Baseline.options.users, "user")), \(Figures.count(Baseline.options.years, "year")) each)")
        return passed ? 0 : 1
    }
}

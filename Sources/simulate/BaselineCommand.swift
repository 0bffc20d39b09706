import Foundation
import Simulator

/// `simulate baseline`: regenerates the committed behaviour baselines:
/// `reports/baseline.json` and `.md` (the flagship's v1 path) and
/// `reports/baselines/POLICY.json` and `.md` for each other shipped policy.
enum BaselineCommand {
    static func main(_ arguments: CommandArguments) throws -> Int32 {
        if arguments.wantsHelp { Console.out(HelpText.baseline); return 0 }
        let folder = try arguments.outputPath("--report") ?? "reports"
        guard !folder.isEmpty else { throw UsageError(ReportFolder.unnamed) }
        let only = try arguments.string("--policy")
        let extra = try arguments.positionals
        guard extra.isEmpty else { throw UsageError("unexpected argument \(ErrorText.quoted(extra[0])) for 'baseline'") }
        try arguments.rejectUnknown()
        if let only, only != "meal-capture", !Baseline.policies.contains(only) {
            throw UsageError("--policy \(ErrorText.quoted(only)): baselines are kept for the shipped policies (\(Baseline.policies.joined(separator: ", ")), meal-capture)")
        }
        // Every file is checked before the runs, and written after all of them: a bad
        // folder or an interrupt during the runs leaves the baselines as they were.
        var wanted: [(name: String?, json: String, markdown: String)] = []
        if only == nil || only == "meal-capture" { wanted.append((nil, "baseline.json", "baseline.md")) }
        for policy in Baseline.policies where only == nil || only == policy {
            wanted.append((policy, "baselines/\(policy).json", "baselines/\(policy).md"))
        }
        let path = { (name: String) in (folder as NSString).appendingPathComponent(name) }
        for file in wanted.flatMap({ [$0.json, $0.markdown] }) {
            if let refusal = ReportFolder.refusal(toWrite: path(file)) { throw UsageError("--report \(ErrorText.quotedPath(folder)): \(refusal.description)") }
        }
        let reports = wanted.map { $0.name.map { Baseline.report(policy: $0) } ?? Baseline.report() }
        // All or none (a full disk leaves every baseline as it was), and printed once written.
        do {
            try ReportFolder.writeFiles(zip(wanted, reports).flatMap { file, report in
                [(report.json(), path(file.json)), (MarkdownReport.text(report), path(file.markdown))]
            })
        } catch {
            throw UsageError("--report \(ErrorText.quotedPath(folder)): \(error.description)")
        }
        for file in wanted { Console.out("wrote \(path(file.json)) and \(path(file.markdown))") }
        Console.out("(seed \(Baseline.options.seed), \(Figures.count(Baseline.options.users, "user")), timelines of up to \(Figures.count(Baseline.options.years, "year")))")
        return reports.allSatisfy(\.passed) ? 0 : 1
    }
}

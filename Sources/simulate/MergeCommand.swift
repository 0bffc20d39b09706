import Foundation
import Simulator

/// `simulate merge --report OUT DIR...`: the shards of one run (`--shard I/N`) merged
/// into the report the whole run writes in one process; exit 1 when the merged run
/// failed (an invariant broke, a category fell below its floor, a mutant survived).
enum MergeCommand {
    static func main(_ arguments: CommandArguments) throws -> Int32 {
        if arguments.wantsHelp { Console.out(HelpText.merge); return 0 }
        let reportPath = try arguments.outputPath("--report") ?? "reports/latest"
        let copies = ReportMerge.Copies(policy: try arguments.inputPath("--policy"), storeKit: try arguments.inputPath("--storekit"))
        let folders = try arguments.positionals.map { try CommandArguments.utf8Name($0, verb: "read") }
        try arguments.rejectUnknown()
        guard !folders.isEmpty else { throw UsageError("merge needs the report folder of every shard; see 'simulate merge --help'") }
        let folder = try ReportFolder(path: reportPath, inputs: folders + ShardReport.filesRead(by: folders) + [copies.policy, copies.storeKit].compactMap { $0 })
        let merged: (report: RunReport, summary: String)
        do {
            merged = try ReportMerge.run(folders: folders, into: folder, copies: copies)
        } catch let refusal as MergeRefusal {
            throw UsageError(refusal.message)
        }
        try RunCommand.commitThenPrint(folder, merged.summary)
        return merged.report.passed ? 0 : 1
    }
}

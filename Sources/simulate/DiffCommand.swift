import Foundation
import Simulator

/// `simulate diff OLD.json NEW.json`: what changed between two reports.
enum DiffCommand {
    static func main(_ arguments: CommandArguments) throws -> Int32 {
        if arguments.wantsHelp { Console.out(HelpText.diff); return 0 }
        let paths = try arguments.positionals
        try arguments.rejectUnknown()
        guard paths.count == 2 else { throw UsageError("diff takes two reports, OLD and NEW (report.json files or report folders); see 'simulate diff --help'") }
        do {
            let old = try RunReport.read(file: InputPath.commandLineArgument(reportFile(paths[0])))
            let new = try RunReport.read(file: InputPath.commandLineArgument(reportFile(paths[1])))
            Console.out(ReportDiff.markdown(old: old, new: new, oldName: paths[0], newName: paths[1]), terminator: "")
            return 0
        } catch {
            Console.error(error.description)
            return 2
        }
    }

    /// A report folder (one holding a report.json) is read as its report.json.
    static func reportFile(_ path: String) -> String {
        var isFolder: ObjCBool = false
        let file = (path as NSString).appendingPathComponent("report.json")
        guard path != "-", FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
              FileManager.default.fileExists(atPath: file) else { return path }
        return file
    }
}

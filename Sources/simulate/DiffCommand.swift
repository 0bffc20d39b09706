import Foundation
import Simulator

/// `simulate diff OLD NEW`: what changed between two reports (files or report folders).
enum DiffCommand {
    static func main(_ arguments: CommandArguments) throws -> Int32 {
        if arguments.wantsHelp { Console.out(HelpText.diff); return 0 }
        let paths = try arguments.positionals
        try arguments.rejectUnknown()
        guard paths.count == 2 else { throw UsageError("diff takes two reports, OLD and NEW (report.json files or report folders); see 'simulate diff --help'") }
        let files = (try reportFile(paths[0]), try reportFile(paths[1]))
        do {
            let old = try RunReport.read(file: InputPath.commandLineArgument(files.0))
            let new = try RunReport.read(file: InputPath.commandLineArgument(files.1))
            Console.out(ReportDiff.markdown(old: old, new: new, oldName: paths[0], newName: paths[1]), terminator: "")
            return 0
        } catch {
            Console.error(error.description)
            return 2
        }
    }

    /// A report folder is read as its report.json; a folder without one is refused.
    static func reportFile(_ path: String) throws -> String {
        var isFolder: ObjCBool = false
        guard path != "-", FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return path }
        let file = (path as NSString).appendingPathComponent("report.json")
        guard FileManager.default.fileExists(atPath: file) else {
            throw UsageError("\(ErrorText.path(Array(path.utf8))): a folder with no report.json, not a report")
        }
        return file
    }
}

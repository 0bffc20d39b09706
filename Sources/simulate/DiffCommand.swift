import Simulator

/// `simulate diff OLD.json NEW.json`: what changed between two reports.
enum DiffCommand {
    static func main(_ arguments: CommandArguments) throws -> Int32 {
        if arguments.wantsHelp { Console.out(HelpText.diff); return 0 }
        let paths = try arguments.positionals
        try arguments.rejectUnknown()
        guard paths.count == 2 else { throw UsageError("diff takes two report.json files, OLD and NEW; see 'simulate diff --help'") }
        do {
            let old = try RunReport.read(file: InputPath.commandLineArgument(paths[0])), new = try RunReport.read(file: InputPath.commandLineArgument(paths[1]))
            Console.out(ReportDiff.markdown(old: old, new: new, oldName: paths[0], newName: paths[1]), terminator: "")
            return 0
        } catch {
            Console.error(error.description)
            return 2
        }
    }
}

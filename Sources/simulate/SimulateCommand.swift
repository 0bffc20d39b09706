import Foundation
import Simulator

/// Picks the subcommand and maps its result to an exit status:
/// 0 all held, 1 an invariant broke, 2 bad input (nothing written to standard output).
enum SimulateCommand {
    /// Each command's name, entry point and help, in the order the overview lists them:
    /// `main` picks from this table, `help COMMAND` reads it, and its names are what a
    /// mistyped command is matched against (with `help`, which `main` answers itself).
    static let table: [(name: String, main: @Sendable (CommandArguments) throws -> Int32, help: String)] = [
        ("run", RunCommand.main, HelpText.run), ("replay", ReplayCommand.main, HelpText.replay), ("check", CheckCommand.main, HelpText.check),
        ("mutants", MutantsCommand.main, HelpText.mutants), ("diff", DiffCommand.main, HelpText.diff), ("baseline", BaselineCommand.main, HelpText.baseline),
        ("bench", BenchCommand.main, HelpText.bench), ("policies", PoliciesCommand.main, HelpText.policies), ("policy", PolicyCommand.main, HelpText.policy),
        ("storekit", StoreKitCommand.main, HelpText.storekit), ("merge", MergeCommand.main, HelpText.merge),
    ]

    /// Every command name: the table's and `help`.
    static let commands = table.map(\.name) + ["help"]

    /// The one refusal of a command name that is none of `commands` (`simulate NAME`,
    /// `simulate help NAME`), with the nearest command when one is close.
    static func unknownCommand(_ name: String) -> UsageError {
        var message = "unknown command \(ErrorText.quoted(name))"
        if let nearest = CommandArguments.nearest(to: name, in: commands) { message += "; did you mean \(nearest)?" }
        return UsageError(message + (message.hasSuffix("?") ? " See" : "; see") + " 'simulate --help' for the commands.")
    }

    static func main(arguments: [String]) -> Int32 {
        var arguments = arguments
        if let first = arguments.first, first == "--help" || first == "-h" {
            Console.out(HelpText.overview)
            return 0
        }
        // The version a report names (`simulate 0.1.0`), so a user can match the two.
        if arguments == ["--version"] {
            Console.out(RunReport.toolVersion)
            return 0
        }
        // `--version` first with more after it (alone, it was answered above). After a
        // command's name it is that command's unknown option, refused by the command.
        if arguments.first == "--version" {
            Console.error("error: unexpected argument \(ErrorText.quoted(arguments[1])) for --version (it stands alone); see 'simulate --help'")
            return 2
        }
        let name = arguments.first.flatMap { $0.hasPrefix("-") ? nil : $0 } ?? "run"
        if !arguments.isEmpty, arguments[0] == name { arguments.removeFirst() }
        do {
            if let command = table.first(where: { $0.name == name }) {
                return try command.main(CommandArguments(arguments, command: name))
            }
            switch name {
            case "help":
                guard arguments.count <= 1 else { throw UsageError("unexpected argument \(ErrorText.quoted(arguments[1])) for 'help' (it takes one COMMAND); see 'simulate --help'") }
                guard let text = HelpText.text(for: arguments.first ?? "simulate") else { throw unknownCommand(arguments[0]) }
                Console.out(text)
                return 0
            default:
                throw unknownCommand(name)
            }
        } catch let error as UsageError {
            Console.error("error: \(error.message)")
            return 2
        } catch let error as ReportFolder.WriteError {
            Console.error("error: \(error.description)")
            return 2
        } catch {
            Console.error("error: \(error)")
            return 2
        }
    }
}

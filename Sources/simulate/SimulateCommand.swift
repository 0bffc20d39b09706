import Foundation
import Simulator

/// Picks the subcommand and maps its result to an exit status:
/// 0 all held, 1 an invariant broke, 2 bad input (nothing written to standard output).
enum SimulateCommand {
    /// The commands, as `main` picks them.
    static let commands = ["run", "replay", "bench", "check", "mutants", "diff", "baseline", "policies", "policy", "storekit", "merge", "help"]

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
        let name = arguments.first.flatMap { $0.hasPrefix("-") ? nil : $0 } ?? "run"
        if !arguments.isEmpty, arguments[0] == name { arguments.removeFirst() }
        do {
            switch name {
            case "run": return try RunCommand.main(CommandArguments(arguments, command: "run"))
            case "replay": return try ReplayCommand.main(CommandArguments(arguments, command: "replay"))
            case "bench": return try BenchCommand.main(CommandArguments(arguments, command: "bench"))
            case "check": return try CheckCommand.main(CommandArguments(arguments, command: "check"))
            case "mutants": return try MutantsCommand.main(CommandArguments(arguments, command: "mutants"))
            case "diff": return try DiffCommand.main(CommandArguments(arguments, command: "diff"))
            case "baseline": return try BaselineCommand.main(CommandArguments(arguments, command: "baseline"))
            case "policies": return try PoliciesCommand.main(CommandArguments(arguments, command: "policies"))
            case "policy": return try PolicyCommand.main(CommandArguments(arguments, command: "policy"))
            case "storekit": return try StoreKitCommand.main(CommandArguments(arguments, command: "storekit"))
            case "merge": return try MergeCommand.main(CommandArguments(arguments, command: "merge"))
            case "help":
                guard arguments.count <= 1 else { throw UsageError("help takes one COMMAND; see 'simulate --help'") }
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

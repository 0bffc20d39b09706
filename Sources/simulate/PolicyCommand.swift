import Simulator
import SubscriptionModel

/// `simulate policy show NAME|FILE`: a policy as a reviewer reads it.
enum PolicyCommand {
    static let help = """
        usage: simulate policy show NAME|FILE

        Prints a policy as a reviewer reads it: calendar, trial, grace and defaults, the
        features, each plan (paid ones in rank order) with its products, enabled
        features, limits, history windows and responses, then the screens (a branch
        that several plans or products share, such as an "else", printed once under
        all their names).
        NAME is a shipped policy ('simulate policies' lists them); anything else is the
        path of a policy file (docs/policy-file.md), which is checked strictly: a bad
        file prints one line naming the file, the JSON path and the fault (exit 2).
        """

    static func main(_ arguments: CommandArguments) throws -> Int32 {
        if arguments.wantsHelp { Console.out(help); return 0 }
        let positionals = try arguments.positionals
        guard positionals.first == "show" else {
            throw UsageError(positionals.isEmpty ? "policy needs a subcommand: 'simulate policy show NAME|FILE'" : "unknown policy subcommand \(ErrorText.quoted(positionals[0])); expected \"show\"")
        }
        guard positionals.count == 2 else { throw UsageError("policy show takes one NAME or FILE, got \(positionals.count - 1)") }
        do {
            Console.out(PolicyDescription.text(try PolicyLoader.load(positionals[1])), terminator: "")
            return 0
        } catch {
            Console.error(error.description)
            return 2
        }
    }
}

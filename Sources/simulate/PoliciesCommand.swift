import Simulator
import SubscriptionModel

/// `simulate policies`: the shipped policies and the built-in examples, one a line, with
/// what each is for.
enum PoliciesCommand {
    static func main(_ arguments: CommandArguments) throws -> Int32 {
        if arguments.wantsHelp { Console.out(HelpText.policies); return 0 }
        try arguments.rejectUnknown() // it takes no argument
        // The shipped policies, a blank line, the examples (a shell's word splitting, as in
        // `for p in $(simulate policies | cut -d' ' -f1)`, skips the blank line).
        let groups = [SubscriptionPolicy.shippedNames, ExamplePolicies.names]
        let width = groups.joined().map(\.count).max() ?? 0
        let lines = groups.map { names in
            names.map { $0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + (PolicyLoader.builtIn($0)?.about ?? "") }.joined(separator: "\n")
        }
        Console.out(lines.joined(separator: "\n\n"))
        return 0
    }
}

import Simulator
import SubscriptionModel

/// `simulate policies`: the shipped policies and the built-in examples, one a line, with
/// what each is for.
enum PoliciesCommand {
    static func main(_ arguments: CommandArguments) throws -> Int32 {
        if arguments.wantsHelp { Console.out(HelpText.policies); return 0 }
        guard try arguments.positionals.isEmpty else { throw UsageError("policies takes no arguments; see 'simulate policies --help'") }
        let width = (SubscriptionPolicy.shippedNames + ExamplePolicies.names).map(\.count).max() ?? 0
        // The shipped policies, a blank line, the examples (a shell's word splitting, as in
        // `for p in $(simulate policies | cut -d' ' -f1)`, skips the blank line).
        for (index, names) in [SubscriptionPolicy.shippedNames, ExamplePolicies.names].enumerated() {
            if index > 0 { Console.out("") }
            for name in names {
                let policy = PolicyLoader.builtIn(name)!
                Console.out(name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + (policy.about ?? ""))
            }
        }
        return 0
    }
}

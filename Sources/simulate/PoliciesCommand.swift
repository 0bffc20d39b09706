import Simulator
import SubscriptionModel

/// `simulate policies`: the shipped policies and the built-in examples, one a line, with
/// what each is for.
enum PoliciesCommand {

    static func main(_ arguments: CommandArguments) throws -> Int32 {
        if arguments.wantsHelp { Console.out(HelpText.policies); return 0 }
        guard try arguments.positionals.isEmpty else { throw UsageError("policies takes no arguments; see 'simulate policies --help'") }
        let names = SubscriptionPolicy.shippedNames + ExamplePolicies.names
        let width = names.map(\.count).max() ?? 0
        for name in names {
            let policy = PolicyLoader.builtIn(name)!
            Console.out(name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + (policy.about ?? ""))
        }
        return 0
    }
}

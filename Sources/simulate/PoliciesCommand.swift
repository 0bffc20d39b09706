import Simulator
import SubscriptionModel

/// `simulate policies`: the shipped policies and the built-in examples, one a line, with
/// what each is for.
enum PoliciesCommand {
    static let help = """
        usage: simulate policies

        Lists the policies shipped with the package (docs/policies.md), then the
        examples built into the simulator (scan-credits: credit packs; photo-units:
        uses that cost several units; night-owl: a day that starts at 04:00;
        study-week: calendar weeks from Sunday; ask-window: a rolling 24-hour
        window; chat-pool: a daily allowance, then a monthly pool; billing-month:
        months from the purchase), one a line:
        the name a timeline's "policy" or 'simulate policy show' takes, then what it is for.
        """

    static func main(_ arguments: CommandArguments) throws -> Int32 {
        if arguments.wantsHelp { Console.out(help); return 0 }
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

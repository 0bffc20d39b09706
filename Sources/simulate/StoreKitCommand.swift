import Foundation
import Simulator
import SubscriptionModel

/// `simulate storekit FILE --policy NAME|FILE`: where an Xcode StoreKit configuration
/// and a policy disagree (docs/storekit.md, S1–S6).
enum StoreKitCommand {
    static let help = """
        usage: simulate storekit FILE.storekit --policy NAME|FILE

        Compares an Xcode StoreKit configuration file with a policy (docs/storekit.md)
        and prints where they disagree, one finding per line naming the product:
          only in the policy, only in the file
                    a product one side has and the other lacks (S1)
          kind      auto-renewable, non-consumable, consumable or non-renewing (S2)
          period    a subscription's billing period (S3)
          group     the policy's subscriptions split over subscription groups (S4)
          level     levels against the plans' ranks: a higher plan needs a better
                    (lower) groupNumber, and one plan's products share a level (S5)
          trial     the free introductory offer against the policy's trial (S6)
        When they agree it prints what was compared.

        The file is read leniently: format versions 1.x to 5.x, keys it does not need
        skipped unread (so settings, team and app ids, prices and EULA texts are never
        printed), keys a version leaves out optional. NAME is a shipped policy
        ('simulate policies'); anything else is a policy file.

        'simulate run --policy X --storekit FILE' simulates the policy with the file's
        products, periods and levels.

        Exit status 0 when they agree, 1 when they disagree, 2 for a file that cannot
        be read (one line naming the file and the fault: a JSON path, or the line and
        column of a syntax error) or a bad --policy.
        """

    static func main(_ arguments: CommandArguments) throws -> Int32 {
        if arguments.wantsHelp { Console.out(help); return 0 }
        let name = try arguments.string("--policy")
        let positionals = try arguments.positionals
        try arguments.rejectUnknown()
        guard let name else {
            throw UsageError("storekit needs --policy NAME|FILE, the policy to compare the file with; see 'simulate storekit --help'")
        }
        guard positionals.count == 1, let path = positionals.first else {
            throw UsageError(positionals.isEmpty ? "storekit needs a StoreKit configuration FILE; see 'simulate storekit --help'" : "storekit takes one FILE, got \(positionals.count)")
        }
        let policy = try PolicyOption.named(name)
        let configuration: StoreKitConfiguration
        do {
            configuration = try StoreKitConfiguration.read(path: path)
        } catch {
            Console.error("error: " + error.message)
            return 2
        }
        let comparison = StoreKitComparison(policy: policy.policy, configuration: configuration)
        Console.out(comparison.text(file: InputPath(path).shown, policyName: policy.name))
        return comparison.agrees ? 0 : 1
    }
}

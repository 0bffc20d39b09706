import Foundation
import Simulator
import SubscriptionModel

/// `simulate storekit FILE [--policy NAME|FILE]`: what an Xcode StoreKit configuration
/// sells, or where it and a policy disagree (docs/storekit.md, S1–S6).
enum StoreKitCommand {
    static let help = """
        usage: simulate storekit FILE.storekit [--policy NAME|FILE]

        Without --policy, prints what an Xcode StoreKit configuration file sells: each
        subscription group (and 6.x suite group) with its subscriptions, then the
        products outside groups; each product with its kind, a subscription's period
        and level (1 the highest), its price as the file writes it, and below it each
        offer (introductory, promotional, offer code, win-back: how it is paid, for how
        long, at what price) and each billing plan but the ordinary upfront one.

        With --policy, compares the file with the policy (docs/storekit.md) and prints
        where they disagree, one finding per line naming the product:
          only in the policy, only in the file
                    a product one side has and the other lacks (S1)
          kind      auto-renewable, non-consumable, consumable, non-renewing or a
                    subscription suite (S2)
          period    a subscription's billing period (S3)
          level     levels against the plans' ranks: a higher plan needs a better
                    (lower) groupNumber (S5); one plan's products at two levels, as
                    Apple allows, is a warning on standard error
          introductory offer
                    a subscription's introductory offer against the one the policy
                    declares for it (S6); the policy's own trial from the install
                    is not a StoreKit offer and is not compared
        The policy's subscriptions split over subscription groups (S4), which Apple
        allows, is a warning on standard error too: a user could hold one of each,
        where a policy has one entitlement at a time.
        When they agree it prints what was compared.

        The file is read leniently: format versions 1.x to 6.x, and a newer one as far
        as the reader knows it (with a warning); keys it does not need skipped unread
        (so settings, team and app ids, key pairs and EULA texts are never printed);
        keys a version leaves out optional. A fault in what only the listing shows (a
        price, an offer but the introductory one, a billing plan) is a warning and the
        value is left out. Warnings go to standard error, one line each:
          warning: FILE: PLACE: PROBLEM
        NAME is a shipped policy ('simulate policies'); anything else is a policy file.

        'simulate run --policy X --storekit FILE' simulates the policy with the file's
        products, periods, levels and introductory offers.

        Exit status 0 for a listing, or when the file and the policy agree; 1 when
        they disagree; 2 for a file that cannot be read (one line naming the file and
        the fault: a JSON path, or the line and column of a syntax error) or a bad
        --policy.
        """

    /// The configuration at `path`, its warnings said on standard error; nil once a file
    /// that cannot be read is said there (one `error:` line: exit status 2).
    static func read(_ path: String) -> StoreKitConfiguration? {
        do {
            let configuration = try StoreKitConfiguration.read(path: path)
            for warning in configuration.warnings { Console.error("warning: " + warning.message) }
            return configuration
        } catch {
            Console.error("error: " + error.message)
            return nil
        }
    }

    static func main(_ arguments: CommandArguments) throws -> Int32 {
        if arguments.wantsHelp { Console.out(help); return 0 }
        let name = try arguments.string("--policy")
        let positionals = try arguments.positionals
        try arguments.rejectUnknown()
        guard positionals.count == 1, let path = positionals.first else {
            throw UsageError(positionals.isEmpty ? "storekit needs a StoreKit configuration FILE; see 'simulate storekit --help'" : "storekit takes one FILE, got \(positionals.count)")
        }
        let policy = try name.map { name in try PolicyOption.named(name) }
        guard let configuration = read(path) else { return 2 }
        guard let policy else {
            Console.out(configuration.listing(file: InputPath(path).shown))
            return 0
        }
        let comparison = StoreKitComparison(policy: policy.policy, configuration: configuration)
        for warning in comparison.warnings { Console.error(warning) }
        Console.out(comparison.text(file: InputPath(path).shown, policyName: policy.name))
        return comparison.agrees ? 0 : 1
    }
}

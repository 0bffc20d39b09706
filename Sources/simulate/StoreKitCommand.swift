import Foundation
import Simulator
import SubscriptionModel

/// `simulate storekit FILE [--policy NAME|FILE]`: what an Xcode StoreKit configuration
/// sells, or where it and a policy disagree (docs/storekit.md, S1–S6).
enum StoreKitCommand {
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
        if arguments.wantsHelp { Console.out(HelpText.storekit); return 0 }
        let name = try arguments.inputPath("--policy")
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

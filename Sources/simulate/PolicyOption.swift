import Foundation
import Simulator
import SubscriptionModel

/// `--policy NAME|FILE` (and `--no-swarm`), shared by the commands that simulate: the
/// default, and `meal-capture` itself, is the v1 fast path with every figure as before;
/// any other policy runs on the generic engine.
struct PolicyOption {
    /// The policy.
    let policy: SubscriptionPolicy
    /// How reports and commands name it: a shipped name, or the file's absolute path
    /// (so a failure's timeline, written elsewhere, still finds it).
    let name: String
    /// Whether users draw their own subsets of event kinds and habits (swarm testing).
    let swarm: Bool

    /// The generic policy asked for, or nil for the v1 meal-capture rules.
    static func parse(_ arguments: CommandArguments) throws -> PolicyOption? {
        let text = try arguments.string("--policy")
        let swarm = try !arguments.flag("--no-swarm")
        guard let text, text != "meal-capture" else {
            if !swarm { throw UsageError("--no-swarm goes with --policy NAME|FILE (the meal-capture rules' own generator has no swarm)") }
            return nil
        }
        do {
            let policy = try PolicyLoader.load(text)
            let name = SubscriptionPolicy.named(text) != nil ? text : URL(fileURLWithPath: text).standardizedFileURL.path
            return PolicyOption(policy: policy, name: name, swarm: swarm)
        } catch {
            throw UsageError("--policy: " + error.problem)
        }
    }
}

import Foundation
import Simulator
import SubscriptionModel

/// `--policy NAME|FILE` (and `--no-swarm`), shared by the commands that simulate: the
/// default, and `meal-capture` itself, is the v1 fast path with every figure as before;
/// any other policy runs on the generic engine.
struct PolicyOption {
    /// The policy.
    var policy: SubscriptionPolicy
    /// How reports and the program under check name it: a shipped name, or the file's
    /// absolute path (so that it resolves from any folder).
    let name: String
    /// How printed commands name it: a shipped name, or the file's path as given
    /// (relative to the working folder, where the printed commands are run).
    let given: String
    /// Whether users draw their own subsets of event kinds and habits (swarm testing).
    let swarm: Bool
    /// With `--storekit FILE`: the file's absolute path, the hash of its bytes (which the
    /// report records) and what it changed (`policy` then sells its products).
    var storeKit: (path: String, digest: UInt64, mapping: StoreKitProductMapping)? = nil

    /// The generic policy asked for, or nil for the v1 meal-capture rules. With
    /// `storeKit`, the command also takes `--storekit FILE` (docs/storekit.md), which
    /// puts even meal-capture on the generic engine (the v1 path's products are built in).
    /// `swarmElsewhere` says whether the command runs a policy file with a swarm (every
    /// command but `mutants`, whose catalogue holds meal-capture's mutants by its name alone).
    static func parse(_ arguments: CommandArguments, storeKit: Bool = false, swarmElsewhere: Bool = true) throws -> PolicyOption? {
        let text = try arguments.inputPath("--policy")
        let swarm = try !arguments.flag("--no-swarm")
        let storeKitPath = storeKit ? try arguments.inputPath("--storekit") : nil
        if text == nil, storeKitPath != nil {
            throw UsageError("--storekit goes with --policy NAME|FILE (the default meal-capture rules' own generator has its products built in; --policy meal-capture --storekit FILE runs them on the generic engine)")
        }
        guard let text, text != "meal-capture" || storeKitPath != nil else {
            if !swarm, text == nil {
                throw UsageError("--no-swarm goes with " + (swarmElsewhere ? "--policy NAME|FILE (the meal-capture rules' own generator has no swarm)"
                                                            : "--policy NAME, a shipped or example policy other than meal-capture (whose own generator has no swarm)"))
            }
            if !swarm {
                let elsewhere = !swarmElsewhere ? "" : " (its policy file\(storeKit ? ", or --storekit FILE," : "") runs it on the generic engine, which has)"
                throw UsageError("--no-swarm: --policy meal-capture runs the flagship's own generator, which has no swarm" + elsewhere)
            }
            return nil
        }
        var option = try named(text, swarm: swarm)
        if let storeKitPath { try option.follow(storeKitPath) }
        return option
    }

    /// Any policy, meal-capture included, by a shipped name or a file path.
    static func named(_ text: String, swarm: Bool = true) throws -> PolicyOption {
        do {
            let policy = try PolicyLoader.load(text)
            let name = PolicyLoader.builtIn(text) != nil ? text : URL(fileURLWithPath: text).standardizedFileURL.path
            return PolicyOption(policy: policy, name: name, given: text, swarm: swarm)
        } catch {
            throw UsageError("--policy: " + error.problem)
        }
    }

    /// Sells the products of the StoreKit configuration at `path` instead of the policy's own.
    mutating func follow(_ path: String) throws {
        // The run records the file's path, to reproduce the run and to merge its shards.
        guard path != "-" else { throw UsageError("--storekit -: give the StoreKit file's path (a run records it, to be reproduced and merged)") }
        let (configuration, digest): (StoreKitConfiguration, UInt64)
        do { (configuration, digest) = try StoreKitConfiguration.readDigested(path: path) } catch { throw UsageError("--storekit " + error.message) }
        do {
            let mapping = try StoreKitProductMapping(policy: policy, configuration: configuration)
            storeKit = (URL(fileURLWithPath: path).standardizedFileURL.path, digest, mapping)
            policy = mapping.policy
        } catch {
            throw UsageError("--storekit \(InputPath(path).shown): \(error.problem)")
        }
    }

    /// How a timeline written in `folder` names the policy: a shipped name, or the
    /// file's path from there (what the timeline's reader resolves it against).
    func written(in folder: String) -> String {
        PolicyLoader.builtIn(name) != nil ? name : PolicyLoader.relativePath(name, from: folder)
    }

    /// The files the command reads: the policy file (not a shipped name) and the StoreKit file.
    var files: [String] {
        (PolicyLoader.builtIn(name) == nil ? [name] : []) + (storeKit.map { [$0.path] } ?? [])
    }

    /// ` --storekit PATH` for commands that reproduce a run, or nothing.
    var storeKitArgument: String { storeKit.map { " --storekit \(ShellText.word($0.path))" } ?? "" }

    /// A run's summary with a line saying which products the StoreKit file gave, after the first.
    func annotated(_ summary: String) -> String {
        guard let storeKit else { return summary }
        var lines = summary.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.insert("  storekit    \(storeKit.path): \(storeKit.mapping.summary)", at: min(1, lines.count))
        return lines.joined(separator: "\n")
    }
}

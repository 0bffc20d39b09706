import Foundation
import SubscriptionModel

/// Finds a policy by a shipped name or a file path, as the commands and timelines name
/// one: a shipped name always means the shipped policy.
package enum PolicyLoader {
    /// Why no policy could be loaded.
    package struct LoadError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong, without the `error: ` prefix (a timeline's reader puts it after `policy: `).
        package var problem: String

        /// The line a command prints.
        package var description: String { "error: " + problem }

        /// An error saying `problem`.
        package init(problem: String) {
            self.problem = problem
        }
    }

    /// The shipped policy `nameOrPath` (or the example of that name, `ExamplePolicies`), else the policy file at that path (relative to
    /// `folder` when not absolute). A file not read is named by the absolute path tried,
    /// but for a bare word (no `/`, no `.`) looked up in the working folder (a command's
    /// `--policy`, a timeline read from standard input): a shipped name mistyped, more
    /// likely than a file there.
    package static func load(_ nameOrPath: String, folder: String = ".") throws(LoadError) -> SubscriptionPolicy {
        if let builtIn = builtIn(nameOrPath) { return builtIn }
        guard !nameOrPath.isEmpty else { throw LoadError(problem: "an empty policy name") }
        let path = nameOrPath.hasPrefix("/") || folder == "." ? nameOrPath : URL(fileURLWithPath: folder).appendingPathComponent(nameOrPath).path
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(InputPath(path), kind: "policy file")
        } catch {
            // A bare word (no `/`, no `.`) is most likely a built-in name mistyped: the nearest one, if any.
            let bareWord = !nameOrPath.contains("/") && !nameOrPath.contains(".")
            let nearest = bareWord ? NearestName.nearest(to: nameOrPath, in: SubscriptionPolicy.shippedNames + ExamplePolicies.names) : nil
            // A built-in name with ".json" (the shipped file's name) is that name.
            let stem = nameOrPath.hasSuffix(".json") && !nameOrPath.contains("/") ? String(nameOrPath.dropLast(5)) : nil
            let named = stem.flatMap { builtIn($0) != nil ? "did you mean \($0), without \".json\"? " : nil }
            let names = (named ?? nearest.map { "did you mean \($0)? " } ?? "") + "'simulate policies' lists them"
            let tried = URL(fileURLWithPath: path).standardizedFileURL.path
            let atPath = path != nameOrPath || !bareWord
            throw LoadError(problem: "\(ErrorText.quoted(nameOrPath)) is no shipped policy or example (\(names)) and no readable policy file (\(error.problem)\(atPath ? " at " + ErrorText.quotedPath(tried) : ""))")
        }
        do {
            // Named as given (a command's argument), or, for a path from a timeline's
            // folder, as it is found from where the command ran; as a file name is shown
            // (escaped, a long one cut in its middle).
            var policy = try SubscriptionPolicy(data: Data(bytes), file: ErrorText.path(Array((path == nameOrPath ? nameOrPath : shownPath(path)).utf8)))
            policy.source.file = path // the path read, to name it in what is written later
            return policy
        } catch {
            throw LoadError(problem: String(error.description.dropFirst(error.description.hasPrefix("error: ") ? 7 : 0)))
        }
    }

    /// The policy a name means whatever files exist: a shipped policy, or an example
    /// built into the simulator (`ExamplePolicies`); nil for any other name.
    package static func builtIn(_ name: String) -> SubscriptionPolicy? {
        SubscriptionPolicy.named(name) ?? ExamplePolicies.named(name)
    }

    /// `path` as a message names it: from the working folder when it is inside it
    /// (`policies/app.json`), else absolute.
    package static func shownPath(_ path: String) -> String {
        shown(path, inside: FileManager.default.currentDirectoryPath)
    }

    /// `path` as a path from `folder` when it is inside it, else absolute (`..` and `.`
    /// resolved).
    package static func shown(_ path: String, inside folder: String) -> String {
        let relative = relativePath(path, from: folder)
        return relative.hasPrefix("../") || relative.hasPrefix("/") ? URL(fileURLWithPath: path).standardizedFileURL.path : relative
    }

    /// `path` as a path from `folder` (both made absolute against the working folder and
    /// standardized): `friendly.json`, `../policies/friendly.json`; the absolute path
    /// when the two share no folder but `/`. What a written file names another by, so
    /// that the pair moves together.
    package static func relativePath(_ path: String, from folder: String) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let base = URL(fileURLWithPath: folder, isDirectory: true).standardizedFileURL.pathComponents
        var common = 0
        while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
        guard common > 1 else { return URL(fileURLWithPath: path).standardizedFileURL.path }
        return (Array(repeating: "..", count: base.count - common) + target[common...]).joined(separator: "/")
    }
}

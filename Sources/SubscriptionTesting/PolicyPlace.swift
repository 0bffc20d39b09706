import Foundation
import SimulatorCore
import SubscriptionModel

/// How a check names a team's own policy file in what it prints: relative to the root of
/// the package whose test ran the check (found from the test file's `#filePath`), where
/// `swift run -c release simulate …` runs and `SubscriptionPolicy(packageFile:)` looks, or absolute
/// when the file is outside that package.
enum PolicyPlace {
    /// The folder holding `Package.swift` nearest above the source file at `filePath`;
    /// nil when there is none.
    static func packageRoot(of filePath: String) -> String? {
        var folder = URL(fileURLWithPath: filePath).standardizedFileURL.deletingLastPathComponent()
        while folder.path != "/" && !folder.path.isEmpty {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder.path }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// The path that names `policy`'s file, relative to `packageRoot` when it is inside,
    /// else absolute; nil for a shipped policy and for one whose file is not known or no
    /// longer there (named by its name, and a pasted test's `<#policy#>` placeholder).
    static func reference(_ policy: SubscriptionPolicy, packageRoot: String?) -> String? {
        guard SubscriptionPolicy.named(policy.name) != policy, let file = policy.source.file else { return nil }
        // A relative path was read against the working folder, as `Data(contentsOf:)` reads it.
        let absolute = URL(fileURLWithPath: file).standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: absolute) else { return nil }
        guard let packageRoot else { return absolute }
        return PolicyLoader.shown(absolute, inside: packageRoot)
    }
}

extension SubscriptionPolicy {
    /// Reads the team's own policy file (`docs/policy-file.md`) at `path`, relative to the
    /// root of the package whose source file calls it (the folder holding `Package.swift`
    /// above `filePath`), or absolute; whatever the working folder of the test process.
    /// A failure found under it names the file the same way (the command that replays
    /// the user, the timeline, the regression test to paste).
    ///
    /// ```swift
    /// let policy = try SubscriptionPolicy(packageFile: "Policies/friendly-meals.json")
    /// ```
    ///
    /// Throws `HarnessError` when the file cannot be read, `PolicyFileError` when it is
    /// not a policy file.
    public init(packageFile path: String, filePath: StaticString = #filePath) throws {
        let root = path.hasPrefix("/") ? nil : PolicyPlace.packageRoot(of: "\(filePath)")
        let url = root.map { URL(fileURLWithPath: $0).appendingPathComponent(path) } ?? URL(fileURLWithPath: path)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw HarnessError("policy file \(ErrorText.quotedPath(path)): cannot be read\(path.hasPrefix("/") ? "" : root.map { " (relative to the package root, \(ErrorText.quotedPath($0)))" } ?? " (no Package.swift above the test file: read from the working folder)")")
        }
        try self.init(data: data, file: path) // an error names the file as the caller did
        source.file = url.standardizedFileURL.path
    }
}

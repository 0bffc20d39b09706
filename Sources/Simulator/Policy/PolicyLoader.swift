import Foundation
import SubscriptionModel

/// Finds a policy by a shipped name or a file path, as the commands and timelines name
/// one: a shipped name always means the shipped policy.
public enum PolicyLoader {
    /// Why no policy could be loaded: one line, starting `error: `.
    public struct LoadError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The line.
        public var description: String

        /// An error with this line.
        public init(description: String) {
            self.description = description
        }
    }

    /// The shipped policy `nameOrPath`, else the policy file at that path (relative to
    /// `folder` when not absolute).
    public static func load(_ nameOrPath: String, folder: String = FileManager.default.currentDirectoryPath) throws(LoadError) -> SubscriptionPolicy {
        if let shipped = SubscriptionPolicy.named(nameOrPath) { return shipped }
        let path = nameOrPath.hasPrefix("/") ? nameOrPath : URL(fileURLWithPath: folder).appendingPathComponent(nameOrPath).path
        var isDirectory: ObjCBool = false
        guard !nameOrPath.isEmpty, FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
              let data = FileManager.default.contents(atPath: path) else {
            throw LoadError(description: "error: \(JSONText.quoted(nameOrPath)) is no shipped policy (\(SubscriptionPolicy.shippedNames.joined(separator: ", "))) and no readable policy file")
        }
        do {
            return try SubscriptionPolicy(data: data, file: nameOrPath)
        } catch {
            throw LoadError(description: error.description)
        }
    }
}

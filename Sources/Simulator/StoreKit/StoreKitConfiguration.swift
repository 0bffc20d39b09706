import Foundation
import SubscriptionModel
import SimulatorCore

/// An Xcode StoreKit configuration file (`*.storekit`), as far as the harness reads it:
/// its products with their kinds, the subscription groups with each subscription's
/// period, level and free trial, and the format's version (`docs/storekit.md`).
///
/// Read leniently, from text already in memory (no file access here: the command reads
/// the file): keys the reader does not use are skipped unread, keys a version may leave
/// out are optional, and format versions 1.x to 5.x are accepted. What it does read
/// must have the right shape, or the first fault is thrown naming the file, the JSON
/// path (or the line and column of a syntax error) and what is wrong.
package struct StoreKitConfiguration: Hashable, Sendable {
    /// `version.major`.
    package var versionMajor: Int
    /// `version.minor` (0 when not given).
    package var versionMinor: Int
    /// Every product, in file order: `products`, then `nonRenewingSubscriptions`, then
    /// each group's `subscriptions`.
    package var products: [StoreKitProduct]
    /// The subscription groups, in file order, then the suite groups (6.x).
    package var groups: [StoreKitGroup]
    /// What the reader read past: a newer major version, a product type it skipped, a
    /// price, offer or billing plan it left out. Each names the file and the place; a
    /// command prints `warning: ` and its `message`.
    package var warnings: [StoreKitFileError]

    /// The format versions the reader knows. A newer major version is read as far as
    /// the reader knows it, with a warning; an older one (below 1) is refused.
    package static let majorVersions = 1...6

    /// Creates a configuration from parts.
    package init(versionMajor: Int, versionMinor: Int, products: [StoreKitProduct], groups: [StoreKitGroup], warnings: [StoreKitFileError] = []) {
        self.versionMajor = versionMajor
        self.versionMinor = versionMinor
        self.products = products
        self.groups = groups
        self.warnings = warnings
    }

    /// Reads a configuration's text; `file` names it in errors.
    package init(data: Data, file: String) throws(StoreKitFileError) {
        try self.init(bytes: [UInt8](data), file: file)
    }

    /// Reads a configuration's UTF-8 bytes; `file` names it in errors.
    package init(bytes: [UInt8], file: String) throws(StoreKitFileError) {
        let json: JSONValue
        do {
            json = try JSONValue.parse(bytes)
        } catch {
            // A key given twice (Xcode never writes one) is named by its object's path, as
            // a value of the wrong shape is; the key is shown, never a value.
            if let key = error.repeatedKey, let steps = bytes.withUnsafeBufferPointer({ JSONParser.containerPath(at: error.offset, in: $0) }) {
                throw StoreKitFileError(file: file, place: JSONParser.pathText(steps), problem: "key \(ErrorText.quoted(key)) given twice")
            }
            throw StoreKitFileError(file: file, place: error.place(in: bytes), problem: "not JSON (\(error.plainProblem))")
        }
        self = try StoreKitConfigurationReader(file: file).configuration(json)
    }

    /// Reads a configuration's text; `file` names it in errors.
    package init(text: String, file: String) throws(StoreKitFileError) {
        try self.init(bytes: Array(text.utf8), file: file)
    }

    /// The product with this id, if the file lists it.
    package func product(_ id: String) -> StoreKitProduct? { products.first { $0.id == id } }

    /// `3.0`.
    package var versionText: String { "\(versionMajor).\(versionMinor)" }
}

extension StoreKitConfiguration {
    /// Why a StoreKit configuration file could not be read: one line, without `error: `.
    package struct ReadFailure: Error {
        /// `FILE: PLACE: PROBLEM`.
        package let message: String
    }

    /// Reads the StoreKit configuration file at `path`, as `simulate storekit`,
    /// `--storekit` and a merge of `--storekit` shards all do.
    package static func read(path: String) throws(ReadFailure) -> StoreKitConfiguration {
        try readDigested(path: path).configuration
    }

    /// Reads the StoreKit configuration file at `path`, with the FNV-1a hash of its bytes
    /// (`FNV1a.hash(bytes:)`), which a run's report records so that shards made from
    /// copies of the file in other folders merge.
    package static func readDigested(path: String) throws(ReadFailure) -> (configuration: StoreKitConfiguration, digest: UInt64) {
        let input = InputPath.commandLineArgument(path)
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(input, kind: "StoreKit configuration file")
        } catch {
            throw ReadFailure(message: "\(error.place): \(error.problem)")
        }
        do {
            return (try StoreKitConfiguration(bytes: bytes, file: input.shown), FNV1a.hash(bytes: bytes))
        } catch {
            throw ReadFailure(message: error.message)
        }
    }
}

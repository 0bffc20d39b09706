import SimulatorCore
/// Why a StoreKit configuration file cannot be read: the file, where (a JSON path such
/// as `$.subscriptionGroups[0].subscriptions[1].groupNumber`, or `line 12, column 5`
/// for text that is not JSON) and what is wrong, in one line like the policy file's
/// errors (`docs/storekit.md`).
///
/// A message never quotes the file's text except a value the reader itself reads (a
/// product type, a period, a version): whatever else the file holds (team and app
/// ids, EULA texts, prices) is never shown, not even when it is malformed.
package struct StoreKitFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as the command was given it.
    package var file: String
    /// Where in the file: a JSON path, or a line and column.
    package var place: String
    /// What is wrong there.
    package var problem: String

    /// An error at `place` of `file`.
    package init(file: String, place: String, problem: String) {
        self.file = file
        self.place = place
        self.problem = problem
    }

    /// `FILE: PLACE: PROBLEM`, without the `error: ` prefix (an option's error puts it after `--storekit `).
    package var message: String { "\(file): \(place): \(problem)" }

    /// The line a command prints.
    package var description: String { "error: " + message }
}

/// Why a policy file was refused: the file, the JSON path of the fault and what is wrong.
///
/// `description` is the one line a command prints before exiting with status 2, e.g.
/// `error: daa.json: $.plans[2].limits.questions.day: -1 is below 0`.
public struct PolicyFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as the user named it (a shipped policy's `NAME.json`).
    public var file: String
    /// The JSON path of the fault: `$` for the document, then `.key` and `[index]` steps.
    public var path: String
    /// What is wrong there.
    public var problem: String

    /// Creates an error.
    package init(file: String, path: String, problem: String) {
        self.file = file
        self.path = path
        self.problem = problem
    }

    /// `FILE: PATH: PROBLEM`, without the `error: ` prefix (for callers that place it
    /// inside their own line, as the timeline reader does for a timeline's `policy`).
    public var message: String { "\(file): \(path): \(problem)" }

    /// `error: FILE: PATH: PROBLEM`.
    public var description: String { "error: \(message)" }
}

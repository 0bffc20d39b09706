/// Why a text is refused: where (a byte offset) and what is wrong there.
///
/// Mostly the text is not JSON. The one other refusal is a key given twice in one
/// object (`repeatedKey`): RFC 8259 leaves such an object to the reader, and readers
/// differ (Python's and JavaScript's keep the last member, others the first), so the
/// same file would mean different things to different tools.
package struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The byte offset of the fault (for a key given twice, where its second key starts).
    package var offset: Int
    /// What is wrong, e.g. `trailing comma`, `key "at" given twice`.
    package var problem: String
    /// For a key given twice in one object: the key. Nil when the text is not JSON.
    package var repeatedKey: String?

    /// A syntax error at `offset`.
    package init(offset: Int, problem: String) {
        self.offset = offset
        self.problem = problem
        self.repeatedKey = nil
    }

    /// The refusal of an object that gives `key` twice; `offset` is where the second
    /// one starts. The problem reads `key "KEY" given twice`.
    package static func repeated(_ key: String, at offset: Int) -> JSONSyntaxError {
        var error = JSONSyntaxError(offset: offset, problem: "key \(quoted(key)) given twice")
        error.repeatedKey = key
        return error
    }

    /// A key as a message shows it (`MessageText.quoted`: escaped, cut after 60 characters).
    static func quoted(_ key: String) -> String { MessageText.quoted(key) }

    /// The problem as a refusal that already says "not JSON" gives it: without its own
    /// ` (not JSON)` (`comment`, not `comment (not JSON)`).
    package var plainProblem: String {
        problem.hasSuffix(" (not JSON)") ? String(problem.dropLast(" (not JSON)".count)) : problem
    }

    /// `not JSON (PROBLEM at line L, column C)`: how a file's reader refuses `bytes`, the
    /// text this fault was found in.
    package func notJSONText(in bytes: some Collection<UInt8>) -> String {
        "not JSON (\(plainProblem) at \(place(in: bytes)))"
    }

    /// `PROBLEM at byte OFFSET`.
    package var description: String { "\(problem) at byte \(offset)" }

    /// Where the fault is in `bytes` (the text it was found in), for messages meant for
    /// people editing the file: `line L, column C`, both from 1, the column in bytes.
    package func place(in bytes: some Collection<UInt8>) -> String {
        var line = 1, lineStart = 0
        for (index, byte) in bytes.prefix(offset).enumerated() where byte == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return "line \(line), column \(offset - lineStart + 1)"
    }
}

/// Why a text is not JSON: where (a byte offset) and what is wrong there.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The byte offset of the fault.
    public var offset: Int
    /// What is wrong, e.g. `trailing comma`.
    public var problem: String

    /// A syntax error at `offset`.
    public init(offset: Int, problem: String) {
        self.offset = offset
        self.problem = problem
    }

    /// `PROBLEM at byte OFFSET`.
    public var description: String { "\(problem) at byte \(offset)" }

    /// The 1-based line and column (in bytes) of the fault in `bytes`, for messages
    /// meant for people editing the file.
    public func lineAndColumn(in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1, lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }
}

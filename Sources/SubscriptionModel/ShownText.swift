import Synchronization

/// A text the user sees (a label, an alert line, PlanView's text), interned.
///
/// Outputs are produced and compared millions of times a second; carrying `String`s
/// would retain and release them at every copy. A `ShownText` is the index of the
/// string in a process-wide table: copying is copying an integer, equal texts are
/// equal indices, and `string` gives the text back. The policy keeps its texts as
/// plain `String`s; they are interned once, when a machine is made.
public struct ShownText: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The text's index in the table (its order of first use in this process).
    public let id: UInt32
    /// A hash of the text's UTF-8 (FNV-1a), the same in every process: what digests use.
    public let fingerprint: UInt32

    /// Interns `string`.
    public init(_ string: String) {
        self.id = ShownText.intern(string)
        var hash: UInt32 = 0x811C_9DC5
        for byte in string.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        self.fingerprint = hash
    }

    /// The id and the fingerprint in one word (how `Output` stores a text).
    @inlinable
    var bits: UInt64 { UInt64(id) << 32 | UInt64(fingerprint) }

    /// The text whose `bits` these are.
    @inlinable
    init(bits: UInt64) {
        self.id = UInt32(truncatingIfNeeded: bits >> 32)
        self.fingerprint = UInt32(truncatingIfNeeded: bits)
    }

    /// Equal texts have equal ids.
    public static func == (lhs: ShownText, rhs: ShownText) -> Bool { lhs.id == rhs.id }

    /// Hashes the id.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// Interns a literal, so tests can write `output.label == "Below limit"`.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The text.
    public var string: String {
        ShownText.table.withLock { $0.strings[Int(id)] }
    }

    /// The text.
    public var description: String { string }

    private struct Table {
        var strings: [String] = []
        var ids: [String: UInt32] = [:]
    }

    private static let table = Mutex(Table())

    private static func intern(_ string: String) -> UInt32 {
        table.withLock { table in
            if let id = table.ids[string] { return id }
            let id = UInt32(table.strings.count)
            table.strings.append(string)
            table.ids[string] = id
            return id
        }
    }
}

import Synchronization

/// A text the user sees (a label, an alert line, PlanView's text), interned.
///
/// Outputs are produced and compared millions of times a second; carrying `String`s
/// would retain and release them at every copy. A `ShownText` is the index of the
/// string in a process-wide table: copying is copying an integer, equal texts are
/// equal indices, and `string` gives the text back. The policy keeps its texts as
/// plain `String`s; they are interned once, when a machine is made.
public struct ShownText: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The id (high half) and the fingerprint (low half) in one word: how an `FlagshipOutput`
    /// stores a text, copied with one load.
    @usableFromInline let bits: UInt64

    /// The text's index in the table (its order of first use in this process).
    @inlinable
    package var id: UInt32 { UInt32(truncatingIfNeeded: bits >> 32) }
    /// A hash of the text's UTF-8 (FNV-1a), the same in every process: what digests use.
    @inlinable
    package var fingerprint: UInt32 { UInt32(truncatingIfNeeded: bits) }

    /// Interns `string`.
    public init(_ string: String) {
        var hash: UInt32 = 0x811C_9DC5
        for byte in string.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        self.bits = UInt64(ShownText.intern(string)) << 32 | UInt64(hash)
    }

    /// The text whose `bits` these are.
    @inlinable
    init(bits: UInt64) {
        self.bits = bits
    }

    /// Equal texts have equal ids (and so equal words).
    @inlinable
    public static func == (lhs: ShownText, rhs: ShownText) -> Bool { lhs.bits == rhs.bits }

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

import SubscriptionModel

/// A cheap, order-sensitive fingerprint of a stream of outputs, the same on every
/// platform and run (no `Hasher`, whose seed changes per process), so two runs can
/// be compared by one number: the run's digest in the summary.
public struct OutputDigest: Hashable, Sendable {
    /// The fingerprint so far.
    public private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    /// An empty digest.
    public init() {}

    @inline(__always)
    private mutating func mix(_ word: UInt64) {
        value = (value ^ word) &* 0x0000_0100_0000_01B3
        value ^= value >> 29
    }

    /// Adds one event's output: every field, folded into two words.
    public mutating func add(_ output: Output) {
        var word = UInt64(UInt32(bitPattern: output.day.daysSince1970)) << 32 | UInt64(UInt32(truncatingIfNeeded: output.used)) << 8
        word |= UInt64(output.plan.position) << 4 | UInt64(output.outcome.map { $0.position + 1 } ?? 0)
        mix(word)
        var texts = UInt64(output.label.fingerprint) << 32 | UInt64(UInt32(truncatingIfNeeded: output.limit ?? -1))
        if let alert = output.alert { texts ^= UInt64(alert.title.fingerprint) &* 31 &+ UInt64(alert.message?.fingerprint ?? 1) }
        switch output.planView {
        case .bar(let used, let limit)?: texts ^= UInt64(used) << 40 ^ UInt64(limit) << 52
        case .text(let text)?: texts ^= UInt64(text.fingerprint) << 16
        case nil: texts ^= 0x5A5A
        }
        mix(texts)
    }

    /// Adds a digest of something else (an event count, another digest).
    public mutating func add(_ word: UInt64) { mix(word) }
}

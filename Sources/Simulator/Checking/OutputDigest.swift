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

    /// Adds one event's output.
    public mutating func add(_ output: Output) {
        mix(UInt64(UInt32(bitPattern: output.day.daysSince1970)))
        var word = UInt64(output.used) << 16 | UInt64(output.limit ?? 0xFFF) << 4
        switch output.plan {
        case .trial: word |= 1
        case .premium: word |= 2
        case .unlimited: word |= 3
        case .none: break
        }
        switch output.outcome {
        case .captured?: word |= 1 << 40
        case .planSheet?: word |= 2 << 40
        case .limitAlert?: word |= 3 << 40
        case nil: break
        }
        if let alert = output.alert { mix(UInt64(alert.title.fingerprint) << 32 | UInt64(alert.message?.fingerprint ?? 1)) }
        mix(word)
        var box = UInt64(output.label.fingerprint)
        switch output.planView {
        case .bar(let used, let limit)?: box |= UInt64(used) << 32 | UInt64(limit) << 48
        case .text(let text)?: mix(UInt64(text.fingerprint))
        case nil: box |= 1 << 60
        }
        mix(box)
    }

    /// Adds a digest of something else (an event count, another digest).
    public mutating func add(_ word: UInt64) { mix(word) }
}

import SubscriptionModel

/// A cheap, order-sensitive fingerprint of a stream of outputs, the same on every
/// platform and run (no `Hasher`, whose seed changes per process), so two runs can
/// be compared by one number: the run's digest in the summary.
@usableFromInline
package struct OutputDigest: Hashable, Sendable {
    /// The fingerprint so far.
    @usableFromInline package private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    /// An empty digest.
    package init() {}

    @inlinable @inline(__always)
    mutating func mix(_ word: UInt64) {
        value = (value ^ word) &* 0x0000_0100_0000_01B3
        value ^= value >> 29
    }

    /// Adds one event's output: every field (`FlagshipOutput.stableWords`), each word multiplied
    /// by its own odd constant (so a change in any one word changes the fold) and
    /// folded into one mixing step: one serial multiplication per event.
    @inlinable @inline(__always)
    package mutating func add(_ output: FlagshipOutput) {
        let words = output.stableWords
        mix(words.0 ^ words.1 &* 0x9E37_79B9_7F4A_7C15 ^ words.2 &* 0xC2B2_AE3D_27D4_EB4F ^ words.3 &* 0x1656_67B1_9E37_79F9)
    }

    /// Adds a digest of something else (an event count, another digest).
    @inlinable
    package mutating func add(_ word: UInt64) { mix(word) }
}

/// The simulator's random source: SplitMix64, seeded per user.
///
/// Own code rather than `SystemRandomNumberGenerator` or the standard library's
/// range helpers, so that a seed gives the same stream on every platform, compiler
/// and build mode. Splittable: `SeededRandom(seed:stream:)` derives an independent
/// stream from a run's seed and a user index, so a user's timeline depends only on
/// `(seed, user)` and can be regenerated alone, in any order, on any thread.
@usableFromInline
package struct SeededRandom: RandomNumberGenerator, Sendable {
    @usableFromInline package var state: UInt64

    /// A stream for `seed` alone.
    @inlinable
    package init(seed: UInt64) {
        self.init(rawState: SeededRandom.mix(seed ^ 0x6A09_E667_F3BC_C909))
    }

    /// The independent stream number `stream` of `seed` (a user's index, say).
    @inlinable
    package init(seed: UInt64, stream: UInt64) {
        self.init(rawState: SeededRandom.mix(SeededRandom.mix(seed ^ 0x6A09_E667_F3BC_C909) &+ SeededRandom.mix(stream &+ 0xBB67_AE85_84CA_A73B)))
    }

    @usableFromInline
    package init(rawState: UInt64) { self.state = rawState }

    /// A child stream, independent of this one's continuation.
    @inlinable
    package mutating func split() -> SeededRandom {
        SeededRandom(rawState: SeededRandom.mix(next() ^ 0x3C6E_F372_FE94_F82B))
    }

    /// The next 64 random bits (SplitMix64).
    @inlinable @inline(__always)
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SeededRandom.mix(state)
    }

    /// SplitMix64's finaliser: a bijective mixing of 64 bits.
    @inlinable @inline(__always)
    package static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `0..<bound` (Lemire's multiply-shift, unbiased).
    @inlinable @inline(__always)
    package mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        let range = UInt64(bound)
        var product = next().multipliedFullWidth(by: range)
        if product.low < range {
            let threshold = (0 &- range) % range
            while product.low < threshold { product = next().multipliedFullWidth(by: range) }
        }
        return Int(product.high)
    }

    /// A uniform integer in `range`.
    @inlinable @inline(__always)
    package mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// A uniform 64-bit integer in `range`.
    @inlinable @inline(__always)
    package mutating func int64(in range: ClosedRange<Int64>) -> Int64 {
        let width = UInt64(bitPattern: range.upperBound &- range.lowerBound) &+ 1
        if width == 0 { return Int64(bitPattern: next()) }
        return range.lowerBound &+ Int64(bitPattern: next().multipliedFullWidth(by: width).high)
    }

    /// A uniform double in `[0, 1)`, from the top 53 bits.
    @inlinable @inline(__always)
    package mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// True with probability `p`.
    @inlinable @inline(__always)
    package mutating func chance(_ p: Double) -> Bool {
        unit() < p
    }

    /// A uniformly chosen element.
    @inlinable
    package mutating func pick<T>(_ elements: [T]) -> T {
        elements[below(elements.count)]
    }

    /// An index chosen with probability proportional to `weights`.
    @inlinable
    package mutating func weightedIndex(_ weights: [Int]) -> Int {
        var roll = below(weights.reduce(0, +))
        for (index, weight) in weights.enumerated() {
            if roll < weight { return index }
            roll -= weight
        }
        return weights.count - 1
    }
}

/// A set of plans by index, in the policy's rank order: G9's upgrade offer.
///
/// A bit set, so computing an offer allocates nothing; iterating it yields the plans
/// lowest rank first.
public struct PlanSet: Hashable, Sendable, Sequence {
    /// One bit per plan index.
    public var bits: UInt64

    /// A set with these bits.
    @inlinable
    public init(bits: UInt64 = 0) {
        self.bits = bits
    }

    /// Adds plan `index`.
    @inlinable
    public mutating func insert(_ index: Int) {
        bits |= 1 << UInt64(index)
    }

    /// Whether plan `index` is in the set.
    @inlinable
    public func contains(_ index: Int) -> Bool {
        bits & (1 << UInt64(index)) != 0
    }

    /// The plan indices, ascending (the policy's rank order).
    public func makeIterator() -> Iterator {
        Iterator(remaining: bits)
    }

    /// Yields the set's indices, ascending.
    public struct Iterator: IteratorProtocol {
        var remaining: UInt64

        /// The next index.
        public mutating func next() -> Int? {
            guard remaining != 0 else { return nil }
            let index = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            return index
        }
    }
}

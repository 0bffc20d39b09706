/// Every meter's counts (G4), by meter index: a small collection held inline.
///
/// Read it like an array of `PolicyCounts`: `counts[meter].day`, `counts[meter][window]`,
/// `for meter in counts`, `counts.count`. It is one because a step's output carries the
/// counts of every meter, and the generic engine produces tens of millions of outputs a
/// second: an array would be a heap allocation per output and a reference count at
/// every copy, where this is plain memory copied with the output. So a policy has at
/// most `capacity` meters (the policy file reader refuses more).
public struct PolicyMeterCounts: RandomAccessCollection, MutableCollection, Hashable, Sendable, ExpressibleByArrayLiteral,
    CustomStringConvertible {
    /// The most meters a policy can have.
    @inlinable
    public static var capacity: Int { 8 }

    /// The counts, `capacity` of them; those past `endIndex` are always zero.
    @usableFromInline
    var storage: (PolicyCounts, PolicyCounts, PolicyCounts, PolicyCounts, PolicyCounts, PolicyCounts, PolicyCounts, PolicyCounts)

    /// The number of meters.
    @usableFromInline
    var meterCount: Int

    /// The number of meters: one past the last meter's index.
    @inlinable
    public var endIndex: Int { meterCount }

    /// The first meter's index: 0.
    @inlinable
    public var startIndex: Int { 0 }

    /// `meters` meters, every count 0.
    @inlinable
    public init(meters: Int) {
        precondition(meters >= 0 && meters <= Self.capacity, "a policy has at most \(Self.capacity) meters")
        let zero = PolicyCounts()
        storage = (zero, zero, zero, zero, zero, zero, zero, zero)
        meterCount = meters
    }

    /// The counts listed, in meter order.
    @inlinable
    public init(_ counts: some Sequence<PolicyCounts>) {
        self.init(meters: 0)
        for meterCounts in counts {
            precondition(endIndex < Self.capacity, "a policy has at most \(Self.capacity) meters")
            meterCount += 1
            self[meterCount - 1] = meterCounts
        }
    }

    /// The counts listed, in meter order: `[PolicyCounts(day: 1), PolicyCounts()]`.
    @inlinable
    public init(arrayLiteral counts: PolicyCounts...) {
        self.init(counts)
    }

    /// The counts of meter `meter`.
    @inlinable
    public subscript(meter: Int) -> PolicyCounts {
        get {
            precondition(meter >= 0 && meter < endIndex, "meter index out of range")
            return withUnsafeBytes(of: storage) { $0.load(fromByteOffset: meter &* MemoryLayout<PolicyCounts>.stride, as: PolicyCounts.self) }
        }
        set {
            precondition(meter >= 0 && meter < endIndex, "meter index out of range")
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: newValue, toByteOffset: meter &* MemoryLayout<PolicyCounts>.stride, as: PolicyCounts.self) }
        }
    }

    /// Equal when they have the same meters with the same counts.
    @inlinable
    public static func == (lhs: PolicyMeterCounts, rhs: PolicyMeterCounts) -> Bool {
        guard lhs.endIndex == rhs.endIndex else { return false }
        for meter in 0..<lhs.endIndex where lhs[meter] != rhs[meter] { return false }
        return true
    }

    /// Hashes the meters' counts.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(endIndex)
        for meterCounts in self { hasher.combine(meterCounts) }
    }

    /// The counts as an array prints them.
    public var description: String { Array(self).description }

    // MARK: The engine's bulk updates

    /// Sets every meter's `day` count to 0 and, with `month`, its `month` count too: the
    /// counts in force once the usage day has moved on (G3).
    mutating func resetDay(month: Bool) {
        let meters = endIndex
        withUnsafeMutableBytes(of: &storage) { bytes in
            let counts = bytes.baseAddress!.assumingMemoryBound(to: PolicyCounts.self)
            for meter in 0..<meters {
                counts[meter].day = 0
                if month { counts[meter].month = 0 }
            }
        }
    }
}

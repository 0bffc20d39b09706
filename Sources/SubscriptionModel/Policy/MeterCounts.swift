/// Every meter's counts (G4), by meter index: a small collection held inline.
///
/// Read it like an array of `UsageCounts`: `counts[meter].day`, `counts[meter][window]`,
/// `for meter in counts`, `counts.count`. It is one because a step's output carries the
/// counts of every meter, and the generic engine produces tens of millions of outputs a
/// second: an array would be a heap allocation per output and a reference count at
/// every copy, where this is plain memory copied with the output. So a policy has at
/// most `capacity` meters (the policy file reader refuses more).
public struct MeterCounts: RandomAccessCollection, MutableCollection, Hashable, Sendable, ExpressibleByArrayLiteral,
    CustomStringConvertible {
    /// The most meters a policy can have. (`package`: the reader refuses more, and nothing
    /// outside the package needs the number.)
    @inlinable
    package static var capacity: Int { 4 }

    /// The most meters a policy with credit packs can have: the last vector of the
    /// storage holds the credits.
    @usableFromInline
    package static var creditCapacity: Int { 3 }

    /// The counts, one vector per meter (`day`, `month`, `total`, `stock`, in
    /// `LimitWindow` order, 32 bits each; the `week` counts are in `weeks`); the vectors past the last meter are always
    /// zero, but for the credits (below). A vector is read and written whole, so a step updates a meter with one
    /// instruction and reads it back without waiting on four separate stores.
    ///
    /// A count stops at 2,147,483,647 (`largest`): a use past it (which takes two
    /// billion units of one user) leaves it there rather than wrapping; storing a larger
    /// number traps.
    ///
    /// With at most `creditCapacity` meters, the last vector holds each meter's credits
    /// instead (one lane per meter, zero for a meter no credit pack is for): credits
    /// cost a policy nothing in size or copying, which is why a policy with credit packs
    /// has at most three meters.
    @usableFromInline
    var storage: (SIMD4<Int32>, SIMD4<Int32>, SIMD4<Int32>, SIMD4<Int32>)

    /// Each meter's `week` count, one lane per meter: zero under a policy with no `week`
    /// limit, whose engine never counts weeks (so its outputs, digests and speed are as
    /// they were before weeks).
    @usableFromInline
    var weeks: SIMD4<Int32>

    /// Each meter's `rolling` count, one lane per meter: zero under a policy with no
    /// `rolling` limit.
    @usableFromInline
    var rollings: SIMD4<Int32>

    /// The number of meters.
    @usableFromInline
    var meterCount: Int

    /// The number of meters: one past the last meter's index.
    @inlinable
    public var endIndex: Int { meterCount }

    /// The first meter's index: 0.
    @inlinable
    public var startIndex: Int { 0 }

    /// The number of meters, read directly (a debug build would otherwise walk the
    /// generic `distance(from:to:)` at every count of every event).
    @inlinable
    public var count: Int { meterCount }

    /// `meters` meters, every count 0.
    @inlinable
    public init(meters: Int) {
        precondition(meters >= 0 && meters <= Self.capacity, "a policy has at most \(Self.capacity) meters")
        storage = (SIMD4(), SIMD4(), SIMD4(), SIMD4())
        weeks = SIMD4()
        rollings = SIMD4()
        meterCount = meters
    }

    /// The counts listed, in meter order.
    @inlinable
    package init(_ counts: some Sequence<UsageCounts>) {
        self.init(meters: 0)
        for meterCounts in counts {
            precondition(meterCount < Self.capacity, "a policy has at most \(Self.capacity) meters")
            meterCount += 1
            self[meterCount - 1] = meterCounts
        }
    }

    /// The counts listed, in meter order: `[UsageCounts(day: 1), UsageCounts()]`.
    @inlinable
    public init(arrayLiteral counts: UsageCounts...) {
        self.init(counts)
    }

    /// The counts of meter `meter`.
    @inlinable
    public subscript(meter: Int) -> UsageCounts {
        @inline(__always)
        get {
            UsageCounts(lanes: vector(meter), week: weeks[meter], rolling: rollings[meter])
        }
        @inline(__always)
        set {
            setVector(meter, newValue.lanes)
            Self.setLane(&weeks, meter, newValue.weekLane)
            Self.setLane(&rollings, meter, newValue.rollingLane)
        }
    }

    /// Sets lane `meter` of `vector` to `value`, blended in with a mask rather than stored
    /// by index: a lane stored at a variable index goes through memory, and the next read
    /// of the whole vector stalls on it (store forwarding fails), which at every counted
    /// use cost the checker 12 % of its time.
    @inlinable @inline(__always)
    static func setLane(_ vector: inout SIMD4<Int32>, _ meter: Int, _ value: Int32) {
        let lane: SIMD4<Int32> = switch meter {
        case 0: SIMD4(-1, 0, 0, 0)
        case 1: SIMD4(0, -1, 0, 0)
        case 2: SIMD4(0, 0, -1, 0)
        default: SIMD4(0, 0, 0, -1)
        }
        vector = vector & ~lane | SIMD4(repeating: value) & lane
    }

    /// The credits held for meter `meter` (a policy with credit packs; 0 for a meter no
    /// pack is for, and in a policy of four meters, which has no packs).
    package func credits(of meter: Int) -> Int {
        precondition(meter >= 0 && meter < meterCount, "meter index out of range")
        return meterCount <= Self.creditCapacity ? Int(storage.3[meter]) : 0
    }

    /// Every meter's credits, one lane each (zero without credit packs): what a digest
    /// folds in, at no cost to a policy that has none.
    @inlinable
    package var creditLanes: SIMD4<Int32> {
        meterCount <= Self.creditCapacity ? storage.3 : SIMD4()
    }

    /// Every meter's `week` count, one lane each (zero under a policy without a week
    /// limit): what a digest folds in, at no cost to a policy that has none.
    @inlinable
    package var weekLanes: SIMD4<Int32> { weeks }

    /// Every meter's `rolling` count, one lane each (zero under a policy without a
    /// rolling limit).
    @inlinable
    package var rollingLanes: SIMD4<Int32> { rollings }

    /// Whether some meter's `week` or `rolling` count is not 0 (never under a policy
    /// without either window).
    @inlinable @inline(__always)
    package var hasExtras: Bool { weeks | rollings != SIMD4() }

    /// Sets the credits held for meter `meter` (at most `creditCapacity` meters).
    package mutating func setCredits(_ credits: Int, of meter: Int) {
        precondition(meter >= 0 && meter < meterCount, "meter index out of range")
        precondition(meterCount <= Self.creditCapacity, "credits need a policy of at most \(Self.creditCapacity) meters")
        Self.setLane(&storage.3, meter, Int32(credits))
    }

    /// Meter `meter`'s counts as one vector (`day`, `month`, `total`, `stock`).
    @inlinable @inline(__always)
    package func vector(_ meter: Int) -> SIMD4<Int32> {
        precondition(meter >= 0 && meter < meterCount, "meter index out of range")
        switch meter {
        case 0: return storage.0
        case 1: return storage.1
        case 2: return storage.2
        default: return storage.3
        }
    }

    /// Sets meter `meter`'s counts from one vector (`day`, `month`, `total`, `stock`).
    @inlinable @inline(__always)
    package mutating func setVector(_ meter: Int, _ counts: SIMD4<Int32>) {
        precondition(meter >= 0 && meter < meterCount, "meter index out of range")
        switch meter {
        case 0: storage.0 = counts
        case 1: storage.1 = counts
        case 2: storage.2 = counts
        default: storage.3 = counts
        }
    }

    /// Equal when they have the same meters with the same counts.
    @inlinable @inline(__always)
    public static func == (lhs: MeterCounts, rhs: MeterCounts) -> Bool {
        lhs.meterCount == rhs.meterCount && lhs.storage.0 == rhs.storage.0 && lhs.storage.1 == rhs.storage.1
            && lhs.storage.2 == rhs.storage.2 && lhs.storage.3 == rhs.storage.3 && lhs.weeks == rhs.weeks && lhs.rollings == rhs.rollings
    }

    /// Lane `index` of the counts read as 24 lanes: meter `m`'s `day`, `month`, `total`
    /// and `stock` at `4m` to `4m + 3` (with at most three meters, 12 to 15 hold the
    /// credits), its `week` at `16 + m` and its `rolling` at `20 + m`. Lanes past the last
    /// meter read 0.
    @inlinable @inline(__always)
    package func lane(_ index: Int) -> Int32 {
        switch index >> 2 {
        case 0: storage.0[index & 3]
        case 1: storage.1[index & 3]
        case 2: storage.2[index & 3]
        case 3: storage.3[index & 3]
        case 4: weeks[index & 3]
        default: rollings[index & 3]
        }
    }

    /// The lane (`lane(_:)`) of meter `meter`'s count in `window`.
    @inlinable
    package static func lane(meter: Int, _ window: LimitWindow) -> Int {
        switch window {
        case .week: 16 + meter
        case .rolling: 20 + meter
        default: 4 * meter + window.rawValue
        }
    }

    /// The lane (`lane(_:)`) of meter `meter`'s credits in counts of `meters` meters, or
    /// nil where they have none (four meters).
    @inlinable
    package static func creditLane(meter: Int, meters: Int) -> Int? {
        meters <= creditCapacity ? 12 + meter : nil
    }

    /// Hashes the meters' counts and credits.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(meterCount)
        for meterCounts in self { hasher.combine(meterCounts) }
        for meter in indices { hasher.combine(credits(of: meter)) }
    }

    /// The counts as an array prints them.
    public var description: String {
        let held = indices.map { credits(of: $0) }
        return Array(self).description + (held.contains { $0 != 0 } ? " credits \(held)" : "")
    }

    // MARK: The engine's bulk updates

    /// Sets every meter's `day` count to 0 and, with `month`, its `month` count too, with
    /// `week` its `week` count: the counts in force once the usage day has moved on (G3).
    @inline(__always)
    mutating func resetDay(week: Bool, month: Bool) {
        let keep: SIMD4<Int32> = month ? SIMD4(0, 0, -1, -1) : SIMD4(0, -1, -1, -1)
        storage.0 &= keep
        storage.1 &= keep
        storage.2 &= keep
        if meterCount > Self.creditCapacity { storage.3 &= keep } // else it holds credits, which never reset
        if week { weeks = SIMD4() }
    }

    /// Sets every meter's `month` count to 0 (G3: a new subscription starts a month,
    /// under a policy whose months run from the purchase).
    mutating func resetMonths() {
        let keep = SIMD4<Int32>(-1, 0, -1, -1)
        storage.0 &= keep
        storage.1 &= keep
        storage.2 &= keep
        if meterCount > Self.creditCapacity { storage.3 &= keep }
    }

    /// Adds `cost` to every count of meter `meter` (G4: an allowed use counts in every
    /// window), each count stopping at `largest`.
    @inline(__always)
    mutating func countUse(meter: Int, cost: Int) {
        let units = Int32(truncatingIfNeeded: cost) // 1 to 1,000,000: the reader's bounds
        setVector(meter, pointwiseMin(vector(meter), SIMD4(repeating: .max &- units)) &+ units)
    }

    /// Adds `cost` to meter `meter`'s `week` count, stopping at `largest` (G4, under a
    /// policy that limits some meter by week: the engine counts weeks only there).
    @inline(__always)
    mutating func countWeek(meter: Int, cost: Int) {
        let units = Int32(truncatingIfNeeded: cost)
        // (Stored by index, not with `setLane`: blended, study-week ran 3 % slower; the
        // rolling count's blend made ask-window 6 % faster.)
        weeks[meter] = Swift.min(weeks[meter], .max &- units) &+ units
    }

    /// Adds `cost` to meter `meter`'s `rolling` count, stopping at `largest` (G4, under a
    /// policy with a rolling limit).
    mutating func countRolling(meter: Int, cost: Int) {
        let units = Int32(truncatingIfNeeded: cost)
        Self.setLane(&rollings, meter, Swift.min(rollings[meter], .max &- units) &+ units)
    }

    /// Takes `cost` back from meter `meter`'s `rolling` count (a use the window no longer
    /// holds), never below 0.
    mutating func expireRolling(meter: Int, cost: Int32) {
        Self.setLane(&rollings, meter, Swift.max(0, rollings[meter] &- cost))
    }

    /// The largest a count or a credit balance gets (a lane's largest value): a use or a
    /// purchase past it leaves it there. (Computed, so that a hot loop reads a constant,
    /// not a global's accessor.)
    @inlinable
    package static var largest: Int { Int(Int32.max) }

    /// Adds `count` credits to meter `meter` (a purchase of a credit pack), up to
    /// `largest`.
    mutating func addCredits(meter: Int, _ count: Int) {
        precondition(meter >= 0 && meter < meterCount, "meter index out of range")
        precondition(meterCount <= Self.creditCapacity, "credits need a policy of at most \(Self.creditCapacity) meters")
        Self.setLane(&storage.3, meter, Int32(Swift.min(Int(storage.3[meter]) + count, Self.largest)))
    }

    /// Takes up to `count` credits from meter `meter`, never below 0 (a refund of a pack,
    /// or a use's cost).
    @inline(__always)
    mutating func takeCredits(meter: Int, _ count: Int) {
        precondition(meter >= 0 && meter < meterCount, "meter index out of range")
        precondition(meterCount <= Self.creditCapacity, "credits need a policy of at most \(Self.creditCapacity) meters")
        Self.setLane(&storage.3, meter, Swift.max(0, storage.3[meter] - Int32(clamping: count)))
    }
}

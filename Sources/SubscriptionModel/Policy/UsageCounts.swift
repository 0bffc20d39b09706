/// A meter's counts (G4): on the usage day, in its month, since the install, the items
/// held now, and in its week (kept only under a policy that limits some meter by week,
/// format 6; 0 otherwise).
///
/// Held as 32-bit lanes, as `MeterCounts` holds them, so that reading a meter's counts
/// out of the engine's output is a copy of one vector, not five conversions; each count
/// is at most 2,147,483,647 (storing a larger one traps).
public struct UsageCounts: Hashable, Sendable, CustomStringConvertible {
    /// `day`, `month`, `total`, `stock`, in `LimitWindow` order.
    @usableFromInline
    package var lanes: SIMD4<Int32>
    /// `week`.
    @usableFromInline
    var weekLane: Int32
    /// `rolling`.
    @usableFromInline
    var rollingLane: Int32

    /// Uses on the usage day.
    @inlinable
    public var day: Int {
        get { Int(lanes[0]) }
        set { lanes[0] = Int32(newValue) }
    }
    /// Uses in the usage day's calendar month.
    @inlinable
    public var month: Int {
        get { Int(lanes[1]) }
        set { lanes[1] = Int32(newValue) }
    }
    /// Uses since the install.
    @inlinable
    public var total: Int {
        get { Int(lanes[2]) }
        set { lanes[2] = Int32(newValue) }
    }
    /// Items held now.
    @inlinable
    public var stock: Int {
        get { Int(lanes[3]) }
        set { lanes[3] = Int32(newValue) }
    }
    /// Uses in the usage day's week (0 under a policy with no `week` limit).
    @inlinable
    public var week: Int {
        get { Int(weekLane) }
        set { weekLane = Int32(newValue) }
    }
    /// Uses in the last `rollingHours` (0 under a policy with no `rolling` limit).
    @inlinable
    public var rolling: Int {
        get { Int(rollingLane) }
        set { rollingLane = Int32(newValue) }
    }

    /// Creates counts.
    @inlinable
    public init(day: Int = 0, month: Int = 0, total: Int = 0, stock: Int = 0, week: Int = 0, rolling: Int = 0) {
        lanes = SIMD4(Int32(day), Int32(month), Int32(total), Int32(stock))
        weekLane = Int32(week)
        rollingLane = Int32(rolling)
    }

    /// Equal when every count is (compared lane by lane, as a few vector instructions).
    @inlinable @inline(__always)
    public static func == (lhs: UsageCounts, rhs: UsageCounts) -> Bool {
        lhs.lanes == rhs.lanes && SIMD2(lhs.weekLane, lhs.rollingLane) == SIMD2(rhs.weekLane, rhs.rollingLane)
    }

    /// Whether the `day`, `month`, `total` and `stock` counts are `other`'s (`week` and
    /// `rolling` aside): what a checker compares first, and the rest only under a policy
    /// that counts them.
    @inlinable @inline(__always)
    package func equalsIgnoringWeekAndRolling(_ other: UsageCounts) -> Bool {
        lanes == other.lanes
    }

    /// Counts from a meter's lanes.
    @inlinable @inline(__always)
    init(lanes: SIMD4<Int32>, week: Int32, rolling: Int32) {
        self.lanes = lanes
        self.weekLane = week
        self.rollingLane = rolling
    }

    /// The count of one window.
    @inlinable
    public subscript(window: LimitWindow) -> Int {
        get {
            switch window {
            case .day: day
            case .month: month
            case .total: total
            case .stock: stock
            case .week: week
            case .rolling: rolling
            }
        }
        set {
            switch window {
            case .day: day = newValue
            case .month: month = newValue
            case .total: total = newValue
            case .stock: stock = newValue
            case .week: week = newValue
            case .rolling: rolling = newValue
            }
        }
    }

    /// `UsageCounts(day: 1, month: 1, total: 1, stock: 1)`, and `week` and `rolling` when
    /// they are not 0.
    public var description: String {
        "UsageCounts(day: \(day), month: \(month), total: \(total), stock: \(stock)" + (week == 0 ? "" : ", week: \(week)")
            + (rolling == 0 ? ")" : ", rolling: \(rolling))")
    }
}

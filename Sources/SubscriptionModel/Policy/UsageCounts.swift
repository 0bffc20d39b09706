/// A meter's counts (G4): on the usage day, in its month, since the install, the items
/// held now, and in its week (kept only under a policy that limits some meter by week,
/// format 6; 0 otherwise).
public struct UsageCounts: Hashable, Sendable {
    /// Uses on the usage day.
    public var day: Int
    /// Uses in the usage day's calendar month.
    public var month: Int
    /// Uses since the install.
    public var total: Int
    /// Items held now.
    public var stock: Int
    /// Uses in the usage day's week (0 under a policy with no `week` limit).
    public var week: Int

    /// Creates counts.
    @inlinable
    public init(day: Int = 0, month: Int = 0, total: Int = 0, stock: Int = 0, week: Int = 0) {
        self.day = day
        self.week = week
        self.month = month
        self.total = total
        self.stock = stock
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
            }
        }
        set {
            switch window {
            case .day: day = newValue
            case .month: month = newValue
            case .total: total = newValue
            case .stock: stock = newValue
            case .week: week = newValue
            }
        }
    }
}

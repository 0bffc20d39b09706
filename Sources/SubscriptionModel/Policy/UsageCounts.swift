/// A meter's four counts (G4): on the usage day, in its month, since the install, and
/// the items held now.
public struct UsageCounts: Hashable, Sendable {
    /// Uses on the usage day.
    public var day: Int
    /// Uses in the usage day's calendar month.
    public var month: Int
    /// Uses since the install.
    public var total: Int
    /// Items held now.
    public var stock: Int

    /// Creates counts.
    @inlinable
    public init(day: Int = 0, month: Int = 0, total: Int = 0, stock: Int = 0) {
        self.day = day
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
            }
        }
        set {
            switch window {
            case .day: day = newValue
            case .month: month = newValue
            case .total: total = newValue
            case .stock: stock = newValue
            }
        }
    }
}

/// A counting window of a meter (G3, G4): what a limit is counted over.
///
/// `day` and `month` reset with the usage day (G3); `total` counts since the install and
/// never resets; `stock` counts the items held now, so a releasing feature gives one back.
public enum LimitWindow: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Uses on the usage day.
    case day
    /// Uses in the usage day's calendar month.
    case month
    /// Uses since the install.
    case total
    /// Items held now.
    case stock

    /// The order G6.4 checks limits in: the most lasting reason first, so a user is never
    /// promised a reset that would not help.
    package static let checkOrder: [LimitWindow] = [.total, .stock, .month, .day]

    /// The window's name in policy files and in the replay output.
    package var name: String {
        switch self {
        case .day: "day"
        case .month: "month"
        case .total: "total"
        case .stock: "stock"
        }
    }

    /// The window a name spells, or nil.
    package init?(name: String) {
        guard let window = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = window
    }

    /// The name.
    public var description: String { name }
}

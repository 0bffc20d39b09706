/// A counting window of a meter (G3, G4): what a limit is counted over.
///
/// `day`, `month` and `week` reset with the usage day (G3); `total` counts since the
/// install and never resets; `stock` counts the items held now, so a releasing feature
/// gives one back. (`week`, format 6, comes last so that the others keep their numbers.)
public enum LimitWindow: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Uses on the usage day.
    case day
    /// Uses in the usage day's calendar month.
    case month
    /// Uses since the install.
    case total
    /// Items held now.
    case stock
    /// Uses in the usage day's calendar week, from the policy's first weekday (format 6).
    case week
    /// Uses in the last `rollingHours` of elapsed time (format 7).
    case rolling

    /// The number of windows: a plan's limits are stored `count` to a meter.
    @inlinable
    package static var count: Int { 6 }

    /// The order G6.4 checks limits in: the most lasting reason first, so a user is never
    /// promised a reset that would not help. `month` and `week` are not ordered once for
    /// all: when both would block, the one whose next start comes later is the reason
    /// (`month` when they start on the same day); this list has `month` first.
    package static let checkOrder: [LimitWindow] = [.total, .stock, .month, .week, .day, .rolling]

    /// The window's name in policy files and in the replay output.
    package var name: String {
        switch self {
        case .day: "day"
        case .month: "month"
        case .total: "total"
        case .stock: "stock"
        case .week: "week"
        case .rolling: "rolling"
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

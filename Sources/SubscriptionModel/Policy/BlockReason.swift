/// Why a use was blocked (G6), in the words of the replay output.
public enum BlockReason: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// No plan is in force (G5.5).
    case noPlan
    /// The plan in force does not enable the feature (G6.2).
    case notInPlan
    /// The day asked for is before the plan's history window (G6.3).
    case history
    /// The meter's `day` count has reached the plan's limit (G6.4).
    case day
    /// The meter's `month` count has reached the plan's limit.
    case month
    /// The meter's `total` count has reached the plan's limit.
    case total
    /// The meter's `stock` has reached the plan's limit.
    case stock
    /// The meter's `week` count has reached the plan's limit (format 6; last, so that the
    /// others keep their numbers).
    case week
    /// The meter's `rolling` count has reached the plan's limit (format 7).
    case rolling

    /// The reason a window's limit gives.
    @inlinable
    package init(_ window: LimitWindow) {
        switch window {
        case .day: self = .day
        case .month: self = .month
        case .total: self = .total
        case .stock: self = .stock
        case .week: self = .week
        case .rolling: self = .rolling
        }
    }

    /// Whether a meter's limit gives it (`day`, `week`, `month`, `total` or `stock`): a reason a
    /// credit can pay past.
    @inlinable
    package var isLimit: Bool { rawValue >= Self.day.rawValue }

    /// The name used in policy files and in the replay output.
    package var name: String {
        switch self {
        case .noPlan: "no-plan"
        case .notInPlan: "not-in-plan"
        case .history: "history"
        case .day: "day"
        case .month: "month"
        case .total: "total"
        case .stock: "stock"
        case .week: "week"
        case .rolling: "rolling"
        }
    }

    /// The reason a name spells, or nil.
    package init?(name: String) {
        guard let reason = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = reason
    }

    /// The name.
    public var description: String { name }
}

import SubscriptionModel
import SimulatorCore

/// What a run of the flagship's rules counts that only they count: the edge categories
/// and calendar edges reached, and what the rules did.
public struct FlagshipRunCounts: RuleRunCounts {
    /// Edge categories and calendar edges reached.
    package var coverage = FlagshipCoverageCounts()
    /// What the rules did.
    package var behaviour = BehaviourCounts()

    /// Nothing counted.
    package init() {}

    /// Adds another job's counts.
    public mutating func add(_ other: FlagshipRunCounts) {
        coverage.add(other.coverage)
        behaviour.add(other.behaviour)
    }

    /// Whether every edge category and calendar edge reached its floor.
    public func floorsReached(users: Int, years: Int) -> Bool {
        coverage.unexercised(users: users, years: years).isEmpty && coverage.unexercisedCalendarEdges(users: users, years: years).isEmpty
    }

    /// Julian years (365.25 days), as the flagship's reports have always counted them.
    public static func userYears(milliseconds: Int64) -> Double { Double(milliseconds) / (365.25 * 86_400_000) }
}

extension RunResult where Rules == FlagshipRules {
    /// An empty result of the flagship's rules over `options`.
    package init(options: CampaignOptions) {
        self.init(options: options, counts: FlagshipRunCounts())
    }

    /// Edge categories and calendar edges reached.
    package var coverage: FlagshipCoverageCounts {
        get { counts.coverage }
        set { counts.coverage = newValue }
    }

    /// What the rules did.
    package var behaviour: BehaviourCounts {
        get { counts.behaviour }
        set { counts.behaviour = newValue }
    }

    /// The edge categories below their floor.
    package var unexercised: [EdgeCategory] { coverage.unexercised(users: users, years: options.years) }

    /// The calendar edges of the analyses' day window below their floor.
    package var unexercisedCalendarEdges: [CalendarEdge] { coverage.unexercisedCalendarEdges(users: users, years: options.years) }
}

import SubscriptionModel
import SimulatorCore

/// The flagship's calendar edges (`CalendarEdge`) on the v1 path: its one limited window
/// is the analyses' day, so each edge is one coverage line beside the edge categories,
/// `calendar(analyses, day, feb-28-leap)` and so on, with a floor set as theirs.
extension CalendarEdge {
    /// The line's category name in the flagship's report.
    var flagshipCategory: String { "calendar(analyses, day, \(name))" }

    /// The edge whose flagship category name is `name`, if any (a report being merged).
    static func flagship(named name: String) -> CalendarEdge? {
        allCases.first { $0.flagshipCategory == name }
    }

    /// How often the flagship's default mix of personas reaches the edge: the mean and
    /// the standard deviation of its count per user, measured as `EdgeCategory.perUser`
    /// (100,000 users of seed 1000003 with `--years 3`, every persona: 57,377,809 events;
    /// not the default run's seed, so a run's counts check these figures, not copy them).
    var flagshipPerUser: (mean: Double, spread: Double) {
        switch self {
        case .leapEve: (0.02507, 0.15634)
        case .leapDay: (0.02500, 0.15612)
        case .monthEnd28: (0.05399, 0.24697)
        case .monthEnd30: (0.10939, 0.45575)
        case .monthEnd31: (0.21302, 0.77995)
        case .yearEnd: (0.07333, 0.30069)
        case .springForwardDay: (0.03473, 0.21676)
        case .fallBackDay: (0.03484, 0.21727)
        case .farEastZone: (0.05182, 0.22166)
        case .farWestZone: (0.03751, 0.19001)
        }
    }

    /// The edge's floor for a flagship run of `users` users over up to `years` years: as
    /// an edge category's (`EdgeCategory.Floor`, a quarter of the expected count or six
    /// standard deviations below it, whichever is lower).
    func flagshipFloor(users: Int, years: Int) -> EdgeCategory.Floor {
        EdgeCategory.Floor(mean: flagshipPerUser.mean, spread: flagshipPerUser.spread, fraction: 0.25, users: users, years: years)
    }

    /// The edge's line in a flagship report of `users` users over up to `years` years.
    func flagshipEntry(reached: Int, users: Int, years: Int) -> RunReport.CoverageEntry {
        RunReport.CoverageEntry(category: flagshipCategory, meaning: meaning(.day), reached: reached, floor: flagshipFloor(users: users, years: years))
    }
}

import SubscriptionModel

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
    /// (100,000 users of seed 1000003 with `--years 3`, every persona); nil until measured.
    var flagshipPerUser: (mean: Double, spread: Double)? {
        Self.flagshipFigures[self]
    }

    static let flagshipFigures: [CalendarEdge: (mean: Double, spread: Double)] = [:]

    /// The edge's floor for a flagship run of `users` users over up to `years` years: as
    /// an edge category's (`EdgeCategory.Floor`, a quarter of the expected count or six
    /// standard deviations below it, whichever is lower).
    func flagshipFloor(users: Int, years: Int) -> EdgeCategory.Floor {
        guard let figure = flagshipPerUser else { return EdgeCategory.Floor(expected: 0, value: 0, rule: "not judged: no measured figures") }
        return EdgeCategory.Floor(mean: figure.mean, spread: figure.spread, fraction: 0.25, users: users, years: years)
    }

    /// The edge's line in a flagship report of `users` users over up to `years` years.
    func flagshipEntry(reached: Int, users: Int, years: Int) -> RunReport.CoverageEntry {
        RunReport.CoverageEntry(category: flagshipCategory, meaning: meaning(.day), reached: reached, floor: flagshipFloor(users: users, years: years))
    }
}

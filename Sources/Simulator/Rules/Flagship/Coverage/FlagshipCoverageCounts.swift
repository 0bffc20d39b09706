import SimulatorCore
/// How many times each edge category was reached.
package struct FlagshipCoverageCounts: Hashable, Sendable {
    /// Counts by `EdgeCategory.allCases` order.
    package private(set) var counts = [Int](repeating: 0, count: EdgeCategory.allCases.count)
    /// The analyses' day window at the calendar's edges (`CalendarEdge`'s rule), by
    /// `CalendarEdge.allCases` order: counted beside the edge categories.
    package private(set) var calendar = [Int](repeating: 0, count: CalendarEdge.allCases.count)

    /// All zero.
    package init() {}

    /// The count of one category.
    package subscript(_ category: EdgeCategory) -> Int {
        get { counts[category.position] }
        set { counts[category.position] = newValue }
    }

    /// The count of one calendar edge of the analyses' day window.
    package subscript(_ edge: CalendarEdge) -> Int {
        get { calendar[edge.rawValue] }
        set { calendar[edge.rawValue] = newValue }
    }

    /// Adds another set of counts.
    package mutating func add(_ other: FlagshipCoverageCounts) {
        for index in counts.indices { counts[index] += other.counts[index] }
        for index in calendar.indices { calendar[index] += other.calendar[index] }
    }

    /// The categories below their floor for a run of `users` users over up to `years` years.
    package func unexercised(users: Int, years: Int) -> [EdgeCategory] {
        EdgeCategory.allCases.filter { self[$0] < $0.floor(users: users, years: years).value }
    }

    /// The calendar edges below their floor for a run of `users` users over up to `years` years.
    package func unexercisedCalendarEdges(users: Int, years: Int) -> [CalendarEdge] {
        CalendarEdge.allCases.filter { self[$0] < $0.flagshipFloor(users: users, years: years).value }
    }
}


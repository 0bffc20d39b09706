/// A day of the week, numbered as Foundation's `Calendar.firstWeekday` numbers them
/// (1 Sunday … 7 Saturday): the day a policy's calendar weeks start on (format 6's
/// `weekStartsOn`).
package enum Weekday: Int, Hashable, Sendable, CaseIterable {
    case sunday = 1, monday, tuesday, wednesday, thursday, friday, saturday

    /// The name a policy file writes (`"monday"`).
    package var name: String {
        switch self {
        case .sunday: "sunday"
        case .monday: "monday"
        case .tuesday: "tuesday"
        case .wednesday: "wednesday"
        case .thursday: "thursday"
        case .friday: "friday"
        case .saturday: "saturday"
        }
    }

    /// The weekday a name spells, or nil.
    package init?(name: String) {
        guard let day = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = day
    }

    /// The weekday of `date` (1 January 1970 was a Thursday).
    package init(of date: LocalDate) {
        let fromThursday = (Int(date.daysSince1970) % 7 + 7) % 7
        self = Self(rawValue: (fromThursday + 4) % 7 + 1)!
    }

    /// The first day (since 1970) of the week that starts on this weekday and holds
    /// `day` (days since 1970): `day` itself on this weekday, else the last one before.
    @inlinable
    package func weekStart(of day: Int32) -> Int32 {
        // Days since a Sunday (4 January 1970 was one), less this weekday's distance from Sunday.
        let sinceFirst = ((Int(day) - 3 - (rawValue - 1)) % 7 + 7) % 7
        return day &- Int32(sinceFirst)
    }
}

import SubscriptionModel

/// The calendar edges where a `day` or `month` window's reset is easiest to get wrong, and
/// the rule that says when a trace reached one *with a limit block and a reset*: one type
/// for both paths, the policies' coverage (`CoverageCategory.calendar`) and the
/// flagship's (`FlagshipCoverageCounts.calendar`), and for the generators that aim at the edges.
///
/// **The rule**, counted from the trace alone (the events in, the outputs out). Take a
/// meter and a window W of it, `day` or `month`, that some plan limits. A *block* is a use
/// of a feature counting on the meter (G4) blocked with W as its reason; its *next use* is
/// the next use in the timeline of a feature counting on the same meter, whatever its
/// outcome. D is the block's usage day, D' the next use's (the outputs' `day`). The pair
/// reaches edge E of W when D' is D + 1 (the next calendar day) and:
///
/// - for a `day` window, the next use is allowed (a skipped or late reset would block it)
///   and D is of kind E:
///   - `feb-28-leap`: 28 February of a leap year;
///   - `feb-29`: 29 February, the last day of a month of 29 days;
///   - `month-end-28`, `month-end-30`, `month-end-31`: the last day of a month of 28
///     (February of a common year), 30 or 31 days;
///   - `year-end`: 31 December (also a `month-end-31`);
///   - `dst-spring-forward-day`, `dst-fall-back-day`: the device's zone at the block moves
///     its offset forward (back) at an instant whose date in the policy's calendar, as
///     the calendar reads it at that instant, is D (for a `device` calendar the local day
///     of the change; for `UTC`, the UTC day in which the device's clock changed);
///   - `far-east-zone`, `far-west-zone`: the device's offset is +13:00 or more (−11:00 or
///     less) both at the block and at the next use: the window's start in such a zone;
/// - for a `month` window:
///   - `feb-28-leap`: D is 28 February of a leap year, and the next use, on 29 February,
///     is blocked with `month` as its reason: 29 February is the same month, and a month
///     boundary drawn after the 28th would allow it;
///   - every other edge: D is the last day of its month, the next use (on the first of
///     the next month) is allowed, and D is of kind E as above, except the DST edges,
///     which are D's month holding a day on which the offset moves forward (back).
///
/// A day may be of several kinds (31 December is `month-end-31` and `year-end`); each is
/// counted. Only the last block before the next use pairs with it, so a window's day
/// counts at most once per kind. A far zone's edge counts once per timeline and window:
/// every day there is the same edge, and a user who lives there would otherwise count
/// hundreds. The flagship's one meter is its analyses, counted by the capture table (a
/// capture blocked under a plan is blocked by the day's limit).
@usableFromInline
package enum CalendarEdge: Int, CaseIterable, Hashable, Sendable {
    /// 28 February of a leap year: the day before 29 February.
    case leapEve
    /// 29 February: the last day of a month of 29 days.
    case leapDay
    /// 28 February of a common year: the last day of a month of 28 days.
    case monthEnd28
    /// The last day of a month of 30 days.
    case monthEnd30
    /// The last day of a month of 31 days.
    case monthEnd31
    /// 31 December.
    case yearEnd
    /// The day the device's zone moves its offset forward (for a month window, its month).
    case springForwardDay
    /// The day the device's zone moves its offset back (for a month window, its month).
    case fallBackDay
    /// The device at +13:00 or more (Pacific/Kiritimati, Pacific/Tongatapu, Pacific/Apia since 2011).
    case farEastZone
    /// The device at −11:00 or less (Pacific/Pago_Pago, Etc/GMT+12).
    case farWestZone

    /// The edge's name in category names (`calendar(cards, day, feb-28-leap)`).
    package var name: String {
        switch self {
        case .leapEve: "feb-28-leap"
        case .leapDay: "feb-29"
        case .monthEnd28: "month-end-28"
        case .monthEnd30: "month-end-30"
        case .monthEnd31: "month-end-31"
        case .yearEnd: "year-end"
        case .springForwardDay: "dst-spring-forward-day"
        case .fallBackDay: "dst-fall-back-day"
        case .farEastZone: "far-east-zone"
        case .farWestZone: "far-west-zone"
        }
    }

    /// What reaching the edge of a `window` window means, for reports.
    package func meaning(_ window: LimitWindow) -> String {
        let next = "the next use allowed the next day"
        switch (self, window) {
        case (.leapEve, .month): return "blocked by the month limit on 28 Feb of a leap year, the next use still blocked on 29 Feb"
        case (.leapEve, _): return "blocked by the day limit on 28 Feb of a leap year, \(next) (29 Feb)"
        case (.springForwardDay, .month): return "blocked on the last day of a month with a DST start, \(next)"
        case (.fallBackDay, .month): return "blocked on the last day of a month with a DST end, \(next)"
        default: break
        }
        let limit = window == .month ? "blocked by the month limit on" : "blocked by the day limit on"
        switch self {
        case .leapDay: return "\(limit) 29 Feb, \(next)"
        case .monthEnd28: return "\(limit) 28 Feb of a common year, \(next)"
        case .monthEnd30: return "\(limit) the last day of a 30-day month, \(next)"
        case .monthEnd31: return "\(limit) the last day of a 31-day month, \(next)"
        case .yearEnd: return "\(limit) 31 Dec, \(next)"
        case .springForwardDay: return "\(limit) the day the device's zone springs forward, \(next)"
        case .fallBackDay: return "\(limit) the day the device's zone falls back, \(next)"
        case .farEastZone: return "\(limit) \(window == .month ? "a month's last day" : "a day") at UTC+13 or more, \(next) there"
        case .farWestZone: return "\(limit) \(window == .month ? "a month's last day" : "a day") at UTC−11 or less, \(next) there"
        case .leapEve: return ""
        }
    }

    /// A set of edges, one bit each.
    @usableFromInline
    package struct Edges: OptionSet, Hashable, Sendable {
        @usableFromInline package var rawValue: UInt16

        @inlinable
        package init(rawValue: UInt16) { self.rawValue = rawValue }

        @inlinable
        package init(_ edge: CalendarEdge) { rawValue = 1 << UInt16(edge.rawValue) }

        /// The far zones' edges.
        package static let farZones = Edges(rawValue: Edges(.farEastZone).rawValue | Edges(.farWestZone).rawValue)

        @inlinable
        package func contains(_ edge: CalendarEdge) -> Bool { rawValue & (1 << UInt16(edge.rawValue)) != 0 }

        @inlinable
        package mutating func insert(_ edge: CalendarEdge) { rawValue |= 1 << UInt16(edge.rawValue) }

        /// The edges in the set, in declaration order.
        package var members: [CalendarEdge] { CalendarEdge.allCases.filter(contains) }

        /// Calls `body` with each edge in the set, in declaration order, allocating nothing
        /// (`members` builds two arrays: what a generator asking every day should not).
        @inlinable
        package func forEach(_ body: (CalendarEdge) -> Void) {
            var bits = rawValue
            while bits != 0 {
                if let edge = CalendarEdge(rawValue: bits.trailingZeroBitCount) { body(edge) } // (a bit no edge has is skipped, as `members` skips it)
                bits &= bits &- 1
            }
        }
    }

    // MARK: Classifying a day

    /// The edges `day`'s date makes it for a window that ends with it: `leapEve` on 28
    /// February of a leap year; on a month's last day the month's length (`leapDay`,
    /// `monthEnd28`, `monthEnd30`, `monthEnd31`) and `yearEnd` on 31 December.
    package static func dateEdges(of day: LocalDate) -> Edges {
        let (year, month, date) = day.components
        let length = LocalDate.daysInMonth(year: year, month: month)
        var edges: Edges = []
        if month == 2, date == 28, length == 29 { edges.insert(.leapEve) }
        if date == length {
            switch length {
            case 28: edges.insert(.monthEnd28)
            case 29: edges.insert(.leapDay)
            case 30: edges.insert(.monthEnd30)
            default: edges.insert(.monthEnd31)
            }
            if month == 12 { edges.insert(.yearEnd) }
        }
        return edges
    }

    /// Whether `day` is the last day of its month.
    static func endsItsMonth(_ day: LocalDate) -> Bool {
        let (year, month, date) = day.components
        return date == LocalDate.daysInMonth(year: year, month: month)
    }

    /// The DST edges of calendar day `day` (with `wholeMonth`, of any day of its month):
    /// `zone` changes its offset forward (back) at an instant whose date in `calendar`,
    /// as the calendar reads it at that instant, is that day. `near` is an instant (ms)
    /// of `day`; the changes looked at are those within three days of it (with
    /// `wholeMonth`, from 33 days before it).
    package static func daylightEdges(of day: LocalDate, wholeMonth: Bool, near: Int64, zone: TimeZoneRules, calendar: PolicyCalendar,
                                      dayStart: Int64 = 0) -> Edges {
        guard zone.hasTransitions else { return [] }
        let dayLength = Milliseconds.twentyFourHours
        var from = near - (wholeMonth ? 33 : 3) * dayLength
        let until = near + 3 * dayLength
        let (year, month, _) = day.components
        var edges: Edges = []
        while let change = zone.nextChange(after: Instant(millisecondsSince1970: from)), change.at.millisecondsSince1970 <= until {
            let at = change.at.millisecondsSince1970
            let offset: Int64
            switch calendar {
            case .device: offset = change.after
            case .fixed(let calendarZone): offset = calendarZone.offsetMilliseconds(at: change.at)
            }
            let date = LocalDate(localMilliseconds: at + offset - dayStart) // the calendar's date, from its day start
            let matches: Bool
            if wholeMonth {
                let (changeYear, changeMonth, _) = date.components
                matches = changeYear == year && changeMonth == month
            } else {
                matches = date == day
            }
            if matches, change.after != change.before { edges.insert(change.after > change.before ? .springForwardDay : .fallBackDay) }
            from = at
        }
        return edges
    }

    /// The offsets from which a device is in a far zone: +13:00 and −11:00.
    static let farEastOffset: Int64 = 13 * Milliseconds.hour
    static let farWestOffset: Int64 = -11 * Milliseconds.hour

    /// `farEastZone` (`farWestZone`) when both offsets (ms) are +13:00 or more (−11:00 or less).
    package static func zoneEdges(_ offset: Int64, _ nextOffset: Int64) -> Edges {
        if offset >= farEastOffset, nextOffset >= farEastOffset { return Edges(.farEastZone) }
        if offset <= farWestOffset, nextOffset <= farWestOffset { return Edges(.farWestZone) }
        return []
    }

    // MARK: The rule

    /// A use blocked by a `day` or `month` limit, waiting for the next use of its meter.
    @usableFromInline
    package struct Block: Sendable {
        /// The window whose limit blocked it.
        var window: LimitWindow
        /// Its usage day.
        var day: LocalDate
        /// Its instant (ms) and the device's offset (ms) and zone then.
        var at: Int64
        var offset: Int64
        var zone: TimeZoneRules
    }

    /// The edges a block reaches with the next use of its meter (the rule above): on usage
    /// day `nextDay`, allowed or not, blocked with `nextBlockedBy` as its window if that is
    /// `day` or `month`, with the device at `nextOffset`.
    static func reached(_ block: Block, nextDay: LocalDate, allowed: Bool, nextBlockedBy: LimitWindow?, nextOffset: Int64,
                        calendar: PolicyCalendar, dayStart: Int64) -> Edges {
        guard nextDay.daysSince1970 == block.day.daysSince1970 &+ 1 else { return [] }
        var edges = dateEdges(of: block.day)
        switch block.window {
        case .day:
            guard allowed else { return [] }
            edges.formUnion(daylightEdges(of: block.day, wholeMonth: false, near: block.at, zone: block.zone, calendar: calendar, dayStart: dayStart))
        case .month:
            if edges.contains(.leapEve) { return nextBlockedBy == .month ? Edges(.leapEve) : [] }
            guard allowed, !edges.isEmpty else { return [] } // (a date edge other than leapEve: the month's last day)
            edges.formUnion(daylightEdges(of: block.day, wholeMonth: true, near: block.at, zone: block.zone, calendar: calendar, dayStart: dayStart))
        case .total, .stock, .week, .rolling:
            return [] // (a week's and a rolling window's edges are categories of their own: `CoverageCategory`)
        }
        edges.formUnion(zoneEdges(block.offset, nextOffset))
        return edges
    }
}

/// Follows one meter's uses for `CalendarEdge`'s rule: the last use blocked by a `day` or
/// `month` limit, until the next use of the meter says what it reached.
@usableFromInline
package struct CalendarEdgeWatch: Sendable {
    @usableFromInline package private(set) var block: CalendarEdge.Block?
    /// The far zones' edges already counted in this timeline, by window (`day`, `month`).
    private var farCounted: (day: CalendarEdge.Edges, month: CalendarEdge.Edges) = ([], [])

    /// A watch with nothing seen.
    package init() {}

    /// Whether a block waits for the next use (the tracker then asks for the device's offset).
    @inlinable
    package var isWaiting: Bool { block != nil }

    /// Whether the watch holds anything of the timeline.
    package var needsReset: Bool { block != nil || !farCounted.day.isEmpty || !farCounted.month.isEmpty }

    /// A new timeline.
    package mutating func reset() {
        block = nil
        farCounted = ([], [])
    }

    /// A use of a feature counting on the meter: its usage day, instant, outcome, the
    /// watched window that blocked it (`day` or `month`, nil otherwise), and the device's
    /// offset and zone then. Returns what the block before it reached, if anything.
    package mutating func use(day: LocalDate, at: Int64, allowed: Bool, blockedBy window: LimitWindow?, offset: Int64, zone: TimeZoneRules,
                      calendar: PolicyCalendar, dayStart: Int64) -> (window: LimitWindow, edges: CalendarEdge.Edges)? {
        let previous = block
        block = window.map { CalendarEdge.Block(window: $0, day: day, at: at, offset: offset, zone: zone) }
        guard let previous else { return nil }
        var edges = CalendarEdge.reached(previous, nextDay: day, allowed: allowed, nextBlockedBy: window, nextOffset: offset, calendar: calendar, dayStart: dayStart)
        let far = edges.intersection(.farZones)
        if !far.isEmpty {
            // Once per timeline and window.
            if previous.window == .month {
                edges.subtract(farCounted.month)
                farCounted.month.formUnion(far)
            } else {
                edges.subtract(farCounted.day)
                farCounted.day.formUnion(far)
            }
        }
        return edges.isEmpty ? nil : (previous.window, edges)
    }
}

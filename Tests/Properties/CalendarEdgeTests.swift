@testable import Simulator
@testable import SimulatorCore
import SubscriptionModel
import Testing

/// `CalendarEdge`'s rule, counted by both trackers from hand-written timelines: a block by
/// a `day` or `month` limit on an edge day and the meter's next use in the next window
/// count once per kind of the day, and the near misses (the next use a day late, the day
/// before the edge, a block the limit did not give, a next use out of the far zone, a
/// month block followed by a use still in the month) count nothing.
@Suite("Calendar edges: the tracker's rule")
struct CalendarEdgeTests {
    typealias Step = TimelineSketch.Step

    /// The calendar-edge counts of `policy`'s tracker over one sketched timeline, by name
    /// (`calendar(meter, window, edge)`), the zero ones left out.
    static func counts(_ policy: String, zone: String, _ lines: [(String, Step)]) -> [String: Int] {
        let timeline = TimelineSketch.timeline(policy, zone: zone, lines)
        var tracker = CoverageTracker(policy: timeline.policy)
        tracker.observe(timeline: timeline)
        let counts = tracker.counts
        var named: [String: Int] = [:]
        for (index, category) in counts.categories.enumerated() where counts.counts[index] > 0 {
            if case .calendar = category { named[category.name(in: timeline.policy)] = counts.counts[index] }
        }
        return named
    }

    @Test("daily-quip (device calendar, day window): leap eve, year end; the next use a day late, the day before an edge and a look count nothing")
    func dayWindow() {
        let counts = Self.counts("daily-quip", zone: "UTC", [
            ("2028-02-28T10:00:00Z", .install),
            ("2028-02-28T20:00:00Z", .uses(7, "view-card")), // the 6th and 7th blocked by the day's 5
            ("2028-02-29T00:05:00Z", .use("view-card")), // the next use: 29 Feb, allowed
            ("2028-02-29T20:00:00Z", .uses(6, "view-card")), // blocked on 29 Feb (the 6th; one was counted at 00:05)…
            ("2028-03-02T09:00:00Z", .use("view-card")), // …but the next use is two days later: no feb-29
            ("2028-04-29T20:00:00Z", .uses(6, "view-card")), // blocked the day before a month end…
            ("2028-04-30T09:00:00Z", .use("view-card")), // …and allowed on it: no month-end-30
            ("2028-12-31T22:00:00Z", .uses(6, "view-card")), // blocked on 31 Dec
            ("2029-01-01T00:00:00Z", .look), // a look is no use
            ("2029-01-01T00:00:01Z", .use("view-card")), // allowed on 1 Jan
        ])
        #expect(counts == ["calendar(cards, day, feb-28-leap)": 1, "calendar(cards, day, month-end-31)": 1, "calendar(cards, day, year-end)": 1], "\(counts)")
    }

    @Test("daily-quip: the DST days of the device's zone, not the day before; a far east zone only when the next use is there too, once a timeline")
    func daylightAndFarZones() {
        // America/New_York: forward on 2028-03-12 (07:00Z), back on 2028-11-05 (06:00Z).
        let daylight = Self.counts("daily-quip", zone: "America/New_York", [
            ("2028-03-11T12:00:00Z", .install),
            ("2028-03-11T20:00:00Z", .uses(6, "view-card")), // blocked on the 11th, the day before
            ("2028-03-12T15:00:00Z", .uses(6, "view-card")), // the next use allowed on the 12th; blocked on it later
            ("2028-03-13T15:00:00Z", .use("view-card")), // allowed on the 13th
            ("2028-11-05T15:00:00Z", .uses(6, "view-card")), // blocked on the fall-back day
            ("2028-11-06T06:00:00Z", .use("view-card")), // 01:00 local on the 6th
        ])
        #expect(daylight == ["calendar(cards, day, dst-spring-forward-day)": 1, "calendar(cards, day, dst-fall-back-day)": 1], "\(daylight)")

        let far = Self.counts("daily-quip", zone: "Pacific/Kiritimati", [ // +14
            ("2028-05-10T00:00:00Z", .install), // 14:00 on the 10th
            ("2028-05-10T01:00:00Z", .uses(6, "view-card")), // blocked on the 10th
            ("2028-05-10T10:30:00Z", .use("view-card")), // 00:30 on the 11th there: allowed
            ("2028-05-11T01:00:00Z", .uses(6, "view-card")), // blocked on the 11th…
            ("2028-05-11T09:00:00Z", .zone("UTC")), // …but the next use is in UTC
            ("2028-05-12T09:00:00Z", .use("view-card")),
            ("2028-05-12T09:10:00Z", .zone("Pacific/Kiritimati")), // 23:10 on the 12th
            ("2028-05-13T01:00:00Z", .uses(6, "view-card")), // blocked on the 13th…
            ("2028-05-13T10:30:00Z", .use("view-card")), // …and allowed on the 14th there: the same edge, counted once a timeline
        ])
        #expect(far == ["calendar(cards, day, far-east-zone)": 1], "\(far)")
    }

    @Test("daa-tiers (UTC calendar): the UTC day on which the device's zone changes its offset, not the day after; a block by the total is no day block")
    func fixedCalendar() {
        let counts = Self.counts("daa-tiers", zone: "America/New_York", [
            ("2028-03-12T01:00:00Z", .install),
            ("2028-03-12T01:01:00Z", .entitle("com.daa.core.monthly")),
            ("2028-03-12T09:00:00Z", .uses(21, "chat")), // Core: the 21st blocked by the day's 20, on UTC day 12 March…
            ("2028-03-13T00:10:00Z", .use("chat")), // …which holds New York's change (07:00Z); allowed on the 13th
            ("2028-03-13T12:00:00Z", .uses(20, "compatibility")), // blocked by the day on the 13th…
            ("2028-03-14T12:00:00Z", .use("chat")), // …allowed on the 14th: the 13th is no DST day
        ])
        #expect(counts == ["calendar(questions, day, dst-spring-forward-day)": 1], "\(counts)")
        // A guest's 3 a day are shadowed by the 3 in all: the 4th is blocked by the total.
        let guest = Self.counts("daa-tiers", zone: "UTC", [
            ("2028-12-31T10:00:00Z", .install), ("2028-12-31T11:00:00Z", .uses(4, "chat")), ("2029-01-01T00:10:00Z", .use("chat")),
        ])
        #expect(guest.isEmpty, "\(guest)")
    }

    @Test("oxalate (month window): 28 Feb of a leap year with the next use still blocked on the 29th, then 29 Feb as a month end; a month end skipped counts nothing")
    func monthWindow() {
        let counts = Self.counts("oxalate", zone: "UTC", [
            ("2028-02-20T10:00:00Z", .install),
            ("2028-02-28T20:00:00Z", .uses(11, "ask-oracle")), // the 11th blocked by the month's 10, on the 28th
            ("2028-02-29T09:00:00Z", .use("ask-oracle")), // still February: blocked, with month as its reason
            ("2028-03-01T09:00:00Z", .use("ask-oracle")), // allowed in March
            ("2028-04-20T09:00:00Z", .uses(11, "ask-oracle")), // blocked on 20 April…
            ("2028-04-30T09:00:00Z", .use("ask-oracle")), // …and the month's last day…
            ("2028-05-02T09:00:00Z", .use("ask-oracle")), // …but the next use is on 2 May: no month-end-30
            ("2028-05-31T09:00:00Z", .uses(9, "ask-oracle")), // May's 10th allowed: no block on the 31st
            ("2028-06-01T09:00:00Z", .use("ask-oracle")),
        ])
        #expect(counts == ["calendar(questions, month, feb-28-leap)": 1, "calendar(questions, month, feb-29)": 1], "\(counts)")
    }

    @Test("the flagship's tracker: a capture blocked by the day's limit on 31 Dec and one allowed on 1 Jan; a plan sheet under no plan is no day block")
    func flagship() {
        let zone = TimeZoneRules.utc
        let day = Milliseconds.twentyFourHours, minute = Milliseconds.minute
        let start = TimelineSketch.instant("2027-12-31T10:00:00Z")
        var events = [FlagshipEvent(at: start, .install)]
        for n in 0..<11 { events.append(FlagshipEvent(at: start.adding(milliseconds: Int64(n) * minute), .capture(.meal))) } // the 11th: the plan sheet, in the trial
        events.append(FlagshipEvent(at: TimelineSketch.instant("2028-01-01T00:30:00Z"), .capture(.recipeLink))) // allowed
        // After the trial (72 h), no plan: every capture opens the plan sheet, a day apart.
        events.append(FlagshipEvent(at: TimelineSketch.instant("2028-01-31T12:00:00Z"), .capture(.meal)))
        events.append(FlagshipEvent(at: TimelineSketch.instant("2028-01-31T12:00:00Z").adding(milliseconds: day), .capture(.meal)))
        var implementation = FlagshipReferenceImplementation()
        implementation.start(zone: zone)
        var observer = FlagshipRunObserver(policy: .mealCapture)
        observer.begin(zone: zone, persona: .heavy)
        for event in events { observer.observe(event, implementation.handle(event)) }
        let counts = observer.coverage.counts
        let reached = Dictionary(uniqueKeysWithValues: CalendarEdge.allCases.filter { counts[$0] > 0 }.map { ($0.name, counts[$0]) })
        #expect(reached == ["month-end-31": 1, "year-end": 1], "\(reached)")
    }

    @Test("a set of edges visits exactly its members, in declaration order (every one of the sets)")
    func visitingASet() {
        for raw in 0..<UInt16(1 << CalendarEdge.allCases.count) {
            let edges = CalendarEdge.Edges(rawValue: raw)
            var visited: [CalendarEdge] = []
            edges.forEach { visited.append($0) }
            #expect(visited == edges.members, "edges \(raw)")
        }
    }

    @Test("classifying days: month lengths, leap years (2000 and 2100), DST days in the device's and in a fixed calendar")
    func classification() {
        func edges(_ text: String) -> [String] {
            let parts = text.split(separator: "-").map { Int($0)! }
            return CalendarEdge.dateEdges(of: LocalDate(year: parts[0], month: parts[1], day: parts[2])).members.map(\.name)
        }
        #expect(edges("2000-02-28") == ["feb-28-leap"] && edges("2000-02-29") == ["feb-29"])
        #expect(edges("2100-02-28") == ["month-end-28"] && edges("2027-02-28") == ["month-end-28"])
        #expect(edges("2028-04-30") == ["month-end-30"] && edges("2028-12-31") == ["month-end-31", "year-end"] && edges("2028-12-30").isEmpty)
        let newYork = TimeZoneRules.named("America/New_York")!
        func daylight(_ text: String, _ calendar: PolicyCalendar, wholeMonth: Bool = false) -> [String] {
            let day = TimelineSketch.date(text)
            let noon = Int64(day.daysSince1970) * Milliseconds.twentyFourHours + 12 * Milliseconds.hour
            return CalendarEdge.daylightEdges(of: day, wholeMonth: wholeMonth, near: noon, zone: newYork, calendar: calendar).members.map(\.name)
        }
        #expect(daylight("2028-03-12", .device) == ["dst-spring-forward-day"] && daylight("2028-03-11", .device).isEmpty)
        #expect(daylight("2028-11-05", .fixed(.utc)) == ["dst-fall-back-day"] && daylight("2028-11-04", .fixed(.utc)).isEmpty)
        // Tokyo's calendar reads New York's spring change (07:00Z) as 16:00 on the 12th.
        #expect(daylight("2028-03-12", .fixed(TimeZoneRules.named("Asia/Tokyo")!)) == ["dst-spring-forward-day"])
        #expect(daylight("2028-03-31", .device, wholeMonth: true) == ["dst-spring-forward-day"] && daylight("2028-04-30", .device, wholeMonth: true).isEmpty)
        #expect(CalendarEdge.zoneEdges(13 * Milliseconds.hour, 14 * Milliseconds.hour) == CalendarEdge.Edges(.farEastZone))
        #expect(CalendarEdge.zoneEdges(-12 * Milliseconds.hour, -11 * Milliseconds.hour) == CalendarEdge.Edges(.farWestZone))
        #expect(CalendarEdge.zoneEdges(13 * Milliseconds.hour, 12 * Milliseconds.hour).isEmpty && CalendarEdge.zoneEdges(-10 * Milliseconds.hour, -11 * Milliseconds.hour).isEmpty)
    }

    @Test("every limited day and month window has the ten edges; face-recall (stocks only) has none")
    func categories() {
        func windows(_ name: String) -> [String] {
            let policy = SubscriptionPolicy.named(name)!
            return CoverageCategory.calendarWindows(policy).map { "\(policy.meters[$0.meter]) \($0.window.name)" }
        }
        #expect(windows("daily-quip") == ["cards day"] && windows("daa-tiers") == ["questions day"] && windows("meal-capture") == ["analyses day"])
        #expect(windows("oxalate") == ["questions day", "questions month", "recipes day"] && windows("face-recall").isEmpty)
        let all = CoverageCategory.all(for: .oxalate).filter { if case .calendar = $0 { true } else { false } }
        #expect(all.count == 3 * CalendarEdge.allCases.count)
    }
}

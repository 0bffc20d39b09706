import Foundation
import Simulator
import SubscriptionModel
import Testing

/// A day that starts at a declared time (policy format 5, `dayStartsAt`): an instant's
/// date is the calendar's local date of the wall-clock time that much earlier (G2), and
/// every rule that reads a date follows: the usage day, the month, the reset instant
/// (G8) and the history window (G6.3).
@Suite("Days that start at a declared time")
struct DayStartTests {
    /// Two uses a day, the day starting at `start` in `calendar`; 5 a month under Monthly.
    static func policy(start: String, calendar: String = "device") -> SubscriptionPolicy {
        try! SubscriptionPolicy(data: Data("""
            {"format": 5, "policy": "late", "calendar": "\(calendar)", "dayStartsAt": "\(start)", "defaults": {"guest": "free"},
             "meters": ["m"], "features": [{"id": "f", "consumes": "m"}, {"id": "h", "history": true}],
             "plans": [
               {"id": "free", "name": "Free", "features": "all", "limits": {"m": {"day": 2}}, "history": {"h": 2},
                "responses": {"day": "paywall", "history": "paywall"}},
               {"id": "monthly", "name": "Monthly", "products": [{"id": "monthly", "kind": "auto-renewable", "period": "P1M"}],
                "features": "all", "limits": {"m": {"month": 5}}, "responses": {"month": "paywall"}}],
             "screens": {}}
            """.utf8), file: "late.json")
    }

    @Test("before the day start the date is the day before; at it the new day begins, its counts at 0")
    func dateTurnsAtTheStart() {
        var run = ScriptedUser(Self.policy(start: "04:00"), zone: "Europe/Madrid")
        #expect(run("2026-05-12T03:59:59+02:00", .install).day == date("2026-05-11"))
        run.repeated(2, "f", from: "2026-05-12T03:00:00+02:00")
        let blocked = run("2026-05-12T03:30:00+02:00", .use("f"))
        #expect(blocked.outcome == .blocked && blocked.day == date("2026-05-11"))
        #expect(blocked.resetAt == instant("2026-05-12T04:00:00+02:00"), "G8: the next day start, not midnight")
        let next = run("2026-05-12T04:00:00+02:00", .use("f"))
        #expect(next.outcome == .allowed && next.day == date("2026-05-12") && run.used(next, "m", .day) == 1)
    }

    @Test("a day start inside the hour a spring-forward skips falls where the clock jumps; one the fall-back repeats, at its first reading")
    func startInTheGap() {
        var spring = ScriptedUser(Self.policy(start: "02:30"), zone: "America/New_York")
        spring("2026-03-07T20:00:00-05:00", .install)
        spring.repeated(2, "f", from: "2026-03-07T20:01:00-05:00")
        let blocked = spring("2026-03-08T01:59:00-05:00", .use("f"))
        #expect(blocked.day == date("2026-03-07") && blocked.resetAt == instant("2026-03-08T03:00:00-04:00"))
        #expect(spring("2026-03-08T03:00:00-04:00", .use("f")).day == date("2026-03-08"))

        var fall = ScriptedUser(Self.policy(start: "01:30"), zone: "America/New_York")
        fall("2026-10-31T20:00:00-04:00", .install)
        #expect(fall("2026-11-01T01:29:00-04:00", .look).day == date("2026-10-31"))
        #expect(fall("2026-11-01T01:30:00-04:00", .use("f")).day == date("2026-11-01"))
        // The second 01:15 reads the 31st again on the clock; a counted use's day never goes back (G3).
        #expect(fall("2026-11-01T01:15:00-05:00", .look).day == date("2026-11-01"))
    }

    @Test("the month turns at the day start of the 1st, and a fixed calendar starts its days on its own clock")
    func monthAndFixedCalendar() {
        var run = ScriptedUser(Self.policy(start: "06:00", calendar: "UTC"), zone: "Asia/Tokyo")
        run("2026-05-31T10:00:00Z", .install)
        run("2026-05-31T10:01:00Z", .entitle("monthly"))
        run.repeated(5, "f", from: "2026-05-31T10:02:00Z")
        let blocked = run("2026-06-01T05:59:00Z", .use("f")) // 14:59 in Tokyo, still May in UTC from 06:00
        #expect(blocked.outcome == .blocked && blocked.reason == .month && blocked.day == date("2026-05-31"))
        #expect(blocked.resetAt == instant("2026-06-01T06:00:00Z"))
        let june = run("2026-06-01T06:00:00Z", .use("f"))
        #expect(june.outcome == .allowed && run.used(june, "m", .month) == 1)
    }

    @Test("a fixed calendar with offset changes starts its days on its own clock, whatever the device's zone")
    func fixedZoneWithChanges() {
        // Berlin's clocks go from 02:00 to 03:00 on 2026-03-29; the days start at 02:30 there.
        var run = ScriptedUser(Self.policy(start: "02:30", calendar: "Europe/Berlin"), zone: "America/Los_Angeles")
        run("2026-03-28T12:00:00+01:00", .install)
        run.repeated(2, "f", from: "2026-03-28T12:01:00+01:00")
        let blocked = run("2026-03-29T01:59:00+01:00", .use("f"))
        #expect(blocked.day == date("2026-03-28") && blocked.resetAt == instant("2026-03-29T03:00:00+02:00"))
        #expect(run("2026-03-29T03:00:00+02:00", .use("f")).day == date("2026-03-29"))
        #expect(run("2026-03-30T02:29:00+02:00", .look).day == date("2026-03-29"))
    }

    @Test("G6.3: the history window ends at the usage day, which turns at the day start")
    func historyFollowsTheUsageDay() {
        var run = ScriptedUser(Self.policy(start: "04:00"), zone: "UTC")
        run("2026-01-11T01:00:00Z", .install) // the usage day is the 10th
        #expect(run("2026-01-11T01:01:00Z", .track("h", day: "2026-01-09")).outcome == .allowed)
        #expect(run("2026-01-11T04:00:00Z", .track("h", day: "2026-01-09")).reason == .history)
    }
}

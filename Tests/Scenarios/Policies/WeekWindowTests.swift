import Foundation
import Simulator
import SubscriptionModel
import Testing

/// Calendar weeks (policy format 6: a `week` limit and `weekStartsOn`): a week's count
/// reads 0 from the first usage day of a later week (G3), a month's end is no week's end,
/// a use the month and the week both block gives the reason whose next start is later
/// (G6.4), and a week block resets at the next first weekday's start (G8).
@Suite("Calendar weeks")
struct WeekWindowTests {
    /// Free: 3 a week; Pro: 4 a week and 6 a month; weeks from `first`.
    static func policy(first: String = "sunday", dayStart: String? = nil) -> SubscriptionPolicy {
        try! SubscriptionPolicy(data: Data(text(first: first, dayStart: dayStart).utf8), file: "weekly.json")
    }

    static func text(format: Int = 6, first: String? = "sunday", dayStart: String? = nil) -> String {
        """
        {"format": \(format), "policy": "weekly", "calendar": "device", \(first.map { "\"weekStartsOn\": \"\($0)\", " } ?? "")\
        \(dayStart.map { "\"dayStartsAt\": \"\($0)\", " } ?? "")"defaults": {"guest": "free"},
         "meters": ["m"], "features": [{"id": "f", "consumes": "m"}],
         "plans": [
           {"id": "free", "name": "Free", "features": "all", "limits": {"m": {"week": 3}}, "responses": {"week": "paywall"}},
           {"id": "pro", "name": "Pro", "products": [{"id": "pro", "kind": "auto-renewable", "period": "P1M"}],
            "features": "all", "limits": {"m": {"week": 4, "month": 6}}, "responses": {"week": "paywall", "month": "paywall"}}],
         "screens": {}}
        """
    }

    @Test("the week turns on its first weekday, not at a month's end; a week block resets then (G3, G8)")
    func weekTurnsOnItsFirstDay() {
        var run = ScriptedUser(Self.policy(), zone: "Europe/Paris")
        run("2026-03-30T09:00:00+02:00", .install) // a Monday; the week is Sunday 29 March to Saturday 4 April
        run.repeated(2, "f", from: "2026-03-31T09:00:00+02:00")
        let april = run("2026-04-01T09:00:00+02:00", .use("f"))
        #expect(april.outcome == .allowed && run.used(april, "m", .week) == 3, "1 April is the same week")
        let blocked = run("2026-04-04T23:59:00+02:00", .use("f"))
        #expect(blocked.outcome == .blocked && blocked.reason == .week)
        #expect(blocked.resetAt == instant("2026-04-05T00:00:00+02:00"), "G8: the start of Sunday")
        #expect(run.upgrade(blocked) == ["pro"], "G9: Pro's week has room")
        let sunday = run("2026-04-05T00:00:00+02:00", .use("f"))
        #expect(sunday.outcome == .allowed && run.used(sunday, "m", .week) == 1)
    }

    @Test("a week from Monday turns a day later than one from Sunday")
    func firstWeekdayMatters() {
        var monday = ScriptedUser(Self.policy(first: "monday"), zone: "UTC")
        monday("2026-04-04T10:00:00Z", .install) // Saturday
        monday.repeated(3, "f", from: "2026-04-04T10:01:00Z")
        #expect(monday("2026-04-05T10:00:00Z", .use("f")).reason == .week, "Sunday is still Monday's week")
        #expect(monday("2026-04-06T00:00:00Z", .use("f")).outcome == .allowed)
    }

    @Test("G6.4: with the month's and the week's limits both passed, the reason is the later to start again; the month on a tie")
    func laterResetIsTheReason() {
        // The week of Thursday 30 April 2026 ends on Saturday 2 May, after the month.
        var late = ScriptedUser(Self.policy(), zone: "UTC")
        late("2026-04-20T08:00:00Z", .install)
        late("2026-04-20T08:01:00Z", .entitle("pro"))
        late.repeated(2, "f", from: "2026-04-20T09:00:00Z")
        late.repeated(4, "f", from: "2026-04-29T09:00:00Z")
        let both = late("2026-04-30T09:00:00Z", .use("f"))
        #expect(both.reason == .week && both.resetAt == instant("2026-05-03T00:00:00Z"))
        #expect(late("2026-05-01T09:00:00Z", .use("f")).reason == .week, "the 1st resets the month, not the week")
        #expect(late("2026-05-03T00:00:00Z", .use("f")).outcome == .allowed)

        // The week of Monday 13 April ends on Saturday 18 April, before the month.
        var early = ScriptedUser(Self.policy(), zone: "UTC")
        early("2026-04-05T08:00:00Z", .install)
        early("2026-04-05T08:01:00Z", .entitle("pro"))
        early.repeated(2, "f", from: "2026-04-05T09:00:00Z")
        early.repeated(4, "f", from: "2026-04-13T09:00:00Z")
        let month = early("2026-04-14T09:00:00Z", .use("f"))
        #expect(month.reason == .month && month.resetAt == instant("2026-05-01T00:00:00Z"))

        // 1 March 2026 is a Sunday: the week and the month start again together.
        var tie = ScriptedUser(Self.policy(), zone: "UTC")
        tie("2026-02-02T08:00:00Z", .install)
        tie("2026-02-02T08:01:00Z", .entitle("pro"))
        tie.repeated(2, "f", from: "2026-02-02T09:00:00Z")
        tie.repeated(4, "f", from: "2026-02-23T09:00:00Z")
        #expect(tie("2026-02-24T09:00:00Z", .use("f")).reason == .month)
    }

    @Test("a week whose first day has no midnight starts where the clocks land; a day start moves the week with the day")
    func daylightSavingAndDayStart() {
        // Santiago moves from 00:00 to 01:00 on Sunday 6 September 2026.
        var santiago = ScriptedUser(Self.policy(), zone: "America/Santiago")
        santiago("2026-09-05T10:00:00-04:00", .install)
        santiago.repeated(3, "f", from: "2026-09-05T10:01:00-04:00")
        let blocked = santiago("2026-09-05T23:59:00-04:00", .use("f"))
        #expect(blocked.reason == .week && blocked.resetAt == instant("2026-09-06T01:00:00-03:00"))

        var late = ScriptedUser(Self.policy(dayStart: "04:00"), zone: "UTC")
        late("2026-04-04T10:00:00Z", .install)
        late.repeated(3, "f", from: "2026-04-04T10:01:00Z")
        let night = late("2026-04-05T03:59:00Z", .use("f"))
        #expect(night.reason == .week && night.day == date("2026-04-04") && night.resetAt == instant("2026-04-05T04:00:00Z"))
        #expect(late("2026-04-05T04:00:00Z", .use("f")).outcome == .allowed)
    }

    @Test("a policy that limits no week keeps no week count (G4), so its outputs are as before weeks")
    func noWeekNoCount() throws {
        let policy = try #require(PolicyLoader.builtIn("night-owl"))
        var run = ScriptedUser(policy, zone: "UTC")
        run("2026-04-04T10:00:00Z", .install)
        let used = run("2026-04-04T10:01:00Z", .use("solve"))
        #expect(used.outcome == .allowed && used.counts[0].day == 1 && used.counts[0].week == 0)
    }

    @Test("the reader: a week limit needs format 6 and weekStartsOn, which must name a day; a screen shows a week only where one is counted")
    func fileErrors() {
        #expect(policyFileError(Self.text(first: nil))
                == #"error: t.json: $.plans[0].limits.m.week: a week limit needs the day weeks start on: add "weekStartsOn": "monday" (or another day) at the top of the file"#)
        #expect(policyFileError(Self.text(format: 5, first: nil)) == #"error: t.json: $.plans[0].limits.m.week: a week limit needs "format": 6 at the top of the file"#)
        #expect(policyFileError(Self.text(format: 5)) == #"error: t.json: $.weekStartsOn: a week's first day needs "format": 6 at the top of the file"#)
        let weekResponseOnly = Self.text(format: 5, first: nil).replacingOccurrences(of: #"{"m": {"week": 3}}"#, with: #"{"m": {"day": 3}}"#)
            .replacingOccurrences(of: #"{"m": {"week": 4, "month": 6}}"#, with: #"{"m": {"day": 4, "month": 6}}"#)
        #expect(policyFileError(weekResponseOnly) == #"error: t.json: $.plans[0].responses.week: the reason "week" needs "format": 6 at the top of the file"#)
        let noWeekLimit = #"""
            {"format": 6, "policy": "w", "calendar": "UTC", "defaults": {"guest": "free"}, "meters": ["m"], "features": [{"id": "f", "consumes": "m"}],
             "plans": [{"id": "free", "name": "Free", "features": "all", "limits": {"m": {"day": 3}}, "responses": {"day": "paywall"}}],
             "screens": {"w": {"kind": "bar", "meter": "m", "window": "week"}}}
            """#
        #expect(policyFileError(noWeekLimit) == "error: t.json: $.screens.w.window: no plan limits a meter by week, so no week is counted (G4): add a week limit, or show another window")
        #expect(policyFileError(Self.text(first: "Sunday")) == #"error: t.json: $.weekStartsOn: "Sunday" is not a day of the week; expected "sunday", "monday", "tuesday", "wednesday", "thursday", "friday" or "saturday""#)
    }

    @Test("Weekday.weekStart is the last day on or before a date that is the first weekday, for every weekday over 30 years")
    func weekStartByWalking() {
        for first in Weekday.allCases {
            for day in Int32(-3_000)...Int32(8_000) {
                var walk = day
                while Weekday(of: LocalDate(daysSince1970: walk)) != first { walk -= 1 }
                #expect(first.weekStart(of: day) == walk, "\(first.name), day \(day)")
                if first.weekStart(of: day) != walk { return }
            }
        }
        #expect(Weekday(of: LocalDate(year: 2026, month: 12, day: 5)) == .saturday)
    }
}

extension WeekWindowTests {
    @Test("a digest folds the week counts in: two outputs that differ only there differ")
    func digestFoldsWeeks() {
        var run = ScriptedUser(Self.policy(), zone: "UTC")
        run("2026-04-04T10:00:00Z", .install)
        let output = run("2026-04-04T10:01:00Z", .use("f"))
        var other = output
        other.counts[0].week += 1
        var digester = OutputDigester(), otherDigester = OutputDigester()
        digester.add(output)
        otherDigester.add(other)
        #expect(digester.digest != otherDigester.digest)
    }
}

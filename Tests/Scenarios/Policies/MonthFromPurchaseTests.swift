import Foundation
import Simulator
import SubscriptionModel
import Testing

/// Months that run from the purchase (policy format 10, `"monthAnchor": "purchase"`):
/// a user's months start on the day of the month their current subscription began (the
/// install's before any), on a shorter month's last day when it has no such day, and a
/// new subscription starts a month afresh (G3, G8).
@Suite("Months from the purchase")
struct MonthFromPurchaseTests {
    /// Free: 3 a month; Pro (monthly or yearly): 100 a month.
    static let policy = try! SubscriptionPolicy(data: Data(text().utf8), file: "anchored.json")

    static func text(format: Int = 10, anchor: String = #""monthAnchor": "purchase", "#, freeLimits: String = #"{"month": 3}"#) -> String {
        """
        {"format": \(format), "policy": "anchored", "calendar": "device", \(anchor)"defaults": {"guest": "free"},
         "meters": ["exports"], "features": [{"id": "export", "consumes": "exports"}],
         "plans": [
           {"id": "free", "name": "Free", "features": "all", "limits": {"exports": \(freeLimits)}, "responses": {"any": "paywall"}},
           {"id": "pro", "name": "Pro", "products": [{"id": "pro.m", "kind": "auto-renewable", "period": "P1M"},
                                                      {"id": "pro.y", "kind": "auto-renewable", "period": "P1Y"}],
            "features": "all", "limits": {"exports": {"month": 100}}, "responses": {"any": "paywall"}}],
         "screens": {}}
        """
    }

    @Test("installed on 31 January: the months turn on 28 February, 31 March and 30 April, never drifting to the 28th")
    func shortMonths() {
        var run = ScriptedUser(Self.policy, zone: "UTC")
        run("2027-01-31T09:00:00Z", .install)
        let lastOfFirst = run("2027-02-27T12:00:00Z", .use("export"))
        #expect(run.used(lastOfFirst, "exports", .month) == 1)
        #expect(run.used(run("2027-02-28T00:00:00Z", .look), "exports", .month) == 0, "28 February starts the second month")
        run("2027-02-28T12:00:00Z", .use("export"))
        let late = run("2027-03-30T12:00:00Z", .use("export"))
        #expect(run.used(late, "exports", .month) == 2, "30 March is still the month from 28 February")
        #expect(run.used(run("2027-03-31T00:00:00Z", .look), "exports", .month) == 0, "31 March, the anchor's day, starts the third")
        run("2027-04-29T12:00:00Z", .use("export"))
        #expect(run.used(run("2027-04-30T00:00:00Z", .look), "exports", .month) == 0, "30 April, April's last day, starts the fourth")
    }

    @Test("in a leap year the month from 31 January turns on 29 February")
    func leapYear() {
        var run = ScriptedUser(Self.policy, zone: "UTC")
        run("2028-01-31T09:00:00Z", .install)
        let eve = run("2028-02-28T12:00:00Z", .use("export"))
        #expect(run.used(eve, "exports", .month) == 1, "28 February 2028 is in the month from 31 January")
        #expect(run.used(run("2028-02-29T00:00:00Z", .look), "exports", .month) == 0)
    }

    @Test("a month block waits for the next month's start: a shorter month's last day, in the device's zone")
    func resetOnClampedDay() {
        var run = ScriptedUser(Self.policy, zone: "America/Chicago")
        run("2027-03-31T12:00:00-05:00", .install)
        for minute in 0..<3 { run("2027-04-01T10:0\(minute):00-05:00", .use("export")) }
        let blocked = run("2027-04-01T10:05:00-05:00", .use("export"))
        #expect(blocked.outcome == .blocked && blocked.reason == .month)
        #expect(blocked.resetAt == instant("2027-04-30T00:00:00-05:00"), "30 April, local midnight")
        #expect(run("2027-04-29T23:59:00-05:00", .use("export")).outcome == .blocked)
        #expect(run("2027-04-30T00:00:00-05:00", .use("export")).outcome == .allowed)
    }

    @Test("the install's day is its date in the calendar: 30 January in Los Angeles while UTC has the 31st")
    func installDayInTheZone() {
        var run = ScriptedUser(Self.policy, zone: "America/Los_Angeles")
        run("2027-01-31T03:00:00Z", .install) // 30 January, 19:00 local
        run("2027-02-27T12:00:00-08:00", .use("export"))
        #expect(run.used(run("2027-02-28T00:00:00-08:00", .look), "exports", .month) == 0, "anchor 30: February's month starts on its 28th")
        run("2027-03-29T12:00:00-07:00", .use("export"))
        #expect(run.used(run("2027-03-30T00:00:00-07:00", .look), "exports", .month) == 0, "the 30th again in March")
    }

    @Test("a new subscription starts a month on its day, with the month's count at 0; a renewal and a lapse do not")
    func newSubscription() {
        var run = ScriptedUser(Self.policy, zone: "UTC")
        run("2027-03-01T09:00:00Z", .install)
        run("2027-03-05T09:00:00Z", .use("export"))
        let before = run("2027-03-05T09:01:00Z", .use("export"))
        #expect(run.used(before, "exports", .month) == 2 && run.used(before, "exports", .day) == 2)
        let bought = run("2027-03-10T09:00:00Z", .entitle("pro.m", expires: "2027-04-10T09:00:00Z"))
        #expect(run.used(bought, "exports", .month) == 0, "the subscription's month starts at 0")
        run("2027-03-20T09:00:00Z", .use("export"))
        #expect(run.used(run("2027-04-09T23:00:00Z", .look), "exports", .month) == 1, "9 April: still the month from 10 March")
        #expect(run.used(run("2027-04-10T00:00:00Z", .look), "exports", .month) == 0)
        run("2027-04-12T09:00:00Z", .use("export"))
        let renewed = run("2027-04-12T10:00:00Z", .entitle("pro.m", expires: "2027-05-10T09:00:00Z"))
        #expect(run.used(renewed, "exports", .month) == 1, "a renewal of the same product keeps the month")
        let lapsed = run("2027-04-20T09:00:00Z", .entitle(nil))
        #expect(run.used(lapsed, "exports", .month) == 1, "a lapse keeps the month too")
        #expect(run.used(run("2027-05-09T23:00:00Z", .look), "exports", .month) == 1)
        let back = run("2027-05-09T23:30:00Z", .entitle("pro.m", expires: "2027-06-09T23:30:00Z"))
        #expect(run.used(back, "exports", .month) == 0, "subscribing again after a lapse is a new subscription")
        run("2027-05-10T09:00:00Z", .use("export"))
        #expect(run.used(run("2027-06-08T09:00:00Z", .look), "exports", .month) == 1, "the months now start on the 9th")
        #expect(run.used(run("2027-06-09T00:00:00Z", .look), "exports", .month) == 0)
    }

    @Test("the install and a new subscription write the usage day: a zone moved west afterwards cannot start their month a second time")
    func zoneMovedWest() {
        var run = ScriptedUser(Self.policy, zone: "Asia/Tokyo")
        run("2027-03-01T09:00:00+09:00", .install)
        run("2027-03-01T10:00:00+09:00", .use("export"))
        let bought = run("2027-03-10T00:30:00+09:00", .entitle("pro.m", expires: "2027-04-10T00:30:00+09:00"))
        #expect(bought.day == date("2027-03-10") && run.used(bought, "exports", .month) == 0)
        run("2027-03-10T00:31:00+09:00", .zone("America/Los_Angeles")) // 9 March, 08:31 there
        let west = run("2027-03-09T08:40:00-08:00", .use("export"))
        #expect(west.day == date("2027-03-10") && run.used(west, "exports", .month) == 1, "the usage day stays the purchase's")
        #expect(run.used(run("2027-03-10T00:00:00-08:00", .look), "exports", .month) == 1, "10 March in Los Angeles starts no second month")
        // The same for the install's month.
        var fresh = ScriptedUser(Self.policy, zone: "Asia/Tokyo")
        fresh("2027-03-10T00:30:00+09:00", .install)
        fresh("2027-03-10T00:31:00+09:00", .zone("America/Los_Angeles"))
        let first = fresh("2027-03-09T08:40:00-08:00", .use("export"))
        #expect(first.day == date("2027-03-10") && fresh.used(first, "exports", .month) == 1)
        #expect(fresh.used(fresh("2027-03-10T00:00:00-08:00", .look), "exports", .month) == 1)
    }

    @Test("another product (monthly to yearly) starts a month too")
    func crossgrade() {
        var run = ScriptedUser(Self.policy, zone: "UTC")
        run("2027-03-01T09:00:00Z", .install)
        run("2027-03-02T09:00:00Z", .entitle("pro.m", expires: "2027-04-02T09:00:00Z"))
        run("2027-03-15T09:00:00Z", .use("export"))
        let yearly = run("2027-03-20T09:00:00Z", .entitle("pro.y", expires: "2028-03-20T09:00:00Z"))
        #expect(run.used(yearly, "exports", .month) == 0)
        run("2027-03-21T09:00:00Z", .use("export"))
        #expect(run.used(run("2027-04-03T09:00:00Z", .look), "exports", .month) == 1, "2 April is no longer a month start")
        #expect(run.used(run("2027-04-20T00:00:00Z", .look), "exports", .month) == 0)
    }

    @Test("calendar months are what a file says without a month anchor, and what \"calendar\" says")
    func calendarByDefault() throws {
        for anchor in ["", #""monthAnchor": "calendar", "#] {
            var run = ScriptedUser(try SubscriptionPolicy(data: Data(Self.text(anchor: anchor).utf8), file: "c.json"), zone: "UTC")
            run("2027-03-10T09:00:00Z", .install)
            run("2027-03-20T09:00:00Z", .use("export"))
            #expect(run.used(run("2027-04-01T00:00:00Z", .look), "exports", .month) == 0, "\(anchor)")
        }
    }

    @Test("the reader: a month anchor needs format 10, says calendar or purchase, and no week limit beside it")
    func reader() {
        #expect(policyFileError(Self.text(format: 9)) == #"error: t.json: $.monthAnchor: a month anchor needs "format": 10 at the top of the file"#)
        #expect(policyFileError(Self.text(anchor: #""monthAnchor": "billing", "#))
                == #"error: t.json: $.monthAnchor: "billing" is not a month anchor; expected "calendar" or "purchase""#)
        #expect(policyFileError(Self.text(anchor: #""monthAnchor": "purchase", "weekStartsOn": "monday", "#, freeLimits: #"{"week": 2, "month": 3}"#))
                == #"error: t.json: $.plans[0].limits.exports.week: a week limit cannot yet be in a policy whose months run from the purchase ("monthAnchor": "purchase")"#)
    }
}

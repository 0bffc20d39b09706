import Foundation
import Simulator
import SubscriptionModel
import Testing

/// A rolling window (policy format 7: a `rolling` limit and `rollingHours`): a use at `t`
/// counts while `now < t + rollingHours` of elapsed time (G4), whatever the clocks do; a
/// rolling block resets when enough of the meter's oldest uses have left the window (G8);
/// beside a calendar window the reason is the one that resets later (G6.4).
@Suite("Rolling windows")
struct RollingWindowTests {
    /// Free: 3 in any 24 hours; Pro: 4 in any 24 hours and 6 a month.
    static let policy = try! SubscriptionPolicy(data: Data(text().utf8), file: "rolling.json")

    static func text(format: Int = 7, hours: String? = "24") -> String {
        """
        {"format": \(format), "policy": "rolling", "calendar": "device", \(hours.map { "\"rollingHours\": \($0), " } ?? "")"defaults": {"guest": "free"},
         "meters": ["m"], "features": [{"id": "f", "consumes": "m"}],
         "plans": [
           {"id": "free", "name": "Free", "features": "all", "limits": {"m": {"rolling": 3}}, "responses": {"rolling": "paywall"}},
           {"id": "pro", "name": "Pro", "products": [{"id": "pro", "kind": "auto-renewable", "period": "P1M"}],
            "features": "all", "limits": {"m": {"rolling": 4, "month": 6}}, "responses": {"rolling": "paywall", "month": "paywall"}}],
         "screens": {}}
        """
    }

    @Test("a use counts for exactly 24 hours: one millisecond before it is still held, at it is gone; the block resets as the oldest leaves (G4, G8)")
    func exactlyOneWindow() {
        var run = ScriptedUser(Self.policy, zone: "UTC")
        run("2026-01-10T09:00:00Z", .install)
        run("2026-01-10T10:00:00Z", .use("f"))
        run("2026-01-10T18:00:00Z", .use("f"))
        run("2026-01-11T08:00:00Z", .use("f"))
        let blocked = run("2026-01-11T09:59:59.999Z", .use("f"))
        #expect(blocked.reason == .rolling && run.used(blocked, "m", .rolling) == 3)
        #expect(blocked.resetAt == instant("2026-01-11T10:00:00Z"), "G8: when the oldest use leaves")
        let freed = run("2026-01-11T10:00:00Z", .use("f"))
        #expect(freed.outcome == .allowed && run.used(freed, "m", .rolling) == 3, "10:00's use left as this one came in")
    }

    @Test("the window is elapsed time: over New York's spring-forward night, 24 hours end at 13:00 on the clock")
    func elapsedNotWallClock() {
        var run = ScriptedUser(Self.policy, zone: "America/New_York")
        run("2026-03-07T11:00:00-05:00", .install)
        run("2026-03-07T12:00:00-05:00", .use("f"))
        #expect(run.used(run("2026-03-08T12:30:00-04:00", .look), "m", .rolling) == 1, "23.5 hours later")
        #expect(run.used(run("2026-03-08T13:00:00-04:00", .look), "m", .rolling) == 0)
    }

    @Test("G6.4: with a month's and a rolling limit both passed, the reason is the one that frees the use later")
    func laterResetIsTheReason() {
        // Month ends before the oldest of the 4 leaves the window: rolling.
        var late = ScriptedUser(Self.policy, zone: "UTC")
        late("2026-01-15T08:00:00Z", .install)
        late("2026-01-15T08:01:00Z", .entitle("pro"))
        late.repeated(2, "f", from: "2026-01-20T10:00:00Z")
        late.repeated(4, "f", from: "2026-01-31T10:00:00Z")
        let rolling = late("2026-01-31T12:00:00Z", .use("f"))
        #expect(rolling.reason == .rolling && rolling.resetAt == instant("2026-02-01T10:00:00Z"))
        // The window frees the use long before the month ends: month.
        var early = ScriptedUser(Self.policy, zone: "UTC")
        early("2026-01-15T08:00:00Z", .install)
        early("2026-01-15T08:01:00Z", .entitle("pro"))
        early.repeated(2, "f", from: "2026-01-15T10:00:00Z")
        early.repeated(4, "f", from: "2026-01-20T10:00:00Z")
        let month = early("2026-01-20T12:00:00Z", .use("f"))
        #expect(month.reason == .month && month.resetAt == instant("2026-02-01T00:00:00Z"))
    }

    @Test("a reinstall keeps the window's uses (G1), and a policy without a rolling limit keeps no rolling count")
    func identityAndNoRolling() throws {
        var run = ScriptedUser(Self.policy, zone: "UTC")
        run("2026-01-10T09:00:00Z", .install)
        run("2026-01-10T10:00:00Z", .use("f"))
        #expect(run.used(run("2026-01-10T11:00:00Z", .reinstall), "m", .rolling) == 1)
        var other = ScriptedUser(try #require(PolicyLoader.builtIn("night-owl")), zone: "UTC")
        other("2026-01-10T10:00:00Z", .install)
        #expect(other("2026-01-10T10:01:00Z", .use("solve")).counts[0].rolling == 0)
    }

    @Test("the reader: a rolling limit needs format 7 and rollingHours from 1 to 8784")
    func fileErrors() {
        #expect(policyFileError(Self.text(hours: nil))
                == #"error: t.json: $.plans[0].limits.m.rolling: a rolling limit needs the window's length: add "rollingHours": 24 (or another number of hours) at the top of the file"#)
        #expect(policyFileError(Self.text(format: 6, hours: nil)) == #"error: t.json: $.plans[0].limits.m.rolling: a rolling limit needs "format": 7 at the top of the file"#)
        #expect(policyFileError(Self.text(format: 6)) == #"error: t.json: $.rollingHours: a rolling window needs "format": 7 at the top of the file"#)
        #expect(policyFileError(Self.text(hours: "0")) == "error: t.json: $.rollingHours: 0 is below 1")
        #expect(policyFileError(Self.text(hours: "8785")) == "error: t.json: $.rollingHours: a rolling window is at most 8784 hours (a leap year)")
    }

    @Test("a digest folds the rolling counts in")
    func digestFoldsRolling() {
        var run = ScriptedUser(Self.policy, zone: "UTC")
        run("2026-01-10T09:00:00Z", .install)
        let output = run("2026-01-10T10:00:00Z", .use("f"))
        var other = output
        other.counts[0].rolling += 1
        var digester = OutputDigester(), otherDigester = OutputDigester()
        digester.add(output)
        otherDigester.add(other)
        #expect(digester.digest != otherDigester.digest)
    }
}

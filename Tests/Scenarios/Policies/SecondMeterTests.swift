import Foundation
import Simulator
import SubscriptionModel
import Testing

/// A feature that draws on a second meter (policy format 8, `then`): a use counts on its
/// first meter while that meter's limits allow it, then on the second, never on both;
/// blocked on both, the reason is the one that resets first (G6.5), and G9 offers the
/// plans under which either meter has room.
@Suite("A second meter")
struct SecondMeterTests {
    /// Free: 2 a day, then a pool of 3 a month; Pro: 5 a day, then a pool of 100 a month.
    static let policy = try! SubscriptionPolicy(data: Data(text().utf8), file: "pool.json")

    static func text(format: Int = 8, then: String = #""then": "pool""#, packs: String = "") -> String {
        """
        {"format": \(format), "policy": "pool", "calendar": "device", "defaults": {"guest": "free"},
         "meters": ["daily", "pool"], "features": [{"id": "f", "consumes": "daily", \(then)}, {"id": "g", "consumes": "pool"}],
         "plans": [
           {"id": "free", "name": "Free", "features": "all", "limits": {"daily": {"day": 2}, "pool": {"month": 3}},
            "responses": {"day": "paywall", "month": "paywall"}},
           {"id": "pro", "name": "Pro", "products": [{"id": "pro", "kind": "auto-renewable", "period": "P1M"}],
            "features": "all", "limits": {"daily": {"day": 5}, "pool": {"month": 100}}, "responses": {"day": "paywall", "month": "paywall"}}],
         \(packs)"screens": {}}
        """
    }

    /// The policy with Free's first meter limited by `window` (and `top` added to the file's
    /// top level, such as a rolling window's length) instead of a day.
    static func freeFirstMeter(by window: String, top: String = "") throws -> SubscriptionPolicy {
        let text = Self.text().replacingOccurrences(of: #""calendar": "device","#, with: #""calendar": "device", "# + top)
            .replacingOccurrences(of: #"{"daily": {"day": 2}"#, with: #"{"daily": {"\#(window)": 2}"#)
            .replacingOccurrences(of: #""responses": {"day": "paywall", "month": "paywall"}},"#, with: #""responses": {"\#(window)": "paywall", "month": "paywall"}},"#)
        return try SubscriptionPolicy(data: Data(text.utf8), file: "\(window).json")
    }

    @Test("the day's allowance first, then the pool, never both; the next day starts on the allowance again")
    func dailyThenPool() {
        var run = ScriptedUser(Self.policy, zone: "UTC")
        run("2026-03-10T09:00:00Z", .install)
        let second = run.repeated(2, "f", from: "2026-03-10T10:00:00Z")
        #expect(run.used(second, "daily", .day) == 2 && run.used(second, "pool", .month) == 0)
        let drawn = run("2026-03-10T11:00:00Z", .use("f"))
        #expect(drawn.outcome == .allowed && run.used(drawn, "daily", .day) == 2 && run.used(drawn, "pool", .month) == 1, "the pool's, not the day's")
        let nextDay = run("2026-03-11T09:00:00Z", .use("f"))
        #expect(run.used(nextDay, "daily", .day) == 1 && run.used(nextDay, "pool", .month) == 1, "a new day: the allowance again")
    }

    @Test("blocked on both: the reason that resets first, with its reset; a pool spent this month and a day spent today is `day`")
    func reasonThatResetsFirst() {
        var run = ScriptedUser(Self.policy, zone: "UTC")
        run("2026-03-10T09:00:00Z", .install)
        run.repeated(5, "f", from: "2026-03-10T10:00:00Z") // 2 on the day, 3 on the pool
        let blocked = run("2026-03-10T12:00:00Z", .use("f"))
        #expect(blocked.outcome == .blocked && blocked.reason == .day && blocked.resetAt == instant("2026-03-11T00:00:00Z"))
        #expect(run.upgrade(blocked) == ["pro"], "Pro's day has room")
        // On the month's last day the two resets fall together: the first meter's, `day`.
        var last = ScriptedUser(Self.policy, zone: "UTC")
        last("2026-03-31T09:00:00Z", .install)
        last.repeated(5, "f", from: "2026-03-31T10:00:00Z")
        let tie = last("2026-03-31T12:00:00Z", .use("f"))
        #expect(tie.reason == .day && tie.resetAt == instant("2026-04-01T00:00:00Z"))
    }

    @Test("a first meter that never resets and a pool that does: the pool's reason")
    func poolResetsFirst() throws {
        var run = ScriptedUser(try Self.freeFirstMeter(by: "total"), zone: "UTC")
        run("2026-03-10T09:00:00Z", .install)
        run.repeated(5, "f", from: "2026-03-10T10:00:00Z")
        let blocked = run("2026-03-10T12:00:00Z", .use("f"))
        #expect(blocked.reason == .month && blocked.resetAt == instant("2026-04-01T00:00:00Z"))
    }

    @Test("a rolling first meter and a monthly pool: blocked on both, the window frees the use first, at its oldest use's expiry")
    func rollingFirstMeter() throws {
        var run = ScriptedUser(try Self.freeFirstMeter(by: "rolling", top: #""rollingHours": 24, "#), zone: "UTC")
        run("2026-03-10T09:00:00Z", .install)
        run.repeated(5, "f", from: "2026-03-10T10:00:00Z") // 2 in the window, 3 on the pool
        let blocked = run("2026-03-10T12:00:00Z", .use("f"))
        #expect(blocked.reason == .rolling && blocked.resetAt == instant("2026-03-11T10:00:00Z"), "the first use leaves the window")
        #expect(run.upgrade(blocked) == ["pro"], "Pro's pool has room")
        let freed = run("2026-03-11T10:00:00Z", .use("f"))
        #expect(freed.outcome == .allowed && run.used(freed, "pool", .month) == 3, "counted in the window again, not on the pool")
    }

    @Test("another feature of the pool's spends it for the first one too")
    func sharedPool() {
        var run = ScriptedUser(Self.policy, zone: "UTC")
        run("2026-03-10T09:00:00Z", .install)
        run.repeated(3, "g", from: "2026-03-10T10:00:00Z")
        run.repeated(2, "f", from: "2026-03-10T11:00:00Z")
        let blocked = run("2026-03-10T12:00:00Z", .use("f"))
        #expect(blocked.outcome == .blocked && run.used(blocked, "pool", .month) == 3)
        #expect(blocked.reason == .day && blocked.resetAt == instant("2026-03-11T00:00:00Z"), "tomorrow's allowance comes before the pool's refill")
    }

    @Test("with no plan, G9 offers the plans under which either meter has room")
    func noPlanOffersEitherMeter() throws {
        let text = Self.text().replacingOccurrences(of: #""defaults": {"guest": "free"},"#, with: #""defaults": {"registered": "free"}, "noPlanResponse": "paywall","#)
            .replacingOccurrences(of: #""limits": {"daily": {"day": 5}, "pool": {"month": 100}}"#, with: #""limits": {"daily": {"day": 1}, "pool": {"month": 100}}"#)
        var run = ScriptedUser(try SubscriptionPolicy(data: Data(text.utf8), file: "guest.json"), zone: "UTC")
        run("2026-03-10T09:00:00Z", .install)
        run("2026-03-10T09:01:00Z", .entitle("pro"))
        run.repeated(2, "f", from: "2026-03-10T10:00:00Z") // Pro's 1 on the day, then 1 on the pool
        let lapsed = run("2026-03-10T11:00:00Z", .entitle(nil))
        #expect(lapsed.plan == nil)
        let blocked = run("2026-03-10T11:01:00Z", .use("f"))
        #expect(blocked.reason == .noPlan && run.upgrade(blocked) == ["pro"], "Pro's day is spent, its pool is not")
    }

    @Test("blocked on both again with the same first meter but a pool that has changed: G9's offer follows the pool, in the engine and the checker")
    func blockedAgainWithAnotherPool() throws {
        // The first meter never has room; the pool is a window of one hour. Two uses of `ping`
        // fill Free's pool; `msg` (cost 2) is then blocked on both, and again once the older
        // `ping` has left the window: the same first meter, the same reason and reset (the
        // younger `ping` leaving), but Pro's pool now has room for it.
        let policy = try SubscriptionPolicy(data: Data("""
            {"format": 8, "policy": "hourly", "calendar": "device", "rollingHours": 1, "defaults": {"guest": "free"},
             "meters": ["first", "pool"],
             "features": [{"id": "msg", "consumes": "first", "then": "pool", "cost": 2}, {"id": "ping", "consumes": "pool"}],
             "plans": [
               {"id": "free", "name": "Free", "features": "all", "limits": {"first": {"total": 0}, "pool": {"rolling": 2}},
                "responses": {"any": "paywall"}},
               {"id": "pro", "name": "Pro", "products": [{"id": "pro", "kind": "auto-renewable", "period": "P1M"}],
                "features": "all", "limits": {"first": {"total": 0}, "pool": {"rolling": 3}}, "responses": {"any": "paywall"}}],
             "screens": {}}
            """.utf8), file: "hourly.json")
        var run = ScriptedUser(policy, zone: "UTC")
        let uses = [("2026-03-10T09:10:00Z", "ping"), ("2026-03-10T09:20:00Z", "ping"), ("2026-03-10T09:30:00Z", "msg"), ("2026-03-10T10:15:00Z", "msg")]
        run("2026-03-10T09:00:00Z", .install)
        for (at, feature) in uses { run(at, .use(feature)) }
        let (first, again) = (run.outputs[3], run.outputs[4])
        #expect(first.outcome == .blocked && first.reason == .rolling && first.resetAt == instant("2026-03-10T10:20:00Z") && run.used(first, "pool", .rolling) == 2)
        #expect(again.outcome == .blocked && again.reason == .rolling && again.resetAt == instant("2026-03-10T10:20:00Z") && run.used(again, "pool", .rolling) == 1)
        #expect(run.upgrade(first) != ["pro"] && run.upgrade(again) == ["pro"], "Pro's pool of 3 has room for 2 only once a ping has left")
        // The checker, whose expectation for a blocked use repeating the last one it worked
        // out is taken from that one, works it out again: the pool is not what it was.
        let events = [Event(at: instant("2026-03-10T09:00:00Z"), .install)]
            + uses.map { Event(at: instant($0.0), .use(feature: run.featureIndex($0.1), day: nil)) }
        var check = TimelineCheck(policy: policy) { ReferenceImplementation() }
        let violation = check.check(Timeline(policy: policy, zone: .utc, events: events)).violation
        #expect(violation == nil, "\(violation.map { "\($0.invariant): \($0.detail)" } ?? "")")
    }

    @Test("a meter only drawn on second still needs a response for each window it limits")
    func secondMeterReasonsNeedResponses() {
        let text = Self.text().replacingOccurrences(of: #", {"id": "g", "consumes": "pool"}"#, with: "")
        #expect(policyFileError(text) == nil)
        #expect(policyFileError(text.replacingOccurrences(of: #""responses": {"day": "paywall", "month": "paywall"}},"#, with: #""responses": {"day": "paywall"}},"#))
                == #"error: t.json: $.plans[0].responses: no response for reason "month", which can occur under plan "free""#)
    }

    @Test("the reader: then needs format 8, a consuming feature, another meter, and no credit pack for either meter")
    func fileErrors() {
        #expect(policyFileError(Self.text(format: 7)) == #"error: t.json: $.features[0].then: a second meter needs "format": 8 at the top of the file"#)
        #expect(policyFileError(Self.text(then: #""then": "daily""#))
                == #"error: t.json: $.features[0].then: the second meter is the one the feature consumes; name another, or drop "then""#)
        #expect(policyFileError(Self.text(then: #""then": "nope""#)) == #"error: t.json: $.features[0].then: unknown meter "nope"; expected "daily" or "pool""#)
        #expect(policyFileError(Self.text().replacingOccurrences(of: #"{"id": "f", "consumes": "daily", "then": "pool"}"#, with: #"{"id": "f", "then": "pool"}"#))
                == #"error: t.json: $.features[0].then: only a feature that consumes a meter draws on a second one: add "consumes""#)
        #expect(policyFileError(Self.text(packs: #""creditPacks": [{"id": "c", "meter": "pool", "credits": 5}], "#))
                == #"error: t.json: $.creditPacks[0].meter: feature "f" draws on two meters, "pool" among them: a blocked use of it is paid by its second meter, not by credits (G6.5); sell credits for another meter"#)
        #expect(policyFileError(Self.text(packs: #""creditPacks": [{"id": "c", "meter": "daily", "credits": 5}], "#))
                == #"error: t.json: $.creditPacks[0].meter: feature "f" draws on two meters, "daily" among them: a blocked use of it is paid by its second meter, not by credits (G6.5); sell credits for another meter"#)
    }
}

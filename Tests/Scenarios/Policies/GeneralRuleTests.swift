import Foundation
import Simulator
import SubscriptionModel
import Testing

/// G1–G12, the general rules every policy runs under, each shown on a shipped policy
/// (or on a small policy written here when no shipped one has the shape).
@Suite("General policy rules (G1–G12)")
struct GeneralRuleTests {
    // MARK: G1 Identity

    @Test("G1: a reinstall changes nothing the model reports, stock included")
    func reinstallKeepsStock() {
        var run = ScriptedUser(.faceRecall, zone: "Europe/London")
        run("2026-04-01T10:00:00Z", .install)
        run.repeated(3, "add-person", from: "2026-04-01T10:01:00Z")
        let before = run("2026-04-01T11:00:00Z", .look)
        let after = run("2026-04-01T11:00:00Z", .reinstall)
        #expect(run.used(after, "people", .stock) == 3)
        #expect(after == before)
    }

    @Test("G1: the install instant is recorded once, so a reinstall does not restart the trial")
    func reinstallKeepsTrialStart() {
        var run = ScriptedUser(.mealCapture, zone: "Europe/Dublin")
        run("2026-02-10T09:00:00Z", .install)
        #expect(run.plan(run("2026-02-13T08:00:00Z", .reinstall)) == "trial")
        #expect(run.plan(run("2026-02-13T09:00:00Z", .reinstall)) == "none")
    }

    @Test("G1: signing in makes the guest registered, once and for good; counts carry over")
    func signInCarriesCounts() {
        var run = ScriptedUser(.daaTiers, zone: "UTC")
        run("2026-05-04T09:00:00Z", .install)
        run.repeated(2, "chat", from: "2026-05-04T09:01:00Z")
        let signedIn = run("2026-05-04T09:10:00Z", .signIn)
        #expect(run.plan(signedIn) == "free_registered")
        #expect(run.used(signedIn, "questions", .day) == 2 && run.used(signedIn, "questions", .total) == 2)
        let again = run("2026-05-04T09:11:00Z", .signIn)
        #expect(again == signedIn)
    }

    // MARK: G2 Calendar

    @Test("G2: a fixed calendar counts the UTC date; a device calendar the device's date")
    func calendarZone() {
        var daa = ScriptedUser(.daaTiers, zone: "Asia/Tokyo")
        var quip = ScriptedUser(.dailyQuip, zone: "Asia/Tokyo")
        #expect(daa("2026-01-03T08:00:00+09:00", .install).day == date("2026-01-02"))
        #expect(quip("2026-01-03T08:00:00+09:00", .install).day == date("2026-01-03"))
    }

    // MARK: G3 Usage day

    @Test("G3: day counts read 0 on a later date, month counts in a later month; total and stock never reset")
    func countsResetByWindow() {
        var run = ScriptedUser(.oxalate, zone: "America/New_York")
        run("2026-03-30T09:00:00-04:00", .install)
        run.repeated(2, "ask-oracle", from: "2026-03-30T09:01:00-04:00")
        run("2026-03-30T09:05:00-04:00", .use("create-recipe"))
        let nextDay = run("2026-03-31T09:00:00-04:00", .look)
        #expect(nextDay.day == date("2026-03-31"))
        #expect(nextDay.counts[0] == UsageCounts(day: 0, month: 2, total: 2, stock: 2)) // every use adds to all four (G4)
        #expect(nextDay.counts[1] == UsageCounts(day: 0, month: 1, total: 1, stock: 1))
        let nextMonth = run("2026-04-01T00:00:00-04:00", .look)
        #expect(nextMonth.counts[0] == UsageCounts(day: 0, month: 0, total: 2, stock: 2))
        #expect(nextMonth.counts[1] == UsageCounts(day: 0, month: 0, total: 1, stock: 1))
    }

    @Test("G3: when the local date goes back (westward), the stored usage day and its counts stay")
    func westwardKeepsUsageDay() {
        var run = ScriptedUser(.dailyQuip, zone: "Asia/Tokyo")
        run("2026-06-11T00:10:00+09:00", .install)
        run.repeated(5, "view-card", from: "2026-06-11T00:11:00+09:00")
        let moved = run("2026-06-11T00:20:00+09:00", .zone("America/Los_Angeles")) // June 10 in Los Angeles
        #expect(moved.day == date("2026-06-11") && run.used(moved, "cards", .day) == 5)
        #expect(run("2026-06-11T00:21:00+09:00", .use("view-card")).reason == .day)
    }

    // MARK: G4 Counting

    @Test("G4: an allowed use of a consuming feature adds 1 to all four counts")
    func consumingAddsToAllFour() {
        var run = ScriptedUser(.oxalate, zone: "America/New_York")
        run("2026-03-30T09:00:00-04:00", .install)
        let out = run("2026-03-30T09:01:00-04:00", .use("create-recipe"))
        #expect(out.counts[1] == UsageCounts(day: 1, month: 1, total: 1, stock: 1))
        #expect(out.counts[0] == UsageCounts())
    }

    @Test("G4: counts are shared by all plans: uses under a higher plan count against a lower one")
    func countsSharedAcrossPlans() {
        var run = ScriptedUser(.daaTiers, zone: "UTC")
        run("2026-05-04T09:00:00Z", .install)
        run("2026-05-04T09:00:00Z", .signIn)
        run("2026-05-04T09:01:00Z", .entitle("com.daa.core.monthly"))
        #expect(run.repeated(12, "chat", from: "2026-05-04T09:02:00Z").outcome == .allowed)
        let lapsed = run("2026-05-04T10:00:00Z", .entitle(nil))
        #expect(run.plan(lapsed) == "free_registered" && run.used(lapsed, "questions", .day) == 12)
        let blocked = run("2026-05-04T10:01:00Z", .use("chat"))
        #expect(blocked.reason == .total && blocked.response == .paywall)
        #expect(run.upgrade(blocked) == ["core", "advanced", "premium"])
    }

    @Test("G4: a releasing feature gives one item back, never below 0, and is never blocked")
    func releasingNeverBlocked() {
        var run = ScriptedUser(.faceRecall, zone: "Europe/London")
        run("2026-04-01T10:00:00Z", .install)
        let empty = run("2026-04-01T10:01:00Z", .use("remove-person"))
        #expect(empty.outcome == .allowed && run.used(empty, "people", .stock) == 0)
        run.repeated(2, "add-tag", from: "2026-04-01T10:02:00Z")
        let removed = run("2026-04-01T10:05:00Z", .use("remove-tag"))
        #expect(removed.outcome == .allowed && removed.counts[1] == UsageCounts(day: 2, month: 2, total: 2, stock: 1))
    }

    @Test("G4: a releasing use does not write the usage day")
    func releasingWritesNoUsageDay() {
        var run = ScriptedUser(.oxalate, zone: "America/New_York")
        run("2026-03-30T09:00:00-04:00", .install)
        run("2026-03-30T09:01:00-04:00", .use("create-recipe")) // stored day March 30
        run("2026-03-31T12:00:00-04:00", .zone("Asia/Tokyo")) // April 1 in Tokyo
        #expect(run("2026-03-31T12:01:00-04:00", .use("delete-recipe")).day == date("2026-04-01"))
        let back = run("2026-03-31T12:02:00-04:00", .zone("America/New_York"))
        // Had the delete written April 1, the usage day would still be April 1.
        #expect(back.day == date("2026-03-31"))
        #expect(run.used(back, "recipes", .stock) == 0)
    }

    @Test("G4: a blocked use changes nothing")
    func blockedChangesNothing() {
        var run = ScriptedUser(.dailyQuip, zone: "Europe/Berlin")
        run("2026-06-10T20:00:00+02:00", .install)
        run.repeated(5, "view-card", from: "2026-06-10T20:01:00+02:00")
        let before = run.state
        #expect(run("2026-06-10T20:10:00+02:00", .use("view-card")).outcome == .blocked)
        #expect(run.state == before)
    }

    // MARK: G5 Plan in force

    @Test("G5.1: an entitlement's plan wins over the trial")
    func entitlementBeatsTrial() {
        var run = ScriptedUser(.mealCapture, zone: "Europe/Dublin")
        run("2026-02-10T09:00:00Z", .install)
        #expect(run.plan(run("2026-02-10T09:01:00Z", .entitle("unlimited"))) == "unlimited")
        #expect(run.plan(run("2026-02-10T09:02:00Z", .entitle(nil))) == "trial")
    }

    @Test("G5.2: the trial is elapsed time from the install: [I, I + 72 h)")
    func trialIsElapsedTime() {
        var run = ScriptedUser(.mealCapture, zone: "America/Santiago")
        run("2026-04-03T20:00:00-03:00", .install) // the night before Chile's clocks go back
        #expect(run.plan(run("2026-04-06T22:59:59.999Z", .look)) == "trial")
        #expect(run.plan(run("2026-04-06T23:00:00Z", .look)) == "none")
    }

    @Test("G5.3: a grace applies only to users installed before its cut-off, until cut-off + length")
    func graceForExistingUsers() {
        var early = ScriptedUser(.faceRecall, zone: "UTC")
        #expect(early.plan(early("2026-02-28T23:59:59Z", .install)) == "grace")
        #expect(early.plan(early("2026-03-30T23:59:59.999Z", .look)) == "grace")
        #expect(early.plan(early("2026-03-31T00:00:00Z", .look)) == "free")
        var onTime = ScriptedUser(.faceRecall, zone: "UTC")
        #expect(onTime.plan(onTime("2026-03-01T00:00:00Z", .install)) == "free")
    }

    @Test("G5.4: the registered default once signed in, else the guest default")
    func identityDefaults() {
        var run = ScriptedUser(.daaTiers, zone: "UTC")
        #expect(run.plan(run("2026-05-04T09:00:00Z", .install)) == "free_guest")
        #expect(run.plan(run("2026-05-04T09:01:00Z", .signIn)) == "free_registered")
        var quip = ScriptedUser(.dailyQuip, zone: "UTC")
        quip("2026-05-04T09:00:00Z", .install)
        #expect(quip.plan(quip("2026-05-04T09:01:00Z", .signIn)) == "free") // the guest default serves both
    }

    @Test("G5.5: with no default, the plan after the trial without an entitlement is none")
    func noPlan() {
        var run = ScriptedUser(.mealCapture, zone: "UTC")
        run("2026-02-10T09:00:00Z", .install)
        let out = run("2026-02-14T09:00:00Z", .look)
        #expect(out.plan == nil && run.plan(out) == "none")
    }

    // MARK: G6 A use

    @Test("G6.1: nothing is allowed under no plan")
    func blockedWithoutPlan() {
        var run = ScriptedUser(.mealCapture, zone: "UTC")
        run("2026-02-10T09:00:00Z", .install)
        let out = run("2026-02-14T09:00:00Z", .use("recipe-link"))
        #expect(out.outcome == .blocked && out.reason == .noPlan && out.response == .paywall)
        #expect(run.upgrade(out) == ["premium", "unlimited"])
    }

    @Test("G6.2: a feature the plan does not enable is blocked, counting nothing")
    func notInPlan() {
        var run = ScriptedUser(.daaTiers, zone: "UTC")
        run("2026-05-04T09:00:00Z", .install)
        let out = run("2026-05-04T09:01:00Z", .use("muhurta"))
        #expect(out.reason == .notInPlan && out.response == .paywall && out.resetAt == nil)
        #expect(run.used(out, "questions", .total) == 0)
    }

    @Test("G6.3: the history window is the usage day and the N − 1 days before it, with no upper bound")
    func historyWindow() {
        var run = ScriptedUser(.oxalate, zone: "America/New_York")
        run("2026-03-30T09:00:00-04:00", .install)
        #expect(run("2026-03-30T09:01:00-04:00", .track("track-meal", day: "2026-03-28")).outcome == .allowed)
        let old = run("2026-03-30T09:02:00-04:00", .track("track-meal", day: "2026-03-27"))
        #expect(old.reason == .history && old.response == .paywall && old.resetAt == nil && run.upgrade(old) == ["premium"])
        let future = run("2026-03-30T09:03:00-04:00", .track("track-meal", day: "2026-04-30"))
        #expect(future.outcome == .allowed)
        #expect(future.counts == [UsageCounts(), UsageCounts()]) // nothing is counted either way
    }

    @Test("G6.3: dates a zone skipped count as days of the window")
    func historyCountsSkippedDates() {
        var run = ScriptedUser(.oxalate, zone: "Pacific/Apia") // 2011-12-30 never happened in Apia
        #expect(run("2011-12-31T10:00:00+14:00", .install).day == date("2011-12-31"))
        #expect(run("2011-12-31T10:01:00+14:00", .track("track-meal", day: "2011-12-29")).outcome == .allowed)
        #expect(run("2011-12-31T10:02:00+14:00", .track("track-meal", day: "2011-12-28")).reason == .history)
    }

    @Test("G6.4: the most lasting window blocks first: total, stock, month, day")
    func windowOrder() throws {
        func firstReason(_ limits: String) throws -> BlockReason? {
            let policy = try SubscriptionPolicy(data: Data("""
                {"policy": "order", "calendar": "UTC", "defaults": {"guest": "free"}, "meters": ["m"],
                 "features": [{"id": "f", "consumes": "m"}],
                 "plans": [{"id": "free", "name": "Free", "features": "all", "limits": {"m": \(limits)}, "responses": {"any": "paywall"}}],
                 "screens": {}}
                """.utf8), file: "order.json")
            var run = ScriptedUser(policy, zone: "UTC")
            run("2026-01-01T00:00:00Z", .install)
            run("2026-01-01T00:01:00Z", .use("f"))
            return run("2026-01-01T00:02:00Z", .use("f")).reason
        }
        #expect(try firstReason(#"{"day": 1, "month": 1, "total": 1, "stock": 1}"#) == .total)
        #expect(try firstReason(#"{"day": 1, "month": 1, "stock": 1}"#) == .stock)
        #expect(try firstReason(#"{"day": 1, "month": 1}"#) == .month)
        #expect(try firstReason(#"{"day": 1}"#) == .day)
        #expect(try firstReason(#"{"day": 2}"#) == nil)
    }

    // MARK: G7 Response

    @Test("G7: the response is the policy's for the plan and the reason")
    func responsesByPlan() {
        var run = ScriptedUser(.mealCapture, zone: "UTC")
        run("2026-02-10T09:00:00Z", .install)
        #expect(run.repeated(11, "meal", from: "2026-02-10T10:00:00Z").response == .paywall) // trial
        run("2026-02-10T11:00:00Z", .entitle("PremiumStandardSub"))
        #expect(run("2026-02-10T11:01:00Z", .use("meal")).response
                == .alert(Alert(title: "You have reached your daily limit", message: "Upgrade to unlimited to continue")))
        run("2026-02-10T11:02:00Z", .entitle("unlimited"))
        #expect(run.repeated(41, "meal", from: "2026-02-10T12:00:00Z").response
                == .alert(Alert(title: "You have reached your daily limit", message: nil)))
    }

    // MARK: G8 Reset instant

    @Test("G8: a day block resets at the next local midnight, written in UTC")
    func dayResetAtLocalMidnight() {
        var run = ScriptedUser(.dailyQuip, zone: "America/Chicago")
        run("2026-09-09T08:00:00-05:00", .install)
        let out = run.repeated(6, "view-card", from: "2026-09-09T23:50:00-05:00")
        #expect(out.reason == .day && out.resetAt == instant("2026-09-10T05:00:00Z"))
        #expect(out.resetAt?.description == "2026-09-10T05:00:00Z")
    }

    @Test("G8: a month block resets when the local month is later than the usage day's")
    func monthReset() {
        var run = ScriptedUser(.oxalate, zone: "Europe/Paris")
        run("2026-12-30T10:00:00+01:00", .install)
        let out = run.repeated(11, "ask-oracle", from: "2026-12-30T10:01:00+01:00")
        #expect(out.reason == .month && out.resetAt == instant("2026-12-31T23:00:00Z"))
    }

    @Test("G8: in a fixed calendar the reset is the calendar's midnight, wherever the device is")
    func fixedCalendarReset() {
        var run = ScriptedUser(.daaTiers, zone: "Pacific/Honolulu")
        run("2026-01-02T20:00:00-10:00", .install)
        run("2026-01-02T20:00:00-10:00", .entitle("com.daa.core.yearly"))
        let out = run.repeated(21, "chat", from: "2026-01-02T20:01:00-10:00")
        #expect(out.reason == .day && out.day == date("2026-01-03"))
        #expect(out.resetAt == instant("2026-01-04T00:00:00Z")) // 14:00 the same afternoon in Honolulu
        #expect(out.response == .alert(Alert(title: "Daily limit reached", message: "Resets at midnight")))
    }

    @Test("G8: when the usage day is ahead of the local date, the reset waits for the date after it")
    func resetAfterStoredDay() {
        var run = ScriptedUser(.dailyQuip, zone: "Asia/Tokyo")
        run("2026-06-11T00:10:00+09:00", .install)
        run.repeated(5, "view-card", from: "2026-06-11T00:11:00+09:00")
        run("2026-06-11T00:20:00+09:00", .zone("America/Los_Angeles"))
        let out = run("2026-06-11T00:21:00+09:00", .use("view-card"))
        #expect(out.resetAt == instant("2026-06-12T00:00:00-07:00")) // not June 11 00:00 in Los Angeles
    }

    @Test("G8: other reasons have no reset instant")
    func noResetForLastingReasons() {
        var run = ScriptedUser(.daaTiers, zone: "UTC")
        run("2026-05-04T09:00:00Z", .install)
        let total = run.repeated(4, "chat", from: "2026-05-04T09:01:00Z")
        #expect(total.reason == .total && total.resetAt == nil)
    }

    // MARK: G9 Upgrade offer

    @Test("G9: the offer lists only higher paid plans that would allow the same use now")
    func upgradeOnlyPlansThatHelp() {
        var run = ScriptedUser(.daaTiers, zone: "UTC")
        run("2026-05-01T09:00:00Z", .install)
        run("2026-05-01T09:00:00Z", .signIn)
        run("2026-05-01T09:00:00Z", .entitle("com.daa.advanced.monthly"))
        for day in ["2026-05-01", "2026-05-02", "2026-05-03"] { run.repeated(40, "chat", from: day + "T10:00:00Z") }
        run("2026-05-04T09:00:00Z", .entitle(nil))
        let out = run("2026-05-04T09:01:00Z", .use("chat"))
        #expect(out.reason == .total && run.used(out, "questions", .total) == 120)
        #expect(run.upgrade(out) == ["advanced", "premium"]) // Core's overall 100 would not help
        #expect(run.upgrade(run("2026-05-04T09:02:00Z", .use("muhurta"))) == ["advanced", "premium"])
    }

    @Test("G9: nothing above the top plan: the offer is empty; an allowed use has none")
    func emptyOffer() {
        var run = ScriptedUser(.mealCapture, zone: "UTC")
        run("2026-02-10T09:00:00Z", .install)
        run("2026-02-10T09:00:00Z", .entitle("unlimited"))
        #expect(run("2026-02-10T09:01:00Z", .use("meal")).upgrade == nil)
        let out = run.repeated(50, "meal", from: "2026-02-10T10:00:00Z")
        #expect(out.reason == .day && run.upgrade(out) == [])
    }

    @Test("G9: a paid plan's offer starts above it; under Premium only Unlimited")
    func offerStartsAbovePlan() {
        var run = ScriptedUser(.mealCapture, zone: "UTC")
        run("2026-02-10T09:00:00Z", .install)
        run("2026-02-10T09:00:00Z", .entitle("PremiumStandardSub"))
        #expect(run.upgrade(run.repeated(11, "meal", from: "2026-02-10T10:00:00Z")) == ["unlimited"])
    }

    // MARK: G10 Screens

    @Test("G10: screens follow the plan, the counts in force and the entitlement right after the event")
    func screensAfterEvent() {
        var run = ScriptedUser(.mealCapture, zone: "UTC")
        let installed = run("2026-02-10T09:00:00Z", .install)
        #expect(run.screen(installed, "home") == .text("Below limit") && run.screen(installed, "planView") == .bar(used: 0, limit: 10))
        let tenth = run.repeated(10, "meal", from: "2026-02-10T10:00:00Z")
        #expect(run.screen(tenth, "home") == .text("Limit reached") && run.screen(tenth, "planView") == .bar(used: 10, limit: 10))
        let unlimited = run("2026-02-10T11:00:00Z", .entitle("unlimited"))
        #expect(run.screen(unlimited, "home") == .text("No limit") && run.screen(unlimited, "planView") == .boxText("You have no usage limit"))
        let none = run("2026-02-14T11:00:00Z", .entitle(nil))
        #expect(run.screen(none, "home") == .text("Limit reached") && run.screen(none, "planView") == .null)
    }

    // MARK: G11

    @Test("G11: looks and reinstalls change no later output", arguments: [false, true])
    func looksChangeNothing(withLooks: Bool) {
        var plain = ScriptedUser(.oxalate, zone: "America/New_York")
        var looked = ScriptedUser(.oxalate, zone: "America/New_York")
        let script: [(String, ScriptedUser.Step)] = [
            ("2026-03-30T09:00:00-04:00", .install), ("2026-03-30T09:01:00-04:00", .use("create-recipe")),
            ("2026-03-31T09:00:00-04:00", .use("ask-oracle")), ("2026-04-01T09:00:00-04:00", .use("delete-recipe")),
            ("2026-04-01T09:01:00-04:00", .entitle("premium_yearly", expires: "2027-04-01T13:00:00Z")),
            ("2026-04-02T09:00:00-04:00", .use("export-data")),
        ]
        var kept: [Output] = []
        for (at, step) in script {
            let expected = plain(at, step)
            if withLooks { looked(at, .look); looked(at, .reinstall) }
            kept.append(looked(at, step))
            #expect(kept.last == expected, "\(at)")
        }
    }

    // MARK: G12 Entitlement details

    @Test("G12: each set-entitlement replaces expires and renews; renews defaults to true; no product shows no date")
    func entitlementDetails() {
        var run = ScriptedUser(.oxalate, zone: "America/New_York")
        run("2026-04-01T09:00:00-04:00", .install)
        let renewing = run("2026-04-01T09:01:00-04:00", .entitle("premium_monthly", expires: "2026-05-01T13:00:00Z"))
        #expect(run.screen(renewing, "billing") == .text("Renews on 2026-05-01"))
        let ending = run("2026-04-10T09:00:00-04:00", .entitle("premium_monthly", expires: "2026-05-01T13:00:00Z", renews: false))
        #expect(run.screen(ending, "billing") == .text("Expires on 2026-05-01"))
        let unknown = run("2026-04-11T09:00:00-04:00", .entitle("premium_monthly"))
        #expect(run.screen(unknown, "billing") == .null && run.plan(unknown) == "premium")
        let gone = run("2026-05-01T13:00:00Z", .entitle(nil, expires: "2026-06-01T13:00:00Z"))
        #expect(run.screen(gone, "billing") == .null && run.plan(gone) == "free")
    }
}

import Foundation
import Simulator
import SubscriptionModel
import Testing

/// D1–D6 (`daa-tiers`): server-configured plans counted by the UTC day.
@Suite("daa-tiers (D1–D6)")
struct DaaTiersRuleTests {
    @Test("D1: the day is the UTC date, for a device in Tokyo as in Honolulu")
    func utcDayInTokyoAndHonolulu() {
        var tokyo = ScriptedUser(.daaTiers, zone: "Asia/Tokyo")
        let morning = tokyo("2026-01-03T08:00:00+09:00", .install) // 2026-01-02T23:00Z
        #expect(morning.day == date("2026-01-02"))
        #expect(tokyo("2026-01-03T09:00:00+09:00", .look).day == date("2026-01-03")) // UTC midnight was 09:00 in Tokyo
        var honolulu = ScriptedUser(.daaTiers, zone: "Pacific/Honolulu")
        let evening = honolulu("2026-01-02T20:00:00-10:00", .install) // 2026-01-03T06:00Z
        #expect(evening.day == date("2026-01-03"))
    }

    @Test("D1: a day block in Tokyo resets at UTC midnight, 09:00 local")
    func dayResetAtUTCMidnight() {
        var run = ScriptedUser(.daaTiers, zone: "Asia/Tokyo")
        run("2026-01-03T08:00:00+09:00", .install)
        run("2026-01-03T08:00:00+09:00", .entitle("com.daa.core.monthly"))
        let blocked = run.repeated(21, "chat", from: "2026-01-03T08:01:00+09:00")
        #expect(blocked.reason == .day && blocked.resetAt == instant("2026-01-03T00:00:00Z"))
        #expect(run("2026-01-03T09:00:00+09:00", .use("chat")).outcome == .allowed)
    }

    @Test("D2: guests start on free_guest, registered users on free_registered")
    func defaultsByIdentity() {
        var run = ScriptedUser(.daaTiers, zone: "UTC")
        let guest = run("2026-05-04T09:00:00Z", .install)
        #expect(run.plan(guest) == "free_guest" && run.screen(guest, "plan") == .text("Free (Guest)"))
        let registered = run("2026-05-04T09:01:00Z", .signIn)
        #expect(run.plan(registered) == "free_registered" && run.screen(registered, "plan") == .text("Free"))
    }

    @Test("D3: when a subscription ends the user returns to the default of their identity")
    func lapseReturnsToIdentityDefault() {
        var guest = ScriptedUser(.daaTiers, zone: "UTC")
        guest("2026-05-04T09:00:00Z", .install)
        guest("2026-05-04T09:01:00Z", .entitle("com.daa.premium.yearly"))
        #expect(guest.plan(guest("2026-06-04T09:00:00Z", .entitle(nil))) == "free_guest")
        var registered = ScriptedUser(.daaTiers, zone: "UTC")
        registered("2026-05-04T09:00:00Z", .install)
        registered("2026-05-04T09:00:00Z", .signIn)
        registered("2026-05-04T09:01:00Z", .entitle("com.daa.core.monthly"))
        let lapsed = registered("2026-06-04T09:00:00Z", .entitle(nil))
        #expect(registered.plan(lapsed) == "free_registered" && registered.screen(lapsed, "plan") == .text("Free"))
    }

    @Test("D4: the overall limit counts every question since the install, across days, plans and sign-in")
    func overallIsTotal() {
        var run = ScriptedUser(.daaTiers, zone: "UTC")
        run("2026-05-04T09:00:00Z", .install)
        run.repeated(3, "chat", from: "2026-05-04T09:01:00Z")
        run("2026-05-05T09:00:00Z", .signIn)
        let carried = run.repeated(7, "chat", from: "2026-05-05T09:01:00Z")
        #expect(carried.outcome == .allowed && run.used(carried, "questions", .total) == 10 && run.used(carried, "questions", .day) == 7)
        let blocked = run("2026-05-06T09:00:00Z", .use("chat")) // a new day does not help
        #expect(blocked.reason == .total && blocked.response == .paywall && blocked.resetAt == nil)
    }

    @Test("D4, G6.4: a guest who has used 3 sees the paywall for the total, not a promise of midnight")
    func guestTotalBeforeDay() {
        var run = ScriptedUser(.daaTiers, zone: "UTC")
        run("2026-05-04T09:00:00Z", .install)
        let out = run.repeated(4, "chat", from: "2026-05-04T09:01:00Z")
        #expect(out.reason == .total && out.response == .paywall && out.alert == nil)
    }

    @Test("D5: compatibility counts as a question, like chat")
    func compatibilityCounts() {
        var run = ScriptedUser(.daaTiers, zone: "UTC")
        run("2026-05-04T09:00:00Z", .install)
        run("2026-05-04T09:01:00Z", .use("chat"))
        let out = run("2026-05-04T09:02:00Z", .use("compatibility"))
        #expect(run.used(out, "questions", .day) == 2 && run.used(out, "questions", .total) == 2)
        run("2026-05-04T09:03:00Z", .signIn)
        let gate = run("2026-05-04T09:04:00Z", .use("dasha_analysis")) // a gate: allowed, counting nothing
        #expect(gate.outcome == .allowed && run.used(gate, "questions", .total) == 2)
    }

    @Test("D6: each plan enables the features of its features_json", arguments: [
        (nil as String?, ["chat", "compatibility"]),
        ("com.daa.core.monthly", ["chat", "compatibility", "dasha_analysis", "birth_calibration"]),
        ("com.daa.advanced.yearly", ["chat", "compatibility", "dasha_analysis", "birth_calibration", "muhurta", "remedies", "pdf_export"]),
        ("com.daa.premium.monthly", ["chat", "compatibility", "dasha_analysis", "birth_calibration", "muhurta", "remedies", "pdf_export"]),
    ])
    func enabledFeatures(product: String?, enabled: [String]) {
        var run = ScriptedUser(.daaTiers, zone: "UTC")
        run("2026-05-04T09:00:00Z", .install)
        if let product { run("2026-05-04T09:00:00Z", .entitle(product)) }
        var allowed: [String] = []
        for feature in ["chat", "compatibility", "dasha_analysis", "birth_calibration", "muhurta", "remedies", "pdf_export"] {
            if run("2026-05-04T10:00:00Z", .use(feature)).outcome == .allowed { allowed.append(feature) }
        }
        #expect(allowed == enabled)
    }

    @Test("D6: registered free users also get dasha_analysis")
    func registeredFreeFeatures() {
        var run = ScriptedUser(.daaTiers, zone: "UTC")
        run("2026-05-04T09:00:00Z", .install)
        #expect(run("2026-05-04T09:01:00Z", .use("dasha_analysis")).reason == .notInPlan)
        run("2026-05-04T09:02:00Z", .signIn)
        #expect(run("2026-05-04T09:03:00Z", .use("dasha_analysis")).outcome == .allowed)
        #expect(run("2026-05-04T09:04:00Z", .use("birth_calibration")).reason == .notInPlan)
    }
}

/// X1–X5 (`oxalate`).
@Suite("oxalate (X1–X5)")
struct OxalateRuleTests {
    @Test("X1: ten questions in the usage day's calendar month")
    func monthlyQuestions() {
        var run = ScriptedUser(.oxalate, zone: "America/New_York")
        run("2026-04-30T09:00:00-04:00", .install)
        let tenth = run.repeated(10, "ask-oracle", from: "2026-04-30T09:01:00-04:00")
        #expect(tenth.outcome == .allowed && run.used(tenth, "questions", .month) == 10)
        #expect(run("2026-04-30T23:59:59-04:00", .use("ask-oracle")).reason == .month)
        #expect(run("2026-05-01T00:00:00-04:00", .use("ask-oracle")).outcome == .allowed)
    }

    @Test("X1: flying west over a month's end keeps the later month in force")
    func monthAcrossWestwardSwitch() {
        var run = ScriptedUser(.oxalate, zone: "Asia/Tokyo")
        run("2026-05-01T00:30:00+09:00", .install) // still April 30 in Honolulu
        run.repeated(10, "ask-oracle", from: "2026-05-01T00:31:00+09:00")
        let landed = run("2026-05-01T01:00:00+09:00", .zone("Pacific/Honolulu"))
        #expect(landed.day == date("2026-05-01") && run.used(landed, "questions", .month) == 10)
        let blocked = run("2026-05-01T01:01:00+09:00", .use("ask-oracle"))
        #expect(blocked.reason == .month && blocked.resetAt == instant("2026-06-01T00:00:00-10:00"))
    }

    @Test("X2: one stored recipe for free users; deleting frees the slot; Premium stores any number")
    func storedRecipes() {
        var run = ScriptedUser(.oxalate, zone: "America/New_York")
        run("2026-03-30T09:00:00-04:00", .install)
        #expect(run("2026-03-30T09:01:00-04:00", .use("create-recipe")).outcome == .allowed)
        let second = run("2026-03-30T09:02:00-04:00", .use("create-recipe"))
        #expect(second.reason == .stock && second.response == .paywall && second.resetAt == nil && run.upgrade(second) == ["premium"])
        run("2026-03-30T09:03:00-04:00", .use("delete-recipe"))
        #expect(run("2026-03-30T09:04:00-04:00", .use("create-recipe")).outcome == .allowed)
        run("2026-03-30T09:05:00-04:00", .entitle("premium_yearly"))
        let many = run.repeated(3, "create-recipe", from: "2026-03-30T10:00:00-04:00")
        #expect(many.outcome == .allowed && run.used(many, "recipes", .stock) == 4)
    }

    @Test("X3: free diary history is the usage day and the two before; Premium's is unlimited")
    func diaryWindow() {
        var run = ScriptedUser(.oxalate, zone: "America/New_York")
        run("2026-03-30T09:00:00-04:00", .install)
        #expect(run("2026-03-30T09:01:00-04:00", .track("track-meal", day: "2026-03-30")).outcome == .allowed)
        #expect(run("2026-03-30T09:02:00-04:00", .track("track-meal", day: "2026-03-28")).outcome == .allowed)
        #expect(run("2026-03-30T09:03:00-04:00", .track("track-meal", day: "2026-03-27")).reason == .history)
        run("2026-03-30T09:04:00-04:00", .entitle("premium_monthly"))
        #expect(run("2026-03-30T09:05:00-04:00", .track("track-meal", day: "2020-01-01")).outcome == .allowed)
    }

    @Test("X4: Premium's hidden abuse caps answer with an alert and reset at local midnight")
    func premiumAbuseCaps() {
        var run = ScriptedUser(.oxalate, zone: "America/New_York")
        run("2026-03-30T09:00:00-04:00", .install)
        run("2026-03-30T09:00:00-04:00", .entitle("premium_monthly"))
        let questions = run.repeated(41, "ask-oracle", from: "2026-03-30T10:00:00-04:00")
        #expect(questions.reason == .day && questions.resetAt == instant("2026-03-31T04:00:00Z"))
        #expect(questions.alert == Alert(title: "Daily limit reached", message: "Please try again tomorrow"))
        #expect(run.upgrade(questions) == [])
        let recipes = run.repeated(11, "create-recipe", from: "2026-03-30T12:00:00-04:00")
        #expect(recipes.reason == .day && recipes.response?.name == "alert")
    }

    @Test("X5: the billing date is the local date of expires in the device's current zone")
    func billingDateInDeviceZone() {
        var run = ScriptedUser(.oxalate, zone: "America/Los_Angeles")
        run("2026-04-01T09:00:00-07:00", .install)
        let west = run("2026-04-01T09:01:00-07:00", .entitle("premium_monthly", expires: "2026-05-01T02:00:00Z"))
        #expect(run.screen(west, "billing") == .text("Renews on 2026-04-30")) // 19:00 on April 30 in Los Angeles
        #expect(run.screen(west, "plan") == .text("Premium Monthly"))
        let east = run("2026-04-02T09:00:00-07:00", .zone("Asia/Tokyo"))
        #expect(run.screen(east, "billing") == .text("Renews on 2026-05-01"))
        let yearly = run("2026-04-03T09:00:00-07:00", .entitle("premium_yearly", expires: "2027-04-03T16:00:00Z", renews: false))
        #expect(run.screen(yearly, "plan") == .text("Premium Yearly") && run.screen(yearly, "billing") == .text("Expires on 2027-04-04"))
    }

    @Test("X: export-data is Premium's only")
    func exportIsPremium() {
        var run = ScriptedUser(.oxalate, zone: "UTC")
        run("2026-03-30T09:00:00Z", .install)
        let free = run("2026-03-30T09:01:00Z", .use("export-data"))
        #expect(free.reason == .notInPlan && run.upgrade(free) == ["premium"])
        run("2026-03-30T09:02:00Z", .entitle("premium_yearly"))
        #expect(run("2026-03-30T09:03:00Z", .use("export-data")).outcome == .allowed)
    }
}

/// Q1 (`daily-quip`).
@Suite("daily-quip (Q1)")
struct DailyQuipRuleTests {
    @Test("Q1: five cards a day, the remaining count shown with a singular at 1")
    func fiveADay() {
        var run = ScriptedUser(.dailyQuip, zone: "Europe/Berlin")
        let installed = run("2026-06-10T20:00:00+02:00", .install)
        #expect(run.screen(installed, "cards") == .text("5 cards remaining today") && run.screen(installed, "plan") == .text("Free"))
        #expect(run.screen(run.repeated(4, "view-card", from: "2026-06-10T20:01:00+02:00"), "cards") == .text("1 card remaining today"))
        #expect(run.screen(run("2026-06-10T20:06:00+02:00", .use("view-card")), "cards") == .text("0 cards remaining today"))
        let blocked = run("2026-06-10T20:07:00+02:00", .use("view-card"))
        #expect(blocked.reason == .day && blocked.response == .paywall && run.upgrade(blocked) == ["premium"])
    }

    @Test("Q1: the count resets at local midnight, also when that midnight is skipped")
    func skippedMidnight() {
        var run = ScriptedUser(.dailyQuip, zone: "America/Santiago") // 2026-09-06 starts at 01:00 -03
        run("2026-09-05T20:00:00-04:00", .install)
        let blocked = run.repeated(6, "view-card", from: "2026-09-05T21:00:00-04:00")
        #expect(blocked.reason == .day && blocked.resetAt == instant("2026-09-06T04:00:00Z"))
        #expect(run("2026-09-05T23:59:59-04:00", .use("view-card")).reason == .day)
        let next = run("2026-09-06T01:00:00-03:00", .use("view-card"))
        #expect(next.outcome == .allowed && next.day == date("2026-09-06") && run.used(next, "cards", .day) == 1)
    }

    @Test("Q1: a date that goes backward does not give a new day")
    func dateGoesBackward() {
        var run = ScriptedUser(.dailyQuip, zone: "Asia/Tokyo")
        run("2026-06-11T00:10:00+09:00", .install)
        run.repeated(5, "view-card", from: "2026-06-11T00:11:00+09:00")
        let back = run("2026-06-11T00:20:00+09:00", .zone("America/Los_Angeles"))
        #expect(run.screen(back, "cards") == .text("0 cards remaining today"))
        #expect(run("2026-06-11T23:59:59-07:00", .use("view-card")).reason == .day) // June 12 in Tokyo, still the 11th's count
        #expect(run("2026-06-12T00:00:00-07:00", .use("view-card")).outcome == .allowed)
    }

    @Test("Q1: every Premium product, the lifetime purchase included, is unlimited")
    func premiumProducts() {
        for product in ["dailyquip.monthly", "dailyquip.annual", "dailyquip.lifetime"] {
            var run = ScriptedUser(.dailyQuip, zone: "UTC")
            run("2026-06-10T09:00:00Z", .install)
            run("2026-06-10T09:00:00Z", .entitle(product))
            let out = run.repeated(30, "view-card", from: "2026-06-10T10:00:00Z")
            #expect(out.outcome == .allowed && run.screen(out, "cards") == .text("Unlimited cards") && run.screen(out, "plan") == .text("Premium"))
        }
    }
}

/// F1 (`face-recall`).
@Suite("face-recall (F1)")
struct FaceRecallRuleTests {
    @Test("F1: the grace ends between two adds: the last second of grace allows, R + 720 h blocks")
    func graceEndsBetweenAdds() {
        var run = ScriptedUser(.faceRecall, zone: "America/New_York")
        run("2026-02-01T12:00:00-05:00", .install)
        run.repeated(25, "add-person", from: "2026-02-01T12:01:00-05:00")
        let last = run("2026-03-30T19:59:59-04:00", .use("add-person")) // 23:59:59Z
        #expect(run.plan(last) == "grace" && last.outcome == .allowed && run.used(last, "people", .stock) == 26)
        let first = run("2026-03-30T20:00:00-04:00", .use("add-person")) // R + 720 h
        #expect(run.plan(first) == "free" && first.reason == .stock && first.response == .paywall && run.upgrade(first) == ["premium"])
        #expect(run.screen(first, "banners") == .list(["people"]) && run.screen(first, "account") == .text("Free"))
    }

    @Test("F1: banners from 80 % of a free limit: 20 people, 4 tags; none under grace or Premium")
    func banners() {
        var run = ScriptedUser(.faceRecall, zone: "UTC")
        run("2026-04-01T09:00:00Z", .install)
        #expect(run.screen(run.repeated(19, "add-person", from: "2026-04-01T10:00:00Z"), "banners") == .list([]))
        #expect(run.screen(run("2026-04-01T11:00:00Z", .use("add-person")), "banners") == .list(["people"]))
        run.repeated(3, "add-tag", from: "2026-04-01T12:00:00Z")
        #expect(run.screen(run("2026-04-01T12:10:00Z", .use("add-tag")), "banners") == .list(["people", "tags"]))
        #expect(run.screen(run("2026-04-01T12:11:00Z", .use("remove-person")), "banners") == .list(["tags"]))
        let premium = run("2026-04-01T13:00:00Z", .entitle("facerecall.premium.monthly"))
        #expect(run.screen(premium, "banners") == .list([]) && run.screen(premium, "account") == .text("Premium Active"))
    }

    @Test("F1: cloud sync is Premium's only, grace included")
    func cloudSync() {
        var run = ScriptedUser(.faceRecall, zone: "UTC")
        let installed = run("2026-02-20T10:00:00Z", .install)
        #expect(run.plan(installed) == "grace" && run.screen(installed, "account") == .text("Free"))
        #expect(run("2026-02-20T10:01:00Z", .use("cloud-sync")).reason == .notInPlan)
        run("2026-02-20T10:02:00Z", .entitle("facerecall.premium.yearly"))
        #expect(run("2026-02-20T10:03:00Z", .use("cloud-sync")).outcome == .allowed)
    }
}

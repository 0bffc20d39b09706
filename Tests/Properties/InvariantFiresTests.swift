import Simulator
import SubscriptionModel
import Testing

/// No policy invariant can pass vacuously: each is fed hand-made traces that break it —
/// a reference output doctored in one field, or a tiny implementation with one
/// realistic bug — and must name itself, at the event that breaks it.
@Suite("Each policy invariant fires on a trace that breaks it")
struct InvariantFiresTests {
    typealias Script = InvariantScript
    typealias Run = InvariantRun

    /// Every invariant must be among those the tests below expect a violation of, read
    /// from this file's own source (each `invariant == .name` it asserts) rather than
    /// listed by hand: an invariant added without a test that makes it fire fails here.
    @Test("every invariant has a test that makes it fire")
    func everyInvariantIsFired() throws {
        // Code only: an assertion commented out (or this comment's `.name`) does not count.
        let code = try String(contentsOfFile: #filePath, encoding: .utf8).split(separator: "\n")
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
        let asserted = Set(code.matches(of: /invariant == \.([A-Za-z]+)/).map { String($0.1) })
        let unfired = Invariant.allCases.filter { !asserted.contains("\($0)") }
        #expect(unfired.isEmpty, "no test makes these fire: \(unfired.map(\.rawValue))")
        #expect(asserted.isSubset(of: Invariant.allCases.map { "\($0)" }), "read \(asserted.sorted()) from \(#filePath)")
    }

    // MARK: Scripts

    /// daily-quip in Paris: six cards on one day; the sixth is blocked by the day's 5.
    static var sixCards: Script {
        var script = Script(.dailyQuip, zone: "Europe/Paris")
        script("2026-06-10T08:00:00Z", .install)
        script.repeated(6, .use("view-card"), from: "2026-06-10T08:01:00Z")
        return script
    }

    /// daa-tiers guest: four questions on one day; the fourth reaches both the day's 3 and
    /// the overall 3, and G6.4 names `total` (midnight would not help).
    static var guestFourQuestions: Script {
        var script = Script(.daaTiers, zone: "UTC")
        script("2026-05-04T09:00:00Z", .install)
        script.repeated(4, .use("chat"), from: "2026-05-04T09:01:00Z")
        return script
    }

    /// daa-tiers Core in Tokyo: 21 questions; the 21st is blocked by the day's 20.
    static var coreInTokyo: Script {
        var script = Script(.daaTiers, zone: "Asia/Tokyo")
        script("2026-01-03T10:00:00+09:00", .install)
        script("2026-01-03T10:00:30+09:00", .entitle("com.daa.core.monthly"))
        script.repeated(21, .use("chat"), from: "2026-01-03T10:01:00+09:00")
        return script
    }

    /// meal-capture Unlimited: 51 analyses; the 51st reaches the hidden 50.
    static var unlimitedFiftyOne: Script {
        var script = Script(.mealCapture, zone: "UTC")
        script("2026-01-01T00:00:00Z", .install)
        script("2026-01-01T00:00:30Z", .entitle("unlimited"))
        script.repeated(51, .use("meal"), from: "2026-01-01T00:01:00Z")
        return script
    }

    /// meal-capture Premium: 11 analyses; the 11th gets Premium's alert.
    static var premiumEleven: Script {
        var script = Script(.mealCapture, zone: "UTC")
        script("2026-01-01T00:00:00Z", .install)
        script("2026-01-01T00:00:30Z", .entitle("PremiumStandardSub"))
        script.repeated(11, .use("meal"), from: "2026-01-01T00:01:00Z")
        return script
    }

    @Test("the reference's outputs of every script pass, with the values worked out by hand")
    func untamperedScriptsPass() {
        for script in [Self.sixCards, Self.guestFourQuestions, Self.coreInTokyo, Self.unlimitedFiftyOne, Self.premiumEleven] {
            #expect(Run.doctored(script, at: 0) == nil, "\(script.policy.name)")
            #expect(Run.implementation(script) { ReferenceImplementation() } == nil, "\(script.policy.name)")
            // An app written apart from the engine passes too, and matches it at every event.
            #expect(Run.implementation(script, comparingWithReference: true) { StraightforwardApp(policy: script.policy) } == nil, "\(script.policy.name)")
        }
        // By hand: the sixth card, the fourth question, the 21st in Tokyo, the 51st and the 11th analysis.
        let card = Self.sixCards.referenceOutputs[6]
        #expect(card.reason == .day && card.resetAt == Script.instant("2026-06-10T22:00:00Z")) // midnight in Paris (UTC+2)
        let question = Self.guestFourQuestions.referenceOutputs[4]
        #expect(question.reason == .total && question.resetAt == nil && question.upgrade == Self.guestFourQuestions.offer("core", "advanced", "premium"))
        let tokyo = Self.coreInTokyo.referenceOutputs[22]
        #expect(tokyo.reason == .day && tokyo.resetAt == Script.instant("2026-01-04T00:00:00Z")) // D1: UTC midnight, 09:00 in Tokyo
        #expect(tokyo.upgrade == Self.coreInTokyo.offer("advanced", "premium"))
        let fiftyFirst = Self.unlimitedFiftyOne.referenceOutputs[52]
        #expect(fiftyFirst.reason == .day && fiftyFirst.upgrade == PlanSet())
        let eleventh = Self.premiumEleven.referenceOutputs[12]
        #expect(eleventh.upgrade == Self.premiumEleven.offer("unlimited"))
    }

    // MARK: limits-respected

    @Test("limits-respected: a sixth card allowed on a day limited to 5")
    func limitsRespectedDay() {
        let violation = Run.doctored(Self.sixCards, at: 6) { output in
            output.outcome = .allowed
            output.reason = nil
            output.response = nil
            output.resetAt = nil
            output.upgrade = nil
            output.counts[0] = UsageCounts(day: 6, month: 6, total: 6, stock: 6)
        }
        #expect(violation?.invariant == .limitsRespected && violation?.eventIndex == 6)
    }

    @Test("limits-respected: a limit checked with > instead of >= lets the 51st analysis through a hidden cap")
    func limitsRespectedHidden() {
        let violation = Run.implementation(Self.unlimitedFiftyOne) { OneOverTheLimit() }
        #expect(violation?.invariant == .limitsRespected && violation?.eventIndex == 52)
    }

    // MARK: nothing-beyond-plan

    @Test("nothing-beyond-plan: an analysis under no plan, an export under Free, a diary day outside the window")
    func nothingBeyondPlan() {
        func allowed(_ output: inout Output) {
            output.outcome = .allowed
            output.reason = nil
            output.response = nil
            output.upgrade = nil
        }
        var meal = Script(.mealCapture, zone: "UTC")
        meal("2026-01-01T00:00:00Z", .install)
        let late = meal("2026-01-05T00:00:00Z", .use("meal")) // 96 h after the install: plan none
        #expect(meal.referenceOutputs[late].reason == .noPlan)
        let noPlan = Run.doctored(meal, at: late) { output in
            allowed(&output)
            output.counts[0] = UsageCounts(day: 1, month: 1, total: 1, stock: 1)
        }
        #expect(noPlan?.invariant == .nothingBeyondPlan && noPlan?.eventIndex == late)

        var oxalate = Script(.oxalate, zone: "America/New_York")
        oxalate("2026-03-10T09:00:00-04:00", .install)
        let export = oxalate("2026-03-10T09:01:00-04:00", .use("export-data"))
        let diary = oxalate("2026-03-10T09:02:00-04:00", .track("track-meal", day: "2026-03-07")) // the window is 03-08 to 03-10
        #expect(oxalate.referenceOutputs[export].reason == .notInPlan && oxalate.referenceOutputs[diary].reason == .history)
        #expect(Run.doctored(oxalate, at: export, tamper: allowed)?.invariant == .nothingBeyondPlan)
        let history = Run.doctored(oxalate, at: diary, tamper: allowed)
        #expect(history?.invariant == .nothingBeyondPlan && history?.eventIndex == diary)
    }

    // MARK: usage-day

    @Test("usage-day: the day taken as today's local date moves back when the traveller flies west")
    func usageDayWestward() {
        var script = Script(.dailyQuip, zone: "Asia/Tokyo")
        script("2026-06-11T00:10:00+09:00", .install)
        script("2026-06-11T00:11:00+09:00", .use("view-card"))
        let moved = script("2026-06-11T00:20:00+09:00", .zone("America/Los_Angeles")) // 2026-06-10 in Los Angeles
        let violation = Run.implementation(script) { DayIsTodaysDate() }
        #expect(violation?.invariant == .usageDay && violation?.eventIndex == moved)
        #expect(violation?.detail.contains("day 2026-06-10, expected 2026-06-11") == true)
    }

    @Test("usage-day: daa-tiers counting the device's date, not the UTC date (D1)")
    func usageDayDeviceDate() {
        var script = Script(.daaTiers, zone: "Asia/Tokyo")
        script("2026-01-03T08:00:00+09:00", .install) // 2026-01-02 in UTC
        let violation = Run.doctored(script, at: 0) { $0.day = Script.date("2026-01-03") }
        #expect(violation?.invariant == .usageDay && violation?.eventIndex == 0)
    }

    // MARK: no-over-blocking

    @Test("no-over-blocking: the first card of the day blocked")
    func noOverBlockingFirstUse() {
        let violation = Run.doctored(Self.sixCards, at: 1) { output in
            output.outcome = .blocked
            output.reason = .day
            output.response = .paywall
            output.counts[0] = UsageCounts()
        }
        #expect(violation?.invariant == .noOverBlocking && violation?.eventIndex == 1)
    }

    @Test("no-over-blocking: the day checked before the total promises a midnight that will not help (G6.4)")
    func noOverBlockingReasonOrder() {
        let violation = Run.doctored(Self.guestFourQuestions, at: 4) { output in
            output.reason = .day
            output.response = .alert(Alert(title: "Daily limit reached", message: "Resets at midnight"))
            output.resetAt = Script.instant("2026-05-05T00:00:00Z")
        }
        #expect(violation?.invariant == .noOverBlocking && violation?.eventIndex == 4)
        #expect(violation?.detail.contains("reason day, expected total") == true)
    }

    @Test("a use allowed past a limit: the diagnosis names G6.4's order of windows only where the plan limits the meter by several")
    func limitDiagnosisOrder() {
        let allow = { (output: inout Output) in
            output.outcome = .allowed
            output.reason = nil
            output.response = nil
            output.resetAt = nil
            output.upgrade = nil
        }
        let oneWindow = Run.doctored(Self.sixCards, at: 6) { allow(&$0) }
        #expect(oneWindow?.detail.contains("expected blocked: 5 used in window day reaches free's limit (used: day 5)") == true, "\(oneWindow?.detail ?? "no violation")")
        let twoWindows = Run.doctored(Self.guestFourQuestions, at: 4) { allow(&$0) }
        #expect(twoWindows?.detail.contains("expected blocked: 3 used in window total reaches free_guest's limit (used: ") == true,
                "\(twoWindows?.detail ?? "no violation")")
        #expect(twoWindows?.detail.hasSuffix("); of the windows reached, G6.4 names the first in the order total, stock, month, day") == true,
                "\(twoWindows?.detail ?? "no violation")")
    }

    @Test("a feature drawing on two meters: the diagnosis names each meter's counts, not the first meter's alone (G6.5)")
    func twoMeterDiagnosis() throws {
        var script = Script(try #require(PolicyLoader.builtIn("chat-pool")), zone: "UTC")
        script("2026-03-10T09:00:00Z", .install)
        let fourth = script.repeated(4, .use("send"), from: "2026-03-10T10:00:00Z") // the day's 3, then 1 from the pool
        let blocked = Run.doctored(script, at: fourth) { output in
            output.outcome = .blocked
            output.reason = .day
        }
        #expect(blocked?.invariant == .noOverBlocking && blocked?.eventIndex == fourth)
        #expect(blocked?.detail.contains("one of the two meters it draws on has room (used on daily: day 3; on pool: month 0)") == true,
                "\(blocked?.detail ?? "no violation")")
        script.repeated(3, .use("send"), from: "2026-03-10T11:00:00Z") // the pool's other 2, then one blocked on both
        let both = script.events.count - 1
        let wrongReason = Run.doctored(script, at: both) { output in output.reason = .month }
        #expect(wrongReason?.detail.contains("neither meter it draws on has room under free, and day's reset comes first (used on daily: day 3; on pool: month 3)") == true,
                "\(wrongReason?.detail ?? "no violation")")
    }

    @Test("no-over-blocking: a release blocked at the limit")
    func noOverBlockingRelease() {
        var script = Script(.faceRecall, zone: "Europe/London")
        script("2026-04-01T10:00:00Z", .install)
        script("2026-04-01T10:01:00Z", .use("add-person"))
        let remove = script("2026-04-01T10:02:00Z", .use("remove-person"))
        let violation = Run.doctored(script, at: remove) { output in
            output.outcome = .blocked
            output.reason = .stock
            output.response = .paywall
            output.counts[0].stock = 1
        }
        #expect(violation?.invariant == .noOverBlocking && violation?.eventIndex == remove)
    }

    // MARK: exact-responses

    @Test("exact-responses: the paywall instead of Premium's alert, the wrong message, an outcome on a look")
    func exactResponses() {
        let paywall = Run.doctored(Self.premiumEleven, at: 12) { $0.response = .paywall }
        #expect(paywall?.invariant == .exactResponses && paywall?.eventIndex == 12)
        let message = Run.doctored(Self.unlimitedFiftyOne, at: 52) { output in
            output.response = .alert(Alert(title: "You have reached your daily limit", message: "Upgrade to unlimited to continue"))
        }
        #expect(message?.invariant == .exactResponses && message?.eventIndex == 52)
        var script = Self.sixCards
        let look = script("2026-06-10T09:00:00Z", .look)
        let outcome = Run.doctored(script, at: look) { $0.outcome = .allowed }
        #expect(outcome?.invariant == .exactResponses && outcome?.eventIndex == look)
    }

    // MARK: exact-screens

    /// oxalate Premium bought in Los Angeles, renewing at 03:00 UTC on March 1: the
    /// billing date is February 28 in the device's zone (X5).
    static var oxalateBilling: Script {
        var script = Script(.oxalate, zone: "America/Los_Angeles")
        script("2026-02-01T10:00:00Z", .install)
        script("2026-02-01T10:01:00Z", .entitle("premium_monthly", expires: "2026-03-01T03:00:00Z"))
        return script
    }

    @Test("exact-screens: the billing date in UTC, a stale expiry, a banner only above 80 %, a wrong plural")
    func exactScreens() {
        let billing = Self.oxalateBilling
        #expect(Run.doctored(billing, at: 1, screens: [.text("Premium Monthly"), .text("Renews on 2026-02-28")]) == nil)
        let utcDate = Run.doctored(billing, at: 1, screens: [.text("Premium Monthly"), .text("Renews on 2026-03-01")])
        #expect(utcDate?.invariant == .exactScreens && utcDate?.eventIndex == 1)
        #expect(utcDate?.detail.contains("screen billing \"Renews on 2026-03-01\", expected \"Renews on 2026-02-28\"") == true)
        // An implementation reporting the entitlement's details wrong: the screen rendered from it shows it.
        let stale = Run.doctored(billing, at: 1) { $0.entitlement?.renews = false }
        #expect(stale?.invariant == .exactScreens && stale?.eventIndex == 1)
        // The same, after the right screens of that state were already seen and compared.
        var later = billing
        let look = later("2026-02-02T10:00:00Z", .look)
        let lateStale = Run.doctored(later, at: look) { $0.entitlement?.renews = false }
        #expect(lateStale?.invariant == .exactScreens && lateStale?.eventIndex == look)
        #expect(Run.doctored(later, at: look, screens: [.text("Premium Monthly")])?.invariant == .exactScreens)

        var faces = Script(.faceRecall, zone: "Europe/London")
        faces("2026-04-01T10:00:00Z", .install)
        let twentieth = faces.repeated(20, .use("add-person"), from: "2026-04-01T10:01:00Z") // 20 of 25: 80 %
        let banner = Run.doctored(faces, at: twentieth, screens: [.list([]), .text("Free")])
        #expect(banner?.invariant == .exactScreens && banner?.eventIndex == twentieth)
        #expect(Run.doctored(faces, at: twentieth, screens: [.list(["people"]), .text("Free")]) == nil)

        var cards = Script(.dailyQuip, zone: "UTC")
        cards("2026-06-10T08:00:00Z", .install)
        let fourth = cards.repeated(4, .use("view-card"), from: "2026-06-10T08:01:00Z")
        let plural = Run.doctored(cards, at: fourth, screens: [.text("1 cards remaining today"), .text("Free")])
        #expect(plural?.invariant == .exactScreens && plural?.eventIndex == fourth)
        #expect(Run.doctored(cards, at: fourth, screens: [.text("1 card remaining today"), .text("Free")]) == nil)
    }

    // MARK: look-and-reinstall-change-nothing

    @Test("look-and-reinstall-change-nothing: a count that resets only when the app launches")
    func lookAndReinstall() {
        var script = Self.sixCards
        script("2026-06-11T08:00:00Z", .look)
        let next = script("2026-06-11T08:01:00Z", .use("view-card"))
        let violation = Run.implementation(script) { ResetsOnlyAtLaunch() }
        #expect(violation?.invariant == .lookAndReinstallChangeNothing && violation?.eventIndex == next)
        // Without the look, the same bug is a plain over-blocking.
        var noLook = Self.sixCards
        let direct = noLook("2026-06-11T08:01:00Z", .use("view-card"))
        let blocked = Run.implementation(noLook) { ResetsOnlyAtLaunch() }
        #expect(blocked?.invariant == .noOverBlocking && blocked?.eventIndex == direct)
    }

    // MARK: deterministic

    @Test("deterministic: a regenerated user with other events or other outputs")
    func deterministic() {
        let script = Self.sixCards
        var digester = OutputDigester()
        for output in script.referenceOutputs { digester.add(output) }
        let sample = DeterminismCheck<PolicyRules>.Sample(zone: script.zone, events: script.events, digest: digester.digest)
        #expect(DeterminismCheck<PolicyRules>.compare(sample, sample, user: 7) == nil)
        var otherEvents = sample
        otherEvents.events[3].at = otherEvents.events[3].at.adding(milliseconds: 1)
        let events = DeterminismCheck<PolicyRules>.compare(sample, otherEvents, user: 7)
        #expect(events?.invariant == .deterministic && events?.eventIndex == 3)
        var otherOutputs = sample
        var doctored = OutputDigester()
        for (index, output) in script.referenceOutputs.enumerated() {
            var changed = output
            if index == 6 { changed.resetAt = changed.resetAt?.adding(milliseconds: 1) }
            doctored.add(changed)
        }
        otherOutputs.digest = doctored.digest
        #expect(DeterminismCheck<PolicyRules>.compare(sample, otherOutputs, user: 7)?.invariant == .deterministic)
    }

    // MARK: plan-in-force

    @Test("plan-in-force: a registered user returned to the guest plan at expiry (D3)")
    func planInForceLapse() {
        var script = Script(.daaTiers, zone: "UTC")
        script("2026-05-04T09:00:00Z", .install)
        script("2026-05-04T09:01:00Z", .signIn)
        script("2026-05-04T09:02:00Z", .entitle("com.daa.core.monthly"))
        let lapse = script("2026-06-04T09:02:00Z", .entitle(nil))
        #expect(script.referenceOutputs[lapse].plan == script.plan("free_registered"))
        let violation = Run.implementation(script) { LapsesToGuestPlan() }
        #expect(violation?.invariant == .planInForce && violation?.eventIndex == lapse)
        #expect(violation?.detail.contains("plan free_guest, expected free_registered") == true)
    }

    @Test("plan-in-force: grace counted from the install, for a user installed after the release (F1)")
    func planInForceGrace() {
        var script = Script(.faceRecall, zone: "Europe/London")
        script("2026-04-01T10:00:00Z", .install)
        let violation = Run.doctored(script, at: 0) { $0.plan = script.plan("grace") }
        #expect(violation?.invariant == .planInForce && violation?.eventIndex == 0)
    }

    // MARK: credits-kept

    @Test("credits-kept: a credit not taken, a refund ignored, credits lost on a reinstall or gone below zero (G13)")
    func creditsKept() throws {
        let policy = try #require(PolicyLoader.builtIn("scan-credits"))
        var script = Script(policy, zone: "Europe/Berlin")
        script("2026-03-28T09:00:00+01:00", .install)
        script.repeated(3, .use("scan"), from: "2026-03-28T09:01:00+01:00")
        let bought = script("2026-03-28T09:10:00+01:00", .purchase("scanner.credits.10"))
        let paid = script("2026-03-28T09:11:00+01:00", .use("scan"))
        let reinstall = script("2026-03-28T09:12:00+01:00", .reinstall)
        let refund = script("2026-03-30T09:00:00+02:00", .refund("scanner.credits.10"))
        let outputs = script.referenceOutputs
        #expect(outputs[bought].counts.credits(of: 0) == 10 && outputs[paid].counts.credits(of: 0) == 9 && outputs[paid].outcome == .allowed)
        #expect(outputs[reinstall].counts.credits(of: 0) == 9 && outputs[refund].counts.credits(of: 0) == 0)
        let kept = Run.doctored(script, at: paid) { $0.counts.setCredits(10, of: 0) }
        #expect(kept?.invariant == .creditsKept && kept?.eventIndex == paid)
        #expect(kept?.detail.contains("scans credits 10, expected 9") == true)
        let lost = Run.doctored(script, at: reinstall) { $0.counts.setCredits(0, of: 0) }
        #expect(lost?.invariant == .creditsKept && lost?.eventIndex == reinstall)
        let ignored = Run.doctored(script, at: refund) { $0.counts.setCredits(9, of: 0) }
        #expect(ignored?.invariant == .creditsKept && ignored?.eventIndex == refund)
        let negative = Run.doctored(script, at: refund) { $0.counts.setCredits(-1, of: 0) }
        #expect(negative?.invariant == .creditsKept && negative?.detail.contains("expected 0") == true)
        // Blocked although a credit was held: over-blocking; allowed past the limit with none: a limit broken.
        let refused = Run.doctored(script, at: paid) { output in
            output.outcome = .blocked
            output.reason = .day
        }
        #expect(refused?.invariant == .noOverBlocking && refused?.eventIndex == paid)
        var none = Script(policy, zone: "UTC")
        none("2026-03-28T09:00:00Z", .install)
        let fourth = none.repeated(4, .use("scan"), from: "2026-03-28T09:01:00Z")
        #expect(none.referenceOutputs[fourth].outcome == .blocked)
        let allowed = Run.doctored(none, at: fourth) { output in
            output = Output(plan: output.plan, day: output.day, outcome: .allowed, reason: nil, response: nil, resetAt: nil, upgrade: nil,
                            counts: [UsageCounts(day: 4, month: 4, total: 4, stock: 4)], entitlement: nil, zone: output.zone)
        }
        #expect(allowed?.invariant == .limitsRespected && allowed?.eventIndex == fourth)
    }

    @Test("exact-screens: a screen's {credits} shows the balance after the event; a stale or a doubled one is caught")
    func creditsOnScreen() throws {
        let policy = try #require(PolicyLoader.builtIn("scan-credits"))
        var script = Script(policy, zone: "UTC")
        script("2026-03-28T09:00:00Z", .install)
        script.repeated(3, .use("scan"), from: "2026-03-28T09:01:00Z")
        let bought = script("2026-03-28T09:10:00Z", .purchase("scanner.credits.10"))
        let paid = script("2026-03-28T09:11:00Z", .use("scan"))
        #expect(Run.doctored(script, at: bought, screens: [.text("No free scans left today; 10 scan credits"), .text("Free")]) == nil)
        #expect(Run.doctored(script, at: paid, screens: [.text("No free scans left today; 9 scan credits"), .text("Free")]) == nil)
        let stale = Run.doctored(script, at: paid, screens: [.text("No free scans left today; 10 scan credits"), .text("Free")])
        #expect(stale?.invariant == .exactScreens && stale?.eventIndex == paid)
        let before = Run.doctored(script, at: bought, screens: [.text("No free scans left today; 0 scan credits"), .text("Free")])
        #expect(before?.invariant == .exactScreens && before?.eventIndex == bought)
    }

    // MARK: counts-follow-uses

    @Test("counts-follow-uses: a delete that does not free a slot (X2, F1)")
    func countsRelease() {
        var script = Script(.faceRecall, zone: "Europe/London")
        script("2026-04-01T10:00:00Z", .install)
        script.repeated(2, .use("add-person"), from: "2026-04-01T10:01:00Z")
        let remove = script("2026-04-01T10:05:00Z", .use("remove-person"))
        let violation = Run.implementation(script) { ReleaseKeepsTheSlot() }
        #expect(violation?.invariant == .countsFollowUses && violation?.eventIndex == remove)
        #expect(violation?.detail.contains("people stock 2, expected 1") == true)
    }

    @Test("counts-follow-uses: counts lost at sign-in, the overall count restarted on purchase, a month that does not reset")
    func countsCarryAndReset() {
        var daa = Self.guestFourQuestions
        let signIn = daa("2026-05-04T10:00:00Z", .signIn)
        let purchase = daa("2026-05-04T10:01:00Z", .entitle("com.daa.core.monthly"))
        #expect(daa.referenceOutputs[signIn].counts[0] == UsageCounts(day: 3, month: 3, total: 3, stock: 3)) // G1: counts carry over
        let lost = Run.doctored(daa, at: signIn) { $0.counts[0] = UsageCounts() }
        #expect(lost?.invariant == .countsFollowUses && lost?.eventIndex == signIn)
        let restarted = Run.doctored(daa, at: purchase) { $0.counts[0].total = 0 }
        #expect(restarted?.invariant == .countsFollowUses && restarted?.eventIndex == purchase)

        var oxalate = Script(.oxalate, zone: "America/New_York")
        oxalate("2026-03-30T09:00:00-04:00", .install)
        oxalate.repeated(2, .use("ask-oracle"), from: "2026-03-30T09:01:00-04:00")
        let april = oxalate("2026-04-01T00:00:00-04:00", .look)
        #expect(oxalate.referenceOutputs[april].counts[0] == UsageCounts(day: 0, month: 0, total: 2, stock: 2))
        let stale = Run.doctored(oxalate, at: april) { $0.counts[0].month = 2 }
        #expect(stale?.invariant == .countsFollowUses && stale?.eventIndex == april)
        #expect(stale?.detail.contains("questions month 2, expected 0") == true)
    }

    // MARK: reset-at

    @Test("reset-at: Tokyo's midnight instead of UTC's (D1), 24 hours after the use, a reset promised for the overall limit")
    func resetAt() {
        let localMidnight = Run.doctored(Self.coreInTokyo, at: 22) { $0.resetAt = Script.instant("2026-01-04T00:00:00+09:00") }
        #expect(localMidnight?.invariant == .resetAt && localMidnight?.eventIndex == 22)
        #expect(localMidnight?.detail.contains("expected 2026-01-04T00:00:00Z") == true)
        let dayLater = Run.doctored(Self.sixCards, at: 6) { $0.resetAt = $0.resetAt.map { _ in Script.instant("2026-06-11T08:06:00Z") } }
        #expect(dayLater?.invariant == .resetAt && dayLater?.eventIndex == 6)
        let total = Run.doctored(Self.guestFourQuestions, at: 4) { $0.resetAt = Script.instant("2026-05-05T00:00:00Z") }
        #expect(total?.invariant == .resetAt && total?.eventIndex == 4)
    }

    @Test("reset-at: a month limit resets at the device's first midnight of the next month, not 30 days on (X1)")
    func resetAtMonth() {
        var script = Script(.oxalate, zone: "America/New_York")
        script("2026-03-30T09:00:00-04:00", .install)
        let eleventh = script.repeated(11, .use("ask-oracle"), from: "2026-03-30T09:01:00-04:00")
        let blocked = script.referenceOutputs[eleventh]
        #expect(blocked.reason == .month && blocked.resetAt == Script.instant("2026-04-01T00:00:00-04:00"))
        let rolling = Run.doctored(script, at: eleventh) { $0.resetAt = Script.instant("2026-04-29T09:11:00-04:00") }
        #expect(rolling?.invariant == .resetAt && rolling?.eventIndex == eleventh)
    }

    // MARK: upgrade-offer

    @Test("upgrade-offer: an offer missing plans that help, one offering the plan in force, one on an allowed use")
    func upgradeOffer() {
        let guest = Self.guestFourQuestions
        let missing = Run.doctored(guest, at: 4) { $0.upgrade = guest.offer("core") }
        #expect(missing?.invariant == .upgradeOffer && missing?.eventIndex == 4)
        let unlimited = Self.unlimitedFiftyOne
        let useless = Run.doctored(unlimited, at: 52) { $0.upgrade = unlimited.offer("unlimited") }
        #expect(useless?.invariant == .upgradeOffer && useless?.eventIndex == 52)
        let onAllowed = Run.doctored(guest, at: 2) { $0.upgrade = PlanSet() }
        #expect(onAllowed?.invariant == .upgradeOffer && onAllowed?.eventIndex == 2)
    }

    // MARK: matches-reference

    @Test("matches-reference: an output a user can tell from the reference's names the fields")
    func matchesReference() {
        let script = Self.sixCards
        var comparison = ReferenceComparison(policy: script.policy)
        comparison.start(zone: script.zone)
        var found: Violation<Invariant>?
        for (index, (event, output)) in zip(script.events, script.referenceOutputs).enumerated() {
            var shown = output
            if index == 3 { shown.counts[0].day = 9 }
            if let violation = comparison.compare(event, shown, index: index) {
                found = violation
                break
            }
        }
        #expect(found?.invariant == .matchesReference && found?.eventIndex == 3)
        #expect(found?.detail.contains("meters.cards.used.day 3 (reference) vs 9 (implementation)") == true)
        #expect(found?.detail.contains("screens.cards \"2 cards remaining today\" (reference) vs \"0 cards remaining today\" (implementation)") == true)
    }

    @Test("fields the contract does not show are not held against an implementation")
    func unshownFieldsAreFree() {
        // daily-quip limits only the day and shows only it: a month count is not on the line.
        let script = Self.sixCards
        #expect(Run.doctored(script, at: 3) { $0.counts[0].month = 99 } == nil)
        var comparison = ReferenceComparison(policy: script.policy)
        comparison.start(zone: script.zone)
        var found: Violation<Invariant>?
        for (index, (event, output)) in zip(script.events, script.referenceOutputs).enumerated() {
            var shown = output
            shown.counts[0].month = 99
            found = found ?? comparison.compare(event, shown, index: index)
        }
        #expect(found == nil)
    }
}

// MARK: Tiny implementations, one realistic bug each

/// A limit checked with `>` instead of `>=`: the use at exactly the limit goes through
/// and is counted (the engine's answer is changed only there; the check stops at it).
struct OneOverTheLimit: SubscriptionImplementation {
    var engine = ReferenceImplementation()

    mutating func start(policy: SubscriptionPolicy, zone: TimeZoneRules) { engine.start(policy: policy, zone: zone) }

    mutating func handle(_ event: Event) -> Output {
        var output = engine.handle(event)
        guard output.outcome == .blocked, let reason = output.reason, [.day, .month, .total, .stock].contains(reason),
              case .use(let feature, _) = event.action, case .consumes(let meter) = engine.machine!.policy.features[feature].effect else { return output }
        output.outcome = .allowed
        output.reason = nil
        output.response = nil
        output.resetAt = nil
        output.upgrade = nil
        output.counts[meter].day += 1
        output.counts[meter].month += 1
        output.counts[meter].total += 1
        output.counts[meter].stock += 1
        return output
    }
}

/// The usage day taken as the local date now, forgetting "the later of" (G3): a
/// traveller flying west goes back a day.
struct DayIsTodaysDate: SubscriptionImplementation {
    var engine = ReferenceImplementation()
    var zone = TimeZoneRules.utc

    mutating func start(policy: SubscriptionPolicy, zone: TimeZoneRules) {
        engine.start(policy: policy, zone: zone)
        self.zone = zone
    }

    mutating func handle(_ event: Event) -> Output {
        if case .setZone(let next) = event.action { zone = next }
        var output = engine.handle(event)
        output.day = zone.localDate(at: event.at)
        return output
    }
}

/// A day count that rolls over only when the app launches (a `look` or `reinstall`
/// stands for one): past midnight without a launch, the count is yesterday's, here at
/// its limit, so the card is refused.
struct ResetsOnlyAtLaunch: SubscriptionImplementation {
    var engine = ReferenceImplementation()
    var launchDay: LocalDate?
    var zone = TimeZoneRules.utc

    mutating func start(policy: SubscriptionPolicy, zone: TimeZoneRules) {
        engine.start(policy: policy, zone: zone)
        self.zone = zone
        launchDay = nil
    }

    mutating func handle(_ event: Event) -> Output {
        let today = zone.localDate(at: event.at)
        switch event.action {
        case .install, .look, .reinstall: launchDay = today
        default: break
        }
        var output = engine.handle(event)
        if case .use = event.action, let launchDay, today > launchDay, output.outcome == .allowed {
            output.outcome = .blocked
            output.reason = .day
            output.response = .paywall
            output.upgrade = PlanSet()
            output.counts[0] = UsageCounts(day: 5, month: 5, total: 5, stock: 5)
        }
        return output
    }
}

/// A lapse that returns every user to the guest default, registered or not (a D3 bug).
struct LapsesToGuestPlan: SubscriptionImplementation {
    var engine = ReferenceImplementation()
    var guestPlan: Int?

    mutating func start(policy: SubscriptionPolicy, zone: TimeZoneRules) {
        engine.start(policy: policy, zone: zone)
        guestPlan = policy.guestDefault
    }

    mutating func handle(_ event: Event) -> Output {
        var output = engine.handle(event)
        if case .setEntitlement(nil) = event.action { output.plan = guestPlan }
        return output
    }
}

/// A delete that does not give the item back: the release is answered as if nothing
/// happened (X2, F1 bugs).
struct ReleaseKeepsTheSlot: SubscriptionImplementation {
    var engine = ReferenceImplementation()
    var policy: SubscriptionPolicy?

    mutating func start(policy: SubscriptionPolicy, zone: TimeZoneRules) {
        engine.start(policy: policy, zone: zone)
        self.policy = policy
    }

    mutating func handle(_ event: Event) -> Output {
        if case .use(let feature, _) = event.action, policy!.features[feature].isReleasing {
            var output = engine.handle(Event(at: event.at, .look))
            output.outcome = .allowed
            return output
        }
        return engine.handle(event)
    }
}

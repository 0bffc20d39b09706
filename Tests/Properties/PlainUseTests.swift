import Simulator
import SubscriptionModel
import Testing

/// The trace checker expects its commonest events, uses of a feature that counts on one
/// meter (allowed, blocked for want of a plan, or blocked as the use before was), uses
/// of a gate (allowed or blocked by the plan alone) and releases, in a few comparisons, and checks anything else the whole way, which names what differs.
/// These traces doctor one thing at a time in such a use's output, and expect the
/// invariant the whole check names; and they take uses at the shortcut's edges (the
/// last one a limit allows, the first of a new day or month, one that costs several
/// units, a repeat in another zone) through it, undoctored and doctored. (The first use
/// past a limit, doctored to go ahead, is `InvariantFiresTests.limitsRespectedDay`.)
@Suite("A use checked in a few comparisons is judged as the whole check judges it")
struct PlainUseTests {
    typealias Script = InvariantScript
    typealias Run = InvariantRun

    /// One field doctored: the invariant the whole check names for it, and the change.
    typealias Doctoring = (Invariant, (inout Output) -> Void)

    /// Expects each of `doctorings`, applied alone to output `index`, to be named by its
    /// invariant at that event.
    static func expectEachNamed(_ doctorings: [Doctoring], _ script: Script, at index: Int,
                                sourceLocation: SourceLocation = #_sourceLocation) {
        for (position, (invariant, doctor)) in doctorings.enumerated() {
            #expect(named(invariant, script, at: index, doctor) != nil, "event \(index), doctoring \(position)", sourceLocation: sourceLocation)
        }
    }

    /// The violation the checker finds when `index`'s output is doctored with `doctor`,
    /// when it names `invariant` at that event; nil otherwise, and when it finds none.
    static func named(_ invariant: Invariant, _ script: Script, at index: Int, _ doctor: (inout Output) -> Void) -> Violation<Invariant>? {
        let violation = Run.doctored(script, at: index, tamper: doctor)
        return violation?.invariant == invariant && violation?.eventIndex == index ? violation : nil
    }

    /// daily-quip in Paris: five cards on 10 June, the fifth the last the day's 5 allows.
    static var fiveCards: (script: Script, last: Int) {
        var script = Script(.dailyQuip, zone: "Europe/Paris")
        script("2026-06-10T08:00:00Z", .install)
        let last = script.repeated(5, .use("view-card"), from: "2026-06-10T08:01:00Z")
        return (script, last)
    }

    @Test("the last use a limit allows passes, and each field of its output doctored is named by its invariant")
    func eachField() {
        let (script, last) = Self.fiveCards
        let output = script.referenceOutputs[last]
        #expect(output.outcome == .allowed && output.counts[0].day == 5)
        #expect(Run.doctored(script, at: last) == nil)

        let premium = script.policy.planIndex("premium")
        let doctorings: [Doctoring] = [
            (.planInForce, { $0.plan = premium }),
            (.usageDay, { $0.day = LocalDate(daysSince1970: $0.day.daysSince1970 + 1) }),
            (.noOverBlocking, { $0.outcome = .blocked }),
            (.exactResponses, { $0.reason = .day }),
            (.exactResponses, { $0.response = .paywall }),
            (.resetAt, { $0.resetAt = Script.instant("2026-06-10T22:00:00Z") }),
            (.upgradeOffer, { $0.upgrade = script.offer("premium") }),
            (.countsFollowUses, { $0.counts[0].day = 4 }),
        ]
        Self.expectEachNamed(doctorings, script, at: last)
        // The contract shows only the windows some plan limits: daily-quip's `total` is not
        // one, so the whole check, where the shortcut hands an output it does not match,
        // passes a doctored `total` as it did before the shortcut.
        #expect(Run.doctored(script, at: last) { $0.counts[0].total = 6 } == nil)
    }

    @Test("the first use of a new day reads the day's count as 0: an output that keeps it is named (daily-quip)")
    func newDay() {
        // One card on 10 June, so the next day's card is within the room whether or not the
        // day's count is read as 0: only the reset tells the doctored output apart.
        var script = Script(.dailyQuip, zone: "Europe/Paris")
        script("2026-06-10T08:00:00Z", .install)
        script("2026-06-10T08:01:00Z", .use("view-card"))
        let nextDay = script("2026-06-11T08:00:00Z", .use("view-card"))
        #expect(script.referenceOutputs[nextDay].counts[0] == UsageCounts(day: 1, month: 2, total: 2, stock: 2))
        #expect(Run.doctored(script, at: nextDay) == nil)
        #expect(Self.named(.countsFollowUses, script, at: nextDay) { $0.counts[0].day = 2 } != nil)
    }

    @Test("the first use of a new month reads the month's count as 0, and another meter's day count too: an output that keeps either is named (oxalate)")
    func newMonth() {
        var script = Script(.oxalate, zone: "America/New_York")
        script("2026-06-30T12:00:00Z", .install)
        script("2026-06-30T12:01:00Z", .use("create-recipe"))
        script.repeated(3, .use("ask-oracle"), from: "2026-06-30T12:02:00Z")
        let nextMonth = script("2026-07-01T12:00:00Z", .use("ask-oracle"))
        let counts = script.referenceOutputs[nextMonth].counts
        #expect(counts[0] == UsageCounts(day: 1, month: 1, total: 4, stock: 4))
        #expect(counts[1] == UsageCounts(day: 0, month: 0, total: 1, stock: 1))
        #expect(Run.doctored(script, at: nextMonth) == nil)
        #expect(Self.named(.countsFollowUses, script, at: nextMonth) { $0.counts[0].month = 4 } != nil)
        // (The recipes' month is no window any plan limits, so the contract does not show it.)
        #expect(Run.doctored(script, at: nextMonth) { $0.counts[1].month = 1 } == nil)
        #expect(Self.named(.countsFollowUses, script, at: nextMonth) { $0.counts[1].day = 1 } != nil)
    }

    @Test("under months from the install, a use on the day before the anchor counts in the month, and on the anchor starts one (billing-month)")
    func monthsFromTheInstall() throws {
        let policy = try #require(PolicyLoader.builtIn("billing-month"))
        var script = Script(policy, zone: "UTC")
        script("2026-01-15T09:00:00Z", .install)
        script.repeated(2, .use("export"), from: "2026-01-20T09:00:00Z")
        let third = script("2026-02-14T09:00:00Z", .use("export"))
        let fresh = script("2026-02-15T09:00:00Z", .use("export"))
        let outputs = script.referenceOutputs
        #expect(outputs[third].outcome == .allowed && outputs[third].counts[0].month == 3)
        #expect(outputs[fresh].outcome == .allowed && outputs[fresh].counts[0].month == 1)
        #expect(Run.doctored(script, at: fresh) == nil)
        #expect(Self.named(.countsFollowUses, script, at: third) { $0.counts[0].month = 1 } != nil)
        #expect(Self.named(.countsFollowUses, script, at: fresh) { $0.counts[0].month = 4 } != nil)
    }

    @Test("a use counts on its own meter only: another meter's count doctored is named (face-recall: a person added, the tags doctored)")
    func otherMeter() {
        var script = Script(.faceRecall, zone: "UTC")
        script("2026-05-04T09:00:00Z", .install)
        script("2026-05-04T09:01:00Z", .use("add-tag"))
        let person = script("2026-05-04T09:02:00Z", .use("add-person"))
        let outputs = script.referenceOutputs
        #expect(outputs[person].outcome == .allowed && outputs[person].counts[1].stock == 1)
        #expect(Run.doctored(script, at: person) == nil)
        #expect(Self.named(.countsFollowUses, script, at: person) { $0.counts[1].stock = 0 } != nil)
    }

    @Test("a use costing 5 units that fills the day's 10 exactly passes; one that takes a credit it did not need breaks credits-kept (photo-units)")
    func costAndCredits() throws {
        let policy = try #require(PolicyLoader.builtIn("photo-units"))
        var script = Script(policy, zone: "Europe/Paris")
        script("2026-06-10T08:00:00Z", .install)
        script("2026-06-10T08:01:00Z", .purchase("photo.units.25"))
        script("2026-06-10T08:02:00Z", .use("generate"))
        let filling = script("2026-06-10T08:03:00Z", .use("generate"))
        let outputs = script.referenceOutputs
        #expect(outputs[filling].outcome == .allowed && outputs[filling].counts[0].day == 10)
        #expect(outputs[filling].counts.credits(of: 0) == 25)
        #expect(Run.doctored(script, at: filling) == nil)

        var credited = outputs[filling].counts
        credited.setCredits(24, of: 0)
        #expect(Self.named(.creditsKept, script, at: filling) { $0.counts = credited } != nil)
    }

    /// meal-capture in Paris: the 72-hour trial's ten analyses on its last day, then, with
    /// no plan in force, two more the same day.
    static var afterTheTrial: (script: Script, first: Int, second: Int) {
        var script = Script(.mealCapture, zone: "Europe/Paris")
        script("2026-06-10T08:00:00Z", .install)
        script.repeated(10, .use("meal"), from: "2026-06-13T06:00:00Z")
        let first = script("2026-06-13T09:00:00Z", .use("meal"))
        let second = script("2026-06-13T09:01:00Z", .use("recipe-photo"))
        return (script, first, second)
    }

    @Test("a use with no plan in force passes, and each field of its output doctored is named by its invariant (meal-capture)")
    func noPlan() {
        let (script, first, second) = Self.afterTheTrial
        let outputs = script.referenceOutputs
        for index in [first, second] {
            #expect(outputs[index].plan == nil && outputs[index].reason == .noPlan && outputs[index].counts[0].day == 10)
            // G9 reads the counts: Premium's 10 a day has no room left, Unlimited's 50 has.
            #expect(outputs[index].upgrade == script.offer("unlimited"))
        }
        #expect(Run.doctored(script, at: second) == nil)

        let doctorings: [Doctoring] = [
            (.planInForce, { $0.plan = script.plan("premium") }),
            (.usageDay, { $0.day = LocalDate(daysSince1970: $0.day.daysSince1970 + 1) }),
            (.nothingBeyondPlan, { $0.outcome = .allowed }),
            (.noOverBlocking, { $0.reason = .day }),
            (.exactResponses, { $0.response = .alert(Alert(title: "Limit", message: nil)) }),
            (.resetAt, { $0.resetAt = Script.instant("2026-06-13T22:00:00Z") }),
            (.upgradeOffer, { $0.upgrade = script.offer("premium", "unlimited") }),
            (.countsFollowUses, { $0.counts[0].day = 9 }),
        ]
        for index in [first, second] {
            Self.expectEachNamed(doctorings, script, at: index)
        }
    }

    @Test("a blocked use that repeats the one before passes, and each field of its output doctored is named by its invariant (daily-quip)")
    func blockedRepeat() {
        var (script, last) = Self.fiveCards
        let first = script("2026-06-10T09:00:00Z", .use("view-card"))
        let repeated = script("2026-06-10T09:01:00Z", .use("view-card"))
        let outputs = script.referenceOutputs
        #expect(outputs[first].reason == .day && outputs[repeated].reason == .day && last == first - 1)
        #expect(outputs[repeated].resetAt == Script.instant("2026-06-10T22:00:00Z"))
        #expect(Run.doctored(script, at: repeated) == nil)

        let doctorings: [Doctoring] = [
            (.planInForce, { $0.plan = script.plan("premium") }),
            (.usageDay, { $0.day = LocalDate(daysSince1970: $0.day.daysSince1970 + 1) }),
            (.limitsRespected, { $0.outcome = .allowed }),
            (.noOverBlocking, { $0.reason = .month }),
            (.exactResponses, { $0.response = nil }),
            (.resetAt, { $0.resetAt = Script.instant("2026-06-10T22:00:00.001Z") }),
            (.upgradeOffer, { $0.upgrade = PlanSet() }),
            (.countsFollowUses, { $0.counts[0].day = 4 }),
        ]
        Self.expectEachNamed(doctorings, script, at: repeated)
    }

    @Test("a blocked use in another zone is worked out again, not taken as a repeat: its own reset instant passes, the last one's is named (daily-quip)")
    func blockedRepeatInAnotherZone() {
        var (script, _) = Self.fiveCards
        let first = script("2026-06-10T09:00:00Z", .use("view-card"))
        script("2026-06-10T09:01:00Z", .zone("Asia/Kolkata"))
        let moved = script("2026-06-10T09:02:00Z", .use("view-card"))
        let outputs = script.referenceOutputs
        // The usage day stays 10 June (15:32 in Kolkata); its end is Kolkata's midnight now.
        #expect(outputs[moved].day == outputs[first].day && outputs[moved].reason == .day)
        #expect(outputs[moved].resetAt == Script.instant("2026-06-10T18:30:00Z"))
        #expect(Run.doctored(script, at: moved) == nil)
        #expect(Self.named(.resetAt, script, at: moved) { $0.resetAt = outputs[first].resetAt } != nil)
    }

    /// daa-tiers: a guest's Dasha analysis (not in `free_guest`), then, signed in, one
    /// (in `free_registered`) and a birth calibration (not in it).
    static var gates: (script: Script, guest: Int, allowed: Int, registered: Int) {
        var script = Script(.daaTiers, zone: "Asia/Kolkata")
        script("2026-06-10T08:00:00Z", .install)
        let guest = script("2026-06-10T08:01:00Z", .use("dasha_analysis"))
        script("2026-06-10T08:02:00Z", .signIn)
        let allowed = script("2026-06-10T08:03:00Z", .use("dasha_analysis"))
        let registered = script("2026-06-10T08:04:00Z", .use("birth_calibration"))
        return (script, guest, allowed, registered)
    }

    @Test("a gate's use passes, allowed or blocked by the plan, and each field of its output doctored is named by its invariant (daa-tiers)")
    func gate() {
        let (script, guest, allowed, registered) = Self.gates
        let outputs = script.referenceOutputs
        #expect(outputs[guest].reason == .notInPlan && outputs[guest].upgrade == script.offer("core", "advanced", "premium"))
        #expect(outputs[allowed].outcome == .allowed)
        #expect(outputs[registered].reason == .notInPlan && outputs[registered].upgrade == script.offer("core", "advanced", "premium"))
        #expect(Run.doctored(script, at: registered) == nil)

        let common: [Doctoring] = [
            (.planInForce, { $0.plan = script.plan("core") }),
            (.usageDay, { $0.day = LocalDate(daysSince1970: $0.day.daysSince1970 + 1) }),
            (.resetAt, { $0.resetAt = Script.instant("2026-06-11T00:00:00Z") }),
            (.countsFollowUses, { $0.counts[0].day = 1 }),
        ]
        let whenBlocked: [Doctoring] = [
            (.nothingBeyondPlan, { $0.outcome = .allowed }),
            (.noOverBlocking, { $0.reason = .noPlan }),
            (.exactResponses, { $0.response = nil }),
            (.upgradeOffer, { $0.upgrade = script.offer("advanced", "premium") }),
        ]
        let whenAllowed: [Doctoring] = [
            (.noOverBlocking, { $0.outcome = .blocked }),
            (.exactResponses, { $0.reason = .notInPlan }),
            (.exactResponses, { $0.response = .paywall }),
            (.upgradeOffer, { $0.upgrade = script.offer("core") }),
        ]
        for (index, doctorings) in [(guest, common + whenBlocked), (allowed, common + whenAllowed), (registered, common + whenBlocked)] {
            Self.expectEachNamed(doctorings, script, at: index)
        }
    }

    @Test("a gate's use counts as a use and a gated one, never as a consuming one (daa-tiers)")
    func gateChecks() {
        let (script, _, _, _) = Self.gates
        var checker = TraceChecker(policy: script.policy)
        checker.start(zone: script.zone)
        for (event, output) in zip(script.events, script.referenceOutputs) { #expect(checker.check(event, output) == nil) }
        #expect(checker.checks[.noOverBlocking] == 3)
        #expect(checker.checks[.nothingBeyondPlan] == 3)
        #expect(checker.checks[.limitsRespected] == 0)
    }

    @Test("a release passes, giving one item back or none at 0, and each field of its output doctored is named; it is a use, not a gated or consuming one (face-recall)")
    func release() {
        var script = Script(.faceRecall, zone: "UTC")
        script("2026-05-04T09:00:00Z", .install)
        script.repeated(2, .use("add-person"), from: "2026-05-04T09:01:00Z")
        let given = script("2026-05-05T09:00:00Z", .use("remove-person"))
        script("2026-05-05T09:01:00Z", .use("remove-person"))
        let atZero = script("2026-05-05T09:02:00Z", .use("remove-person"))
        let outputs = script.referenceOutputs
        #expect(outputs[given].outcome == .allowed && outputs[given].counts[0] == UsageCounts(day: 0, month: 2, total: 2, stock: 1))
        #expect(outputs[atZero].counts[0].stock == 0)
        #expect(Run.doctored(script, at: atZero) == nil)

        let doctorings: [Doctoring] = [
            (.planInForce, { $0.plan = script.plan("premium") }),
            (.usageDay, { $0.day = LocalDate(daysSince1970: $0.day.daysSince1970 + 1) }),
            (.noOverBlocking, { $0.outcome = .blocked }),
            (.exactResponses, { $0.reason = .stock }),
            (.exactResponses, { $0.response = .paywall }),
            (.resetAt, { $0.resetAt = Script.instant("2026-05-06T00:00:00Z") }),
            (.upgradeOffer, { $0.upgrade = script.offer("premium") }),
            (.countsFollowUses, { $0.counts[0].stock += 1 }),
        ]
        for index in [given, atZero] {
            Self.expectEachNamed(doctorings, script, at: index)
        }
        #expect(Self.named(.countsFollowUses, script, at: atZero) { $0.counts[0].stock = -1 } != nil)
        // face-recall limits people by stock alone: the contract shows no `day` count, and the
        // whole check, where the shortcut hands an output it does not match, passes it.
        #expect(Run.doctored(script, at: given) { $0.counts[0].day = 2 } == nil)

        var checker = TraceChecker(policy: script.policy)
        checker.start(zone: script.zone)
        for (event, output) in zip(script.events, outputs) { #expect(checker.check(event, output) == nil) }
        #expect(checker.checks[.noOverBlocking] == 5)
        #expect(checker.checks[.nothingBeyondPlan] == 2)
        #expect(checker.checks[.limitsRespected] == 2)
    }

    @Test("a use with no plan on a later usage day reads the day's count as 0, for its counts and its offer (meal-capture)")
    func noPlanNextDay() {
        var (script, _, _) = Self.afterTheTrial
        let nextDay = script("2026-06-14T09:00:00Z", .use("meal"))
        let output = script.referenceOutputs[nextDay]
        #expect(output.reason == .noPlan && output.counts[0].day == 0 && output.upgrade == script.offer("premium", "unlimited"))
        #expect(Run.doctored(script, at: nextDay) == nil)
        #expect(Self.named(.countsFollowUses, script, at: nextDay) { $0.counts[0].day = 10 } != nil)
        #expect(Self.named(.upgradeOffer, script, at: nextDay) { $0.upgrade = script.offer("unlimited") } != nil)
    }

    @Test("a gate's use on a later usage day reads the day's count as 0 (daa-tiers)")
    func gateNextDay() {
        var script = Script(.daaTiers, zone: "UTC")
        script("2026-06-10T08:00:00Z", .install)
        script("2026-06-10T08:01:00Z", .use("chat"))
        let gate = script("2026-06-11T08:00:00Z", .use("dasha_analysis"))
        let output = script.referenceOutputs[gate]
        #expect(output.reason == .notInPlan && output.counts[0] == UsageCounts(day: 0, month: 1, total: 1, stock: 1))
        #expect(Run.doctored(script, at: gate) == nil)
        #expect(Self.named(.countsFollowUses, script, at: gate) { $0.counts[0].day = 1 } != nil)
    }

    @Test("a blocked use after a new plan is not the last blocked one: the old plan's response is named (meal-capture)")
    func blockedAfterNewPlan() {
        var script = Script(.mealCapture, zone: "Europe/Paris")
        script("2026-06-10T08:00:00Z", .install)
        script.repeated(10, .use("meal"), from: "2026-06-10T09:00:00Z")
        let underTrial = script("2026-06-10T09:30:00Z", .use("meal"))
        script("2026-06-10T09:31:00Z", .entitle("PremiumStandardSub", expires: "2026-07-10T09:31:00Z"))
        let underPremium = script("2026-06-10T09:32:00Z", .use("meal"))
        let outputs = script.referenceOutputs
        #expect(outputs[underTrial].reason == .day && outputs[underPremium].reason == .day)
        #expect(outputs[underTrial].response != outputs[underPremium].response)
        #expect(Run.doctored(script, at: underPremium) == nil)
        #expect(Self.named(.exactResponses, script, at: underPremium) { $0.response = outputs[underTrial].response } != nil)
    }

    @Test("a use blocked again after credits are bought is not the last blocked one: it goes ahead on a credit (scan-credits)")
    func blockedAfterCredits() throws {
        let policy = try #require(PolicyLoader.builtIn("scan-credits"))
        var script = Script(policy, zone: "UTC")
        script("2026-06-10T08:00:00Z", .install)
        script.repeated(3, .use("scan"), from: "2026-06-10T08:01:00Z")
        let blocked = script("2026-06-10T08:10:00Z", .use("scan"))
        script("2026-06-10T08:11:00Z", .purchase("scanner.credits.10"))
        let paid = script("2026-06-10T08:12:00Z", .use("scan"))
        let outputs = script.referenceOutputs
        #expect(outputs[blocked].outcome == .blocked && outputs[paid].outcome == .allowed)
        #expect(Run.doctored(script, at: paid) == nil)
        // The blocked use's output again, with the credits held: a repeat it is not.
        var repeated = outputs[blocked]
        repeated.counts.setCredits(10, of: 0)
        #expect(Self.named(.noOverBlocking, script, at: paid) { $0 = repeated } != nil)
    }
}

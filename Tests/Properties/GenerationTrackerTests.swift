import Simulator
import SubscriptionModel
import Testing

/// The coverage tracker counts what hand-made timelines do, and nothing else.
@Suite("Policy generator: coverage tracker")
struct GenerationTrackerTests {
    static let start = Instant(millisecondsSince1970: Int64(LocalDate.days(year: 2041, month: 3, day: 30)) * Milliseconds.twentyFourHours)
    static func at(_ hours: Double) -> Instant { start.adding(milliseconds: Int64(hours * 3_600_000)) }

    static func counts(_ policy: SubscriptionPolicy, zone: String = "UTC", _ events: [Event]) -> (CoverageCounts, (CoverageCategory) -> Int) {
        var tracker = CoverageTracker(policy: policy)
        tracker.observe(timeline: Timeline(policy: policy, zone: TimeZoneRules.named(zone)!, events: events))
        let counts = tracker.counts
        return (counts, { counts[$0] })
    }

    @Test("a stock rising to its warning and its limit, a release at the limit, a sign-in carrying counts")
    func stock() {
        let policy = SubscriptionPolicy.faceRecall
        let add = policy.featureIndex("add-person")!, remove = policy.featureIndex("remove-person")!, people = policy.meterIndex("people")!
        var events = [Event(at: Self.at(0), .install)]
        for k in 1...26 { events.append(Event(at: Self.at(Double(k)), .use(feature: add, day: nil))) } // the 26th is blocked
        events.append(Event(at: Self.at(27), .signIn))
        events.append(Event(at: Self.at(28), .use(feature: remove, day: nil))) // 25 → 24, at the limit
        events.append(Event(at: Self.at(29), .use(feature: remove, day: nil))) // 24 → 23, below it
        events.append(Event(at: Self.at(30), .signIn)) // a second sign-in changes nothing
        let (_, count) = Self.counts(policy, events)
        #expect(count(.stockAtWarning(meter: people)) == 1)
        #expect(count(.stockAtLimit(meter: people)) == 1)
        #expect(count(.releaseAtLimit(meter: people)) == 1)
        #expect(count(.blocked(plan: policy.planIndex("free"), reason: .stock)) == 1)
        #expect(count(.signInCarryingCounts) == 1 && count(.signInAtLimit) == 1)
        #expect(count(.after2038) == 1 && count(.before1980) == 0)
        #expect(count(.graceLivedThroughInstalledBefore) == 0 && count(.graceLivedThroughInstalledAfter) == 0)
    }

    @Test("StoreKit's moves read from the reports: bought, renewed, cancelled, refunded in the trial within hours, unchanged")
    func storeKit() {
        let policy = SubscriptionPolicy.mealCapture
        let premium = policy.productIndex("PremiumStandardSub")!, unlimited = policy.productIndex("unlimited")!
        let month = Self.at(24 * 30)
        func entitled(_ product: Int, _ expires: Instant, renews: Bool = true) -> Event.Action {
            .setEntitlement(Entitlement(product: product, expires: expires, renews: renews))
        }
        let events = [
            Event(at: Self.at(0), .install),
            Event(at: Self.at(1), .setEntitlement(nil)), // a restore that finds nothing
            Event(at: Self.at(2), entitled(premium, month)), // bought in the trial
            Event(at: Self.at(3), entitled(premium, month)), // the same again
            Event(at: Self.at(4), entitled(unlimited, Self.at(4 + 24 * 30))), // upgrade
            Event(at: Self.at(5), .setEntitlement(nil)), // refunded within hours, in the trial
            Event(at: Self.at(100), entitled(premium, month)), // bought again, after the trial
            Event(at: Self.at(200), entitled(premium, month, renews: false)), // cancelled
            Event(at: month, .setEntitlement(nil)), // the period ended
        ]
        let (_, count) = Self.counts(policy, events)
        #expect(count(.reportChangesNothing) == 2)
        #expect(count(.bought(.autoRenewable)) == 2 && count(.upgrade) == 1 && count(.downgrade) == 0)
        #expect(count(.refunded(.autoRenewable)) == 1 && count(.periodEnded) == 1 && count(.cancelled) == 1 && count(.renewed) == 0)
        #expect(count(.lostInTrial) == 1 && count(.lostWithinHours) == 1)
    }

    @Test("the app used after the reported expires counts once per expires reported; never for a lifetime purchase")
    func usedAfterExpires() {
        let policy = SubscriptionPolicy.dailyQuip
        let monthly = policy.productIndex("dailyquip.monthly")!, lifetime = policy.productIndex("dailyquip.lifetime")!
        let card = policy.featureIndex("view-card")!
        let expires = Self.at(10)
        func use(_ hours: Double) -> Event { Event(at: Self.at(hours), .use(feature: card, day: nil)) }
        let events = [
            Event(at: Self.at(0), .install),
            Event(at: Self.at(1), .setEntitlement(Entitlement(product: monthly, expires: expires))),
            use(9.99), // before expires
            use(10), // at expires: the renewal not heard yet
            use(12), // still not heard: the same gap, not counted again
            Event(at: Self.at(13), .setEntitlement(Entitlement(product: monthly, expires: Self.at(10 + 24 * 30)))), // the renewal heard
            use(14),
            use(10 + 24 * 30 + 1), // past the new expires: counted
            use(10 + 24 * 30 + 2),
            Event(at: Self.at(10 + 24 * 30 + 3), .setEntitlement(Entitlement(product: lifetime, expires: nil, renews: false))),
            use(24 * 40), // a lifetime purchase never expires
        ]
        let (_, count) = Self.counts(policy, events)
        #expect(count(.usedAfterExpires) == 2)
        #expect(CoverageCategory.usedAfterExpires.name(in: policy) == "used-after-expires")
    }

    /// A use of `feature`, with no diary day, at `at`.
    static func use(_ feature: Int, at: Instant) -> Event { Event(at: at, .use(feature: feature, day: nil)) }

    /// meal-capture, a use of its `meal` at an instant, and the end of the trial of a user
    /// installed at `at(0)`.
    static func mealCaptureTrial() throws -> (policy: SubscriptionPolicy, use: (Instant) -> Event, end: Instant) {
        let policy = SubscriptionPolicy.mealCapture
        let meal = try #require(policy.featureIndex("meal"))
        return (policy, { use(meal, at: $0) }, at(0).adding(milliseconds: try #require(policy.trial).lengthMilliseconds))
    }

    @Test("the trial's end crossed between two uses counts once, however many uses come before it and after it")
    func trialEndsBetweenUses() throws {
        let (policy, use, end) = try Self.mealCaptureTrial()
        let inTrial = (1...6).map { use(Self.at(Double($0))) } + [use(end.adding(milliseconds: -1))]
        let crossing = [use(end)] + (1...3).map { use(end.adding(milliseconds: Int64($0) * 3_600_000)) }
        let (_, count) = Self.counts(policy, [Event(at: Self.at(0), .install)] + inTrial + [Event(at: Self.at(7), .look)] + crossing)
        #expect(count(.trialEndsBetweenUses) == 1)
        // A first use after the end crosses nothing: there was no use before it.
        let (_, late) = Self.counts(policy, [Event(at: Self.at(0), .install)] + crossing)
        #expect(late(.trialEndsBetweenUses) == 0)
        // Uses that all come before the end cross nothing either.
        let (_, early) = Self.counts(policy, [Event(at: Self.at(0), .install)] + inTrial)
        #expect(early(.trialEndsBetweenUses) == 0)
    }

    @Test("face-recall: the grace's end crossed between two uses counts once, and the grace lived through once")
    func graceEndsBetweenUses() throws {
        let policy = SubscriptionPolicy.faceRecall
        let add = try #require(policy.featureIndex("add-person"))
        func use(_ at: Instant) -> Event { Self.use(add, at: at) }
        let grace = try #require(policy.grace)
        let cutoff = try #require(grace.cutoff)
        let end = cutoff.adding(milliseconds: grace.lengthMilliseconds)
        let day = Milliseconds.twentyFourHours
        let events = [Event(at: cutoff.adding(milliseconds: -9 * day), .install)]
            + (1...3).map { use(end.adding(milliseconds: -Int64($0) * day)) } + (0...2).map { use(end.adding(milliseconds: Int64($0) * day)) }
        let (_, count) = Self.counts(policy, events)
        #expect(count(.graceEndsBetweenUses) == 1)
        #expect(count(.graceLivedThroughInstalledBefore) == 1 && count(.graceLivedThroughInstalledAfter) == 0)
    }

    @Test("the tracker counts any order of events as it comes: a clock that goes back crosses the trial's end and 1980 again")
    func eventsOutOfOrder() throws {
        // (No valid timeline goes back in time or uses the app before its install; the
        // tracker still counts what it is shown, event by event.)
        let (policy, use, end) = try Self.mealCaptureTrial()
        let hour: Int64 = 3_600_000
        let back = [Event(at: Self.at(0), .install), use(end.adding(milliseconds: -1)), use(end.adding(milliseconds: hour)),
                    use(end.adding(milliseconds: -hour)), use(end.adding(milliseconds: 2 * hour))]
        #expect(Self.counts(policy, back).1(.trialEndsBetweenUses) == 2)
        // A use before the install: the trial starts at the install all the same.
        let early = [use(Self.at(-1)), Event(at: Self.at(0), .install), use(end.adding(milliseconds: -1)), use(end)]
        #expect(Self.counts(policy, early).1(.trialEndsBetweenUses) == 1)
        let in1985 = Instant(millisecondsSince1970: Int64(LocalDate.days(year: 1985, month: 6, day: 1)) * Milliseconds.twentyFourHours)
        let in1979 = Instant(millisecondsSince1970: Int64(LocalDate.days(year: 1979, month: 6, day: 1)) * Milliseconds.twentyFourHours)
        #expect(Self.counts(policy, [Event(at: in1985, .install), use(in1979)]).1(.before1980) == 1)
    }

    @Test("a timeline that crosses 2038-01-19 03:14:07Z counts once, at the first event past it")
    func crossing2038() throws {
        let policy = SubscriptionPolicy.dailyQuip
        let card = try #require(policy.featureIndex("view-card"))
        let before = Instant(millisecondsSince1970: 2_147_483_647_000 - 2 * Milliseconds.twentyFourHours)
        let events = [Event(at: before, .install)] + (1...4).map { Self.use(card, at: before.adding(milliseconds: Int64($0) * Milliseconds.twentyFourHours)) }
        let (_, count) = Self.counts(policy, events)
        #expect(count(.after2038) == 1)
        let (_, earlier) = Self.counts(policy, Array(events.prefix(2)))
        #expect(earlier(.after2038) == 0)
    }

    @Test("the last and first minute of a day are the policy's calendar's: UTC for daa-tiers, wherever the device is")
    func calendarMinutes() {
        let policy = SubscriptionPolicy.daaTiers
        let chat = policy.featureIndex("chat")!
        let midnightUTC = Self.at(24)
        let events = [
            Event(at: Self.at(0), .install),
            Event(at: midnightUTC.adding(milliseconds: -30_000), .use(feature: chat, day: nil)), // 23:59:30Z, 08:59:30 in Tokyo
            Event(at: midnightUTC.adding(milliseconds: 1), .use(feature: chat, day: nil)), // 00:00:00.001Z
            Event(at: Self.at(15).adding(milliseconds: -30_000), .use(feature: chat, day: nil)), // 23:59:30 in Tokyo, 14:59:30Z
        ]
        let (_, count) = Self.counts(policy, zone: "Asia/Tokyo", events)
        #expect(count(.zone(.lastMinuteBeforeReset)) == 1)
        #expect(count(.zone(.firstMinuteAfterReset)) == 1)
        #expect(count(.reset(meter: 0, window: .day)) == 1)
    }

    @Test("history days at the window's edge, a month's reset and rollover")
    func historyAndMonths() {
        let policy = SubscriptionPolicy.oxalate
        let track = policy.featureIndex("track-meal")!, ask = policy.featureIndex("ask-oracle")!
        let today = LocalDate(year: 2041, month: 3, day: 30)
        let events = [
            Event(at: Self.at(0), .install),
            Event(at: Self.at(1), .use(feature: track, day: LocalDate(daysSince1970: today.daysSince1970 - 2))), // first day of 3
            Event(at: Self.at(2), .use(feature: track, day: LocalDate(daysSince1970: today.daysSince1970 - 3))), // the day before
            Event(at: Self.at(3), .use(feature: ask, day: nil)),
            Event(at: Self.at(24 * 3), .use(feature: ask, day: nil)), // 2 April: a new month
        ]
        let (_, count) = Self.counts(policy, events)
        #expect(count(.historyFirstDay(feature: track)) == 1 && count(.historyDayBefore(feature: track)) == 1)
        #expect(count(.blocked(plan: policy.planIndex("free"), reason: .history)) == 1)
        #expect(count(.monthRollover) == 1)
        #expect(count(.reset(meter: policy.meterIndex("questions")!, window: .month)) == 1)
    }

    @Test("a rolling window: a use at the instant earlier uses leave it, and a use let through once it has slid rather than emptied")
    func rollingWindow() throws {
        let policy = GenerationSettings.policy("ask-window") // Free: 10 questions in any 24 hours
        let ask = try #require(policy.featureIndex("ask"))
        func asks(_ hours: [Double]) -> [Event] { [Event(at: Self.at(0), .install)] + hours.map { Event(at: Self.at($0), .use(feature: ask, day: nil)) } }
        // Ten at 1 h, blocked at 2 h, then one at 25 h: all ten leave at that very instant,
        // so the window empties (it does not slide).
        let (_, emptied) = Self.counts(policy, asks(Array(repeating: 1, count: 10) + [2, 25]))
        #expect(emptied(.useAtRollingExpiry) == 1)
        #expect(emptied(.rollingFreedPartially) == 0, "the window held nothing once the ten had left")
        #expect(emptied(.blocked(plan: policy.planIndex("free"), reason: .rolling)) == 1)
        // One an hour from 1 h to 10 h, blocked at 11 h, then one at 25 h: the first leaves at
        // that instant, nine stay, and the use goes through on a window that slid.
        let (_, slid) = Self.counts(policy, asks((1...10).map(Double.init) + [11, 25]))
        #expect(slid(.useAtRollingExpiry) == 1)
        #expect(slid(.rollingFreedPartially) == 1)
        // A use between two expiries is at none.
        let (_, between) = Self.counts(policy, asks((1...10).map(Double.init) + [11, 25.5]))
        #expect(between(.useAtRollingExpiry) == 0 && between(.rollingFreedPartially) == 1)
    }
}

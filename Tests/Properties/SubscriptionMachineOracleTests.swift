import Foundation
import Simulator
import SubscriptionModel
import Testing

/// The generic engine, compiled for speed, gives exactly the outputs of its first, plain
/// form (`SubscriptionMachineOracle`): every shipped policy, the built-in examples (credit
/// packs, costs, a day start, weeks), and a policy written here with every window, a trial, a
/// grace, no plan and a calendar zone whose dates change at midnight shifts (and again
/// with a day start at 00:30, a cost of 2, a week from Wednesday and a credit pack), replayed over many random valid
/// timelines through both, output for output, state included. (The screens are the
/// checker's to hold: `ScreenOracle`.)
///
/// Seed `PropertySettings.seed` (`PROPERTY_SEED`), `ORACLE_PROPERTY_USERS` users per
/// policy (default 300). A failure names the policy, seed, user and event, and how to
/// run that user alone.
@Suite("The compiled generic engine agrees with its plain form")
struct SubscriptionMachineOracleTests {
    static let users = ProcessInfo.processInfo.environment["ORACLE_PROPERTY_USERS"].flatMap(Int.init) ?? 300

    static func policy(_ name: String) -> SubscriptionPolicy {
        if name == "every-window" { return everyWindow }
        if name == "every-window-late" { return everyWindowLate }
        if name == "every-pool" { return everyPool }
        if name == "every-anchor" { return everyAnchor }
        return PolicyLoader.builtIn(name)!
    }

    /// Features drawing on two meters (format 8) under every kind of window, on either
    /// meter of the pair: a day from 03:00, a rolling 5 hours, a week from Friday, a month
    /// and a total; a costly use and a use of the second meter alone; guests with no plan
    /// (only registered users get Free) and a plan that does not enable every feature.
    static let everyPool: SubscriptionPolicy = {
        let json = #"""
            {"format": 8, "policy": "every-pool", "calendar": "device", "dayStartsAt": "03:00", "rollingHours": 5, "weekStartsOn": "friday",
             "defaults": {"registered": "free"}, "noPlanResponse": "paywall", "meters": ["a", "b"],
             "features": [{"id": "use-a", "consumes": "a", "then": "b"}, {"id": "big-a", "consumes": "a", "then": "b", "cost": 3},
                          {"id": "use-b", "consumes": "b", "cost": 2}],
             "plans": [
               {"id": "free", "name": "Free", "features": "all", "limits": {"a": {"day": 3, "rolling": 4}, "b": {"week": 5, "month": 8}},
                "responses": {"any": "paywall"}},
               {"id": "plus", "name": "Plus", "products": [{"id": "plus.m", "kind": "auto-renewable", "period": "P1M"}], "features": "all",
                "limits": {"a": {"day": 6, "total": 60}, "b": {"rolling": 6, "total": 40}}, "responses": {"any": "paywall"}},
               {"id": "pro", "name": "Pro", "products": [{"id": "pro.y", "kind": "auto-renewable", "period": "P1Y"}], "features": ["use-a", "big-a"],
                "limits": {"a": {"week": 20, "month": 50}, "b": {"month": 30}}, "responses": {"any": "paywall"}}],
             "screens": {}}
            """#
        do {
            return try SubscriptionPolicy(data: Data(json.utf8), file: "every-pool.json")
        } catch {
            fatalError("the test policy does not read: \(error)")
        }
    }()

    /// `everyWindow` in format 10, its months running from the purchase: days start at
    /// 00:30 in America/Santiago (some in its skipped hour, so an install's or a purchase's
    /// date is not always its wall clock's), Plus limits `a` by a rolling 30 hours beside
    /// its day and month, and a pack adds 5 credits to `a`.
    static let everyAnchor: SubscriptionPolicy = {
        let json = everyWindowText
            .replacingOccurrences(of: #""policy": "every-window", "calendar": "America/Santiago","#,
                                  with: #""format": 10, "policy": "every-anchor", "calendar": "America/Santiago", "dayStartsAt": "00:30", "monthAnchor": "purchase", "rollingHours": 30,"#)
            .replacingOccurrences(of: #""limits": {"a": {"day": 4, "month": 30}, "b": {"stock": 3}},"#,
                                  with: #""limits": {"a": {"day": 4, "month": 12, "rolling": 6}, "b": {"stock": 3}},"#)
            .replacingOccurrences(of: #""month": "paywall", "stock": "paywall"}},"#, with: #""month": "paywall", "stock": "paywall", "rolling": "paywall"}},"#)
            .replacingOccurrences(of: #""noPlanResponse":"#, with: #""creditPacks": [{"id": "a.pack", "meter": "a", "credits": 5}], "noPlanResponse":"#)
        do {
            let policy = try SubscriptionPolicy(data: Data(json.utf8), file: "every-anchor.json")
            precondition(policy.monthsFromPurchase && policy.countsRolling && !policy.creditPacks.isEmpty, "every-anchor lost a part")
            return policy
        } catch {
            fatalError("the test policy does not read: \(error)")
        }
    }()

    /// `everyWindow` in format 6: days start at 00:30 in America/Santiago (whose clocks
    /// move at midnight, so some day starts fall in the skipped hour), `use-b` costs 2,
    /// Plus limits `a` by a week from Wednesday beside its month (so both pass at once,
    /// and credits pay past a week), and a pack adds 5 credits to `a`.
    static let everyWindowLate: SubscriptionPolicy = {
        let json = everyWindowText
            .replacingOccurrences(of: #""policy": "every-window", "calendar": "America/Santiago","#,
                                  with: #""format": 6, "policy": "every-window-late", "calendar": "America/Santiago", "dayStartsAt": "00:30", "weekStartsOn": "wednesday","#)
            .replacingOccurrences(of: #"{"id": "use-b", "consumes": "b"}"#, with: #"{"id": "use-b", "consumes": "b", "cost": 2}"#)
            .replacingOccurrences(of: #""limits": {"a": {"day": 4, "month": 30}, "b": {"stock": 3}},"#,
                                  with: #""limits": {"a": {"day": 4, "month": 14, "week": 6}, "b": {"stock": 3}},"#)
            .replacingOccurrences(of: #""month": "paywall", "stock": "paywall"}},"#, with: #""month": "paywall", "stock": "paywall", "week": "paywall"}},"#)
            .replacingOccurrences(of: #""noPlanResponse":"#, with: #""creditPacks": [{"id": "a.pack", "meter": "a", "credits": 5}], "noPlanResponse":"#)
        do {
            return try SubscriptionPolicy(data: Data(json.utf8), file: "every-window-late.json")
        } catch {
            fatalError("the test policy does not read: \(error)")
        }
    }()

    /// Every window on two meters, a fixed calendar in a zone with offset changes
    /// (America/Santiago moves its clocks at midnight), a trial, a grace that ends in
    /// 2040, a registered default without a guest one (so no plan happens), history,
    /// releases, gates and three paid plans.
    static let everyWindow: SubscriptionPolicy = {
        do {
            return try SubscriptionPolicy(data: Data(everyWindowText.utf8), file: "every-window.json")
        } catch {
            fatalError("the test policy does not read: \(error)")
        }
    }()

    /// `everyWindow`'s file.
    static let everyWindowText = #"""
        {
          "policy": "every-window", "calendar": "America/Santiago",
          "trial": {"plan": "trial", "hours": 50},
          "grace": {"plan": "grace", "installedBefore": "2038-01-19T03:14:08Z", "hours": 30000},
          "defaults": {"registered": "free"},
          "meters": ["a", "b"],
          "features": [
            {"id": "use-a", "consumes": "a"}, {"id": "use-b", "consumes": "b"}, {"id": "give-b", "releases": "b"},
            {"id": "diary", "history": true}, {"id": "gate"}
          ],
          "plans": [
            {"id": "trial", "name": "Trial", "features": "all", "limits": {"a": {"day": 3, "month": 7}, "b": {"stock": 2}},
             "history": {"diary": 2}, "responses": {"any": "paywall"}},
            {"id": "grace", "name": "Grace", "features": ["use-a", "diary"], "limits": {"a": {"total": 9}}, "responses": {"any": "paywall"}},
            {"id": "free", "name": "Free", "features": ["use-a", "use-b", "diary"],
             "limits": {"a": {"day": 2, "month": 5, "total": 40}, "b": {"stock": 1, "day": 2}}, "history": {"diary": 1},
             "responses": {"any": "paywall", "day": {"alert": {"title": "That is all for today", "message": "Come back tomorrow, or upgrade"}}}},
            {"id": "plus", "name": "Plus", "products": [{"id": "plus.m", "kind": "auto-renewable", "period": "P1M"}],
             "features": ["use-a", "use-b", "diary"], "limits": {"a": {"day": 4, "month": 30}, "b": {"stock": 3}},
             "history": {"diary": 7}, "responses": {"not-in-plan": "paywall", "history": "paywall", "day": {"alert": {"title": "Plus daily limit reached", "message": null}}, "month": "paywall", "stock": "paywall"}},
            {"id": "pro", "name": "Pro", "products": [{"id": "pro.y", "kind": "auto-renewable", "period": "P1Y"}],
             "features": "all", "limits": {"a": {"day": {"limit": 8, "hidden": true}}, "b": {"stock": 6, "total": 60}},
             "responses": {"any": {"alert": {"title": "Pro limit", "message": "Ask support"}}}},
            {"id": "max", "name": "Max", "products": [{"id": "max.life", "kind": "non-consumable"}], "features": "all"}
          ],
          "noPlanResponse": {"alert": {"title": "Sign in to continue", "message": null}},
          "screens": {
            "a": {"kind": "meter", "meter": "a", "window": "day", "warningPercent": 50, "warning": "{used} of {limit}",
                  "below": {"kind": "plural", "count": "remaining", "one": "{remaining} left", "other": "{remaining} left"},
                  "reached": "none left", "unlimited": "no limit"},
            "bars": {"kind": "byPlan", "cases": {"none": null}, "else": {"kind": "bar", "meter": "b", "window": "stock"}},
            "warn": {"kind": "metersInWarning", "meters": ["a", "b"], "window": "month", "percent": 60},
            "bill": {"kind": "expiry", "renewing": "Renews {date}", "ending": "Ends {date}"},
            "name": {"kind": "planName"}
          }
        }
        """#

    @Test("every event of random valid timelines gives the same output and state both ways",
          arguments: SubscriptionPolicy.shippedNames + ExamplePolicies.names + ["every-window", "every-window-late", "every-pool", "every-anchor"])
    func agreesWithOracle(name: String) {
        let policy = Self.policy(name)
        let engine = SubscriptionMachine(policy: policy)
        let oracle = SubscriptionMachineOracle(policy: policy)
        let timelines = RandomPolicyTimelines(policy: policy)
        var events = 0, blocked = 0, reasons = Set<BlockReason>(), resets = 0, offers = 0
        for user in 0..<Self.users {
            let (zone, timeline) = timelines.timeline(seed: PropertySettings.seed, user: user)
            var state = engine.initialState(zone: zone)
            var expected = oracle.initialState(zone: zone)
            for (index, event) in timeline.enumerated() {
                func fail(_ what: String) {
                    Issue.record("""
                        \(policy.name): \(what) at event \(index) (\(event)) of user \(user), seed \(PropertySettings.seed)
                        reproduce with: PROPERTY_SEED=\(PropertySettings.seed) ORACLE_PROPERTY_USERS=\(user + 1) swift test --filter SubscriptionMachineOracleTests
                        """)
                }
                if engine.plan(of: state, at: event.at) != oracle.plan(of: expected, at: event.at) { return fail("the plan before the event differs") }
                if engine.usageDay(of: state, at: event.at) != oracle.usageDay(of: expected, at: event.at) { return fail("the usage day before the event differs") }
                let output = engine.apply(event, to: &state)
                let oracleOutput = oracle.apply(event, to: &expected)
                if output != oracleOutput { return fail("the output differs: oracle \(oracleOutput), engine \(output)") }
                let sameState = state.installedAt == expected.installedAt && state.isRegistered == expected.isRegistered
                    && state.zone == expected.zone && state.entitlement == expected.entitlement && state.usageDay == expected.usageDay
                    && Array(state.counts) == expected.counts
                if !sameState { return fail("the state differs: oracle \(expected), engine \(state)") }
                events += 1
                if output.outcome == .blocked { blocked += 1 }
                if let reason = output.reason { reasons.insert(reason) }
                if output.resetAt != nil { resets += 1 }
                if output.upgrade.map({ $0.bits != 0 }) == true { offers += 1 }
            }
        }
        // The timelines reach the rules that matter: blocked uses for every reason the
        // policy can give, with resets and upgrade offers.
        let possible = Set(([nil] + policy.plans.indices.map { Optional($0) }).flatMap { policy.reasonsThatCanOccur(under: $0) })
        #expect(reasons == possible, "reasons reached \(reasons.map(\.name).sorted()), possible \(possible.map(\.name).sorted())")
        #expect(events > Self.users * 50 && blocked > events / 50)
        if possible.contains(.day) || possible.contains(.month) { #expect(resets > 0) }
        if !policy.paidPlans.isEmpty { #expect(offers > 0) }
    }
}

/// Random valid timelines for a policy: the install first, instants never decreasing,
/// only the policy's features and products, a diary day on history uses only. Aimed at
/// the engine's edges: starts from 1970 to 2099 and around a grace cut-off and
/// 2038-01-19, steps to just before and after midnights and month ends in the device's
/// zone and in the policy's calendar, bursts of uses past every limit, zone changes,
/// sign-ins and every kind of entitlement report; under a rolling window, streaks of a
/// burst a day for three weeks.
private struct RandomPolicyTimelines {
    let policy: SubscriptionPolicy
    /// Zones with offset changes at awkward moments (at midnight, by 30 or 45 minutes,
    /// a skipped day), and a few plain ones.
    static let zones = ["UTC", "America/New_York", "Europe/London", "Asia/Kathmandu", "Pacific/Apia", "Australia/Lord_Howe",
                        "America/Santiago", "America/Havana", "Asia/Tokyo", "Pacific/Kiritimati", "America/St_Johns",
                        "Africa/Casablanca", "Asia/Tehran", "America/Los_Angeles"].map { TimeZoneRules.named($0)! }

    /// The largest rolling limit of any plan (0 without a rolling window).
    var largestRolling: Int {
        policy.plans.flatMap { plan in policy.meters.indices.compactMap { plan.limit(meter: $0, .rolling)?.value } }.max() ?? 0
    }

    func timeline(seed: UInt64, user: Int) -> (TimeZoneRules, [Event]) {
        var random = SeededRandom(seed: seed, stream: UInt64(user) &+ 0x5EED)
        var zone = random.pick(Self.zones)
        let start = zone
        // The zone whose midnights are the calendar's day starts (the device's: where it starts).
        let calendarZone: TimeZoneRules
        switch policy.calendar {
        case .device: calendarZone = zone.dayStarting(at: policy.dayStart)
        case .fixed(let fixed): calendarZone = fixed.dayStarting(at: policy.dayStart)
        }
        let year: Int64 = 31_556_952_000
        var now: Instant
        switch random.below(4) {
        case 0 where policy.grace?.cutoff != nil:
            now = policy.grace!.cutoff!.adding(milliseconds: random.int64(in: -(60 * Milliseconds.twentyFourHours)...(60 * Milliseconds.twentyFourHours)))
        case 1:
            now = Instant(millisecondsSince1970: 2_147_483_647_000 + random.int64(in: -(90 * Milliseconds.twentyFourHours)...(90 * Milliseconds.twentyFourHours)))
        default:
            now = Instant(millisecondsSince1970: random.int64(in: 0...(129 * year)))
        }
        let end = Instant(millisecondsSince1970: 130 * year) // before 2100
        var events = [Event(at: now, .install)]
        let count = random.below(10) == 0 ? random.int(in: 300...1_500) : random.int(in: 1...300)
        var entitlement: Entitlement?
        while events.count < count {
            now = advance(now, &random, zones: [zone, calendarZone])
            if now > end { now = end }
            switch random.below(100) {
            case 0..<55:
                events.append(Event(at: now, use(&random, at: now, calendar: calendarZone)))
            case 55..<57 where largestRolling > 0:
                // Under a rolling window, a streak: a burst past the window's limit a day for
                // three weeks, so that a month's limit above the window's is reached too.
                let action = use(&random, at: now, calendar: calendarZone)
                for _ in 0..<21 {
                    now = now.adding(milliseconds: Milliseconds.twentyFourHours + random.int64(in: 0...Milliseconds.hour))
                    for _ in 0..<(largestRolling + 5) { events.append(Event(at: min(now, end), action)) }
                }
            case 55..<65:
                // A burst: the same use again and again, at the same instant or close, past any limit
                // (a month's 200 included).
                let action = use(&random, at: now, calendar: calendarZone)
                for _ in 0..<(random.below(8) == 0 ? random.int(in: 70...260) : random.int(in: 2...70)) {
                    if random.below(3) == 0 { now = now.adding(milliseconds: random.int64(in: 0...(20 * Milliseconds.minute))) }
                    events.append(Event(at: min(now, end), action))
                }
            case 65..<73: events.append(Event(at: now, .look))
            case 73..<76: events.append(Event(at: now, .reinstall))
            case 76..<82:
                zone = random.pick(Self.zones)
                events.append(Event(at: now, .setZone(zone)))
            case 82..<86: events.append(Event(at: now, .signIn))
            case 86..<91 where !policy.creditPacks.isEmpty:
                // A credit pack bought, or one refunded (bought or not: the contract reads both).
                let pack = random.below(policy.creditPacks.count)
                events.append(Event(at: now, random.below(4) == 0 ? .refund(pack: pack) : .purchase(pack: pack)))
            default:
                entitlement = report(&random, at: now, current: entitlement)
                events.append(Event(at: now, .setEntitlement(entitlement)))
            }
        }
        return (start, events)
    }

    /// The next instant: the same, a moment, minutes, hours or days later, or just
    /// around the next midnight or month start in one of `zones`.
    func advance(_ now: Instant, _ random: inout SeededRandom, zones: [TimeZoneRules]) -> Instant {
        switch random.below(12) {
        case 0..<2: return now
        case 2: return now.adding(milliseconds: 1)
        case 3..<5: return now.adding(milliseconds: random.int64(in: 0...(90 * Milliseconds.minute)))
        case 5..<7: return now.adding(milliseconds: random.int64(in: 0...(30 * Milliseconds.hour)))
        case 7: return now.adding(milliseconds: random.int64(in: 0...(45 * Milliseconds.twentyFourHours)))
        case 8: return now.adding(milliseconds: random.int64(in: 0...(400 * Milliseconds.twentyFourHours)))
        case 9, 10:
            let midnight = random.pick(zones).nextDateStart(after: now)
            return max(now, midnight.adding(milliseconds: random.int64(in: -2...2) * Milliseconds.second * Int64(random.below(2) == 0 ? 1 : 1_000)))
        default:
            // Around the start of the next month in a zone.
            let zone = random.pick(zones)
            let (year, month, _) = zone.localDate(at: now).components
            let first = month == 12 ? LocalDate(year: year + 1, month: 1, day: 1) : LocalDate(year: year, month: month + 1, day: 1)
            var at = now
            while zone.localDate(at: at) < first { at = zone.nextDateStart(after: at) }
            return max(now, at.adding(milliseconds: random.int64(in: -5...5) * Milliseconds.minute))
        }
    }

    /// A use of one of the policy's features; a history feature's diary day is around the
    /// calendar's date (both sides of any window), sometimes missing.
    func use(_ random: inout SeededRandom, at: Instant, calendar: TimeZoneRules) -> Event.Action {
        let feature = random.below(policy.features.count)
        guard policy.features[feature].hasHistory, random.below(8) > 0 else { return .use(feature: feature, day: nil) }
        let today = calendar.localDate(at: at).daysSince1970
        return .use(feature: feature, day: LocalDate(daysSince1970: today + Int32(random.int(in: -10...3))))
    }

    /// What StoreKit reports next: a purchase of any product, the same report again, a
    /// renewal, a cancellation, or nothing in force.
    func report(_ random: inout SeededRandom, at: Instant, current: Entitlement?) -> Entitlement? {
        guard !policy.products.isEmpty, random.below(4) > 0 else { return nil }
        if var current, random.below(2) == 0 {
            switch random.below(3) {
            case 0: current.renews = false
            case 1: current.expires = current.expires?.adding(milliseconds: 30 * Milliseconds.twentyFourHours)
            default: break // the same report again
            }
            return current
        }
        let product = random.below(policy.products.count)
        let expires = random.below(4) == 0 ? nil : at.adding(milliseconds: random.int64(in: -(Milliseconds.hour)...(400 * Milliseconds.twentyFourHours)))
        return Entitlement(product: product, expires: expires, renews: random.below(3) > 0)
    }
}

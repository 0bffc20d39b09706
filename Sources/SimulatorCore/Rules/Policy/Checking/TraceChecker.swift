import SubscriptionModel

/// Checks one user's trace under any policy, event by event, against the policy
/// invariants (`Invariant`), and names the first that breaks.
///
/// **An independent oracle.** Every expectation is computed from the trace alone: the
/// events in, and the checker's own running state built from them and the policy's
/// data — the install instant, whether the user signed in, the entitlement last
/// reported, the device's zone, the usage day of the last counted use and each meter's
/// counts recomputed from the uses the checker itself expected to be allowed. The rules
/// are `Oracle` and `ScreenOracle`, written a second time from
/// `docs/policies.md`; nothing asks `SubscriptionMachine` for a plan, a reason, a count or a
/// screen, and nothing reads the implementation's state, so a bug the engine or the
/// implementation has cannot be copied into what it is checked against.
///
/// The one use of the engine is as the contract's *renderer*: an in-process
/// implementation reports plan, counts, entitlement and zone, and the replay line shows
/// the screens `SubscriptionMachine.screens(of:)` renders from that output. The checker
/// renders the implementation's output that way and compares it with its own
/// evaluation of its own expectations (a program that prints its screens itself is
/// checked with `check(_:_:screens:)` instead). Screens depend only on what they read
/// (`ScreenKey`), so each combination of those values is rendered and compared
/// once per checker; this trusts the renderer to be a function of them, as G10 says,
/// and to show a count past its ceiling (the largest a screen expression can tell
/// apart, worked out from the policy) as it shows the ceiling.
///
/// Only the fields the contract shows are checked: the counts of the windows some plan
/// limits (the line's `meters`), and the entitlement and zone through the screens they
/// feed. The checker stops mattering after the first violation (start a new user).
package struct TraceChecker {
    /// What stays the same for every user: the policy, the oracles and what the
    /// contract shows of it, held by reference so the checker is cheap to move.
    private final class Rules {
        let policy: SubscriptionPolicy
        let oracle: Oracle
        let screenOracle: ScreenOracle
        /// Renders an implementation's output into the screens the contract shows.
        let renderer: SubscriptionMachine
        /// Per meter, the windows the contract shows: those some plan limits.
        let shownWindows: [[LimitWindow]]

        init(policy: SubscriptionPolicy) {
            self.policy = policy
            self.oracle = Oracle(policy: policy)
            self.screenOracle = ScreenOracle(policy: policy)
            self.renderer = SubscriptionMachine(policy: policy)
            self.shownWindows = policy.meters.indices.map { meter in
                LimitWindow.allCases.filter { window in policy.plans.contains { $0.limit(meter: meter, window) != nil } }
            }
        }

        /// The screens the contract shows for `output`, rendered by the engine in place
        /// (a call through the stored property would copy the engine and its tables).
        func render(_ output: Output) -> [ScreenValue] {
            renderer.screens(of: output)
        }
    }

    private let rules: Rules
    /// What the screens read (held here rather than in `rules`, so that building a key
    /// reads its tables in place).
    private let screenReads: ScreenKey.Reads
    /// Whether every count a screen reads is one the contract shows (and the checker
    /// compares before the screens).
    private let screensReadShownWindows: Bool
    /// Whether, besides, the key holds everything the screens read: an output whose
    /// entitlement and zone are the checker's own can then be judged by its key.
    private let screensByOwnKey: Bool
    /// Whether the policy has screens at all (and a scratch build does not skip them:
    /// `StageSwitches`).
    private let hasScreens: Bool
    /// Whether the policy sells credit packs (and so the credits are checked).
    private let hasCreditPacks: Bool
    /// Each feature's effect, whether it carries a diary day, and its cost, by feature index.
    private let features: [(effect: Feature.Effect, hasHistory: Bool, cost: Int, then: Int?)]
    /// The uses G6 allows or blocks in one comparison (`PlainUses`): the commonest event,
    /// an allowed one, is expected and checked in a few (`checkPlainUse`), and G9's offer
    /// for a blocked one is a comparison per paid plan.
    private let plainUses: PlainUses
    /// The rules the trace is checked against.
    package var policy: SubscriptionPolicy { rules.policy }
    /// G1–G9, written independently of the engine.
    package var oracle: Oracle { rules.oracle }

    // The running state, from the events alone.
    private var installedAt: Instant?
    private var isRegistered = false
    private var entitlement: Entitlement?
    private var deviceClock = ZoneClock(zone: .utc)
    private var calendarClock: ZoneClock?
    /// Where local dates come from when not the zone tables (the benchmark's baseline).
    private let dates: (any LocalDateSource)?
    /// Whether `dates` is set (tested rather than the existential, on the hot path).
    private let hasDates: Bool
    /// Whether the policy's days start after midnight (`dayStartsAt`).
    private let hasDayStart: Bool
    /// The usage day written with the last counted use (G3), the first day of the month
    /// after it (so "a later month" is one comparison), and the counts as written then.
    private var storedDay: LocalDate?
    private var storedNextMonth: Int32 = .max
    /// The day of the month this user's months start on (G3): 1, or under months that
    /// run from the purchase, the day of the usage day at the install or at the last new
    /// subscription, as the trace shows them.
    private var monthAnchor = 1
    /// The first day of the week after the stored day's (under a policy that counts weeks).
    private var storedNextWeek: Int32 = .max
    /// Whether the policy keeps `week` counts (some plan limits a meter by week).
    private let countsWeeks: Bool
    /// Whether the policy keeps `rolling` counts, the window's length (ms), and per meter
    /// the instant and cost of each use the checker expected counted that the window
    /// still holds, oldest first.
    private let countsRolling: Bool, rollingLength: Int64
    /// Whether months run from the purchase (format 10).
    private let monthsFromPurchase: Bool
    /// Whether it keeps week or rolling counts: the ones compared out of line.
    private let countsExtras: Bool
    private var rollingUses: [RollingUses]
    private var stored: MeterCounts
    private var index = 0

    // Screens: the checker's own values for the key they were last evaluated for, and
    // the keys whose rendering was already compared with them and found right (bounded).
    private var expectedScreens: [ScreenValue] = []
    private var expectedScreensKey: ScreenKey?
    private var verifiedKeys = ScreenKeySet()
    /// The key last found in (or added to) `verifiedKeys`: most events repeat it.
    private var lastVerifiedKey = ScreenKey.impossible
    /// Keys found right whose sources were the checker's own (the entitlement and zone as
    /// the `sources` count numbers them), by their plan, sources and read counts
    /// (`ScreenKey.Reads.readCounts`), in `RecentKeys.slots` slots: an output with the
    /// checker's sources, whose plan, sources and read counts one holds, has that key, so
    /// shows the screens found right for it.
    private var recentKeys = RecentKeys()
    /// Numbers the checker's entitlement and device zone: one more at each event that sets
    /// either, and at each user's start.
    private var sources = 0
    /// The last expiry date worked out for the screens, and what it was worked out from.
    private var lastExpiry = (instant: Instant(millisecondsSince1970: .min), zone: TimeZoneRules.utc, day: Int32.min)
    /// The last blocked use's expectation and what it was worked out from (`BlockedUse`).
    private var lastBlocked = BlockedUse.none
    /// When `lastBlocked` is a use of a feature that draws on a second meter (G6.5): that
    /// meter's counts in force before it, which its expectation read as well.
    private var lastBlockedSecond = UsageCounts()

    // Check counts: events that passed, by kind, and checks recorded from elsewhere.
    private var passedEvents = 0, passedUses = 0, passedGatedUses = 0, passedConsumingUses = 0
    private var recorded = InvariantCounts()

    /// A checker for `policy`; with `dates`, each event's local date comes from that
    /// source instead of the zone tables (G8's reset instants and the expiry dates on
    /// screens still come from the zone tables).
    package init(policy: SubscriptionPolicy, dates: (any LocalDateSource)? = nil) {
        self.rules = Rules(policy: policy)
        let screenReads = ScreenKey.Reads(policy: policy)
        self.hasScreens = !policy.screens.isEmpty && !StageSwitches.skipsScreens
        self.hasCreditPacks = !policy.creditPacks.isEmpty
        self.screenReads = screenReads
        self.screensReadShownWindows = screenReads.windows.allSatisfy { [rules] read in rules.shownWindows[read.meter].contains(read.window) }
        self.screensByOwnKey = screensReadShownWindows && screenReads.isComplete
        self.dates = dates
        self.stored = MeterCounts(meters: policy.meters.count)
        self.features = policy.features.map { ($0.effect, $0.hasHistory, $0.cost, $0.then) }
        // A source of local dates knows no day start: a policy with one reads the zone tables.
        self.hasDates = dates != nil && policy.dayStart == 0
        self.hasDayStart = policy.dayStart != 0
        self.countsWeeks = rules.oracle.countsWeeks
        self.countsRolling = policy.countsRolling
        self.monthsFromPurchase = policy.monthsFromPurchase
        self.rollingLength = policy.rollingLength
        self.countsExtras = countsWeeks || countsRolling
        self.rollingUses = Array(repeating: RollingUses(), count: policy.meters.count)
        self.plainUses = PlainUses(policy: policy)
        if let zone = rules.oracle.fixedZone { calendarClock = ZoneClock(zone: zone) }
    }

    /// Starts a new user whose device is in `zone`; check counts are kept.
    package mutating func start(zone: TimeZoneRules) {
        installedAt = nil
        isRegistered = false
        entitlement = nil
        deviceClock.set(zone)
        sources &+= 1
        storedDay = nil
        storedNextMonth = .max
        monthAnchor = 1
        storedNextWeek = .max
        stored = MeterCounts(meters: stored.count)
        for meter in rollingUses.indices { rollingUses[meter].removeAll() }
        index = 0
        lastBlocked = .none
    }

    /// How many times each invariant was checked.
    package var checks: InvariantCounts {
        var counts = recorded
        for invariant in [Invariant.planInForce, .usageDay, .exactResponses, .resetAt, .upgradeOffer, .countsFollowUses, .exactScreens] {
            counts[invariant] += passedEvents
        }
        counts[.noOverBlocking] += passedUses
        counts[.nothingBeyondPlan] += passedGatedUses
        counts[.limitsRespected] += passedConsumingUses
        if !policy.creditPacks.isEmpty { counts[.creditsKept] += passedEvents }
        return counts
    }

    /// Adds `count` checks of `invariant` made elsewhere (the shadow, determinism, the reference).
    package mutating func record(_ invariant: Invariant, count: Int = 1) {
        recorded[invariant] += count
    }

    /// Checks the output of the next event (the screens rendered from it as the contract
    /// does); returns the first invariant it breaks.
    package mutating func check(_ event: Event, _ output: Output) -> Violation<Invariant>? {
        check(event, output, shown: nil)
    }

    /// Checks the output of the next event with the screen values the implementation
    /// showed itself (a program that prints its own screens), in the policy's order.
    package mutating func check(_ event: Event, _ output: Output, screens: [ScreenValue]) -> Violation<Invariant>? {
        check(event, output, shown: screens)
    }

    /// What G6–G9 expect of one use, before anything is written.
    private struct UseExpectation {
        var outcome: Outcome?
        var reason: BlockReason?
        /// G7: the policy's response for the plan and the reason; none unless blocked.
        var response: BlockResponse?
        var resetAt: Instant?
        var upgrade: PlanSet?
        /// The meter an allowed use counts on (G4), if any.
        var counted: Int?
        /// The meter a releasing use gives an item back to, if any.
        var released: Int?
        /// The counts in force of the feature's meter before the use.
        var before = UsageCounts()
    }

    /// What G6–G9 gave for the last blocked use, and everything they read: a use of the
    /// same feature (and diary day) under the same plan, usage day, counts in force and
    /// device zone, at an instant before the reset instant found, is blocked alike. Most
    /// blocked uses repeat the one before (a user tapping on at the limit), so G6–G9 are
    /// worked out once for each such run. G8's instant is the first after the blocked use
    /// at which the local date passes the usage day (or its month): no instant between
    /// the two does, so it is the answer for any use in between too. (The key holds the
    /// device's zone even under a fixed calendar zone, which only costs a reuse. A use of
    /// a feature with a second meter read that meter's counts too: `lastBlockedSecond`
    /// holds them beside the key.)
    private struct BlockedUse {
        var plan: Int?
        var feature: Int
        var day: LocalDate?
        var usageDay: LocalDate
        var zone: TimeZoneRules
        var from: Instant
        var use: UseExpectation

        /// Matches no use.
        static let none = BlockedUse(plan: nil, feature: -1, day: nil, usageDay: LocalDate(daysSince1970: .min), zone: .utc,
                                     from: Instant(millisecondsSince1970: .max), use: UseExpectation())

        /// Whether a use with these inputs is blocked as this one was. (Static, as the hot
        /// path's helpers are: see `countsAsExpected`.)
        @_transparent
        static func repeats(_ last: BlockedUse, plan: Int?, feature: Int, day: LocalDate?, usageDay: LocalDate, before: UsageCounts,
                            credits: Int, cost: Int, zone: TimeZoneRules, at: Instant) -> Bool {
            last.feature == feature && last.plan == plan && last.usageDay == usageDay && last.day == day && last.use.before == before
                && (credits < cost || last.use.reason?.isLimit != true) // G13: a limit blocks only with fewer credits than the cost
                && last.zone == zone && at >= last.from
                && last.use.resetAt.map { at < $0 } ?? (last.use.reason != .day && last.use.reason != .month && last.use.reason != .week)
        }
    }

    /// Whether the usage day resets the `day`, `month` and `week` counts written on the
    /// stored day.
    private struct Resets {
        var day: Bool
        var month: Bool
        var week = false
    }

    /// G3: every meter's counts written on the stored day as they read under `resets`, in
    /// a policy that keeps no week or rolling counts (the `day` and `month` lanes: the
    /// plain-use shortcut's).
    @inline(__always)
    private static func inForce(_ counts: MeterCounts, _ resets: Resets) -> MeterCounts {
        guard resets.day else { return counts }
        var counts = counts
        let inForce = SIMD4<Int32>(0, resets.month ? 0 : -1, -1, -1)
        for meter in 0..<counts.count { counts.setVector(meter, counts.vector(meter) & inForce) }
        return counts
    }

    /// G3: the counts written on the stored day as they read under `resets`.
    @inline(__always)
    private static func inForce(_ counts: UsageCounts, _ resets: Resets) -> UsageCounts {
        var counts = counts
        if resets.day { counts.day = 0 }
        if resets.month { counts.month = 0 }
        if resets.week { counts.week = 0 }
        return counts
    }

    private mutating func check(_ event: Event, _ output: Output, shown: [ScreenValue]?) -> Violation<Invariant>? {
        let eventIndex = index
        index += 1
        let at = event.at

        // The event's effect on everything but the counts (G1, G12; a zone for G2).
        var startsMonth = false
        switch event.action {
        case .install:
            if installedAt == nil { // G1: recorded once.
                installedAt = at
                startsMonth = monthsFromPurchase
            }
        case .reinstall, .look, .use, .relaunch, .background, .foreground, .timer:
            break // G1, G11: nothing the model reports lives with the installation or the process.
        case .signIn:
            isRegistered = true // G1: registered for good.
        case .setZone(let zone):
            deviceClock.set(zone)
            sources &+= 1
        case .setEntitlement(let next):
            sources &+= 1
            // G3: a subscription to a product not held just before starts a month.
            if monthsFromPurchase, let product = next?.product, entitlement?.product != product { startsMonth = true }
            entitlement = next // G12: product, expires and renews replaced together.
        case .purchase(let pack):
            // A purchase adds the pack's credits to its meter's.
            let meter = policy.creditPacks[pack].meter
            stored.setCredits(min(stored.credits(of: meter) + policy.creditPacks[pack].credits, MeterCounts.largest), of: meter)
        case .refund(let pack):
            // A refund takes back the pack's credits still held, never more than are.
            let meter = policy.creditPacks[pack].meter
            stored.setCredits(max(0, stored.credits(of: meter) - policy.creditPacks[pack].credits), of: meter)
        }

        if countsRolling { advanceRolling(at: at) }

        // G5, G2, G3.
        let plan = rules.oracle.plan(installedAt: installedAt, isRegistered: isRegistered, entitlement: entitlement, at: at)
        let localDate = hasDates ? dates!.localDate(at: at, in: rules.oracle.fixedZone ?? deviceClock.zone)
            : hasDayStart ? dayStartDate(at: at)
            : calendarClock == nil ? deviceClock.localDate(at: at) : calendarClock!.localDate(at: at)
        let usageDay = Oracle.usageDay(stored: storedDay, localDate: localDate)
        if startsMonth { startMonth(on: usageDay) }
        // G3: a later usage day reads every `day` count as 0; one in a later month, every `month` count.
        let resets = Self.resets(on: usageDay, storedDay: storedDay, nextMonth: storedNextMonth, nextWeek: storedNextWeek)
        let resetsDay = resets.day

        // The common uses of plain features (allowed, blocked by the plan, or blocked as the
        // last one was), found so in a few comparisons.
        if case .use(let feature, let day) = event.action, case let meter = plainUses.meter(of: feature), meter != -1,
           checkPlainUse(feature: feature, meter: meter, day: day, output, plan: plan, usageDay: usageDay, resets: resets, at: at) {
            if hasScreens,
               let violation = compareScreens(output, shown: shown, eventIndex: eventIndex, plan: plan,
                                              resets: storedDay == usageDay ? Resets(day: false, month: false) : resets) {
                return violation
            }
            passedEvents &+= 1
            passedUses &+= 1
            if meter >= PlainUses.gate { passedGatedUses &+= 1 } // not a release
            if meter >= 0 { passedConsumingUses &+= 1 }
            return nil
        }

        // G4, G6–G9 for a use.
        var use = UseExpectation()
        var isUse = false, isGated = false, isConsuming = false
        // G13: the credits the feature's meter held before the use, and whether it took
        // some; the units the use costs (G4). (Kept apart from `use`, which is copied with
        // every blocked use.)
        var creditsBefore = 0, paidByCredit = false, cost = 1
        if case .use(let feature, let day) = event.action {
            isUse = true
            let definition = features[feature]
            switch definition.effect {
            case .releases(let meter):
                use.outcome = .allowed // G4: never blocked.
                use.released = meter
            case .gate, .consumes:
                isGated = true
                if case .consumes(let meter) = definition.effect {
                    isConsuming = true
                    cost = definition.cost
                    use.before = Self.inForce(stored[meter], resets)
                    if hasCreditPacks { creditsBefore = stored.credits(of: meter) }
                }
                if let second = definition.then, case .consumes(let first) = definition.effect {
                    expectTwoMeters(&use, first: first, second: second, plan: plan, feature: feature, day: day, usageDay: usageDay, resets: resets, at: at)
                } else if BlockedUse.repeats(lastBlocked, plan: plan, feature: feature, day: day, usageDay: usageDay, before: use.before,
                                             credits: creditsBefore, cost: cost, zone: deviceClock.zone, at: at) {
                    use = lastBlocked.use
                } else {
                    var reason = rules.oracle.blockReason(plan: plan, feature: feature, day: day, usageDay: usageDay, meterCounts: use.before)
                    if countsRolling, let calendar = reason, calendar == .day || calendar == .week || calendar == .month {
                        reason = laterReset(calendar, plan: plan, feature: feature, before: use.before, usageDay: usageDay, at: at)
                    }
                    if let reason, !Oracle.creditPays(reason, credits: creditsBefore, cost: cost) {
                        expectBlocked(reason, &use, plan: plan, feature: feature, day: day, usageDay: usageDay, at: at)
                    } else {
                        use.outcome = .allowed
                        // A use a limit would block goes ahead on the credits held, and takes its cost.
                        paidByCredit = reason != nil
                        // G6.3: a history use counts nothing; G4: a consuming one adds its cost.
                        if isConsuming, !definition.hasHistory, case .consumes(let meter) = definition.effect {
                            use.counted = meter
                        }
                    }
                }
            }
        }

        // The common case, every field and count as expected, is a few comparisons made
        // here; anything else is diagnosed (and named) by `compareFields` and `compareCounts`.
        // (No call on `self` inside `||`: its operand is a closure, which would copy the checker.)
        let fieldsDiffer = output.plan != plan || output.day != usageDay || output.outcome != use.outcome || output.reason != use.reason
            || output.resetAt != use.resetAt || output.upgrade != use.upgrade || output.response != use.response
        if fieldsDiffer,
           let violation = compareFields(event, output, eventIndex: eventIndex, plan: plan, localDate: localDate, usageDay: usageDay, use: use,
                                             credits: paidByCredit ? creditsBefore : 0, cost: cost) {
            return violation
        }
        if !Self.countsAsExpected(output.counts, stored: stored, resets: resets, use: use, cost: cost)
            || countsExtras && !Self.extrasAsExpected(output.counts, stored: stored, resets: resets, use: use, cost: cost,
                                                      weeks: countsWeeks, rolling: countsRolling),
           let violation = compareCounts(event, output, eventIndex: eventIndex, usageDay: usageDay, resets: resets, use: use, cost: cost) {
            return violation
        }
        if hasCreditPacks, let violation = compareCredits(event, output, eventIndex: eventIndex, use: use, paid: paidByCredit, cost: cost) {
            return violation
        }

        // Write what the event changed (G3, G4).
        if let meter = use.counted {
            if resetsDay || storedDay == nil { writeUsageDay(usageDay, resets: resets) }
            stored[meter] = Self.adding(cost, to: stored[meter])
            if countsWeeks { stored[meter].week = Self.countAdding(cost, to: stored[meter].week) }
            if countsRolling {
                rollingUses[meter].append(at: at.millisecondsSince1970, cost: cost)
                stored[meter].rolling = min(rollingUses[meter].cost, MeterCounts.largest)
            }
            if paidByCredit { stored.setCredits(stored.credits(of: meter) - cost, of: meter) }
        }
        if let meter = use.released, stored[meter].stock > 0 {
            stored[meter].stock -= 1
        }

        if hasScreens,
           let violation = compareScreens(output, shown: shown, eventIndex: eventIndex, plan: plan, resets: storedDay == usageDay ? Resets(day: false, month: false) : resets) {
            return violation
        }
        passedEvents &+= 1
        if isUse { passedUses &+= 1 }
        if isGated { passedGatedUses &+= 1 }
        if isConsuming { passedConsumingUses &+= 1 }
        return nil
    }

    /// A use of a plain feature (`PlainUses`: one consuming `meter`, a gate, or a release)
    /// whose output is exactly as expected, when the expectation is a few comparisons: the
    /// plan allows it (what it counts is written, G3, G4), no plan is in force (blocked,
    /// `no-plan`), it repeats the last blocked use (`BlockedUse`; nothing is written), or
    /// it is a gate's or a release's (`checkPlainGate`, `checkRelease`). Says whether it was one; anything else writes
    /// nothing, and the use is checked the whole way (which names what differs). A use
    /// blocked here is not kept as `lastBlocked`: that cache's key holds everything G6–G9
    /// read, so an older entry stays right. (Out of line: inlined, it made `check` larger
    /// for the uses that are not plain, and the whole run slower.)
    @inline(never)
    private mutating func checkPlainUse(feature: Int, meter: Int, day: LocalDate?, _ output: Output, plan: Int?, usageDay: LocalDate,
                                        resets: Resets, at: Instant) -> Bool {
        guard meter >= 0 else {
            if meter == PlainUses.gate { return checkPlainGate(feature: feature, output, plan: plan, usageDay: usageDay, resets: resets) }
            return checkRelease(of: PlainUses.released(meter), output, plan: plan, usageDay: usageDay, resets: resets)
        }
        // (No plan: the feature's meter alone, as a plan that enables it has it.)
        let use = plan.map { plainUses.entry(plan: $0, feature: feature) } ?? PlainUses.Entry(meter: meter)
        guard use.meter >= 0 else { return false }
        // G3: a later usage day reads the `day` counts as 0, a later month the `month` counts too.
        var expected = Self.inForce(stored, resets)
        let before = expected.vector(use.meter)
        guard let plan else {
            // G6 (1): no plan blocks every use; G7: the policy's no-plan response; G8: no
            // reset; G9: the paid plans with room for it. Nothing is written.
            guard output.plan == nil, output.day == usageDay, output.outcome == .blocked, output.reason == .noPlan,
                  output.resetAt == nil, output.response == policy.noPlanResponse,
                  output.upgrade == plainUses.upgradeOffer(plan: nil, feature: feature, counts: before),
                  output.counts == expected else { return false }
            return true
        }
        guard all(before .<= use.room) else {
            // G6–G9 as for the last blocked use, when this one repeats it (`BlockedUse.repeats`:
            // the same feature, diary day, plan, usage day, counts in force and zone, before
            // the reset; a limit blocks it, so with fewer credits than its cost). Nothing is written.
            // (A policy with tables keeps no week or rolling counts: the lanes are all of them.)
            guard lastBlocked.feature == feature, lastBlocked.plan == plan, lastBlocked.usageDay == usageDay, lastBlocked.day == day,
                  lastBlocked.use.before.lanes == before, lastBlocked.zone == deviceClock.zone, at >= lastBlocked.from else { return false }
            if let resetAt = lastBlocked.use.resetAt {
                guard at < resetAt else { return false }
            } else {
                guard let reason = lastBlocked.use.reason, reason != .day, reason != .month, reason != .week else { return false }
            }
            if hasCreditPacks, stored.credits(of: use.meter) >= Int(use.cost) { return false }
            guard output.plan == plan, output.day == usageDay, output.outcome == .blocked, output.reason == lastBlocked.use.reason,
                  output.resetAt == lastBlocked.use.resetAt, output.upgrade == lastBlocked.use.upgrade,
                  output.response == lastBlocked.use.response, output.counts == expected else { return false }
            return true
        }
        guard output.plan == plan, output.day == usageDay, output.outcome == .allowed, output.reason == nil,
              output.response == nil, output.resetAt == nil, output.upgrade == nil else { return false }
        // G4: the cost added to every count of the meter, each stopping at the largest.
        let after = pointwiseMin(before, SIMD4(repeating: .max &- use.cost)) &+ use.cost
        expected.setVector(use.meter, after)
        guard output.counts == expected else { return false }
        if resets.day || storedDay == nil { writeUsageDay(usageDay, resets: resets) }
        stored.setVector(use.meter, after)
        return true
    }

    /// `checkPlainUse` for a plain gate: G6 (1, 2), G7 and G9 read the plan alone
    /// (`PlainUses.gate`); nothing is counted or written. (Out of line: inside
    /// `checkPlainUse`, it made the consuming uses dearer.)
    @inline(never)
    private func checkPlainGate(feature: Int, _ output: Output, plan: Int?, usageDay: LocalDate, resets: Resets) -> Bool {
        let verdict = plainUses.gate(plan: plan, feature: feature)
        guard output.plan == plan, output.day == usageDay, output.outcome == (verdict.reason == nil ? .allowed : .blocked),
              output.reason == verdict.reason, output.resetAt == nil, output.response == verdict.response,
              output.upgrade == verdict.upgrade else { return false }
        // G3: the counts as they read on the usage day.
        return output.counts == Self.inForce(stored, resets)
    }

    /// `checkPlainUse` for a use that releases an item of `meter`: never blocked; one item
    /// of stock given back, if any (G4); nothing else written, not even the usage day. (Out
    /// of line, as `checkPlainGate` is.)
    @inline(never)
    private mutating func checkRelease(of meter: Int, _ output: Output, plan: Int?, usageDay: LocalDate, resets: Resets) -> Bool {
        guard output.plan == plan, output.day == usageDay, output.outcome == .allowed, output.reason == nil, output.response == nil,
              output.resetAt == nil, output.upgrade == nil else { return false }
        // G3: the counts as they read on the usage day; the stock one lower.
        var expected = Self.inForce(stored, resets)
        let given = SIMD4<Int32>(0, 0, 0, expected.vector(meter)[3] > 0 ? 1 : 0)
        expected.setVector(meter, expected.vector(meter) &- given)
        guard output.counts == expected else { return false }
        stored.setVector(meter, stored.vector(meter) &- given)
        return true
    }

    /// G3 under months that run from the purchase: the install or a new subscription
    /// writes `usageDay` (as a counted use does) and starts a month there, which every
    /// `month` count starts again in. (Out of line: most policies' months are calendar
    /// months.)
    @inline(never)
    private mutating func startMonth(on usageDay: LocalDate) {
        let resets = Self.resets(on: usageDay, storedDay: storedDay, nextMonth: storedNextMonth, nextWeek: storedNextWeek) // read before the anchor moves
        monthAnchor = usageDay.components.day
        writeUsageDay(usageDay, resets: resets, anchorMoved: true)
        for meter in stored.indices { stored[meter].month = 0 }
        lastBlocked = .none
    }

    /// G3: what usage day `usageDay` reads as 0 of the counts written on `storedDay`, whose
    /// next month and week start on `nextMonth` and `nextWeek`. (Static, as the hot path's
    /// helpers are: a method on `self` called from `check` copied the whole checker.)
    @inline(__always)
    private static func resets(on usageDay: LocalDate, storedDay: LocalDate?, nextMonth: Int32, nextWeek: Int32) -> Resets {
        let later = storedDay.map { usageDay > $0 } ?? false
        return Resets(day: later, month: later && usageDay.daysSince1970 >= nextMonth, week: later && usageDay.daysSince1970 >= nextWeek)
    }

    /// G3, G4: writes `usageDay` (a later day than the stored one, or the first) as the
    /// stored day, the counts as they read on it (`resets`), with the starts of the month
    /// and the week after it. A later day in the stored day's month (one `resets` does
    /// not start a month on) has the same next month start, so it is worked out again
    /// only for a new month, the first day, or when the months' anchor has moved; the
    /// same for the week.
    @inline(__always)
    private mutating func writeUsageDay(_ usageDay: LocalDate, resets: Resets, anchorMoved: Bool = false) {
        for meter in stored.indices { stored[meter] = Self.inForce(stored[meter], resets) }
        if resets.month || storedDay == nil || anchorMoved { storedNextMonth = Oracle.nextMonthStart(usageDay, anchor: monthAnchor).daysSince1970 }
        if countsWeeks, resets.week || storedDay == nil { storedNextWeek = rules.oracle.nextWeekStart(usageDay).daysSince1970 }
        storedDay = usageDay
    }

    /// G2 under a day start: the date of the calendar's wall clock `dayStart` earlier.
    /// (Out of line: most policies' days start at midnight.)
    @inline(never)
    private mutating func dayStartDate(at: Instant) -> LocalDate {
        let offset = calendarClock == nil ? deviceClock.offsetMilliseconds(at: at) : calendarClock!.offsetMilliseconds(at: at)
        return rules.oracle.calendarDate(at: at, offset: offset)
    }

    /// G7–G9 for a use G6 blocks for `reason` that does not repeat the last blocked one,
    /// kept as `lastBlocked` for the uses that do (and `second`'s counts as
    /// `lastBlockedSecond`). (Out of line: only the first use of a
    /// run of blocked ones comes here, and inlined it made `check` larger for every event.)
    /// (`meter` and `before`: the meter whose reason it is and its counts in force, when
    /// not the feature's own; `second`: a second meter the feature draws on, and its
    /// counts in force, for G9.)
    @inline(never)
    private mutating func expectBlocked(_ reason: BlockReason, _ use: inout UseExpectation, plan: Int?, feature: Int, day: LocalDate?,
                                        usageDay: LocalDate, at: Instant, meter: Int? = nil, before: UsageCounts? = nil,
                                        second: (meter: Int, counts: UsageCounts)? = nil) {
        use.outcome = .blocked
        use.reason = reason
        use.response = rules.oracle.response(plan: plan, reason: reason)
        if reason == .day || reason == .month || reason == .week {
            use.resetAt = rules.oracle.resetAt(reason: reason, after: at, usageDay: usageDay, deviceZone: deviceClock.zone, monthAnchor: monthAnchor)
        }
        if reason == .rolling { use.resetAt = rollingReset(plan: plan, feature: feature, meter: meter, before: before ?? use.before) }
        if second == nil, plainUses.isPlain(feature: feature) {
            use.upgrade = plainUses.upgradeOffer(plan: plan, feature: feature, counts: use.before.lanes)
        } else {
            use.upgrade = rules.oracle.upgradeOffer(plan: plan, feature: feature, day: day, usageDay: usageDay, meterCounts: use.before, second: second)
        }
        lastBlocked = BlockedUse(plan: plan, feature: feature, day: day, usageDay: usageDay, zone: deviceClock.zone, from: at, use: use)
        lastBlockedSecond = second?.counts ?? UsageCounts()
    }

    // MARK: The fields

    /// Plan, usage day, outcome, reason, response, reset instant and upgrade offer, in
    /// that order; the first that differs names its invariant.
    private func compareFields(_ event: Event, _ output: Output, eventIndex: Int, plan: Int?, localDate: LocalDate,
                               usageDay: LocalDate, use: UseExpectation, credits: Int, cost: Int) -> Violation<Invariant>? {
        func violation(_ invariant: Invariant, _ detail: @autoclosure () -> String) -> Violation<Invariant> {
            Violation<Invariant>(invariant: invariant, eventIndex: eventIndex, detail: detail())
        }
        if output.plan != plan {
            return violation(.planInForce, "plan \(rules.oracle.planName(output.plan)), expected \(rules.oracle.planName(plan)) (\(planWhy(at: event.at)))")
        }
        if output.day != usageDay {
            return violation(.usageDay, "day \(output.day), expected \(usageDay): the later of the last counted use's day \(storedDay.map { "\($0)" } ?? "(none)") and the local date \(localDate) in \(calendarName)")
        }
        if output.outcome != use.outcome {
            return violation(outcomeInvariant(output.outcome, use), outcomeDetail(event, output, use: use, plan: plan, usageDay: usageDay, credits: credits, cost: cost))
        }
        if output.reason != use.reason {
            if use.outcome == .blocked {
                return violation(.noOverBlocking, "reason \(output.reason?.name ?? "null"), expected \(use.reason!.name): \(reasonWhy(use.reason!, plan: plan, before: use.before, feature: event.feature, day: event.day, usageDay: usageDay))")
            }
            return violation(.exactResponses, "reason \(output.reason!.name) on \(eventName(event, outcome: output.outcome)), expected null")
        }
        // G7: the policy's own response for (plan, reason); none for anything but a blocked use.
        if output.response != use.response {
            return violation(.exactResponses, "response \(Self.show(output.response)), expected \(Self.show(use.response))" +
                             (use.reason.map { " (\(rules.oracle.planName(plan)), \($0.name))" } ?? " on \(eventName(event, outcome: output.outcome))"))
        }
        if output.resetAt != use.resetAt {
            return violation(.resetAt, "resetAt \(output.resetAt.map { "\($0)" } ?? "null"), expected \(use.resetAt.map { "\($0)" } ?? "null")" +
                             (use.resetAt == nil ? " (\(use.reason.map { "blocked by \($0.name)" } ?? eventName(event, outcome: output.outcome)))"
                                                 : " (blocked by \(use.reason!.name) on usage day \(usageDay) in \(calendarName))"))
        }
        if output.upgrade != use.upgrade {
            return violation(.upgradeOffer, "upgrade \(offerText(output.upgrade)), expected \(offerText(use.upgrade))" +
                             (use.upgrade == nil ? " (\(eventName(event, outcome: output.outcome)))" : " (blocked by \(use.reason!.name) under \(rules.oracle.planName(plan)))"))
        }
        return nil
    }

    /// Which invariant a wrong outcome breaks: an allowed use G6 blocks goes beyond the
    /// plan or past a limit; a use G6 allows that was not allowed is over-blocked.
    private func outcomeInvariant(_ got: Outcome?, _ use: UseExpectation) -> Invariant {
        switch (use.outcome, got) {
        case (.blocked?, .allowed?):
            switch use.reason! {
            case .noPlan, .notInPlan, .history: return .nothingBeyondPlan
            case .day, .week, .month, .total, .stock, .rolling: return .limitsRespected
            }
        case (.allowed?, _): return .noOverBlocking
        default: return .exactResponses // an outcome on an event that is not a use, or none on a use
        }
    }

    private func outcomeDetail(_ event: Event, _ output: Output, use: UseExpectation, plan: Int?, usageDay: LocalDate, credits: Int, cost: Int) -> String {
        let got = "outcome \(output.outcome?.rawValue ?? "null")"
        guard case .use(let feature, let day) = event.action else { return "\(got) on a \(event.action.name), expected null" }
        let id = policy.features[feature].id
        switch use.outcome {
        case .blocked?:
            return "\(got) for \(id), expected blocked: \(reasonWhy(use.reason!, plan: plan, before: use.before, feature: feature, day: day, usageDay: usageDay))"
        default:
            if use.released != nil { return "\(got) for \(id), expected allowed: a release is never blocked" }
            return "\(got) for \(id), expected allowed: \(allowedWhy(feature, plan: plan, before: use.before, credits: credits, cost: cost, usageDay: usageDay))"
        }
    }

    /// Why G6 gives `reason`, in one clause.
    private func reasonWhy(_ reason: BlockReason, plan: Int?, before: UsageCounts, feature: Int? = nil, day: LocalDate? = nil, usageDay: LocalDate? = nil) -> String {
        switch reason {
        case .noPlan: return "no plan is in force (\(planWhy(at: nil)))"
        case .notInPlan: return "\(rules.oracle.planName(plan)) does not enable it"
        case .history:
            let days = plan.flatMap { p in feature.flatMap { policy.plans[p].historyDays[$0] } }
            return "day \(day.map { "\($0)" } ?? "?") is before \(rules.oracle.planName(plan))'s \(days.map(String.init) ?? "?")-day window ending \(usageDay.map { "\($0)" } ?? "?")"
        case .day, .week, .month, .total, .stock, .rolling:
            let window = LimitWindow(name: reason.name)!
            let cost = feature.map { policy.features[$0].cost } ?? 1
            if secondMeterBefore(feature, usageDay: usageDay) != nil {
                return "neither meter it draws on has room under \(rules.oracle.planName(plan)), and \(window.name)'s reset comes first (\(usedText(before, feature: feature, usageDay: usageDay)))"
            }
            // Which window G6.4 names when several block: said only when the plan limits the
            // meter by more than one.
            let meter = feature.flatMap { feature -> Int? in if case .consumes(let meter) = policy.features[feature].effect { meter } else { nil } }
            let windows = plan.flatMap { plan in meter.map { meter in LimitWindow.allCases.filter { policy.plans[plan].limit(meter: meter, $0) != nil }.count } } ?? 2
            // (After the counts, so that no window's name in the order reads as the one reached.)
            let order = countsWeeks ? "total, stock, month or week (whichever starts again later), day" : "total, stock, month, day"
            let first = { (verb: String) in windows < 2 ? "" : "; of the windows \(verb), G6.4 names the first in the order \(order)" }
            let used = usedText(before, feature: feature, usageDay: usageDay)
            if cost > 1 {
                return "\(before[window]) used in window \(window.name) and the \(cost) units a use costs pass \(rules.oracle.planName(plan))'s limit (\(used))\(first("passed"))"
            }
            return "\(before[window]) used in window \(window.name) reaches \(rules.oracle.planName(plan))'s limit (\(used))\(first("reached"))"
        }
    }

    private func allowedWhy(_ feature: Int, plan: Int?, before: UsageCounts, credits: Int, cost: Int, usageDay: LocalDate) -> String {
        guard case .consumes = policy.features[feature].effect else { return "\(rules.oracle.planName(plan)) enables it" }
        let used = usedText(before, feature: feature, usageDay: usageDay)
        if credits > 0 {
            return "\(rules.oracle.planName(plan)) enables it, and a limit reached is paid by \(cost == 1 ? "one" : "\(cost)") of the \(credits) credits held (\(used))"
        }
        if secondMeterBefore(feature, usageDay: usageDay) != nil {
            return "\(rules.oracle.planName(plan)) enables it and one of the two meters it draws on has room (\(used))"
        }
        return "\(rules.oracle.planName(plan)) enables it and no limit is reached (\(used))"
    }

    /// `used: day 3, total 40`: the counts of the windows some plan limits on the
    /// feature's meter (all four when the feature is not known), so that a message names
    /// no window the policy does not have; for a feature drawing on two meters (G6.5),
    /// `used on daily: day 3; on pool: month 2`, each meter's own.
    private func usedText(_ before: UsageCounts, feature: Int?, usageDay: LocalDate?) -> String {
        func windows(of meter: Int?) -> [LimitWindow] {
            guard let meter else { return LimitWindow.allCases }
            let limited = LimitWindow.allCases.filter { window in policy.plans.contains { $0.limit(meter: meter, window) != nil } }
            return limited.isEmpty ? LimitWindow.allCases : limited
        }
        func counts(_ counts: UsageCounts, _ meter: Int?) -> String { windows(of: meter).map { "\($0.name) \(counts[$0])" }.joined(separator: ", ") }
        var first: Int?
        if let feature, case .consumes(let meter) = policy.features[feature].effect { first = meter }
        if let first, let (second, secondCounts) = secondMeterBefore(feature, usageDay: usageDay) {
            return "used on \(policy.meters[first]): \(counts(before, first)); on \(policy.meters[second]): \(counts(secondCounts, second))"
        }
        return "used: " + counts(before, first)
    }

    /// For diagnostics, before the event's writes: the second meter of `feature` (G6.5),
    /// if it draws on one, with its counts in force on `usageDay`.
    private func secondMeterBefore(_ feature: Int?, usageDay: LocalDate?) -> (meter: Int, counts: UsageCounts)? {
        guard let feature, let second = policy.features[feature].then, let usageDay else { return nil }
        return (second, Self.inForce(stored[second], Self.resets(on: usageDay, storedDay: storedDay, nextMonth: storedNextMonth, nextWeek: storedNextWeek)))
    }

    /// What G5 looked at.
    private func planWhy(at: Instant?) -> String {
        var parts = ["entitlement \(entitlement.map { policy.products[$0.product].id } ?? "none")"]
        parts.append(installedAt.map { "installed \($0)" } ?? "not installed")
        parts.append(isRegistered ? "registered" : "guest")
        return parts.joined(separator: ", ")
    }

    private func eventName(_ event: Event, outcome: Outcome?) -> String {
        if case .use = event.action { return "an \(outcome?.rawValue ?? "unanswered") use" }
        return "a \(event.action.name)"
    }

    private var calendarName: String {
        (rules.oracle.fixedZone?.identifier ?? "the device's zone \(deviceClock.zone.identifier)")
            + (hasDayStart ? ", days counted from \(DayStartText.text(minutes: Int(rules.oracle.dayStart / Milliseconds.minute)))" : "")
    }

    private func offerText(_ offer: PlanSet?) -> String {
        guard let offer else { return "null" }
        return "[" + offer.map { rules.oracle.planName($0) }.joined(separator: ", ") + "]"
    }

    static func show(_ response: BlockResponse?) -> String {
        switch response {
        case nil: "null"
        case .paywall?: "paywall"
        case .alert(let alert)?: "alert \"\(alert.title)\" / \(alert.message.map { "\"\($0)\"" } ?? "null")"
        }
    }

    // MARK: Counts

    /// Whether every meter's counts after the event are exactly the expected ones. (Static,
    /// as the helpers the hot path calls are: a method called from the mutating `check`
    /// would be handed a copy of the whole checker.)
    @_transparent
    private static func countsAsExpected(_ counts: MeterCounts, stored: MeterCounts, resets: Resets, use: UseExpectation, cost: Int) -> Bool {
        guard counts.count == stored.count else { return false }
        for meter in stored.indices {
            // (The week and rolling counts are compared apart: `extrasAsExpected`.)
            if !counts[meter].equalsIgnoringWeekAndRolling(expectedCounts(stored[meter], meter: meter, resets: resets, use: use, cost: cost)) {
                return false
            }
        }
        return true
    }

    /// Under a policy that keeps week or rolling counts (G4): whether every meter's `week`
    /// and `rolling` counts after the event are the expected ones (0 for a window the
    /// policy does not count). (Apart from `countsAsExpected`, and out of line, so that a
    /// policy with neither checks its counts as before those windows.)
    @inline(never)
    private static func extrasAsExpected(_ counts: MeterCounts, stored: MeterCounts, resets: Resets, use: UseExpectation, cost: Int,
                                         weeks: Bool, rolling: Bool) -> Bool {
        guard counts.count == stored.count else { return false }
        return stored.indices.allSatisfy { meter in
            counts[meter].week == (weeks ? expectedWeek(stored[meter], meter: meter, resets: resets, use: use, cost: cost) : 0)
                && counts[meter].rolling == (rolling ? expectedRolling(stored[meter], meter: meter, use: use, cost: cost) : 0)
        }
    }

    /// A meter's `rolling` count right after the event (a policy that keeps rolling
    /// counts; the uses that left the window are already out of `stored`).
    private static func expectedRolling(_ stored: UsageCounts, meter: Int, use: UseExpectation, cost: Int) -> Int {
        use.counted == meter ? countAdding(cost, to: stored.rolling) : stored.rolling
    }

    /// G4 for a rolling window: the uses at or before `at` less the window's length leave
    /// it; each meter's `rolling` count is the cost of those it still holds. (Out of line:
    /// a policy without a rolling limit never calls it.)
    @inline(never)
    private mutating func advanceRolling(at: Instant) {
        let cutoff = at.millisecondsSince1970 - rollingLength
        for meter in rollingUses.indices {
            // (Each meter's `rolling` count is its uses' cost, stopped at the largest,
            // written where a use comes in and here when some leave.)
            if rollingUses[meter].leave(through: cutoff) {
                stored[meter].rolling = min(rollingUses[meter].cost, MeterCounts.largest)
            }
        }
    }

    /// G8 for a use of `feature` blocked by its rolling limit under `plan`: the first
    /// instant at which enough of the meter's uses have left the window for it, or at
    /// which none is left when its cost is above the limit.
    private func rollingReset(plan: Int?, feature: Int, meter: Int? = nil, before: UsageCounts) -> Instant? {
        guard let plan, let meter = meter ?? consumedMeter(feature),
              let limit = policy.plans[plan].limit(meter: meter, .rolling)?.value else { return nil }
        let room = max(limit - policy.features[feature].cost, 0) // the count at which the use fits
        var count = before.rolling
        for held in rollingUses[meter].held {
            count -= held.cost
            if count <= room { return Instant(millisecondsSince1970: held.at + rollingLength) }
        }
        return nil
    }

    /// G6.4 when a calendar window blocks a use and its meter's rolling limit would too:
    /// the one whose reset instant (G8) comes later; the calendar window on a tie.
    @inline(never)
    private func laterReset(_ calendar: BlockReason, plan: Int?, feature: Int, meter: Int? = nil, before: UsageCounts, usageDay: LocalDate,
                            at: Instant) -> BlockReason {
        guard let plan, let meter = meter ?? consumedMeter(feature),
              let limit = policy.plans[plan].limit(meter: meter, .rolling)?.value, before.rolling + policy.features[feature].cost > limit,
              let rolling = rollingReset(plan: plan, feature: feature, meter: meter, before: before),
              let calendarReset = rules.oracle.resetAt(reason: calendar, after: at, usageDay: usageDay, deviceZone: deviceClock.zone, monthAnchor: monthAnchor) else { return calendar }
        return rolling > calendarReset ? .rolling : calendar
    }

    /// The meter `feature` consumes, if any.
    private func consumedMeter(_ feature: Int) -> Int? {
        if case .consumes(let meter) = policy.features[feature].effect { return meter }
        return nil
    }

    /// G6.5 for a use of a feature that draws on `first`, then `second`: allowed on the
    /// first meter while its limits allow it, then on the second; blocked when both block,
    /// for the reason whose reset (G8) comes first (one without a reset last; the first
    /// meter's on a tie). (Out of line: only a policy with such a feature calls it. Taken
    /// from `lastBlocked` only when `lastBlockedSecond` holds the second meter's counts
    /// too: the key of `BlockedUse` holds the first meter's alone.)
    @inline(never)
    private mutating func expectTwoMeters(_ use: inout UseExpectation, first: Int, second: Int, plan: Int?, feature: Int, day: LocalDate?,
                                          usageDay: LocalDate, resets: Resets, at: Instant) {
        let secondBefore = Self.inForce(stored[second], resets)
        // A use blocked as the last one was, with the second meter's counts as they were
        // then too (most blocked uses repeat the one before; see `BlockedUse`). The credits
        // and cost passed make its G13 clause true: this path reads no credits.
        if lastBlockedSecond == secondBefore,
           BlockedUse.repeats(lastBlocked, plan: plan, feature: feature, day: day, usageDay: usageDay, before: use.before,
                              credits: 0, cost: 1, zone: deviceClock.zone, at: at) {
            use = lastBlocked.use
            return
        }
        var firstReason = rules.oracle.blockReason(plan: plan, feature: feature, day: day, usageDay: usageDay, meterCounts: use.before)
        if countsRolling, let calendar = firstReason, calendar == .day || calendar == .week || calendar == .month {
            firstReason = laterReset(calendar, plan: plan, feature: feature, meter: first, before: use.before, usageDay: usageDay, at: at)
        }
        guard let firstReason else {
            use.outcome = .allowed
            use.counted = first
            return
        }
        guard firstReason.isLimit, let plan else {
            // No plan, or not in it: G9 still offers the plans under which either meter has room.
            expectBlocked(firstReason, &use, plan: plan, feature: feature, day: day, usageDay: usageDay, at: at, second: (second, secondBefore))
            return
        }
        var secondReason = rules.oracle.limitReason(plan: plan, meter: second, cost: policy.features[feature].cost, usageDay: usageDay, meterCounts: secondBefore)
        if countsRolling, let calendar = secondReason, calendar == .day || calendar == .week || calendar == .month {
            secondReason = laterReset(calendar, plan: plan, feature: feature, meter: second, before: secondBefore, usageDay: usageDay, at: at)
        }
        guard let secondReason else {
            use.outcome = .allowed
            use.counted = second
            return
        }
        let firstReset = expectedReset(firstReason, plan: plan, feature: feature, meter: first, before: use.before, usageDay: usageDay, at: at)
        let secondReset = expectedReset(secondReason, plan: plan, feature: feature, meter: second, before: secondBefore, usageDay: usageDay, at: at)
        if let secondReset, firstReset.map({ secondReset < $0 }) ?? true {
            expectBlocked(secondReason, &use, plan: plan, feature: feature, day: day, usageDay: usageDay, at: at, meter: second, before: secondBefore,
                          second: (second, secondBefore))
        } else {
            expectBlocked(firstReason, &use, plan: plan, feature: feature, day: day, usageDay: usageDay, at: at, meter: first, before: use.before,
                          second: (second, secondBefore))
        }
    }

    /// G8 for a use of `feature` on `meter` (counts in force `before`) blocked for `reason`.
    private func expectedReset(_ reason: BlockReason, plan: Int, feature: Int, meter: Int, before: UsageCounts, usageDay: LocalDate, at: Instant) -> Instant? {
        switch reason {
        case .day, .week, .month: rules.oracle.resetAt(reason: reason, after: at, usageDay: usageDay, deviceZone: deviceClock.zone, monthAnchor: monthAnchor)
        case .rolling: rollingReset(plan: plan, feature: feature, meter: meter, before: before)
        default: nil
        }
    }

    /// A meter's `week` count right after the event (a policy that keeps week counts).
    private static func expectedWeek(_ stored: UsageCounts, meter: Int, resets: Resets, use: UseExpectation, cost: Int) -> Int {
        let week = inForce(stored, resets).week
        return use.counted == meter ? countAdding(cost, to: week) : week
    }

    /// G4 for a week or rolling count: the use's cost added, stopping at 2,147,483,647.
    private static func countAdding(_ cost: Int, to week: Int) -> Int {
        min(week + cost, MeterCounts.largest)
    }

    /// Each meter's counts after the event, on the windows the contract shows.
    private func compareCounts(_ event: Event, _ output: Output, eventIndex: Int, usageDay: LocalDate, resets: Resets,
                               use: UseExpectation, cost: Int) -> Violation<Invariant>? {
        guard output.counts.count == stored.count else {
            return Violation<Invariant>(invariant: .countsFollowUses, eventIndex: eventIndex,
                                   detail: "counts for \(output.counts.count) meters, expected \(stored.count) (\(policy.meters.joined(separator: ", ")))")
        }
        for meter in stored.indices {
            var expected = Self.expectedCounts(stored[meter], meter: meter, resets: resets, use: use, cost: cost)
            if countsWeeks { expected.week = Self.expectedWeek(stored[meter], meter: meter, resets: resets, use: use, cost: cost) }
            if countsRolling { expected.rolling = Self.expectedRolling(stored[meter], meter: meter, use: use, cost: cost) }
            let got = output.counts[meter]
            if got == expected { continue }
            for window in rules.shownWindows[meter] where got[window] != expected[window] {
                return Violation<Invariant>(invariant: .countsFollowUses, eventIndex: eventIndex,
                                       detail: "\(policy.meters[meter]) \(window.name) \(got[window]), expected \(expected[window]) (\(countsWhy(event, meter: meter, window: window, use: use, cost: cost, usageDay: usageDay)))")
            }

        }
        return nil
    }

    /// A meter's counts in force right after the event, from those written before it.
    @inline(__always)
    private static func expectedCounts(_ stored: UsageCounts, meter: Int, resets: Resets, use: UseExpectation, cost: Int) -> UsageCounts {
        var counts = inForce(stored, resets)
        if use.counted == meter { counts = adding(cost, to: counts) }
        if use.released == meter, counts.stock > 0 { counts.stock -= 1 }
        return counts
    }

    /// G4: an allowed use adds its cost to the `day`, `month`, `total` and `stock` counts
    /// (a `week` count too under a policy that keeps them: `countAdding`), each stopping
    /// at 2,147,483,647. (`total` is the largest of the four, and `stock` only ever at
    /// most it: the clamp is needed only when they pass, a branch never taken in practice.)
    @inline(__always)
    private static func adding(_ cost: Int, to counts: UsageCounts) -> UsageCounts {
        if counts.total + cost > MeterCounts.largest || counts.stock + cost > MeterCounts.largest { return clamped(cost, counts) }
        var counts = counts
        counts.day += cost
        counts.month += cost
        counts.total += cost
        counts.stock += cost
        return counts
    }

    /// The cost added, each count stopping at 2,147,483,647.
    @inline(never)
    private static func clamped(_ cost: Int, _ counts: UsageCounts) -> UsageCounts {
        let largest = MeterCounts.largest
        return UsageCounts(day: min(counts.day + cost, largest), month: min(counts.month + cost, largest), total: min(counts.total + cost, largest),
                           stock: min(counts.stock + cost, largest), week: counts.week)
    }

    /// Each meter's credits after the event (G13): those recomputed from the trace.
    @inline(never)
    private func compareCredits(_ event: Event, _ output: Output, eventIndex: Int, use: UseExpectation, paid: Bool, cost: Int) -> Violation<Invariant>? {
        guard output.counts.count == stored.count else { return nil } // named by compareCounts
        for meter in stored.indices where policy.hasCredits(meter: meter) {
            let expected = stored.credits(of: meter) - (paid && use.counted == meter ? cost : 0)
            let got = output.counts.credits(of: meter)
            if got != expected {
                return Violation<Invariant>(invariant: .creditsKept, eventIndex: eventIndex,
                                            detail: "\(policy.meters[meter]) credits \(got), expected \(expected) (\(creditsWhy(event, meter: meter, use: use, paid: paid, cost: cost)))")
            }
        }
        return nil
    }

    private func creditsWhy(_ event: Event, meter: Int, use: UseExpectation, paid: Bool, cost: Int) -> String {
        switch event.action {
        case .purchase(let pack): return "a purchase of \(policy.creditPacks[pack].id) adds \(policy.creditPacks[pack].credits)"
        case .refund(let pack): return "a refund of \(policy.creditPacks[pack].id) takes back its \(policy.creditPacks[pack].credits) credits, or every one held when fewer are"
        default:
            if paid { return cost == 1 ? "the use went ahead past a limit on a credit, which it takes" : "the use went ahead past a limit on credits, and takes its cost, \(cost)" }
            if use.counted == meter { return "a use within the plan's limits takes no credit" }
            return "a \(event.action.name) changes no credit"
        }
    }

    private func countsWhy(_ event: Event, meter: Int, window: LimitWindow, use: UseExpectation, cost: Int, usageDay: LocalDate) -> String {
        if use.counted == meter { return "an allowed use adds its cost, \(cost), to every window" }
        if use.released == meter { return "a release gives one item of stock back, if any, and writes nothing else" }
        if case .use = event.action, use.outcome == .blocked { return "a blocked use changes nothing" }
        let resetsDay = storedDay.map { usageDay > $0 } ?? false
        switch window {
        case .day where resetsDay: return "usage day \(usageDay) is later than the last counted day \(storedDay!): day reads 0"
        case .month where resetsDay: return "the month of usage day \(usageDay) against the last counted day \(storedDay!)"
        case .week where resetsDay: return "the week (from \(policy.firstWeekday?.name ?? "monday")) of usage day \(usageDay) against the last counted day \(storedDay!)"
        case .total, .stock: return "\(window.name) never resets; a \(event.action.name) changes no count"
        default: return "a \(event.action.name) changes no count"
        }
    }

    // MARK: Screens

    /// G10: the screens shown (or rendered from the output) against the checker's own.
    ///
    /// Screens are a function of their key (`ScreenKey`: the plan, the counts they
    /// read, the entitlement's details they show). An output whose key equals the
    /// checker's own, for a key already rendered and found right, shows the same screens
    /// again: that is a comparison of two keys and a set lookup. Any other output is
    /// rendered and compared with the checker's own values (evaluated once per key in a
    /// row), and screens a program showed itself are compared every time.
    ///
    /// By the time screens are checked, the output's plan and the counts of every window
    /// some plan limits were found equal to the checker's own. So when the screens read
    /// only such windows and the output carries the checker's entitlement and zone, the
    /// output's key is the checker's, and one key is built, not two.
    ///
    /// Most events leave all of that as it was: an output with the checker's entitlement
    /// and zone, and the plan, entitlement and zone of an output whose screens were found
    /// right, has that output's key but for the counts; when the counts the key holds are
    /// that key's too (`ScreenKey.Reads.readCounts`: the few lanes read, each up to its
    /// ceiling), it shows those screens again (`recentKeys`, which holds the recent such
    /// keys). So does one whose key was verified before. Both are found here; everything
    /// else (a key not seen yet, an output whose sources are not the checker's) is
    /// `compareScreensByKey`.
    @inline(__always)
    private mutating func compareScreens(_ output: Output, shown: [ScreenValue]?, eventIndex: Int, plan: Int?, resets: Resets) -> Violation<Invariant>? {
        if shown == nil, screensByOwnKey, output.entitlement == entitlement, output.zone == deviceClock.zone {
            // (The entitlement and zone are the checker's, and so a held key's while `sources` is theirs.)
            if recentKeys.contains(plan: output.plan, sources: sources, lanes: screenReads.readCounts(output.counts, plan: output.plan)) {
                return nil
            }
            // The output's key is the checker's own: one already verified shows the same screens.
            let key = screenKey(of: output)
            if isVerified(key) {
                verified(key, output, sameSources: true)
                return nil
            }
        }
        return compareScreensByKey(output, shown: shown, eventIndex: eventIndex, plan: plan, resets: resets)
    }

    /// The rest of G10's check: keys built from both sides when the output's sources
    /// are not the checker's, and a key not verified yet rendered and compared.
    @inline(never)
    private mutating func compareScreensByKey(_ output: Output, shown: [ScreenValue]?, eventIndex: Int, plan: Int?, resets: Resets) -> Violation<Invariant>? {
        var outputKey: ScreenKey?
        let key: ScreenKey
        if shown == nil {
            if let product = output.entitlement?.product, product < 0 || product >= rules.policy.products.count {
                return Violation<Invariant>(invariant: .exactScreens, eventIndex: eventIndex, detail: "entitlement product #\(product), which \(policy.name) does not sell")
            }
        }
        let sameSources = shown == nil && screensReadShownWindows && output.entitlement == entitlement && output.zone == deviceClock.zone
        if shown == nil, screenReads.isComplete {
            let built = screenKey(of: output)
            outputKey = built
            key = sameSources ? built : expectedKey(plan: plan, resets: resets)
            if built == key, isVerified(key) {
                verified(key, output, sameSources: sameSources)
                return nil
            }
        } else {
            key = expectedKey(plan: plan, resets: resets)
        }
        if !screenReads.isComplete || key != expectedScreensKey {
            let credits = hasCreditPacks ? stored.indices.map(stored.credits(of:)) : []
            expectedScreens = rules.screenOracle.values(.init(plan: plan, counts: stored.map { Self.inForce($0, resets) }, credits: credits,
                                                              entitlement: entitlement, zone: deviceClock.zone))
            expectedScreensKey = screenReads.isComplete ? key : nil
        }
        let values = shown ?? rules.render(output)
        if values != expectedScreens {
            return screensViolation(values, eventIndex: eventIndex, plan: plan)
        }
        if outputKey == key {
            verifiedKeys.insert(key)
            verified(key, output, sameSources: sameSources)
        }
        return nil
    }

    /// The key of the screens `output` shows (rendered by the contract's renderer).
    @inline(__always)
    private mutating func screenKey(of output: Output) -> ScreenKey {
        let day = screenReads.expiry ? expiryDay(output.entitlement, output.zone) : .min
        return screenReads.key(plan: output.plan, entitlement: output.entitlement, expiryDay: day, counts: output.counts)
    }

    /// Whether the screens of `key` were already rendered and found right.
    @inline(__always)
    private func isVerified(_ key: ScreenKey) -> Bool {
        key == lastVerifiedKey || verifiedKeys.contains(key)
    }

    /// Remembers the key last found right and, when the output it was found for has the
    /// checker's own sources, its plan, sources and read counts (`recentKeys`: an output
    /// with the same plan, entitlement and zone, and the key's counts, shows the same screens).
    @inline(__always)
    private mutating func verified(_ key: ScreenKey, _ output: Output, sameSources: Bool) {
        lastVerifiedKey = key
        if sameSources { recentKeys.insert(plan: output.plan, sources: sources, lanes: key.countLanes) }
    }

    /// The checker's own screen key after the event.
    private mutating func expectedKey(plan: Int?, resets: Resets) -> ScreenKey {
        var counts = stored
        for meter in counts.indices { counts[meter] = Self.inForce(counts[meter], resets) }
        let day = screenReads.expiry ? expiryDay(entitlement, deviceClock.zone) : .min
        return screenReads.key(plan: plan, entitlement: entitlement, expiryDay: day, counts: counts)
    }

    /// The local date of an entitlement's expiry in `zone`, remembered for the last
    /// (expiry, zone) asked: it changes only with the entitlement or the zone. Zones are
    /// the same when `TimeZoneRules ==` says so, by identifier (as the screen fast path
    /// takes them too): two tables under one name, which only a test can make, are one.
    private mutating func expiryDay(_ entitlement: Entitlement?, _ zone: TimeZoneRules) -> Int32 {
        guard let expires = entitlement?.expires else { return .min }
        if expires != lastExpiry.instant || zone != lastExpiry.zone {
            let day = LocalDate(localMilliseconds: expires.millisecondsSince1970 + zone.offsetMilliseconds(at: expires)).daysSince1970
            lastExpiry = (expires, zone, day)
        }
        return lastExpiry.day
    }

    /// The first screen shown wrong, or the wrong number of screens.
    @inline(never)
    private func screensViolation(_ values: [ScreenValue], eventIndex: Int, plan: Int?) -> Violation<Invariant> {
        for (position, screen) in policy.screens.enumerated() where position >= values.count || values[position] != expectedScreens[position] {
            let got = position < values.count ? ReplayLine.screenValue(values[position]) : "(missing)"
            return Violation<Invariant>(invariant: .exactScreens, eventIndex: eventIndex,
                                   detail: "screen \(screen.name) \(got), expected \(ReplayLine.screenValue(expectedScreens[position])) (\(screensWhy(plan: plan)))")
        }
        return Violation<Invariant>(invariant: .exactScreens, eventIndex: eventIndex,
                               detail: "\(values.count) screen values, expected \(expectedScreens.count) (\(policy.screens.map(\.name).joined(separator: ", ")))")
    }

    private func screensWhy(plan: Int?) -> String {
        let shownEntitlement = entitlement.map { e in
            "\(policy.products[e.product].id)\(e.expires.map { ", expires \($0)" } ?? "")\(e.renews ? "" : ", not renewing")"
        } ?? "none"
        return "plan \(rules.oracle.planName(plan)), entitlement \(shownEntitlement), zone \(deviceClock.zone.identifier)"
    }
}

extension Event {
    /// The feature of a use, else nil.
    fileprivate var feature: Int? {
        if case .use(let feature, _) = action { return feature }
        return nil
    }

    /// The diary day of a use, else nil.
    fileprivate var day: LocalDate? {
        if case .use(_, let day) = action { return day }
        return nil
    }
}

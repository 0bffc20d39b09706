import SubscriptionModel

/// Counts the coverage categories of one policy (`CoverageCategory`) reached by
/// timelines, from their events and the reference outputs (`SubscriptionMachine`'s), one
/// event at a time: `begin(zone:)` for each timeline, then `observe(_:_:)` per event.
///
/// StoreKit's moves are read from the `set-entitlement` reports themselves (a later
/// `expires` is a renewal, `renews` turning false a cancellation, no entitlement before
/// the `expires` in force a refund), so the tracker needs nothing from the generator.
/// Nothing per event allocates.
package struct CoverageTracker {
    /// The policy's categories, in `CoverageCategory.all(for:)` order.
    package let categories: [CoverageCategory]
    private let policy: SubscriptionPolicy
    private var reached: [Int]

    // Slots of the categories, −1 where the policy has none.
    private let blockedSlots: [Int] // (plan + 1) * reasons + reason
    private let resetSlots: [Int] // meter * windows + window
    private let calendarSlots: [Int] // (meter * windows + window) * CalendarEdge count + edge
    private let warningSlots: [Int], limitSlots: [Int], releaseSlots: [Int]
    private let historyFirstSlots: [Int], historyBeforeSlots: [Int]
    private let zoneSlots: [Int] // by `EdgeCategory.position`
    private let monthRollover, trialEnds, graceEnds, graceBefore, graceAfter, signInCounts, signInLimit: Int
    private let boughtAuto, boughtLifetime, renewed, cancelled, refundedAuto, refundedLifetime, periodEnded, usedAfterExpires: Int
    private let boughtWithOffer, renewedAfterOffer: Int
    private let creditsBought, usePaidByCredit, blockedAfterCreditsSpent, refundTookWholePack, refundAfterCreditsSpent: Int
    /// Each feature's meter when a credit pack is for it, else −1; the meters that held
    /// a credit since the timeline began, one bit each.
    private let creditMeterOf: [Int]
    private var heldCredits: UInt8 = 0
    /// Whether the policy sells credit packs.
    private let hasCreditPacks: Bool
    private let costlyBlockedWithUnitsLeft, costlyReachedLimit, blockedWithTooFewCredits, usedBeforeDayStart: Int
    /// Each feature's meter when a use of it costs more than one unit, else −1.
    private let costlyMeterOf: [Int]
    /// Whether some feature's use costs more than one unit.
    private let hasCostlyFeatures: Bool
    /// Whether the policy keeps week counts, the day its weeks start on, and the week
    /// categories' slots.
    private let countsWeeks: Bool, firstWeekday: Weekday
    private let weekRollover, weekAcrossMonthEnd, weekFreedNextDay, weekAndMonthPassed: Int
    /// Per feature: the meter a use of it counts on (not a history feature), or −1.
    private let countedMeterOf: [Int]
    /// Per meter: the usage day of the last use blocked by `week`, while it is the meter's
    /// last use (`Int32.min`: none).
    private var weekBlockDay: [Int32]
    /// The first day of the last usage day's week.
    private var previousWeekStart = Int32.min
    /// Under a rolling window: its length (ms), the categories' slots, and per meter the
    /// instants of its allowed uses the window holds, the usage day of its last allowed
    /// use, and whether its last use was blocked by the window.
    private let rollingLength: Int64
    private let useAtRollingExpiry, rollingBlockAcrossDayTurn, rollingFreedPartially: Int
    private var rollingHeld: [RollingUses]
    private var lastAllowedDay: [Int32]
    private var lastBlockedByRolling: [Bool]
    /// Per feature: the second meter it draws on, or −1 (G6.5); the categories' slots; per
    /// feature, whether its last counted use was counted on the second meter.
    private let secondMeterOf: [Int], hasTwoMeterFeatures: Bool
    private let drewOnSecond, blockedOnBoth, firstAgainAfterSecond: Int
    private var lastDrewOnSecond: [Bool]
    /// Each product's introductory offer's length, where it has one.
    private let offerLengths: [ProductPeriod?]
    private let upgrade, downgrade, crossgrade, lostInTrial, lostWithinHours, unchanged, after2038, before1980: Int

    // The policy's facts the events need, as flat tables (no walk through the policy per event).
    private let meterCount: Int
    private let trialLength: Int64?
    private let graceCutoff: Int64?, graceEnd: Int64?
    /// Per feature: the meter it releases, or −1; whether it carries a diary day.
    private let releasesMeter: [Int], hasHistory: [Bool]
    /// Per plan × meter: the stock limit, or −1; per plan × feature: the history window, or −1.
    private let stockLimits: [Int], historyDays: [Int]
    /// Whether some plan limits a meter's stock, or some meter by week: only then can
    /// counts that change within a usage day reach a category (`observeCounts`).
    private let countsReachWithinDay: Bool
    /// Per product: whether it is a lifetime purchase, and its plan.
    private let isLifetime: [Bool], productPlan: [Int]
    /// Per feature: the meter whose calendar edges its uses are watched for (a feature
    /// counting on a meter with limited `day` or `month` windows), or −1.
    private let watchedMeter: [Int]
    /// Per meter × window (`meter * LimitWindow.count + window`): whether blocks by it are watched.
    private let watchedWindow: [Bool]
    /// Per meter: the last block by a watched window, waiting for the meter's next use.
    private var watches: [CalendarEdgeWatch]

    // Per timeline.
    private var previous: MeterCounts
    private var hasPrevious = false
    private var previousMonth = 0, previousDay = 0
    /// The usage day's month (`year * 12 + month`) and its span in days since 1970.
    private var monthNumber = 0, monthStart = Int.max, nextMonthStart = Int.min
    /// Under months that run from the purchase: the day of the month they start on (from
    /// the install's or the last new subscription's usage day), and the categories' slots.
    private let monthsFromPurchase: Bool
    /// The meter screens of several windows, each distinct list once (`CoverageCategory.fewestLeft`).
    private let fewestLeft: [FewestLeftWatch]
    /// Whether `fewestLeft` has any (tested at every event, rather than its count).
    private let watchesFewestLeft: Bool
    /// Per list, the window (raw value) that had the fewest left after the last event, -1 for no choice.
    private var lastFewestLeft: [Int]
    private var monthAnchor = 1, heldProduct = -1
    private let monthStartedBySubscription, monthTurnedOnClampedDay, monthKeptPastClampedDay: Int
    private var installedAt = Int64.min
    private var lastUseAt = Int64.min
    private var lastUseBlocked = false
    private var registered = false
    private var entitlement: Entitlement?
    /// Whether the app was already used at or past the `expires` last reported (counted once per `expires`).
    private var usedSinceExpiry = false
    private var gainedAt = Int64.min
    /// The `expires` of a purchase reported with its introductory offer, until the next
    /// report of its product (`renewedAfterOffer`); nil otherwise.
    private var offerEndsAt: Instant?
    private var livedThroughGrace = false, seen2038 = false, seen1980 = false
    /// The instants (ms, half-open) a use can come at and reach none of the categories of
    /// its time (`observeUseTimes`), and any event none of the timeline's
    /// (`observeYearsOnce`), so that an event inside is one or two comparisons. Emptied
    /// (`forgetQuietSpans`) when what they read changes (the install, an entitlement): the
    /// next event out of them works them out again (`findQuietSpans`). (Emptied, not worked
    /// out there: any call added to `observeEvent` makes the optimiser outline `observeUse`.)
    private var quietUses = (from: Int64.min, until: Int64.min), quietYears = (from: Int64.min, until: Int64.min)
    // The clocks: the device's zone and the calendar's (UTC for a UTC calendar).
    private var clock = ZoneClock(zone: .utc)
    private var calendar = ZoneClock(zone: .utc)
    private let fixedCalendar: Bool
    /// When a day starts, in ms after the calendar's midnight (`dayStartsAt`; 0: midnight).
    private let dayStart: Int64
    /// The share of a stock limit at which screens warn (80 % unless the policy says otherwise).
    private let warningPercent: Int
    private var previousAt: Int64 = 0
    private var previousOffset = Int64.min
    private var pendingToggle: (at: Instant, from: TimeZoneRules)?

    // Instances, not statics: a static `let` is read through `swift_once` at every event.
    private let instant2038: Int64 = 2_147_483_647_000
    private let instant1980: Int64 = Int64(LocalDate.days(year: 1980, month: 1, day: 1)) * Milliseconds.twentyFourHours
    private static var day: Int64 { Milliseconds.twentyFourHours }
    /// The number of block reasons and of windows, for the slot tables.
    private static var reasons: Int { 9 }
    private static var windows: Int { LimitWindow.count }

    /// A tracker of `policy`'s categories, all at 0.
    package init(policy: SubscriptionPolicy) {
        self.policy = policy
        let categories = CoverageCategory.all(for: policy)
        self.categories = categories
        self.reached = [Int](repeating: 0, count: categories.count)
        func slot(_ category: CoverageCategory) -> Int { categories.firstIndex(of: category) ?? -1 }
        let meters = policy.meters.indices
        precondition(BlockReason.allCases.count == Self.reasons, "a reason without a slot")
        self.blockedSlots = (0...policy.plans.count).flatMap { shifted in
            BlockReason.allCases.map { slot(.blocked(plan: shifted == 0 ? nil : shifted - 1, reason: $0)) }
        }
        self.resetSlots = meters.flatMap { meter in LimitWindow.allCases.map { slot(.reset(meter: meter, window: $0)) } }
        self.calendarSlots = meters.flatMap { meter in
            LimitWindow.allCases.flatMap { window in CalendarEdge.allCases.map { slot(.calendar(meter: meter, window: window, edge: $0)) } }
        }
        let calendarWindows = CoverageCategory.calendarWindows(policy)
        self.watchedWindow = meters.flatMap { meter in LimitWindow.allCases.map { window in calendarWindows.contains { $0 == (meter, window) } } }
        self.watchedMeter = policy.features.map { feature in
            guard case .consumes(let meter) = feature.effect, !feature.hasHistory, calendarWindows.contains(where: { $0.meter == meter }) else { return -1 }
            return meter
        }
        self.watches = [CalendarEdgeWatch](repeating: CalendarEdgeWatch(), count: policy.meters.count)
        self.warningSlots = meters.map { slot(.stockAtWarning(meter: $0)) }
        self.limitSlots = meters.map { slot(.stockAtLimit(meter: $0)) }
        self.releaseSlots = meters.map { slot(.releaseAtLimit(meter: $0)) }
        self.historyFirstSlots = policy.features.indices.map { slot(.historyFirstDay(feature: $0)) }
        self.historyBeforeSlots = policy.features.indices.map { slot(.historyDayBefore(feature: $0)) }
        self.zoneSlots = EdgeCategory.allCases.map { slot(.zone($0)) }
        monthRollover = slot(.monthRollover); trialEnds = slot(.trialEndsBetweenUses); graceEnds = slot(.graceEndsBetweenUses)
        graceBefore = slot(.graceLivedThroughInstalledBefore); graceAfter = slot(.graceLivedThroughInstalledAfter)
        signInCounts = slot(.signInCarryingCounts); signInLimit = slot(.signInAtLimit)
        boughtAuto = slot(.bought(.autoRenewable)); boughtLifetime = slot(.bought(.nonConsumable)); renewed = slot(.renewed)
        boughtWithOffer = slot(.boughtWithOffer); renewedAfterOffer = slot(.renewedAfterOffer)
        creditsBought = slot(.creditsBought); usePaidByCredit = slot(.usePaidByCredit); blockedAfterCreditsSpent = slot(.blockedAfterCreditsSpent)
        refundTookWholePack = slot(.refundTookWholePack); refundAfterCreditsSpent = slot(.refundAfterCreditsSpent)
        hasCreditPacks = !policy.creditPacks.isEmpty
        costlyBlockedWithUnitsLeft = slot(.costlyUseBlockedWithUnitsLeft); costlyReachedLimit = slot(.costlyUseReachedLimit)
        blockedWithTooFewCredits = slot(.blockedWithTooFewCredits); usedBeforeDayStart = slot(.usedBeforeDayStart)
        costlyMeterOf = policy.features.map { feature in
            guard case .consumes(let meter) = feature.effect, feature.cost > 1, !feature.hasHistory else { return -1 }
            return meter
        }
        hasCostlyFeatures = costlyMeterOf.contains { $0 >= 0 }
        countsWeeks = policy.countsWeeks
        firstWeekday = policy.firstWeekday ?? .monday
        weekRollover = slot(.weekRollover); weekAcrossMonthEnd = slot(.weekLimitAcrossMonthEnd); weekFreedNextDay = slot(.weekFreedNextDay)
        weekAndMonthPassed = slot(.weekAndMonthBothPassed)
        countedMeterOf = policy.features.map { feature in
            guard case .consumes(let meter) = feature.effect, !feature.hasHistory else { return -1 }
            return meter
        }
        weekBlockDay = [Int32](repeating: .min, count: policy.meters.count)
        rollingLength = policy.countsRolling ? policy.rollingLength : 0
        useAtRollingExpiry = slot(.useAtRollingExpiry); rollingBlockAcrossDayTurn = slot(.rollingBlockAcrossDayTurn)
        rollingFreedPartially = slot(.rollingFreedPartially)
        rollingHeld = Array(repeating: RollingUses(), count: policy.meters.count)
        lastAllowedDay = Array(repeating: .min, count: policy.meters.count)
        lastBlockedByRolling = Array(repeating: false, count: policy.meters.count)
        creditMeterOf = policy.creditMeterOfFeature
        secondMeterOf = policy.features.map { $0.then ?? -1 }
        hasTwoMeterFeatures = secondMeterOf.contains { $0 >= 0 }
        drewOnSecond = slot(.drewOnSecondMeter); blockedOnBoth = slot(.blockedOnBothMeters); firstAgainAfterSecond = slot(.firstMeterAgainAfterSecond)
        lastDrewOnSecond = Array(repeating: false, count: policy.features.count)
        monthsFromPurchase = policy.monthsFromPurchase
        monthStartedBySubscription = slot(.monthStartedBySubscription); monthTurnedOnClampedDay = slot(.monthTurnedOnClampedDay)
        monthKeptPastClampedDay = slot(.monthKeptPastClampedDay)
        cancelled = slot(.cancelled); refundedAuto = slot(.refunded(.autoRenewable)); refundedLifetime = slot(.refunded(.nonConsumable))
        periodEnded = slot(.periodEnded); usedAfterExpires = slot(.usedAfterExpires); upgrade = slot(.upgrade); downgrade = slot(.downgrade); crossgrade = slot(.crossgrade)
        lostInTrial = slot(.lostInTrial); lostWithinHours = slot(.lostWithinHours); unchanged = slot(.reportChangesNothing)
        after2038 = slot(.after2038); before1980 = slot(.before1980)
        self.warningPercent = UserTraits.warningPercent(of: policy)
        self.meterCount = policy.meters.count
        self.trialLength = policy.trial?.lengthMilliseconds
        self.graceCutoff = policy.grace?.cutoff?.millisecondsSince1970
        self.graceEnd = policy.grace.flatMap { grace in grace.cutoff.map { $0.millisecondsSince1970 + grace.lengthMilliseconds } }
        self.releasesMeter = policy.features.map { if case .releases(let meter) = $0.effect { meter } else { -1 } }
        self.hasHistory = policy.features.map(\.hasHistory)
        self.stockLimits = policy.plans.flatMap { plan in policy.meters.indices.map { plan.limit(meter: $0, .stock)?.value ?? -1 } }
        self.historyDays = policy.plans.flatMap { plan in policy.features.indices.map { plan.historyDays[$0] ?? -1 } }
        self.countsReachWithinDay = stockLimits.contains { $0 >= 0 } || policy.countsWeeks
        self.isLifetime = policy.products.map { $0.kind == .nonConsumable }
        self.productPlan = policy.products.map(\.plan)
        self.offerLengths = UserTraits.offerLengths(of: policy)
        self.previous = MeterCounts(meters: policy.meters.count)
        if case .fixed(let zone) = policy.calendar {
            fixedCalendar = true
            calendar = ZoneClock(zone: zone)
        } else {
            fixedCalendar = false
        }
        dayStart = policy.dayStart
        fewestLeft = CoverageCategory.screenWindowLists(policy).map { list in
            FewestLeftWatch(meter: list.meter, windows: list.windows,
                            choosesUnder: policy.plans.indices.map { CoverageCategory.shownWindows(policy, plan: $0, meter: list.meter, list.windows).count >= 2 },
                            slots: LimitWindow.allCases.map { slot(.fewestLeft(meter: list.meter, windows: list.windows, window: $0)) })
        }
        lastFewestLeft = Array(repeating: -1, count: fewestLeft.count)
        watchesFewestLeft = !fewestLeft.isEmpty
    }

    /// What a screen of several windows reads: its meter and windows, per plan whether it
    /// shows a limit on two or more of them (a choice to count), and each window's slot.
    private struct FewestLeftWatch {
        let meter: Int
        let windows: [LimitWindow]
        let choosesUnder: [Bool]
        let slots: [Int]
    }

    /// What was reached so far.
    package var counts: CoverageCounts {
        CoverageCounts(policy: policy, categories: categories, counts: reached)
    }

    /// Adds counts reached by another tracker of the same policy (another worker's).
    package mutating func add(_ other: CoverageCounts) {
        precondition(other.categories == categories, "counts of another policy")
        for index in reached.indices { reached[index] += other.counts[index] }
    }

    @inline(__always)
    private mutating func hit(_ slot: Int) {
        if slot >= 0 { reached[slot] &+= 1 }
    }

    /// A new timeline starting in `zone`.
    package mutating func begin(zone: TimeZoneRules) {
        clock.set(zone)
        previousOffset = .min
        pendingToggle = nil
        hasPrevious = false
        installedAt = .min
        lastUseAt = .min
        lastUseBlocked = false
        registered = false
        entitlement = nil
        usedSinceExpiry = false
        gainedAt = .min
        offerEndsAt = nil
        heldCredits = 0
        if countsWeeks { for meter in weekBlockDay.indices { weekBlockDay[meter] = .min } }
        if hasTwoMeterFeatures { for feature in lastDrewOnSecond.indices { lastDrewOnSecond[feature] = false } }
        if monthsFromPurchase {
            (monthAnchor, heldProduct) = (1, -1)
            (monthStart, nextMonthStart) = (.max, .min)
        }
        for index in lastFewestLeft.indices { lastFewestLeft[index] = -1 }
        if rollingLength > 0 {
            for meter in rollingHeld.indices {
                rollingHeld[meter].removeAll()
                lastAllowedDay[meter] = .min
                lastBlockedByRolling[meter] = false
            }
        }
        livedThroughGrace = false
        seen2038 = false
        seen1980 = false
        forgetQuietSpans()
        for meter in watches.indices where watches[meter].needsReset { watches[meter].reset() }
    }

    /// Replays `timeline` through the reference engine and observes every event.
    package mutating func observe(timeline: Timeline) {
        let machine = SubscriptionMachine(policy: policy)
        var state = machine.initialState(zone: timeline.zone)
        begin(zone: timeline.zone)
        for event in timeline.events { observe(event, machine.apply(event, to: &state)) }
    }

    /// One event and the reference output right after it.
    @inline(__always)
    package mutating func observe(_ event: Event, _ output: Output) {
        if monthsFromPurchase { observeMonthAnchor(event.action, date: output.day) }
        observeEvent(event, output)
        if monthsFromPurchase { observeKeptMonth(date: output.day) }
        if watchesFewestLeft { observeFewestLeft(output) }
    }

    /// Which of each screen's windows decides it after the event (`ScreenMeter.deciding`,
    /// from the output's plan and counts), counted when it changes. (Out of line: only a
    /// policy with such a screen calls it.)
    @inline(never)
    private mutating func observeFewestLeft(_ output: Output) {
        for (index, watch) in fewestLeft.enumerated() {
            var deciding = -1
            if let plan = output.plan, watch.choosesUnder[plan],
               let window = ScreenMeter.deciding(meter: watch.meter, windows: watch.windows, output.counts[watch.meter], under: policy.plans[plan])?.window {
                deciding = window.rawValue
            }
            if deciding != lastFewestLeft[index] {
                if deciding >= 0 { hit(watch.slots[deciding]) }
                lastFewestLeft[index] = deciding
            }
        }
    }

    /// `observe` but for months from the purchase. (Out of line, and apart from their
    /// observation: any call added to this function made the optimiser outline
    /// `observeUse` from it, 34 M instructions more in a run of `daily-quip`.)
    @inline(never)
    private mutating func observeEvent(_ event: Event, _ output: Output) {
        let at = event.at.millisecondsSince1970
        var switchedFrom: TimeZoneRules?
        switch event.action {
        case .use(let feature, let day):
            observeUse(feature: feature, day: day, at: at, output: output)
            if hasCreditPacks { observeCredits(feature: feature, output: output) }
            // The meter the use counts on: a feature's own, or its second meter's when that one took it (G6.5).
            let meter = hasTwoMeterFeatures ? meterOfUse(feature, output) : countedMeterOf[feature]
            if hasCostlyFeatures { observeCost(feature: feature, meter: costlyMeterOf[feature] >= 0 ? meter : -1, output: output) }
            if countsWeeks { observeWeek(feature: feature, meter: meter, output: output) }
            if rollingLength > 0 { observeRolling(meter: meter, at: at, output: output) }
            if hasTwoMeterFeatures { observeTwoMeters(feature: feature, meter: meter, output: output) }
        case .look, .relaunch, .background, .foreground, .timer:
            break
        case .install:
            installedAt = at
            forgetQuietSpans()
        case .reinstall:
            hit(zoneSlots[EdgeCategory.reinstall.position])
        case .setZone(let next):
            switchedFrom = clock.zone
            clock.set(next)
        case .signIn:
            if !registered {
                registered = true
                if hasPrevious, previous.contains(where: { $0.total > 0 || $0.stock > 0 }) { hit(signInCounts) }
                if lastUseBlocked { hit(signInLimit) }
            }
        case .setEntitlement(let next):
            observeEntitlement(next, at: at)
            forgetQuietSpans()
        case .purchase, .refund:
            observeCredits(event.action)
        }
        observeCounts(output)
        if at < quietYears.from || at >= quietYears.until { observeYearsOnce(at) }
        // The time-zone edges, from the device's clock.
        let offset = clock.offsetMilliseconds(at: event.at)
        if switchedFrom != nil || offset != previousOffset {
            observeClockChange(at: event.at, switchedFrom: switchedFrom, offset: offset, local: at &+ offset)
        }
        previousAt = at
        previousOffset = offset
    }

    /// A purchase of a credit pack, or a refund of one: whole, or after some was spent.
    @inline(never)
    private mutating func observeCredits(_ action: Event.Action) {
        switch action {
        case .purchase(let pack):
            hit(creditsBought)
            heldCredits |= 1 << UInt8(policy.creditPacks[pack].meter)
        case .refund(let pack):
            let meter = policy.creditPacks[pack].meter
            if hasPrevious { hit(previous.credits(of: meter) >= policy.creditPacks[pack].credits ? refundTookWholePack : refundAfterCreditsSpent) }
        default:
            break
        }
    }

    /// A use of a meter credit packs are for: one that took a credit, or one a limit
    /// blocked once the credits held were spent. (Out of line: a policy without credit
    /// packs never calls it.)
    @inline(never)
    private mutating func observeCredits(feature: Int, output: Output) {
        let meter = creditMeterOf[feature]
        guard hasPrevious, meter >= 0 else { return }
        if output.outcome == .allowed, output.counts.credits(of: meter) < previous.credits(of: meter) { hit(usePaidByCredit) }
        if output.outcome == .blocked, output.reason?.isLimit == true, heldCredits & 1 << UInt8(meter) != 0, output.counts.credits(of: meter) == 0 {
            hit(blockedAfterCreditsSpent)
        }
    }

    /// A use costing more than one unit: blocked with units left under the limit (and
    /// with credits held, too few), or allowed up to a limit exactly. (Out of line: a
    /// policy whose uses all cost one never calls it.)
    @inline(never)
    private mutating func observeCost(feature: Int, meter: Int, output: Output) {
        guard meter >= 0, let plan = output.plan else { return }
        let counts = output.counts[meter]
        if output.outcome == .blocked, let reason = output.reason, reason.isLimit {
            let window: LimitWindow = switch reason {
            case .day: .day
            case .week: .week
            case .month: .month
            case .total: .total
            default: .stock
            }
            if let limit = policy.plans[plan].limit(meter: meter, window), counts[window] < limit.value { hit(costlyBlockedWithUnitsLeft) }
            if creditMeterOf[feature] >= 0, output.counts.credits(of: meter) > 0 { hit(blockedWithTooFewCredits) }
        } else if output.outcome == .allowed {
            for window in LimitWindow.allCases {
                if let limit = policy.plans[plan].limit(meter: meter, window), counts[window] == limit.value { hit(costlyReachedLimit) }
            }
        }
    }

    /// A use of a meter under a policy with week limits: blocked by the week on a month's
    /// last day and again the next day; blocked on the week's last day and allowed the
    /// next; blocked with the month's and the week's limits both passed. (Out of line: a
    /// policy without week limits never calls it.)
    @inline(never)
    private mutating func observeWeek(feature: Int, meter: Int, output: Output) {
        guard meter >= 0 else { return }
        let day = output.day.daysSince1970
        let blockedByWeek = output.outcome == .blocked && output.reason == .week
        let blockedDay = weekBlockDay[meter]
        if blockedDay != .min, day == blockedDay &+ 1 {
            let sameWeek = firstWeekday.weekStart(of: day) == firstWeekday.weekStart(of: blockedDay)
            if blockedByWeek, sameWeek, LocalDate(daysSince1970: day).components.day == 1 { hit(weekAcrossMonthEnd) }
            if output.outcome == .allowed, !sameWeek { hit(weekFreedNextDay) }
        }
        weekBlockDay[meter] = blockedByWeek ? day : .min
        if output.outcome == .blocked, output.reason == .week || output.reason == .month, let plan = output.plan,
           let week = policy.plans[plan].limit(meter: meter, .week), let month = policy.plans[plan].limit(meter: meter, .month) {
            let counts = output.counts[meter], cost = policy.features[feature].cost
            if counts.week + cost > week.value, counts.month + cost > month.value { hit(weekAndMonthPassed) }
        }
    }

    /// The meter a use of `feature` counted on, or would have: its own, or for a feature
    /// that draws on a second meter, the second when its total rose (a total never falls).
    /// A blocked use of such a feature is the first meter's.
    private func meterOfUse(_ feature: Int, _ output: Output) -> Int {
        let second = secondMeterOf[feature]
        guard second >= 0, output.outcome == .allowed, hasPrevious, output.counts[second].total > previous[second].total else { return countedMeterOf[feature] }
        return second
    }

    /// A use of a feature that draws on two meters (G6.5): counted on the second, blocked
    /// on both, or counted on the first again after the second. (Out of line: a policy
    /// without such a feature never calls it.)
    @inline(never)
    private mutating func observeTwoMeters(feature: Int, meter: Int, output: Output) {
        let second = secondMeterOf[feature], first = countedMeterOf[feature]
        guard second >= 0, first >= 0 else { return }
        if output.outcome == .blocked, output.reason?.isLimit == true {
            hit(blockedOnBoth)
        } else if output.outcome == .allowed, hasPrevious {
            // `meter` is the one that counted it (`meterOfUse`); the first only when its total rose.
            if meter == second {
                hit(drewOnSecond)
                lastDrewOnSecond[feature] = true
            } else if output.counts[first].total > previous[first].total {
                if lastDrewOnSecond[feature] { hit(firstAgainAfterSecond) }
                lastDrewOnSecond[feature] = false
            }
        }
    }

    /// A use of a meter under a policy with a rolling window: at the instant an earlier
    /// use leaves the window; blocked by it on a later day than the last allowed use;
    /// allowed right after such a block with the window not empty. (Out of line: a policy
    /// without a rolling window never calls it.)
    @inline(never)
    private mutating func observeRolling(meter: Int, at: Int64, output: Output) {
        guard meter >= 0 else { return }
        // The uses before `at - length` leave; one at exactly `at - length` is the expiry
        // looked for, and is then the oldest held (and leaves too).
        let expiry = at &- rollingLength
        rollingHeld[meter].leave(through: expiry &- 1)
        if rollingHeld[meter].oldest == expiry {
            hit(useAtRollingExpiry)
            rollingHeld[meter].leave(through: expiry)
        }
        let day = output.day.daysSince1970
        if output.outcome == .blocked, output.reason == .rolling {
            if lastAllowedDay[meter] != .min, day > lastAllowedDay[meter] { hit(rollingBlockAcrossDayTurn) }
            lastBlockedByRolling[meter] = true
        } else if output.outcome == .allowed {
            if lastBlockedByRolling[meter], !rollingHeld[meter].isEmpty { hit(rollingFreedPartially) }
            rollingHeld[meter].append(at: at, cost: 1)
            lastAllowedDay[meter] = day
            lastBlockedByRolling[meter] = false
        } else {
            lastBlockedByRolling[meter] = false
        }
    }

    /// A use's own categories: the trial's or the grace's end crossed since the last use,
    /// a blocked reason under its plan, a release at the stock limit, a diary day at the
    /// edge of the history window, the first or last minute of a day in the calendar.
    /// (Transparent: with its call out to `observeUseTimes` and `observeEvent`'s out to
    /// `observeYearsOnce`, `@inline(__always)` left it out of line, and a run of
    /// `daily-quip` took 45 M instructions more.)
    @_transparent
    private mutating func observeUse(feature: Int, day: LocalDate?, at: Int64, output: Output) {
        if at >= quietUses.from, at < quietUses.until {
            lastUseAt = at
        } else {
            observeUseTimes(at)
        }
        if output.outcome == .blocked, let reason = output.reason {
            hit(blockedSlots[((output.plan ?? -1) &+ 1) &* Self.reasons &+ reason.rawValue])
            lastUseBlocked = true
        } else {
            lastUseBlocked = false
        }
        let watched = watchedMeter[feature]
        if watched >= 0 { observeCalendarEdges(meter: watched, at: at, output: output) }
        let released = releasesMeter[feature]
        if released >= 0, hasPrevious, let plan = output.plan {
            let limit = stockLimits[plan &* meterCount &+ released]
            if limit >= 0, previous[released].stock >= limit { hit(releaseSlots[released]) }
        }
        if hasHistory[feature], let day, let plan = output.plan {
            let days = historyDays[plan &* hasHistory.count &+ feature]
            if days >= 0 {
                let first = Int(output.day.daysSince1970) - (days - 1)
                if Int(day.daysSince1970) == first { hit(historyFirstSlots[feature]) }
                if Int(day.daysSince1970) == first - 1 { hit(historyBeforeSlots[feature]) }
            }
        }
        // The first and last minute of a day in the policy's calendar.
        let offset = fixedCalendar ? calendar.offsetMilliseconds(at: Instant(millisecondsSince1970: at)) : clock.offsetMilliseconds(at: Instant(millisecondsSince1970: at))
        let local = at &+ offset &- dayStart // the day's first and last minute: from its start
        let timeOfDay = local &- Int64(LocalDate(localMilliseconds: local).daysSince1970) &* Self.day
        if timeOfDay < Milliseconds.minute { hit(zoneSlots[EdgeCategory.firstMinuteAfterReset.position]) }
        if timeOfDay >= Self.day &- Milliseconds.minute { hit(zoneSlots[EdgeCategory.lastMinuteBeforeReset.position]) }
        if dayStart != 0, timeOfDay >= Self.day &- dayStart { hit(usedBeforeDayStart) } // past midnight, before the start
    }

    /// A use's categories of its time: the trial's or the grace's end crossed since the
    /// last use, the first use at or past the `expires` in force. (Out of line: a use in
    /// `quietUses` reaches none.)
    @inline(never)
    private mutating func observeUseTimes(_ at: Int64) {
        if let trialLength, installedAt != .min {
            let trialEnd = installedAt &+ trialLength
            if lastUseAt != .min, lastUseAt < trialEnd, at >= trialEnd { hit(trialEnds) }
        }
        if let graceCutoff, let graceEnd, installedAt != .min, installedAt < graceCutoff {
            if lastUseAt != .min, lastUseAt < graceEnd, at >= graceEnd { hit(graceEnds) }
        }
        lastUseAt = at
        if !usedSinceExpiry, let expires = entitlement?.expires, at >= expires.millisecondsSince1970 {
            usedSinceExpiry = true
            hit(usedAfterExpires)
        }
        findQuietSpans()
    }

    /// Empties `quietUses` and `quietYears`: no instant is in either until the next event
    /// out of them works them out again. (Transparent: two stores, not a call.)
    @_transparent
    private mutating func forgetQuietSpans() {
        quietUses = (.min, .min)
        quietYears = (.min, .min)
    }

    /// `quietUses` and `quietYears` from what their categories read: each category's
    /// instant, while it can still be reached. A use from the last use's instant on (a
    /// use in the span moves the last use's instant only later) and before every such
    /// instant reaches none of `observeUseTimes`' categories: the trial's end only once
    /// crossed from an earlier use, and not again once a use came at or after it; the
    /// same for the grace's end; the expiry's once per `expires`. An event from 1980 on
    /// (until one before is seen) and before 2038 and the grace's end (until they are
    /// seen) reaches none of `observeYearsOnce`'.
    private mutating func findQuietSpans() {
        var until = Int64.max
        if let trialLength, installedAt != .min, lastUseAt < installedAt &+ trialLength { until = min(until, installedAt &+ trialLength) }
        if let graceCutoff, let graceEnd, installedAt != .min, installedAt < graceCutoff, lastUseAt < graceEnd { until = min(until, graceEnd) }
        if !usedSinceExpiry, let expires = entitlement?.expires { until = min(until, expires.millisecondsSince1970) }
        quietUses = (lastUseAt, until)
        var yearsUntil = seen2038 ? Int64.max : instant2038 &+ 1
        if !livedThroughGrace, let graceEnd, graceCutoff != nil, installedAt != .min, installedAt < graceEnd { yearsUntil = min(yearsUntil, graceEnd) }
        quietYears = (seen1980 ? .min : instant1980, yearsUntil)
    }

    /// `CalendarEdge`'s rule for a use counting on `meter`: a block by a watched window
    /// waits for the meter's next use, which says what it reached.
    @inline(__always)
    private mutating func observeCalendarEdges(meter: Int, at: Int64, output: Output) {
        var window: LimitWindow?
        if output.outcome == .blocked, let reason = output.reason {
            switch reason {
            case .day where watchedWindow[meter &* Self.windows &+ LimitWindow.day.rawValue]: window = .day
            case .month where watchedWindow[meter &* Self.windows &+ LimitWindow.month.rawValue]: window = .month
            default: break
            }
        }
        guard window != nil || watches[meter].isWaiting else { return }
        let offset = clock.offsetMilliseconds(at: Instant(millisecondsSince1970: at))
        guard let (blocked, edges) = watches[meter].use(day: output.day, at: at, allowed: output.outcome == .allowed, blockedBy: window,
                                                        offset: offset, zone: clock.zone, calendar: policy.calendar, dayStart: dayStart) else { return }
        let base = (meter &* Self.windows &+ blocked.rawValue) &* CalendarEdge.allCases.count
        for edge in edges.members { hit(calendarSlots[base &+ edge.rawValue]) }
    }

    /// StoreKit's move, read from the report and the entitlement it replaces.
    private mutating func observeEntitlement(_ next: Entitlement?, at: Int64) {
        defer {
            if next?.expires != entitlement?.expires { usedSinceExpiry = false }
            entitlement = next
        }
        guard next != entitlement else { return hit(unchanged) }
        guard let old = entitlement else {
            hit(isLifetime[next!.product] ? boughtLifetime : boughtAuto)
            gainedAt = at
            if let length = offerLengths[next!.product], let expires = next!.expires,
               expires == length.end(after: Instant(millisecondsSince1970: at), count: 1) {
                hit(boughtWithOffer)
                offerEndsAt = expires
            }
            return
        }
        if let offerEnd = offerEndsAt, old.expires == offerEnd, next?.product == old.product, let later = next?.expires, later > offerEnd {
            hit(renewedAfterOffer)
        }
        if next?.product != old.product || next?.expires != old.expires { offerEndsAt = nil }
        guard let new = next else {
            if isLifetime[old.product] {
                hit(refundedLifetime)
            } else if let expires = old.expires, at < expires.millisecondsSince1970 {
                hit(refundedAuto)
            } else {
                hit(periodEnded)
            }
            if let trialLength, installedAt != .min, at < installedAt &+ trialLength { hit(lostInTrial) }
            if gainedAt != .min, at &- gainedAt <= 48 * Milliseconds.hour { hit(lostWithinHours) }
            return
        }
        if new.product == old.product {
            if old.renews, !new.renews { hit(cancelled) }
            if let later = new.expires, let earlier = old.expires, later > earlier { hit(renewed) }
            return
        }
        switch (isLifetime[old.product], isLifetime[new.product]) {
        case (_, true):
            hit(boughtLifetime)
            gainedAt = at
        case (true, false):
            hit(refundedLifetime)
        case (false, false):
            let from = productPlan[old.product], to = productPlan[new.product]
            hit(to > from ? upgrade : to < from ? downgrade : crossgrade)
        }
    }

    /// Resets, stock levels and month rollovers, from the counts in force before and after.
    /// (Transparent: `@inline(__always)` left it out of line, and the call and the copy of
    /// the counts into it cost a run of `daily-quip` 40 M instructions, 1 %.)
    @_transparent
    private mutating func observeCounts(_ output: Output) {
        let day = Int(output.day.daysSince1970)
        if day < monthStart || day >= nextMonthStart { (monthNumber, monthStart, nextMonthStart) = AnchoredMonth.of(output.day, anchor: monthAnchor) }
        // Most events (a look, a blocked use) change neither the counts nor the usage day:
        // nothing below can be reached then. Nor, without stock limits or weeks, by counts
        // that change within the usage day (a counted use, a release, credits bought or
        // refunded, a month started by a new subscription): a reset needs a later day (and
        // month), and nothing else is watched.
        if hasPrevious, day == previousDay {
            if !countsReachWithinDay {
                previous = output.counts
                return
            }
            if output.counts == previous { return } // (the same counts: nothing to copy)
        }
        if countsWeeks { observeWeekRollover(output) }
        if hasPrevious {
            if monthNumber > previousMonth { hit(monthRollover) }
            for meter in previous.indices {
                let before = previous[meter], after = output.counts[meter]
                if day > previousDay, before.day > 0 { hit(resetSlots[meter &* Self.windows &+ LimitWindow.day.rawValue]) }
                if monthNumber > previousMonth, before.month > 0 { hit(resetSlots[meter &* Self.windows &+ LimitWindow.month.rawValue]) }
                if after.stock > before.stock, let plan = output.plan, stockLimits[plan &* meterCount &+ meter] >= 0 {
                    let limit = stockLimits[plan &* meterCount &+ meter]
                    let warning = (limit * warningPercent + 99) / 100
                    if after.stock >= limit, before.stock < limit { hit(limitSlots[meter]) }
                    if after.stock >= warning, before.stock < warning, after.stock < limit { hit(warningSlots[meter]) }
                }
            }
        }
        previous = output.counts
        previousMonth = monthNumber
        previousDay = day
        hasPrevious = true
    }


    /// Under months that run from the purchase, before the event's other observations
    /// (so that `observeCounts` finds the usage day in a month of the anchor's): the
    /// install and a new subscription (a product when none or another was held) start a
    /// month on the usage day `date` (a new subscription's while some month count was
    /// above 0 is a category); a usage day that turned the month on a day a shorter month
    /// clamped, some month count above 0 before, is one too.
    @inline(never)
    private mutating func observeMonthAnchor(_ action: Event.Action, date: LocalDate) {
        let day = Int(date.daysSince1970)
        let monthsCounted = hasPrevious && previous.contains(where: { $0.month > 0 })
        var started = false
        switch action {
        case .install: started = true
        case .setEntitlement(let next):
            if let product = next?.product, product != heldProduct {
                if monthsCounted, day < nextMonthStart { hit(monthStartedBySubscription) }
                started = true
            }
            heldProduct = next?.product ?? -1
        default: break
        }
        if started {
            monthAnchor = date.components.day
            (monthNumber, monthStart, nextMonthStart) = AnchoredMonth.of(date, anchor: monthAnchor)
            if hasPrevious { previousMonth = AnchoredMonth.of(LocalDate(daysSince1970: Int32(previousDay)), anchor: monthAnchor).number }
            return
        }
        guard day < monthStart || day >= nextMonthStart else { return }
        (monthNumber, monthStart, nextMonthStart) = AnchoredMonth.of(date, anchor: monthAnchor)
        if day == monthStart, date.components.day < monthAnchor, hasPrevious, monthNumber > previousMonth, monthsCounted { hit(monthTurnedOnClampedDay) }
    }

    /// Under months that run from the purchase, after the event's other observations
    /// (`previous` holds the counts after it): a usage day `date` in the calendar month
    /// after a month start a shorter month clamped, on or after that day but before the
    /// anchor's, with some month count above 0 (still the clamped month).
    @inline(never)
    private mutating func observeKeptMonth(date: LocalDate) {
        guard monthAnchor > 28 else { return }
        let (year, month, day) = date.components
        let (y, m) = month == 1 ? (year - 1, 12) : (year, month - 1)
        let clamped = min(monthAnchor, LocalDate.daysInMonth(year: y, month: m))
        if clamped < monthAnchor, day >= clamped, day < min(monthAnchor, LocalDate.daysInMonth(year: year, month: month)),
           previous.contains(where: { $0.month > 0 }) {
            hit(monthKeptPastClampedDay)
        }
    }

    /// The usage day's week advanced, and each meter's week count with it (before
    /// `observeCounts` moves `previous` on).
    @inline(never)
    private mutating func observeWeekRollover(_ output: Output) {
        let weekStart = firstWeekday.weekStart(of: output.day.daysSince1970)
        if hasPrevious, weekStart > previousWeekStart {
            hit(weekRollover)
            for meter in previous.indices where previous[meter].week > 0 { hit(resetSlots[meter &* Self.windows &+ LimitWindow.week.rawValue]) }
        }
        previousWeekStart = weekStart
    }

    /// Per timeline: an instant past 2038-01-19, one before 1980, the grace lived through.
    /// (Out of line: an event in `quietYears` reaches none.)
    @inline(never)
    private mutating func observeYearsOnce(_ at: Int64) {
        if !seen2038, at > instant2038 { seen2038 = true; hit(after2038) }
        if !seen1980, at < instant1980 { seen1980 = true; hit(before1980) }
        if !livedThroughGrace, let graceCutoff, let graceEnd, installedAt != .min, at >= graceEnd, installedAt < graceEnd {
            livedThroughGrace = true
            hit(installedAt < graceCutoff ? graceBefore : graceAfter)
        }
        findQuietSpans()
    }

    // MARK: Time-zone edges (as `FlagshipCoverageTracker` finds them)

    private mutating func observeClockChange(at: Instant, switchedFrom: TimeZoneRules?, offset: Int64, local: Int64) {
        if let from = switchedFrom {
            observeSwitch(at: at, from: from, offset: offset, date: LocalDate(localMilliseconds: local))
        } else if previousOffset != .min {
            observeTransition(offset: offset, date: LocalDate(localMilliseconds: local))
        }
    }

    private mutating func observeSwitch(at: Instant, from: TimeZoneRules, offset: Int64, date: LocalDate) {
        let oldOffset = from.offsetMilliseconds(at: at)
        let oldDate = LocalDate(localMilliseconds: at.millisecondsSince1970 + oldOffset)
        if abs(offset - oldOffset) > 12 * Milliseconds.hour { hit(zoneSlots[EdgeCategory.dateLineTravel.position]) }
        guard date != oldDate else { return }
        if date < oldDate { hit(zoneSlots[EdgeCategory.repeatedDate.position]) }
        if date.daysSince1970 - oldDate.daysSince1970 >= 2 { hit(zoneSlots[EdgeCategory.skippedDate.position]) }
        if let pending = pendingToggle, pending.from == clock.zone, pending.at.milliseconds(to: at) <= Milliseconds.hour {
            hit(zoneSlots[EdgeCategory.zoneToggleAcrossDate.position])
            pendingToggle = nil
        } else {
            pendingToggle = (at, from)
        }
    }

    private mutating func observeTransition(offset: Int64, date: LocalDate) {
        hit(zoneSlots[(offset > previousOffset ? EdgeCategory.dstSpringForward : .dstFallBack).position])
        if date < LocalDate(localMilliseconds: previousAt + previousOffset) { hit(zoneSlots[EdgeCategory.repeatedDate.position]) }
        guard let change = clock.zone.nextChange(after: Instant(millisecondsSince1970: previousAt)) else { return }
        let before = change.at.millisecondsSince1970 + change.before
        let after = change.at.millisecondsSince1970 + change.after
        let lastBefore = LocalDate(localMilliseconds: before - 1), lastAfter = LocalDate(localMilliseconds: after - 1)
        if after > before {
            if lastAfter > lastBefore { hit(zoneSlots[EdgeCategory.missingMidnight.position]) }
            if LocalDate(localMilliseconds: after).daysSince1970 - lastBefore.daysSince1970 >= 2 { hit(zoneSlots[EdgeCategory.skippedDate.position]) }
        } else if lastBefore > lastAfter {
            hit(zoneSlots[EdgeCategory.fallBackAcrossMidnight.position])
        }
    }
}

/// The reference engine of G1–G12 for any policy: one pure step function.
///
/// `step(state, event)` returns the next state and the `Output` the generic
/// replay contract reports for the event, observed right after it (after a `set-zone`,
/// in the new zone). It is deterministic and total over valid timelines; validating a
/// timeline (install first and once, instants never decreasing, features and products
/// the policy has) is the reader's job.
///
/// Nothing here is written for one policy: plans, limits, windows, responses and
/// screens all come from the `SubscriptionPolicy` value, compiled once into flat tables
/// (`PolicyTables`). A step makes no Foundation call, builds no string and allocates
/// nothing: the counts are held inline (`MeterCounts`).
public struct SubscriptionMachine: Sendable {
    /// The rules.
    public let policy: SubscriptionPolicy
    /// The rules compiled into flat tables for the step.
    let tables: PolicyTables

    /// An engine for `policy` (at most `MeterCounts.capacity` meters, as every
    /// policy file has).
    public init(policy: SubscriptionPolicy) {
        self.policy = policy
        self.tables = PolicyTables(policy)
    }

    /// An engine for `policy` that asks `dates` for each event's local date (G2, G3)
    /// instead of the zone tables: the same rules on another date source (the
    /// benchmark's Calendar baseline). G8's reset instants and the expiry date a screen
    /// shows still come from the zone tables.
    package init(policy: SubscriptionPolicy, dates: any LocalDateSource) {
        self.policy = policy
        self.tables = PolicyTables(policy, dates: dates)
    }

    /// A user who has not installed yet, whose device is in `zone`.
    public func initialState(zone: TimeZoneRules) -> SubscriptionState {
        SubscriptionState(zone: zone, meters: policy.meters.count)
    }

    /// Applies one event: the reducer form, returning the next state and the output.
    public func step(_ state: SubscriptionState, _ event: Event) -> (SubscriptionState, Output) {
        var next = state
        let output = apply(event, to: &next)
        return (next, output)
    }

    /// Replays a whole timeline from a fresh user in `zone`, one output per event.
    public func replay(zone: TimeZoneRules, events: [Event]) -> [Output] {
        var state = initialState(zone: zone)
        var outputs: [Output] = []
        outputs.reserveCapacity(events.count)
        for event in events { outputs.append(apply(event, to: &state)) }
        return outputs
    }

    /// Applies one event to `state` in place and returns its output; the same rules as
    /// `step`, without copying the state.
    ///
    /// The hot path: the rules are read from `PolicyTables` by index, the local date
    /// from the state's cached offset span, and the month of the stored usage day is
    /// kept with it, so a step is a few comparisons and no allocation.
    public func apply(_ event: Event, to state: inout SubscriptionState) -> Output {
        let instant = event.at
        if tables.countsRolling { expireRolling(at: instant, &state) } // G4: the uses the window no longer holds leave it
        switch event.action {
        case .use(let feature, let day):
            return use(feature, day: day, at: instant, &state)
        case .install:
            if state.installedAt == nil {
                state.installedAt = instant // G1: `I` is recorded once.
                if tables.monthsFromPurchase { startMonth(at: instant, &state) } // G3: the first months run from the install.
            }
        case .reinstall, .look, .relaunch, .background, .foreground, .timer:
            break // G1, G11: everything lives with the identity, none of it in the app's memory.
        case .signIn:
            state.isRegistered = true // G1: once registered, always registered; counts carry over.
        case .setZone(let zone):
            state.zone = zone // writes nothing else (G3).
        case .setEntitlement(let entitlement):
            // G3: a new subscription (none or another product before) starts a month.
            if tables.monthsFromPurchase, let product = entitlement?.product, product != state.entitlement?.product { startMonth(at: instant, &state) }
            state.entitlement = entitlement // P1, G12: replaces product, expires and renews together.
        case .purchase(let pack):
            credit(pack: pack, refunded: false, &state.counts)
        case .refund(let pack):
            credit(pack: pack, refunded: true, &state.counts)
        }
        let plan = tables.plan(of: state, at: instant)
        let usage = Usage(state, today: tables.calendarDate(at: instant, clock: &state.clock), weeks: tables.weeks)
        return Output(plan: plan < 0 ? nil : plan, day: usage.day, outcome: nil, reason: nil, response: nil, resetAt: nil,
                            upgrade: nil, counts: usage.countsInForce(state), entitlement: state.entitlement, zone: state.zone)
    }

    /// G13: a purchase adds the pack's credits; a refund takes back those still held
    /// (uses made with them stay made). Out of line, as is `payWithCredits`: a policy without
    /// credit packs never calls them, and its step is compiled as if they were not there.
    @inline(never)
    func credit(pack: Int, refunded: Bool, _ counts: inout MeterCounts) {
        let pack = policy.creditPacks[pack]
        if refunded { counts.takeCredits(meter: pack.meter, pack.credits) } else { counts.addCredits(meter: pack.meter, pack.credits) }
    }

    /// G3 under months that run from the purchase: the usage day at `instant` is written
    /// (with the counts as they read on it, as a counted use writes them), and a month
    /// starts there. (Writing it keeps a later usage day from falling back before the
    /// month's first day when the zone moves west, which would start the month twice.)
    @inline(never)
    func startMonth(at instant: Instant, _ state: inout SubscriptionState) {
        let usage = Usage(state, today: tables.calendarDate(at: instant, clock: &state.clock), weeks: tables.weeks)
        if usage.newDay { state.counts.resetDay(week: usage.newWeek, month: usage.newMonth) }
        state.startMonth(on: usage.day)
    }

    /// G6 for a use of a consuming feature, after G13: a reason a limit gives is no
    /// reason when the meter holds a credit for each unit the use costs, which it then
    /// takes (from `credits`).
    @inline(__always)
    func unpaidBlockReason(plan: Int, feature: Int, day: LocalDate?, usageDay: LocalDate, counts: UsageCounts, meter: Int, cost: Int,
                           _ credits: inout MeterCounts) -> BlockReason? {
        let reason = tables.blockReason(plan: plan, feature: feature, day: day, usageDay: usageDay, counts: counts)
        if let reason, tables.sellsCredits, reason.isLimit, Self.payWithCredits(meter: meter, cost: cost, &credits) { return nil }
        return reason
    }

    /// G13: a use a limit blocks goes ahead when the meter holds a credit for each unit
    /// it costs, and takes them; whether it did.
    @inline(never)
    static func payWithCredits(meter: Int, cost: Int, _ counts: inout MeterCounts) -> Bool {
        guard counts.credits(of: meter) >= cost else { return false }
        counts.takeCredits(meter: meter, cost)
        return true
    }

    /// The usage day at an instant and what it does to the stored counts (G3).
    struct Usage {
        /// The usage day: the later of the stored day and the local date now.
        var day: LocalDate
        /// Whether it is later than the stored day: `day` counts read 0.
        var newDay: Bool
        /// Whether its month is later than the stored day's: `month` counts read 0 too.
        var newMonth: Bool
        /// Whether its week is later than the stored day's (under a policy that counts
        /// weeks): `week` counts read 0 too.
        var newWeek: Bool

        /// (`weeks`: the policy's first weekday when it counts weeks, else nil. Not the
        /// tables themselves: a struct of arrays passed by value is retained and released
        /// field by field, at every event.)
        @inline(__always)
        init(_ state: SubscriptionState, today: LocalDate, weeks: Weekday?) {
            if let stored = state.storedDay, today <= stored {
                day = stored
                newDay = false
                newMonth = false
                newWeek = false
            } else {
                day = today
                newDay = state.storedDay != nil
                newMonth = newDay && today.daysSince1970 >= state.nextMonthStart
                newWeek = false
                if newDay, let weeks { newWeek = Self.isLaterWeek(today, than: state.storedDay!, weeks) }
            }
        }

        /// Whether `today` is in a later week than `stored`, weeks starting on `first`. (Out
        /// of line: a policy without weeks never calls it.)
        @inline(never)
        static func isLaterWeek(_ today: LocalDate, than stored: LocalDate, _ first: Weekday) -> Bool {
            today.daysSince1970 >= first.weekStart(of: stored.daysSince1970) &+ 7
        }

        /// The state's counts as they are in force on the usage day.
        @inline(__always)
        func countsInForce(_ state: SubscriptionState) -> MeterCounts {
            var counts = state.counts
            if newDay { counts.resetDay(week: newWeek, month: newMonth) }
            return counts
        }
    }

    /// A use (G3, G4, G6–G9).
    @inline(__always)
    func use(_ feature: Int, day: LocalDate?, at instant: Instant, _ state: inout SubscriptionState) -> Output {
        let plan = tables.plan(of: state, at: instant)
        var usage = Usage(state, today: tables.calendarDate(at: instant, clock: &state.clock), weeks: tables.weeks)
        var checked = UsageCounts()
        let reason: BlockReason?
        switch tables.featureKinds[feature] {
        case .releases(let meter):
            // G4: never blocked; gives one item back; writes nothing else, not even the usage day.
            if state.counts[meter].stock > 0 { state.counts[meter].stock -= 1 }
            reason = nil
        case .consumes(let meter, let cost):
            checked = state.counts[meter]
            if usage.newDay {
                checked.day = 0
                if usage.newMonth { checked.month = 0 }
                if usage.newWeek { checked.week = 0 }
            }
            var limitReason = tables.fits(plan: plan, feature: feature, counts: checked) ? nil
                : unpaidBlockReason(plan: plan, feature: feature, day: day, usageDay: usage.day, counts: checked, meter: meter, cost: cost, &state.counts)
            if tables.countsRolling, let calendar = limitReason, calendar == .day || calendar == .week || calendar == .month {
                limitReason = laterReset(calendar, plan: plan, meter: meter, cost: cost, counts: checked, usage: usage, at: instant, state)
            }
            // G6.5: past the first meter's limits, a second meter's may allow the use.
            var counted = meter
            if let first = limitReason, tables.drawsOnTwo, tables.secondMeters[feature] >= 0, first.isLimit {
                (limitReason, counted) = secondMeterDraw(first, plan: plan, meter: meter, second: tables.secondMeters[feature], cost: cost,
                                                         usage: usage, at: instant, state)
            }
            reason = limitReason
            if reason == nil {
                // G3, G4: the counts are written with the usage day they are in force on
                // (G13: a use a limit would block, paid with a credit, counts alike).
                if usage.newDay { state.counts.resetDay(week: usage.newWeek, month: usage.newMonth) }
                state.counts.countUse(meter: counted, cost: cost)
                if tables.countsExtras { countExtras(meter: counted, cost: cost, at: instant, &state) }
                state.setUsageDay(usage.day)
                usage.newDay = false
            }
        case .gate, .history:
            reason = tables.blockReason(plan: plan, feature: feature, day: day, usageDay: usage.day, counts: checked)
        }
        // (One call of `blocked` for every kind of feature: with two, the optimiser kept
        // an out-of-line copy of it, and every blocked use paid for the copied output.)
        if let reason { return blocked(reason, feature, day: day, plan: plan, at: instant, usage: usage, counts: checked, &state) }
        return Output(plan: plan < 0 ? nil : plan, day: usage.day, outcome: .allowed, reason: nil, response: nil, resetAt: nil,
                            upgrade: nil, counts: usage.countsInForce(state), entitlement: state.entitlement, zone: state.zone)
    }

    /// The output of a blocked use (G6–G9); nothing in the state changes. `counts` are
    /// the consumed meter's counts in force (zero for a feature that consumes nothing).
    /// (It is inlined so that its output is built where `apply` returns it: called out
    /// of line, the output (184 bytes then) was built in a temporary, then copied field by field
    /// into `apply`'s result, about 80 instructions a blocked use. The state is `inout`
    /// only so that it is read in place: passed by value, parts of it are still copied,
    /// 5 to 9 instructions an event even inlined.)
    @_transparent
    func blocked(_ reason: BlockReason, _ feature: Int, day: LocalDate?, plan: Int, at instant: Instant, usage: Usage, counts: UsageCounts,
                 _ state: inout SubscriptionState) -> Output {
        // G8: the date the reset waits for (the month's and the week's worked out of line),
        // and one walk to it.
        let target: Int32
        switch reason {
        case .day: target = usage.day.daysSince1970 &+ 1
        case .month, .week: target = longerResetTarget(reason, after: usage.day, state)
        default: target = .min
        }
        var resetAt = target != .min ? resetInstant(to: LocalDate(daysSince1970: target), after: instant, clock: state.clock)
            : reason == .rolling ? rollingReset(plan: plan, feature: feature, counts: counts, state) : nil
        var upgrade = tables.upgradeOffer(from: plan, feature: feature, day: day, usageDay: usage.day, counts: counts) // G9
        if tables.drawsOnTwo, tables.secondMeters[feature] >= 0 {
            (resetAt, upgrade) = twoMeterBlockedFields(reason, feature: feature, plan: plan, usage: usage, at: instant, resetAt: resetAt, state)
        }
        return Output(plan: plan < 0 ? nil : plan, day: usage.day, outcome: .blocked, reason: reason,
                            response: tables.response(plan: plan, reason: reason), // G7
                            resetAt: resetAt, upgrade: upgrade,
                            counts: usage.countsInForce(state), entitlement: state.entitlement, zone: state.zone)
    }

    // MARK: A second meter (format 8; out of line: a policy without one never calls it)

    /// G6.5 for a use of a feature that draws on `meter`, then `second`, which the first
    /// meter's limits block for `first`: the second meter takes it when its limits allow
    /// it (nil, and the meter to count); else the reason, of the two meters', whose reset
    /// (G8) comes first (a reason with no reset last; the first meter's on a tie), and the
    /// meter it is of.
    @inline(never)
    func secondMeterDraw(_ first: BlockReason, plan: Int, meter: Int, second: Int, cost: Int, usage: Usage, at instant: Instant,
                         _ state: SubscriptionState) -> (BlockReason?, Int) {
        let counts = usage.countsInForce(state)
        guard let secondReason = meterReason(plan: plan, meter: second, cost: cost, counts: counts[second], usage: usage, at: instant, state) else {
            return (nil, second)
        }
        let firstReset = reset(first, plan: plan, meter: meter, cost: cost, counts: counts[meter], usage: usage, at: instant, state)
        if let secondReset = reset(secondReason, plan: plan, meter: second, cost: cost, counts: counts[second], usage: usage, at: instant, state),
           firstReset.map({ secondReset < $0 }) ?? true {
            return (secondReason, second)
        }
        return (first, meter)
    }

    /// G8 and G9 for a use of a feature that draws on two meters, blocked for `reason`
    /// (any reason, `no-plan` included): the reset of the meter whose reason it is (a
    /// rolling window's is the meter's own), and the plans under which either meter has
    /// room.
    @inline(never)
    func twoMeterBlockedFields(_ reason: BlockReason, feature: Int, plan: Int, usage: Usage, at instant: Instant, resetAt: Instant?,
                               _ state: SubscriptionState) -> (Instant?, PlanSet) {
        guard case .consumes(let first, let cost) = tables.featureKinds[feature] else { return (resetAt, PlanSet()) }
        let second = tables.secondMeters[feature]
        let counts = usage.countsInForce(state)
        var resetAt = resetAt
        if reason == .rolling, let firstReason = meterReason(plan: plan, meter: first, cost: cost, counts: counts[first], usage: usage, at: instant, state) {
            // The window of the meter whose reason it is, as `secondMeterDraw` chose it.
            let meter = secondMeterDraw(firstReason, plan: plan, meter: first, second: second, cost: cost, usage: usage, at: instant, state).1
            resetAt = reset(.rolling, plan: plan, meter: meter, cost: cost, counts: counts[meter], usage: usage, at: instant, state)
        }
        var offer = PlanSet()
        var candidates = tables.upgradeCandidates[plan &+ 1]
        while candidates != 0 {
            let candidate = candidates.trailingZeroBitCount
            candidates &= candidates &- 1
            guard tables.enabled[candidate] & (1 << UInt64(feature)) != 0 else { continue }
            if tables.limitReason(plan: candidate, meter: first, cost: cost, usageDay: usage.day, counts: counts[first]) == nil
                || tables.limitReason(plan: candidate, meter: second, cost: cost, usageDay: usage.day, counts: counts[second]) == nil {
                offer.insert(candidate)
            }
        }
        return (resetAt, offer)
    }

    /// G6.4 for one meter of a use: why plan `plan`'s limits on it block the use (the
    /// calendar window's or the rolling window's, whichever resets later), or nil.
    func meterReason(plan: Int, meter: Int, cost: Int, counts: UsageCounts, usage: Usage, at instant: Instant, _ state: SubscriptionState) -> BlockReason? {
        let reason = tables.limitReason(plan: plan, meter: meter, cost: cost, usageDay: usage.day, counts: counts)
        if tables.countsRolling, let calendar = reason, calendar == .day || calendar == .week || calendar == .month {
            return laterReset(calendar, plan: plan, meter: meter, cost: cost, counts: counts, usage: usage, at: instant, state)
        }
        return reason
    }

    /// G8 for a use of `cost` on `meter` blocked for `reason`: the instant its window
    /// frees the room, or nil for a limit that never resets.
    func reset(_ reason: BlockReason, plan: Int, meter: Int, cost: Int, counts: UsageCounts, usage: Usage, at instant: Instant,
               _ state: SubscriptionState) -> Instant? {
        switch reason {
        case .day: return resetInstant(to: LocalDate(daysSince1970: usage.day.daysSince1970 &+ 1), after: instant, clock: state.clock)
        case .week, .month:
            let target = longerResetTarget(reason, after: usage.day, state)
            return resetInstant(to: LocalDate(daysSince1970: target), after: instant, clock: state.clock)
        case .rolling:
            guard let limit = tables.rollingLimit(plan: plan, meter: meter) else { return nil }
            return state.rollingLog.instant(when: meter, count: counts.rolling, fallsTo: limit - cost, length: tables.rollingLength)
                .map { Instant(millisecondsSince1970: $0) }
        default: return nil
        }
    }

    // MARK: Rolling windows (format 7; out of line: a policy without one never calls them)

    /// G4: the uses at or before `instant` less the window's length leave the window.
    @inline(never)
    func expireRolling(at instant: Instant, _ state: inout SubscriptionState) {
        state.rollingLog.expire(through: instant.millisecondsSince1970 &- tables.rollingLength, counts: &state.counts)
    }

    /// G4 for the windows a policy counts only when it limits some meter by them: an
    /// allowed use counts in its week, and enters the rolling window. (One call for both,
    /// out of line: a policy with neither pays one test an allowed use.)
    @inline(never)
    func countExtras(meter: Int, cost: Int, at instant: Instant, _ state: inout SubscriptionState) {
        if tables.countsWeeks { state.counts.countWeek(meter: meter, cost: cost) }
        if tables.countsRolling {
            state.counts.countRolling(meter: meter, cost: cost)
            state.rollingLog.append(at: instant.millisecondsSince1970, meter: meter, cost: cost)
        }
    }

    /// G8 for a `rolling` block: the first instant at which enough of the meter's uses
    /// have left the window for this one (count + cost within the limit), or at which its
    /// count is 0 when the cost is above the limit.
    @inline(never)
    func rollingReset(plan: Int, feature: Int, counts: UsageCounts, _ state: SubscriptionState) -> Instant? {
        guard case .consumes(let meter, let cost) = tables.featureKinds[feature], let limit = tables.rollingLimit(plan: plan, meter: meter) else { return nil }
        return state.rollingLog.instant(when: meter, count: counts.rolling, fallsTo: limit - cost, length: tables.rollingLength)
            .map { Instant(millisecondsSince1970: $0) }
    }

    /// G6.4 when a calendar window (`calendar`: `day`, `week` or `month`) blocks and the
    /// meter's rolling limit would block too: the one whose reset instant (G8) is later;
    /// the calendar window on a tie.
    @inline(never)
    func laterReset(_ calendar: BlockReason, plan: Int, meter: Int, cost: Int, counts: UsageCounts, usage: Usage, at instant: Instant,
                    _ state: SubscriptionState) -> BlockReason {
        guard let limit = tables.rollingLimit(plan: plan, meter: meter), counts.rolling &+ cost > limit else { return calendar }
        let target = calendar == .day ? usage.day.daysSince1970 &+ 1
            : longerResetTarget(calendar, after: usage.day, state)
        let calendarReset = resetInstant(to: LocalDate(daysSince1970: target), after: instant, clock: state.clock)
        guard let rolling = state.rollingLog.instant(when: meter, count: counts.rolling, fallsTo: limit - cost, length: tables.rollingLength) else { return calendar }
        return rolling > calendarReset.millisecondsSince1970 ? .rolling : calendar
    }

    /// G8's target for a `month` or `week` block: the first day of the next month or week.
    @inline(never)
    func longerResetTarget(_ reason: BlockReason, after day: LocalDate, _ state: SubscriptionState) -> Int32 {
        reason == .week ? tables.nextWeekStart(after: day)
            : Self.nextMonthStart(after: day, monthStart: state.monthStart, nextMonthStart: state.nextMonthStart, anchor: state.monthAnchor)
    }

    /// The first day of the month after `day`'s (G8's month reset): the stored day's
    /// month's end when `day` is in that month, else worked out. (Out of line: month
    /// blocks are the rarer ones, and inlined its date arithmetic made `blocked` too large
    /// for the optimiser to inline, so that every blocked use copied its output.)
    @inline(never)
    static func nextMonthStart(after day: LocalDate, monthStart: Int32, nextMonthStart: Int32, anchor: Int8) -> Int32 {
        day.daysSince1970 >= monthStart && day.daysSince1970 < nextMonthStart ? nextMonthStart : SubscriptionState.month(of: day, anchor: Int(anchor)).next
    }

    // MARK: The rules

    /// The plan in force at `instant` (G5), by index; nil for no plan.
    package func plan(of state: SubscriptionState, at instant: Instant) -> Int? {
        let plan = tables.plan(of: state, at: instant)
        return plan < 0 ? nil : plan
    }

    /// The usage day at `instant` (G3): the later of the stored day and the local date now.
    package func usageDay(of state: SubscriptionState, at instant: Instant) -> LocalDate {
        var clock = state.clock
        return Usage(state, today: tables.calendarDate(at: instant, clock: &clock), weeks: tables.weeks).day
    }

    /// The counts in force on `usageDay` (G3): `day` counts read 0 once the usage day is
    /// later than the stored one, `month` counts once its month is, `week` counts once its
    /// week is; `total` and `stock` never reset with time.
    package func countsInForce(_ state: SubscriptionState, usageDay: LocalDate) -> MeterCounts {
        guard let stored = state.usageDay, usageDay > stored else { return state.counts }
        var counts = state.counts
        counts.resetDay(week: tables.weeks.map { Usage.isLaterWeek(usageDay, than: stored, $0) } ?? false, month: usageDay.daysSince1970 >= state.nextMonthStart)
        return counts
    }

    /// G8's instant for a target date: the first instant after `instant` at which the
    /// local date in the calendar is `target` or later (`clock`: the device's zone).
    func resetInstant(to target: LocalDate, after instant: Instant, clock: ZoneClock) -> Instant {
        var walker: ZoneClock
        switch tables.calendar {
        case .device: walker = clock
        case .deviceFromDayStart(let start): walker = ZoneClock(zone: clock.zone.dayStarting(at: start))
        case .fixedOffset(let offset, let zone):
            // No offset change ever: the target date starts at its local midnight.
            if let start = Self.start(of: target, after: instant, offset: offset, until: .max) { return start }
            walker = ZoneClock(zone: zone)
        case .fixedZone(let zone): walker = ZoneClock(zone: zone)
        case .source(let fixed): walker = fixed.map { ZoneClock(zone: $0) } ?? clock
        }
        // Within the offset span in force now, the target date starts at its local
        // midnight, with no change of offset to step over.
        let offset = walker.offsetMilliseconds(at: instant)
        if let start = Self.start(of: target, after: instant, offset: offset, until: walker.until) { return start }
        // Walk the calendar's date changes; a date that goes backward (a DST change over
        // midnight) is stepped over like any other. A month is at most a few dozen steps.
        var candidate = instant
        for _ in 0..<Self.walkSteps {
            candidate = walker.nextDateStart(after: candidate)
            if walker.localDate(at: candidate) >= target { return candidate }
        }
        return candidate
    }

    /// The most date changes `resetInstant` walks.
    static var walkSteps: Int { 400 }

    /// The instant `target` begins on a wall clock at `offset` that holds from `instant`
    /// until `until` (ms), when it begins before then and within the walk's reach; nil
    /// when an offset change comes first. The same instant the walk finds: inside one
    /// offset span, each date change is the next local midnight.
    @inline(__always)
    static func start(of target: LocalDate, after instant: Instant, offset: Int64, until: Int64) -> Instant? {
        let today = LocalDate(localMilliseconds: instant.millisecondsSince1970 + offset)
        let steps = Int(target.daysSince1970) - Int(today.daysSince1970)
        guard steps >= 1, steps <= walkSteps else { return nil }
        let midnight = Int64(target.daysSince1970) * Milliseconds.twentyFourHours - offset
        return midnight < until ? Instant(millisecondsSince1970: midnight) : nil
    }

    // MARK: Screens

    /// The screen values after an event (G10), in the policy's order.
    public func screens(of output: Output) -> [ScreenValue] {
        policy.screens.map { value(of: $0.value, output: output, numbers: ScreenNumbers(used: 0, limit: 0)) }
    }

    func value(of expression: ScreenExpression, output: Output, numbers: ScreenNumbers) -> ScreenValue {
        switch expression {
        case .null:
            return .null
        case .text(let template):
            return .text(template.render(numbers: numbers, date: nil))
        case .byPlan(let branches):
            return value(of: branches[output.plan ?? policy.plans.count], output: output, numbers: numbers)
        case .byProduct(let branches):
            return value(of: branches[output.entitlement?.product ?? policy.products.count], output: output, numbers: numbers)
        case .planName:
            return .text(output.plan.map { policy.plans[$0].name } ?? "none")
        case .meter(let screen):
            let credits = output.counts.credits(of: screen.meter) // G13 (0 for a meter no pack is for)
            // Under no plan, or with no limit shown, the numbers are the first window's.
            let first = output.counts[screen.meter][screen.windows[0]]
            guard let plan = output.plan else {
                return value(of: screen.reached, output: output, numbers: ScreenNumbers(used: first, limit: 0, credits: credits))
            }
            guard let (_, used, limit) = screen.deciding(output.counts[screen.meter], under: policy.plans[plan]) else {
                return value(of: screen.unlimited, output: output, numbers: ScreenNumbers(used: first, limit: 0, credits: credits))
            }
            let shown = ScreenNumbers(used: used, limit: limit, credits: credits)
            if used >= limit { return value(of: screen.reached, output: output, numbers: shown) }
            if let percent = screen.warningPercent, let warning = screen.warning, used * 100 >= limit * percent {
                return value(of: warning, output: output, numbers: shown)
            }
            return value(of: screen.below, output: output, numbers: shown)
        case .plural(let number, let one, let other):
            return .text((numbers[number] == 1 ? one : other).render(numbers: numbers, date: nil))
        case .expiry(let renewing, let ending):
            guard let entitlement = output.entitlement, let expires = entitlement.expires else { return .null }
            let date = output.zone.localDate(at: expires) // X5: in the device's current zone.
            return .text((entitlement.renews ? renewing : ending).render(numbers: numbers, date: date))
        case .bar(let meter, let windows):
            guard let plan = output.plan,
                  let (_, used, limit) = ScreenMeter.deciding(meter: meter, windows: windows, output.counts[meter], under: policy.plans[plan]) else { return .null }
            return .bar(used: min(used, limit), limit: limit)
        case .boxText(let text):
            return .boxText(text)
        case .metersInWarning(let meters, let window, let percent):
            guard let plan = output.plan else { return .list([]) }
            return .list(meters.compactMap { meter in
                guard let limit = policy.plans[plan].shownLimit(meter: meter, window), output.counts[meter][window] * 100 >= limit * percent else { return nil }
                return policy.meters[meter]
            })
        }
    }
}

import SubscriptionModel

// The generic engine exactly as it was before it was compiled for speed: the oracle the
// optimized `SubscriptionMachine` is replayed against, output for output
// (`SubscriptionMachineOracleTests`). Kept verbatim but for its names (`SubscriptionMachineOracle`,
// `OracleState`), its counts kept as an array, and the conversion of that array when it
// builds a `Output`. Do not optimize it: its value is that it is the plain reading
// of G1–G12. The screens (G10) are not here: that work left `SubscriptionMachine.screens(of:)`
// as it was, so a copy could only agree with it; the checker's `ScreenOracle` is
// their independent second reading.

/// The reference engine of G1–G12 for any policy, as first written: the oracle.
struct SubscriptionMachineOracle: Sendable {
    /// The rules.
    let policy: SubscriptionPolicy

    /// An engine for `policy`.
    init(policy: SubscriptionPolicy) {
        self.policy = policy
    }

    /// A user who has not installed yet, whose device is in `zone`.
    func initialState(zone: TimeZoneRules) -> OracleState {
        OracleState(zone: zone, meters: policy.meters.count)
    }

    /// Applies one event: the reducer form, returning the next state and the output.
    func step(_ state: OracleState, _ event: Event) -> (OracleState, Output) {
        var next = state
        let output = apply(event, to: &next)
        return (next, output)
    }

    /// Replays a whole timeline from a fresh user in `zone`, one output per event.
    func replay(zone: TimeZoneRules, events: [Event]) -> [Output] {
        var state = initialState(zone: zone)
        var outputs: [Output] = []
        outputs.reserveCapacity(events.count)
        for event in events { outputs.append(apply(event, to: &state)) }
        return outputs
    }

    /// Applies one event to `state` in place and returns its output; the same rules as
    /// `step`, without copying the state.
    func apply(_ event: Event, to state: inout OracleState) -> Output {
        var outcome: Outcome?
        var reason: BlockReason?
        var response: BlockResponse?
        var resetAt: Instant?
        var upgrade: PlanSet?
        if countsRolling {
            // G4: a use at t counts while now < t + rollingHours.
            for meter in state.held.indices {
                state.held[meter].removeAll { $0.at + policy.rollingLength <= event.at.millisecondsSince1970 }
                state.counts[meter].rolling = min(state.held[meter].reduce(0) { $0 + $1.cost }, Int(Int32.max))
            }
        }
        switch event.action {
        case .install:
            if state.installedAt == nil {
                state.installedAt = event.at // G1: `I` is recorded once.
                if policy.monthsFromPurchase { startMonth(&state, at: event.at) } // G3: months from the install's day.
            }
        case .reinstall, .look, .relaunch, .background, .foreground, .timer:
            break // G1, G11: everything lives with the identity.
        case .signIn:
            state.isRegistered = true // G1: once registered, always registered; counts carry over.
        case .setZone(let zone):
            state.zone = zone // writes nothing else (G3).
        case .setEntitlement(let entitlement):
            // G3: a subscription to another product than the one held (or none) starts a month.
            if policy.monthsFromPurchase, let product = entitlement?.product, product != state.entitlement?.product { startMonth(&state, at: event.at) }
            state.entitlement = entitlement // P1, G12: replaces product, expires and renews together.
        case .purchase(let pack):
            let meter = policy.creditPacks[pack].meter // G13: up to 2^31 − 1.
            state.credits[meter] = min(state.credits[meter] + policy.creditPacks[pack].credits, Int(Int32.max))
        case .refund(let pack):
            let meter = policy.creditPacks[pack].meter // G13: what is held of the pack, never below 0.
            state.credits[meter] = max(0, state.credits[meter] - policy.creditPacks[pack].credits)
        case .use(let feature, let day):
            let plan = plan(of: state, at: event.at)
            let usageDay = usageDay(of: &state, at: event.at)
            switch policy.features[feature].effect {
            case .releases(let meter):
                // G4: never blocked; gives one item back; writes nothing else, not even the usage day.
                if state.counts[meter].stock > 0 { state.counts[meter].stock -= 1 }
                outcome = .allowed
            case .gate, .consumes:
                let counts = countsInForce(state, usageDay: usageDay)
                let cost = policy.features[feature].cost
                // G6.4: a calendar reason and the rolling window's: the one that frees the use later.
                func laterOfRolling(_ reason: BlockReason?, meter: Int) -> BlockReason? {
                    if let calendar = reason, [.day, .week, .month].contains(calendar), let plan,
                       let rolling = rollingReset(plan: plan, meter: meter, cost: cost, state: state),
                       let calendarReset = resetInstant(for: calendar, after: event.at, usageDay: usageDay, clock: state.clock, monthAnchor: state.monthAnchor), rolling > calendarReset {
                        return .rolling
                    }
                    return reason
                }
                // G8 for a reason of `meter`'s.
                func reset(_ reason: BlockReason, meter: Int) -> Instant? {
                    if reason == .rolling, let plan { return rollingReset(plan: plan, meter: meter, cost: cost, state: state) }
                    return resetInstant(for: reason, after: event.at, usageDay: usageDay, clock: state.clock, monthAnchor: state.monthAnchor)
                }
                var countedMeter: Int?
                if case .consumes(let meter) = policy.features[feature].effect, !policy.features[feature].hasHistory { countedMeter = meter }
                var waitsOn = countedMeter
                var blockedBy = blockReason(plan: plan, feature: feature, day: day, usageDay: usageDay, counts: counts)
                if let meter = countedMeter { blockedBy = laterOfRolling(blockedBy, meter: meter) }
                // G6.5: past the first meter's limits, the second meter's allow the use, or
                // the reason that resets first is given.
                if let second = policy.features[feature].then, let first = countedMeter, let firstReason = blockedBy,
                   [.day, .week, .month, .total, .stock, .rolling].contains(firstReason) {
                    if let secondReason = laterOfRolling(blockReason(plan: plan, feature: feature, day: day, usageDay: usageDay, counts: counts, meter: second),
                                                         meter: second) {
                        let firstReset = reset(firstReason, meter: first)
                        if let secondReset = reset(secondReason, meter: second), firstReset.map({ secondReset < $0 }) ?? true {
                            blockedBy = secondReason
                            waitsOn = second
                        }
                    } else {
                        blockedBy = nil
                        countedMeter = second
                    }
                }
                var paidByCredit = false
                // G13: past a limit, a credit held for each unit of the use's cost pays for it.
                if let limit = blockedBy, [.day, .week, .month, .total, .stock, .rolling].contains(limit), case .consumes(let meter) = policy.features[feature].effect,
                   state.credits[meter] >= cost {
                    blockedBy = nil
                    paidByCredit = true
                }
                if let blocked = blockedBy {
                    outcome = .blocked
                    reason = blocked
                    response = plan.map { policy.plans[$0].response(to: blocked) } ?? policy.noPlanResponse // G7
                    resetAt = resetInstant(for: blocked, after: event.at, usageDay: usageDay, clock: state.clock, monthAnchor: state.monthAnchor) // G8
                    if blocked == .rolling, let meter = waitsOn { resetAt = reset(.rolling, meter: meter) }
                    upgrade = upgradeOffer(from: plan, feature: feature, day: day, usageDay: usageDay, counts: counts) // G9
                } else {
                    outcome = .allowed
                    if let meter = countedMeter {
                        // G3, G4: the counts are written with the usage day they are in force on.
                        var written = counts
                        // G4: the use's cost in every window, each count stopping at 2^31 − 1.
                        written[meter].day = min(written[meter].day + cost, Int(Int32.max))
                        written[meter].month = min(written[meter].month + cost, Int(Int32.max))
                        written[meter].total = min(written[meter].total + cost, Int(Int32.max))
                        written[meter].stock = min(written[meter].stock + cost, Int(Int32.max))
                        if countsWeeks { written[meter].week = min(written[meter].week + cost, Int(Int32.max)) }
                        if countsRolling {
                            written[meter].rolling = min(written[meter].rolling + cost, Int(Int32.max))
                            state.held[meter].append(HeldUse(at: event.at.millisecondsSince1970, cost: cost))
                        }
                        if paidByCredit { state.credits[meter] -= cost }
                        state.counts = written
                        state.usageDay = usageDay
                    }
                }
            }
        }
        let usageDay = usageDay(of: &state, at: event.at)
        var counts = MeterCounts(countsInForce(state, usageDay: usageDay))
        if !policy.creditPacks.isEmpty {
            for meter in counts.indices { counts.setCredits(state.credits[meter], of: meter) }
        }
        return Output(plan: plan(of: state, at: event.at), day: usageDay, outcome: outcome, reason: reason, response: response,
                            resetAt: resetAt, upgrade: upgrade, counts: counts, entitlement: state.entitlement, zone: state.zone)
    }

    // MARK: The rules

    /// G3 under months that run from the purchase: the usage day is written with the
    /// counts as they read on it (as a counted use writes them), the months start on its
    /// day of the month from now on, and the month counts written start again at 0.
    func startMonth(_ state: inout OracleState, at instant: Instant) {
        let day = usageDay(of: &state, at: instant)
        state.counts = countsInForce(state, usageDay: day)
        state.usageDay = day
        state.monthAnchor = day.components.day
        for meter in state.counts.indices { state.counts[meter].month = 0 }
    }

    /// The plan in force at `instant` (G5), by index; nil for no plan.
    func plan(of state: OracleState, at instant: Instant) -> Int? {
        if let entitlement = state.entitlement { return policy.products[entitlement.product].plan } // G5.1
        if let installed = state.installedAt {
            if let trial = policy.trial, installed.milliseconds(to: instant) < trial.lengthMilliseconds { return trial.plan } // G5.2
            if let grace = policy.grace, let cutoff = grace.cutoff, installed < cutoff,
               cutoff.milliseconds(to: instant) < grace.lengthMilliseconds { return grace.plan } // G5.3
        }
        if state.isRegistered, let registered = policy.registeredDefault { return registered } // G5.4
        return policy.guestDefault // G5.4, or nil: G5.5
    }

    /// The local date at `instant` in the policy's calendar (G2).
    func calendarDate(at instant: Instant, clock: inout ZoneClock) -> LocalDate {
        // A day start: the date of the wall clock that much earlier.
        switch policy.calendar {
        case .device: LocalDate(localMilliseconds: instant.millisecondsSince1970 + clock.offsetMilliseconds(at: instant) - policy.dayStart)
        case .fixed(let zone): LocalDate(localMilliseconds: instant.millisecondsSince1970 + zone.offsetMilliseconds(at: instant) - policy.dayStart)
        }
    }

    /// The usage day at `instant` (G3): the later of the stored day and the local date now.
    func usageDay(of state: inout OracleState, at instant: Instant) -> LocalDate {
        let today = calendarDate(at: instant, clock: &state.clock)
        guard let stored = state.usageDay else { return today }
        return LocalDate.later(stored, today)
    }

    /// The usage day at `instant`, without refreshing the state's offset cache.
    func usageDay(of state: OracleState, at instant: Instant) -> LocalDate {
        var copy = state
        return usageDay(of: &copy, at: instant)
    }

    /// The counts in force on `usageDay` (G3): `day` counts read 0 once the usage day is
    /// later than the stored one, `month` counts once its month is; `total` and `stock`
    /// never reset with time.
    func countsInForce(_ state: OracleState, usageDay: LocalDate) -> [UsageCounts] {
        guard let stored = state.usageDay, usageDay > stored else { return state.counts }
        let newMonth = Self.monthNumber(usageDay, anchor: state.monthAnchor) > Self.monthNumber(stored, anchor: state.monthAnchor)
        let newWeek = weekNumber(usageDay) > weekNumber(stored)
        var counts = state.counts
        for index in counts.indices {
            counts[index].day = 0
            if newMonth { counts[index].month = 0 }
            if newWeek { counts[index].week = 0 }
        }
        return counts
    }

    /// Whether the policy keeps rolling counts: some plan limits some meter by `rolling`.
    var countsRolling: Bool {
        policy.plans.contains { plan in policy.meters.indices.contains { plan.limit(meter: $0, .rolling) != nil } }
    }

    /// G8 for a use costing `cost` that `plan`'s rolling limit on `meter` would block: the
    /// instant enough of the meter's uses have left the window (its count at most the
    /// limit less the cost, or 0); nil when the limit would not block it, or the uses
    /// held cannot free it.
    func rollingReset(plan: Int, meter: Int, cost: Int, state: OracleState) -> Instant? {
        guard let limit = policy.plans[plan].limit(meter: meter, .rolling)?.value, state.counts[meter].rolling + cost > limit else { return nil }
        var count = state.counts[meter].rolling
        for held in state.held[meter] {
            count -= held.cost
            if count <= max(limit - cost, 0) { return Instant(millisecondsSince1970: held.at + policy.rollingLength) }
        }
        return nil
    }

    /// Whether the policy keeps week counts: some plan limits some meter by week.
    var countsWeeks: Bool {
        policy.plans.contains { plan in policy.meters.indices.contains { plan.limit(meter: $0, .week) != nil } }
    }

    /// Weeks since the first weekday on or before 1 January 1970 (a Thursday): weeks
    /// compare as integers. (Days are far from negative in every timeline.)
    func weekNumber(_ date: LocalDate) -> Int {
        let first = (policy.firstWeekday ?? .monday).rawValue // 1 Sunday … 7 Saturday; 1970-01-01 is 5
        let back = (5 - first + 7) % 7 // days from that weekday to the Thursday
        return (Int(date.daysSince1970) + back + 7_000_000) / 7
    }

    /// `year * 12 + month` of the calendar month the date's month starts in, months
    /// starting on day `anchor` (or a shorter month's last day): months compare as integers.
    static func monthNumber(_ date: LocalDate, anchor: Int = 1) -> Int {
        let (year, month, day) = date.components
        let length = [31, year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return year * 12 + month - (day < min(anchor, length) ? 1 : 0)
    }

    /// Why a use of `feature` (not a releasing one) under `plan` with `counts` is
    /// blocked (G6), or nil when it is allowed.
    /// (`meter`: a meter to check in place of the one the feature consumes, G6.5.)
    func blockReason(plan: Int?, feature: Int, day: LocalDate?, usageDay: LocalDate, counts: [UsageCounts], meter: Int? = nil) -> BlockReason? {
        guard let plan else { return .noPlan } // G6.1
        let rules = policy.plans[plan]
        guard rules.enables(feature: feature) else { return .notInPlan } // G6.2
        let definition = policy.features[feature]
        if definition.hasHistory {
            // G6.3: on or after the usage day minus N − 1 calendar days; no upper bound.
            guard let days = rules.historyDays[feature], let day else { return nil }
            return Int(day.daysSince1970) >= Int(usageDay.daysSince1970) - (days - 1) ? nil : .history
        }
        guard case .consumes(let consumed) = definition.effect else { return nil }
        let meter = meter ?? consumed
        func passes(_ window: LimitWindow) -> Bool {
            // A window blocks when the use's cost would take its count past the limit.
            rules.limit(meter: meter, window).map { counts[meter][window] + definition.cost > $0.value } ?? false
        }
        for window in LimitWindow.checkOrder where passes(window) { // G6.4: the most lasting reason first.
            // Month and week both passed: the one whose next start is later.
            if window == .month, passes(.week), resetDate(.week, usageDay)! > resetDate(.month, usageDay)! { return .week }
            return BlockReason(window)
        }
        return nil
    }

    /// G9: the paid plans ranked above `plan` (every paid plan when it is not paid) under
    /// which the same use, at the same instant with the same counts, would be allowed.
    func upgradeOffer(from plan: Int?, feature: Int, day: LocalDate?, usageDay: LocalDate, counts: [UsageCounts]) -> PlanSet {
        var offer = PlanSet()
        let floor = plan.flatMap { policy.plans[$0].isPaid ? $0 : nil } ?? -1
        for candidate in policy.plans.indices where candidate > floor && policy.plans[candidate].isPaid {
            let reason = blockReason(plan: candidate, feature: feature, day: day, usageDay: usageDay, counts: counts)
            // G6.5: or a second meter with room.
            if reason == nil || [.day, .week, .month, .total, .stock, .rolling].contains(reason!)
                && policy.features[feature].then.map({ blockReason(plan: candidate, feature: feature, day: day, usageDay: usageDay, counts: counts, meter: $0) == nil }) == true {
                offer.insert(candidate)
            }
        }
        return offer
    }

    /// G8: for a use blocked by `day`, the first instant after `instant` at which the local
    /// date in the calendar is later than the usage day; by `month`, the first at which its
    /// month is later; by `week`, its week. Nil for every other reason.
    func resetInstant(for reason: BlockReason, after instant: Instant, usageDay: LocalDate, clock: ZoneClock, monthAnchor: Int = 1) -> Instant? {
        guard let target = resetDate(reason, usageDay, monthAnchor: monthAnchor) else { return nil }
        var walker: ZoneClock
        switch policy.calendar {
        case .device: walker = ZoneClock(zone: clock.zone.dayStarting(at: policy.dayStart))
        case .fixed(let zone): walker = ZoneClock(zone: zone.dayStarting(at: policy.dayStart))
        }
        // Walk the calendar's date changes; a date that goes backward (a DST change over
        // midnight) is stepped over like any other. A month is at most a few dozen steps.
        var candidate = instant
        for _ in 0..<400 {
            candidate = walker.nextDateStart(after: candidate)
            if walker.localDate(at: candidate) >= target { return candidate }
        }
        return candidate
    }
}

extension SubscriptionMachineOracle {
    /// The date G8 waits for: the day after the usage day, the first of the next month,
    /// the first day of the next week; nil for the other reasons.
    func resetDate(_ reason: BlockReason, _ usageDay: LocalDate, monthAnchor: Int = 1) -> LocalDate? {
        switch reason {
        case .day:
            return LocalDate(daysSince1970: usageDay.daysSince1970 + 1)
        case .month:
            // The first later day in a later month.
            var next = LocalDate(daysSince1970: usageDay.daysSince1970 + 1)
            while Self.monthNumber(next, anchor: monthAnchor) == Self.monthNumber(usageDay, anchor: monthAnchor) { next.daysSince1970 += 1 }
            return next
        case .week:
            return LocalDate(daysSince1970: Int32((weekNumber(usageDay) + 1) * 7 - 7_000_000 - (5 - (policy.firstWeekday ?? .monday).rawValue + 7) % 7))
        default:
            return nil
        }
    }
}

/// The oracle's whole state for one user (as `SubscriptionState` was first written).
struct OracleState: Hashable, Sendable {
    /// Each meter's counted uses the rolling window still holds (format 7).
    var held: [[HeldUse]]
    /// The first install instant `I` (G1); nil before the install event.
    var installedAt: Instant?
    /// Whether the guest has signed in (G1: once registered, always registered).
    var isRegistered: Bool
    /// The device's current zone.
    var clock: ZoneClock
    /// StoreKit's current entitlement with its display details (P1, G12).
    var entitlement: Entitlement?
    /// The usage day written with the last counted use (G3); nil before any.
    var usageDay: LocalDate?
    /// Each meter's counts as written on `usageDay` (G4), by meter index.
    var counts: [UsageCounts]
    /// Each meter's credits (G13), by meter index.
    var credits: [Int]
    /// The day of the month months start on (G3): 1, or the day a subscription began.
    var monthAnchor = 1

    /// A user who has not installed yet, whose device is in `zone`, with `meters` meters.
    init(zone: TimeZoneRules, meters: Int) {
        self.installedAt = nil
        self.isRegistered = false
        self.clock = ZoneClock(zone: zone)
        self.entitlement = nil
        self.usageDay = nil
        self.credits = Array(repeating: 0, count: meters)
        self.counts = Array(repeating: UsageCounts(), count: meters)
        self.held = Array(repeating: [], count: meters)
    }

    /// The device's current zone.
    var zone: TimeZoneRules {
        get { clock.zone }
        set { clock.set(newValue) }
    }
}

/// A counted use a rolling window holds: its instant (ms) and cost.
struct HeldUse: Hashable, Sendable {
    var at: Int64
    var cost: Int
}

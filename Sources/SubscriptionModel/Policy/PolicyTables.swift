/// A `SubscriptionPolicy` compiled for `SubscriptionMachine`'s step: the same rules as flat
/// tables of integers, so that a step looks everything up by index with no optional
/// unwrapping, no nested arrays and no strings.
///
/// Built once per machine. A step reads them and never retains anything (responses hold
/// interned texts), so engines on different threads never touch the same reference count.
struct PolicyTables: Sendable {
    /// What a use of a feature does, as the step branches on it.
    enum FeatureKind: Equatable, Sendable {
        /// Allowed or not by the plan (G6.1, G6.2); counts nothing.
        case gate
        /// Allowed or not by the plan and the meter's limits (G6.4); an allowed use adds
        /// `cost` to every count.
        case consumes(meter: Int, cost: Int)
        /// Gives one item of the meter's stock back; never blocked (G4).
        case releases(meter: Int)
        /// Allowed or not by the plan and its history window (G6.3); counts nothing.
        case history
    }

    /// Where the usage day's date comes from (G2).
    enum Calendar: Sendable {
        /// The device's zone, through the state's `ZoneClock`.
        case device
        /// The device's zone, a day starting at the given milliseconds after midnight: the
        /// date of the wall clock that much earlier (G2).
        case deviceFromDayStart(Int64)
        /// A fixed zone whose offset (ms) never changes (UTC): the date is one division away.
        case fixedOffset(Int64, TimeZoneRules)
        /// A fixed zone with offset changes.
        case fixedZone(TimeZoneRules)
        /// Another source of local dates (`dates`), asked at every step: the device's
        /// zone, or the fixed zone when there is one (`simulate bench`'s Calendar
        /// baseline). The source is kept beside the enum, not in it, so that the enum
        /// is plain data and reading it on the hot path copies no existential.
        case source(fixed: TimeZoneRules?)
    }

    /// One bit per window in `limitWindows`, by `LimitWindow.rawValue`.
    static func bit(_ window: LimitWindow) -> UInt8 { 1 << UInt8(window.rawValue) }

    let meters: Int
    let features: Int
    let calendar: Calendar
    /// The source of local dates when `calendar` is `.source`.
    let dates: (any LocalDateSource)?
    /// Each feature's kind.
    let featureKinds: [FeatureKind]
    /// Each plan's enabled features, one bit per feature.
    let enabled: [UInt64]
    /// Each feature's enabling plans, one bit per plan.
    let enabledBy: [UInt64]
    /// The windows each plan limits on each meter, at `plan * meters + meter`.
    let limitWindows: [UInt8]
    /// The limits, at `(plan * meters + meter) * LimitWindow.count + window.rawValue`; 0 where there is none
    /// (`limitWindows` says which are set).
    let limits: [Int]
    /// Each plan's history window per feature in days, at `plan * features + feature`; nil where unlimited.
    let historyDays: [Int?]
    /// G6.4 as one comparison (a policy with no week or rolling limit; else empty): per
    /// plan and consuming feature, at `plan * features + feature`, the plan's room for a
    /// use of the feature on its meter (`Plan.room(meter:cost:)`): a use fits exactly when
    /// no count in force is above it. −1 in every lane for a feature that consumes nothing
    /// or that the plan does not enable.
    let rooms: [SIMD4<Int32>]
    /// The response to each reason under each plan, at `plan * reasons + reason.rawValue`.
    let responses: [BlockResponse?]
    /// The response under no plan.
    let noPlanResponse: BlockResponse?
    /// G9's candidates: the paid plans ranked above each plan, at `plan + 1` (every paid
    /// plan at index 0, for no plan and for a plan that is not paid).
    let upgradeCandidates: [UInt64]
    /// Each product's plan.
    let productPlans: [Int]
    /// The trial's plan (G5.2), or -1 without a trial; its length in ms.
    let trialPlan: Int, trialLength: Int64
    /// The grace's plan (G5.3), or -1 without a grace; its cut-off and length in ms.
    let gracePlan: Int, graceCutoff: Int64, graceLength: Int64
    /// The registered and guest defaults (G5.4), or -1.
    let registeredDefault: Int, guestDefault: Int
    /// Whether the policy sells credit packs (G13).
    let sellsCredits: Bool
    /// Whether some plan limits a meter by `week`: only then are week counts kept (G4).
    let countsWeeks: Bool
    /// The day weeks start on when the policy counts weeks, else nil.
    let weeks: Weekday?
    /// Whether some plan limits a meter by `rolling`, and the window's length in ms.
    let countsRolling: Bool, rollingLength: Int64
    /// Whether months run from the purchase (G3): a new subscription starts a month.
    let monthsFromPurchase: Bool
    /// Whether the policy counts weeks or a rolling window: the counts an allowed use adds
    /// to out of line.
    let countsExtras: Bool
    /// Whether some feature draws on a second meter (G6.5), and per feature that meter, or
    /// -1. (Such a feature is `consumes` of its first meter here; the step asks for the
    /// second out of line when the first blocks.)
    let drawsOnTwo: Bool, secondMeters: [Int]

    static let reasons = BlockReason.allCases.count

    init(_ policy: SubscriptionPolicy, dates: (any LocalDateSource)? = nil) {
        let meters = policy.meters.count, features = policy.features.count
        precondition(meters <= MeterCounts.capacity, "a policy has at most \(MeterCounts.capacity) meters")
        self.sellsCredits = !policy.creditPacks.isEmpty
        self.countsWeeks = policy.countsWeeks
        self.weeks = policy.countsWeeks ? policy.firstWeekday : nil
        self.countsRolling = policy.countsRolling
        self.monthsFromPurchase = policy.monthsFromPurchase
        self.rollingLength = policy.rollingLength
        self.countsExtras = policy.countsWeeks || policy.countsRolling
        secondMeters = policy.features.map { $0.then ?? -1 }
        drawsOnTwo = secondMeters.contains { $0 >= 0 }
        self.meters = meters
        self.features = features
        // A day start shifts the calendar's zone (`TimeZoneRules.dayStarting`); a source of
        // local dates knows real zones only, so a policy with one reads the tables.
        let dates = policy.dayStart == 0 ? dates : nil
        switch (policy.calendar, dates) {
        case (.device, nil): calendar = policy.dayStart == 0 ? .device : .deviceFromDayStart(policy.dayStart)
        case (.fixed(let zone), nil):
            let zone = zone.dayStarting(at: policy.dayStart)
            calendar = zone.hasTransitions ? .fixedZone(zone) : .fixedOffset(zone.offsetMilliseconds(at: Instant(millisecondsSince1970: 0)), zone)
        case (.device, _?): calendar = .source(fixed: nil)
        case (.fixed(let zone), _?): calendar = .source(fixed: zone)
        }
        self.dates = dates
        featureKinds = policy.features.map { feature in
            switch feature.effect {
            case .releases(let meter): .releases(meter: meter) // released even with a history window, as G4 has it
            case _ where feature.hasHistory: .history
            case .consumes(let meter): .consumes(meter: meter, cost: feature.cost)
            case .gate: .gate
            }
        }
        enabled = policy.plans.map(\.enabledFeatures)
        enabledBy = (0..<features).map { [enabled] feature in
            enabled.indices.reduce(0) { plans, plan in enabled[plan] & (1 << UInt64(feature)) != 0 ? plans | 1 << UInt64(plan) : plans }
        }
        var limitWindows: [UInt8] = [], limits: [Int] = [], historyDays: [Int?] = [], responses: [BlockResponse?] = []
        for plan in policy.plans {
            for meter in 0..<meters {
                var set: UInt8 = 0
                for window in LimitWindow.allCases {
                    if let limit = plan.limit(meter: meter, window) {
                        set |= Self.bit(window)
                        limits.append(limit.value)
                    } else {
                        limits.append(0)
                    }
                }
                limitWindows.append(set)
            }
            for feature in 0..<features { historyDays.append(plan.historyDays[feature]) }
            for reason in BlockReason.allCases { responses.append(plan.response(to: reason)) }
        }
        self.limitWindows = limitWindows
        self.limits = limits
        self.historyDays = historyDays
        self.responses = responses
        noPlanResponse = policy.noPlanResponse
        var paid: UInt64 = 0
        for index in policy.plans.indices where policy.plans[index].isPaid { paid |= 1 << UInt64(index) }
        upgradeCandidates = [paid] + policy.plans.indices.map { index in
            // Plans ranked above a paid plan: the paid bits above its own.
            policy.plans[index].isPaid ? paid & ~((2 << UInt64(index)) &- 1) : paid
        }
        productPlans = policy.products.map(\.plan)
        trialPlan = policy.trial?.plan ?? -1
        trialLength = policy.trial?.lengthMilliseconds ?? 0
        if let grace = policy.grace, let cutoff = grace.cutoff {
            gracePlan = grace.plan
            graceCutoff = cutoff.millisecondsSince1970
            graceLength = grace.lengthMilliseconds
        } else {
            gracePlan = -1
            graceCutoff = 0
            graceLength = 0
        }
        registeredDefault = policy.registeredDefault ?? -1
        guestDefault = policy.guestDefault ?? -1
        let kinds = featureKinds
        rooms = policy.countsWeeks || policy.countsRolling ? [] : policy.plans.flatMap { plan in
            policy.features.indices.map { feature -> SIMD4<Int32> in
                guard plan.enables(feature: feature), case .consumes(let meter, let cost) = kinds[feature] else { return SIMD4(repeating: -1) }
                return plan.room(meter: meter, cost: cost)
            }
        }
    }

    // MARK: The rules, by index

    /// The plan in force at `instant` (G5), or -1 for no plan.
    @inline(__always)
    func plan(of state: SubscriptionState, at instant: Instant) -> Int {
        if let entitlement = state.entitlement { return productPlans[entitlement.product] } // G5.1
        if let installed = state.installedAt {
            if trialPlan >= 0, installed.milliseconds(to: instant) < trialLength { return trialPlan } // G5.2
            if gracePlan >= 0, installed.millisecondsSince1970 < graceCutoff,
               instant.millisecondsSince1970 - graceCutoff < graceLength { return gracePlan } // G5.3
        }
        if state.isRegistered, registeredDefault >= 0 { return registeredDefault } // G5.4
        return guestDefault // G5.4, or -1: G5.5
    }

    /// The local date at `instant` in the policy's calendar (G2).
    @inline(__always)
    func calendarDate(at instant: Instant, clock: inout ZoneClock) -> LocalDate {
        switch calendar {
        case .device: clock.localDate(at: instant)
        case .deviceFromDayStart(let start): LocalDate(localMilliseconds: instant.millisecondsSince1970 &+ clock.offsetMilliseconds(at: instant) &- start)
        case .fixedOffset(let offset, _): LocalDate(localMilliseconds: instant.millisecondsSince1970 + offset)
        case .fixedZone(let zone): zone.localDate(at: instant)
        case .source(let fixed): dates!.localDate(at: instant, in: fixed ?? clock.zone)
        }
    }

    /// Why a use of `feature` (not a releasing one) under `plan` (-1: none) is blocked
    /// (G6), or nil when it is allowed; `counts` are the consumed meter's counts in force.
    @inline(__always)
    func blockReason(plan: Int, feature: Int, day: LocalDate?, usageDay: LocalDate, counts: UsageCounts) -> BlockReason? {
        guard plan >= 0 else { return .noPlan } // G6.1
        guard enabled[plan] & (1 << UInt64(feature)) != 0 else { return .notInPlan } // G6.2
        switch featureKinds[feature] {
        case .gate, .releases:
            return nil
        case .history:
            // G6.3: on or after the usage day minus N − 1 calendar days; no upper bound.
            guard let days = historyDays[plan &* features &+ feature], let day else { return nil }
            return Int(day.daysSince1970) >= Int(usageDay.daysSince1970) - (days - 1) ? nil : .history
        case .consumes(let meter, let cost):
            return limitReason(plan: plan, meter: meter, cost: cost, usageDay: usageDay, counts: counts)
        }
    }

    /// Whether a use of consuming `feature` under `plan` (-1: none) with `counts` in force
    /// fits the plan's limits, found by one comparison (`rooms`); false when it does not,
    /// and under a policy without rooms (then `blockReason` decides).
    @inline(__always)
    func fits(plan: Int, feature: Int, counts: UsageCounts) -> Bool {
        !rooms.isEmpty && plan >= 0 && hasRoom(plan: plan, feature: feature, counts: counts)
    }

    /// Whether `counts` are within plan `plan`'s room for `feature` (a policy with rooms).
    @inline(__always)
    private func hasRoom(plan: Int, feature: Int, counts: UsageCounts) -> Bool {
        all(counts.lanes .<= rooms[plan &* features &+ feature])
    }

    /// G6.4: why plan `plan`'s limits on `meter` (counts in force `counts`) block a use
    /// costing `cost`, the most lasting reason first (total, stock, month or week, day);
    /// a window blocks when the cost would take its count past the limit. Nil: none does.
    @inline(__always)
    func limitReason(plan: Int, meter: Int, cost: Int, usageDay: LocalDate, counts: UsageCounts) -> BlockReason? {
        let slot = plan &* meters &+ meter
        let set = limitWindows[slot]
        guard set != 0 else { return nil }
        let base = slot &* LimitWindow.count
        if set & Self.bit(.total) != 0, counts.total &+ cost > limits[base &+ LimitWindow.total.rawValue] { return .total }
        if set & Self.bit(.stock) != 0, counts.stock &+ cost > limits[base &+ LimitWindow.stock.rawValue] { return .stock }
        if set & (Self.bit(.week) | Self.bit(.rolling)) != 0 { return calendarReason(base: base, set: set, counts: counts, cost: cost, usageDay: usageDay) }
        if set & Self.bit(.month) != 0, counts.month &+ cost > limits[base &+ LimitWindow.month.rawValue] { return .month }
        if set & Self.bit(.day) != 0, counts.day &+ cost > limits[base &+ LimitWindow.day.rawValue] { return .day }
        return nil
    }

    /// G6.4's `month`, `week`, `day` and `rolling` for a meter a plan limits by week or by
    /// a rolling window (the limits at `base`, `set` the windows limited): when the month
    /// and the week both block, the one whose next start is later (the next week's first
    /// day after the 1st of the next month: `week`; on the same day: `month`); `rolling`
    /// when no calendar window blocks (when one does, the step compares their reset
    /// instants: `SubscriptionMachine.laterReset`). (Out of line: a policy without weeks
    /// or rolling windows never calls it, and the step that does not is compiled as before.)
    @inline(never)
    func calendarReason(base: Int, set: UInt8, counts: UsageCounts, cost: Int, usageDay: LocalDate) -> BlockReason? {
        let week = set & Self.bit(.week) != 0 && counts.week &+ cost > limits[base &+ LimitWindow.week.rawValue]
        if set & Self.bit(.month) != 0, counts.month &+ cost > limits[base &+ LimitWindow.month.rawValue] {
            // (Calendar months: the reader refuses a week limit where months run from the purchase.)
            return week && nextWeekStart(after: usageDay) > SubscriptionState.month(of: usageDay, anchor: 1).next ? .week : .month
        }
        if week { return .week }
        if set & Self.bit(.day) != 0, counts.day &+ cost > limits[base &+ LimitWindow.day.rawValue] { return .day }
        if set & Self.bit(.rolling) != 0, counts.rolling &+ cost > limits[base &+ LimitWindow.rolling.rawValue] { return .rolling }
        return nil
    }

    /// Plan `plan`'s `rolling` limit on `meter`, or nil.
    func rollingLimit(plan: Int, meter: Int) -> Int? {
        let slot = plan &* meters &+ meter
        return limitWindows[slot] & Self.bit(.rolling) != 0 ? limits[slot &* LimitWindow.count &+ LimitWindow.rolling.rawValue] : nil
    }

    /// The first day (since 1970) of the week after `usageDay`'s (G8's week reset).
    @inline(never)
    func nextWeekStart(after usageDay: LocalDate) -> Int32 {
        (weeks ?? .monday).weekStart(of: usageDay.daysSince1970) &+ 7
    }

    /// G9: the paid plans ranked above `plan` (every paid plan when it is not paid) under
    /// which the same use would be allowed.
    @inline(__always)
    func upgradeOffer(from plan: Int, feature: Int, day: LocalDate?, usageDay: LocalDate, counts: UsageCounts) -> PlanSet {
        // G6.2: only a plan that enables the feature can allow it; then the feature's
        // kind decides, read once for every candidate.
        var candidates = upgradeCandidates[plan &+ 1] & enabledBy[feature]
        var offer = PlanSet()
        switch featureKinds[feature] {
        case .gate, .releases:
            return PlanSet(bits: candidates)
        case .consumes where !rooms.isEmpty:
            // One comparison per candidate (`rooms`).
            while candidates != 0 {
                let candidate = candidates.trailingZeroBitCount
                candidates &= candidates &- 1
                if hasRoom(plan: candidate, feature: feature, counts: counts) { offer.insert(candidate) }
            }
        case .consumes(let meter, let cost):
            while candidates != 0 {
                let candidate = candidates.trailingZeroBitCount
                candidates &= candidates &- 1
                if limitReason(plan: candidate, meter: meter, cost: cost, usageDay: usageDay, counts: counts) == nil { offer.insert(candidate) }
            }
        case .history:
            while candidates != 0 {
                let candidate = candidates.trailingZeroBitCount
                candidates &= candidates &- 1
                if blockReason(plan: candidate, feature: feature, day: day, usageDay: usageDay, counts: counts) == nil { offer.insert(candidate) }
            }
        }
        return offer
    }

    /// The response to a use blocked for `reason` under `plan` (-1: none) (G7).
    @inline(__always)
    func response(plan: Int, reason: BlockReason) -> BlockResponse? {
        plan >= 0 ? responses[plan &* Self.reasons &+ reason.rawValue] : noPlanResponse
    }
}

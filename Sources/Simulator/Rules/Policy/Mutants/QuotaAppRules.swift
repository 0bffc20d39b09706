import SubscriptionModel
import SimulatorCore

/// The correct default of every rule hook of `QuotaApp`, each written from its rule in
/// `docs/policies.md`.
extension QuotaApp {
    // MARK: Days (G2, G3)

    /// G2: the local date in the calendar's zone.
    public func calendarDate(at instant: Instant) -> LocalDate {
        calendarZone.localDate(at: instant)
    }

    /// G2: the device's current zone, or the policy's fixed one; under a day start, that
    /// zone shifted so that its midnight falls at the day start.
    public var calendarZone: TimeZoneRules {
        zoneOfTheCalendar.dayStarting(at: store.policy.dayStart)
    }

    /// G2's zone as its own clock reads it, before any day start: the device's current
    /// zone, or the policy's fixed one.
    package var zoneOfTheCalendar: TimeZoneRules {
        switch store.policy.calendar {
        case .device: store.zone
        case .fixed(let zone): zone
        }
    }

    /// G3: the later of the stored day and today's date.
    public func usageDay(at instant: Instant) -> LocalDate {
        let today = calendarDate(at: instant)
        guard let stored = store.usageDay, stored > today else { return today }
        return stored // G3: the stored day never moves back.
    }

    /// G3: the stored counts, with `day` read as 0 on a later usage day, `month` in a later
    /// month and `week` in a later week.
    public func countsInForce(at instant: Instant) -> [UsageCounts] {
        defaultCountsInForce(at: instant)
    }

    /// G3's counts in force: the default `countsInForce`, for mutants that adjust it.
    package func defaultCountsInForce(at instant: Instant) -> [UsageCounts] {
        let day = usageDay(at: instant)
        var inForce = calendarCountsInForce(day: day)
        if store.policy.countsRolling {
            for meter in inForce.indices { inForce[meter].rolling = rollingCount(meter: meter, at: instant) }
        }
        return inForce
    }

    /// G4 for a rolling window: the cost of the meter's uses at instants after `instant`
    /// less the window's length (each stopping at 2,147,483,647).
    package func rollingCount(meter: Int, at instant: Instant) -> Int {
        let start = instant.millisecondsSince1970 - store.policy.rollingLength
        return min(store.rollingUses[meter].filter { $0.at.millisecondsSince1970 > start }.reduce(0) { $0 + $1.cost }, MeterCounts.largest)
    }

    /// G3's stored counts on usage day `day`: `day`, `month` and `week` read 0 once passed.
    private func calendarCountsInForce(day: LocalDate) -> [UsageCounts] {
        guard let stored = store.usageDay, day > stored else { return store.counts }
        let newMonth = monthNumber(of: day) > monthNumber(of: stored)
        let newWeek = weekNumber(of: day) > weekNumber(of: stored)
        return store.counts.map { counts in
            UsageCounts(day: 0, month: newMonth ? 0 : counts.month, total: counts.total, stock: counts.stock, week: newWeek ? 0 : counts.week)
        }
    }

    /// G3: `year * 12 + month` for calendar months. Under months that run from the
    /// purchase, a date before its calendar month's start day (the anchor's day of the
    /// month, or the month's last day when it has fewer) is in the month before.
    public func monthNumber(of day: LocalDate) -> Int {
        let (year, month, date) = day.components
        guard let anchor = store.monthStartedOn?.components.day else { return year * 12 + month }
        return year * 12 + month - (date < min(anchor, LocalDate.daysInMonth(year: year, month: month)) ? 1 : 0)
    }

    /// The number of `day`'s week, counted in weeks starting on the policy's first weekday
    /// (1 January 1970, a Thursday, is 4 days after a Sunday).
    package func weekNumber(of day: LocalDate) -> Int {
        let sinceFirstWeekday = Int(day.daysSince1970) + 4 - ((store.policy.firstWeekday ?? .monday).rawValue - 1)
        return sinceFirstWeekday >= 0 ? sinceFirstWeekday / 7 : -((-sinceFirstWeekday + 6) / 7)
    }

    // MARK: Plans (G5)

    /// G5 with the store's entitlement.
    public func plan(at instant: Instant) -> Int? {
        standardPlan(at: instant, entitlement: store.entitlement)
    }

    /// G5's plan at `instant` for a user with `entitlement` (and the store's install and
    /// identity): the default `plan(at:)`, for mutants that change what it is given.
    package func standardPlan(at instant: Instant, entitlement: Entitlement?) -> Int? {
        let policy = store.policy
        if let entitlement { return policy.products[entitlement.product].plan }
        if let installed = store.installedAt {
            if let trial = policy.trial, installed.milliseconds(to: instant) < trial.lengthMilliseconds { return trial.plan }
            if let grace = policy.grace, let cutoff = grace.cutoff, installed < cutoff,
               instant < cutoff.adding(milliseconds: grace.lengthMilliseconds) {
                return grace.plan
            }
        }
        if store.isRegistered, let registered = policy.registeredDefault { return registered }
        return policy.guestDefault
    }

    // MARK: A use (G4, G6–G9)

    /// G6, first match wins: no plan, not in the plan, outside the history window, a reached limit.
    public func blockReason(plan: Int?, feature: Int, day: LocalDate?, at instant: Instant, counts: [UsageCounts]) -> BlockReason? {
        defaultBlockReason(plan: plan, feature: feature, day: day, at: instant, counts: counts)
    }

    /// G6's reason: the default `blockReason`, for mutants that adjust it.
    package func defaultBlockReason(plan: Int?, feature: Int, day: LocalDate?, at instant: Instant, counts: [UsageCounts]) -> BlockReason? {
        guard let plan else { return .noPlan }
        let rules = store.policy.plans[plan], definition = store.policy.features[feature]
        guard rules.enables(feature: feature) else { return .notInPlan }
        if definition.hasHistory {
            guard let days = rules.historyDays[feature], let day else { return nil }
            return historyAllows(day: day, days: days, at: instant) ? nil : .history
        }
        guard case .consumes(let meter) = definition.effect else { return nil }
        return limitReason(plan: plan, meter: meter, cost: definition.cost, at: instant, counts: counts)
    }

    /// G6.4 for one meter: why plan `plan`'s limits on `meter` block a use costing `cost`
    /// (the most lasting reason first), or nil.
    package func limitReason(plan: Int, meter: Int, cost: Int, at instant: Instant, counts: [UsageCounts]) -> BlockReason? {
        let rules = store.policy.plans[plan]
        let passed = limitCheckOrder.filter { window in
            rules.limit(meter: meter, window).map { limitReached(count: counts[meter][window], cost: cost, limit: $0) } ?? false
        }
        guard var first = passed.first else { return nil }
        // The month's and the week's limits both passed: the one that starts again later.
        if first == .month, passed.contains(.week), let week = resetDate(for: .week, after: usageDay(at: instant)),
           let month = resetDate(for: .month, after: usageDay(at: instant)), week > month {
            first = .week
        }
        // A calendar window and the rolling one: the one whose reset instant is later.
        if first == .day || first == .week || first == .month, passed.contains(.rolling),
           let calendar = resetInstant(for: BlockReason(first), after: instant), let rolling = rollingReset(meter: meter, cost: cost, plan: plan, at: instant),
           rolling > calendar {
            first = .rolling
        }
        return BlockReason(first)
    }

    /// G6.3: on or after the usage day minus `days − 1` calendar days.
    public func historyAllows(day: LocalDate, days: Int, at instant: Instant) -> Bool {
        // The usage day and the `days − 1` calendar days before it; no upper bound.
        day.daysSince1970 >= usageDay(at: instant).daysSince1970 - Int32(days - 1)
    }

    /// G6.4: the most lasting reason first, so a user is never promised a reset that would not help.
    /// `month` and `week` stand side by side: when both are passed, the one that starts
    /// again later is the reason.
    public var limitCheckOrder: [LimitWindow] { [.total, .stock, .month, .week, .day, .rolling] }

    /// G6.4: the count and the use's cost pass the limit, hidden or not (with a cost of 1:
    /// the count is at least the limit).
    public func limitReached(count: Int, cost: Int, limit: Limit) -> Bool {
        count + cost > limit.value
    }

    /// G7: the plan's response to the reason, or the policy's no-plan response.
    public func response(plan: Int?, reason: BlockReason) -> BlockResponse? {
        guard let plan else { return store.policy.noPlanResponse }
        return store.policy.plans[plan].response(to: reason)
    }

    /// G8: for `day`, the first instant at which the calendar's date is later than the
    /// usage day; for `month`, at which its month is; for `week`, its week; nil otherwise.
    public func resetInstant(for reason: BlockReason, after instant: Instant) -> Instant? {
        resetInstant(for: reason, after: instant, in: calendarZone)
    }

    /// G8's instant found on `zone`'s clock: the default `resetInstant`, for mutants that
    /// look at another clock.
    package func resetInstant(for reason: BlockReason, after instant: Instant, in zone: TimeZoneRules) -> Instant? {
        guard let target = resetDate(for: reason, after: usageDay(at: instant)) else { return nil }
        return CalendarWalk.firstInstant(after: instant, reaching: target, in: zone)
    }

    /// G8 for a `rolling` block of a use costing `cost` on `meter` under `plan`: the
    /// first instant at which enough of the meter's uses have left the window for it (or
    /// none is left, when the cost is above the limit).
    public func rollingReset(meter: Int, cost: Int, plan: Int, at instant: Instant) -> Instant? {
        guard let limit = store.policy.plans[plan].limit(meter: meter, .rolling)?.value else { return nil }
        let room = max(limit - cost, 0)
        var count = rollingCount(meter: meter, at: instant)
        let start = instant.millisecondsSince1970 - store.policy.rollingLength
        for held in store.rollingUses[meter] where held.at.millisecondsSince1970 > start {
            count -= held.cost
            if count <= room { return held.at.adding(milliseconds: store.policy.rollingLength) }
        }
        return nil
    }

    /// The date G8's reset waits for after usage day `day`: the next day, the first day
    /// of the next month, of the next week; nil for a reason time does not end.
    package func resetDate(for reason: BlockReason, after day: LocalDate) -> LocalDate? {
        switch reason {
        case .day:
            return LocalDate(daysSince1970: day.daysSince1970 + 1)
        case .month:
            var next = LocalDate(daysSince1970: day.daysSince1970 + 1)
            while monthNumber(of: next) == monthNumber(of: day) { next = LocalDate(daysSince1970: next.daysSince1970 + 1) }
            return next
        case .week:
            var next = LocalDate(daysSince1970: day.daysSince1970 + 1)
            while weekNumber(of: next) == weekNumber(of: day) { next = LocalDate(daysSince1970: next.daysSince1970 + 1) }
            return next
        default:
            return nil
        }
    }

    /// G9 with the counts in force.
    public func upgradeOffer(from plan: Int?, feature: Int, day: LocalDate?, at instant: Instant, counts: [UsageCounts]) -> PlanSet {
        paidPlansAllowing(from: plan, feature: feature, day: day, at: instant, counts: counts)
    }

    /// G9's offer for a use with `counts`: the paid plans ranked above `plan` (every paid
    /// plan when it is not paid) under which it would be allowed. The default
    /// `upgradeOffer`, for mutants that change what it is given.
    package func paidPlansAllowing(from plan: Int?, feature: Int, day: LocalDate?, at instant: Instant, counts: [UsageCounts]) -> PlanSet {
        let plans = store.policy.plans
        var offer = PlanSet()
        for candidate in plans.indices where plans[candidate].isPaid {
            if let plan, plans[plan].isPaid, candidate <= plan { continue } // only plans ranked above a paid plan
            let reason = blockReason(plan: candidate, feature: feature, day: day, at: instant, counts: counts)
            // G6.5: a second meter with room allows the use too.
            if reason == nil || reason!.isLimit && store.policy.features[feature].then.map({
                limitReason(plan: candidate, meter: $0, cost: store.policy.features[feature].cost, at: instant, counts: counts) == nil
            }) == true {
                offer.insert(candidate)
            }
        }
        return offer
    }

    /// G6.5: see `defaultSecondMeterDraw`.
    public func secondMeterDraw(plan: Int, feature: Int, first: Int, firstReason: BlockReason, second: Int, at instant: Instant,
                                counts: [UsageCounts]) -> (reason: BlockReason, meter: Int)? {
        defaultSecondMeterDraw(plan: plan, feature: feature, first: first, firstReason: firstReason, second: second, at: instant, counts: counts)
    }

    /// G6.5: the second meter takes the use when its limits allow it; else the use is
    /// blocked for the reason, of the two meters', whose reset comes first (one with no
    /// reset last; the first meter's on a tie).
    package func defaultSecondMeterDraw(plan: Int, feature: Int, first: Int, firstReason: BlockReason, second: Int, at instant: Instant,
                                        counts: [UsageCounts]) -> (reason: BlockReason, meter: Int)? {
        let cost = store.policy.features[feature].cost
        guard let secondReason = limitReason(plan: plan, meter: second, cost: cost, at: instant, counts: counts) else { return nil }
        let firstReset = meterReset(firstReason, meter: first, cost: cost, plan: plan, at: instant)
        if let secondReset = meterReset(secondReason, meter: second, cost: cost, plan: plan, at: instant), firstReset.map({ secondReset < $0 }) ?? true {
            return (secondReason, second)
        }
        return (firstReason, first)
    }

    /// G8 for a use costing `cost` on `meter` blocked for `reason` under `plan`.
    package func meterReset(_ reason: BlockReason, meter: Int, cost: Int, plan: Int, at instant: Instant) -> Instant? {
        reason == .rolling ? rollingReset(meter: meter, cost: cost, plan: plan, at: instant) : resetInstant(for: reason, after: instant)
    }

    /// G4: a consuming feature's meter; a history feature counts nothing.
    public func meterCounted(by feature: Int) -> Int? {
        let definition = store.policy.features[feature]
        guard case .consumes(let meter) = definition.effect, !definition.hasHistory else { return nil }
        return meter
    }

    /// G4: see `defaultCountUse`.
    public mutating func countUse(meter: Int, cost: Int, at instant: Instant) {
        defaultCountUse(meter: meter, cost: cost, at: instant)
    }

    /// G4's write: the counts in force (as `countsInForce` has them) plus `cost` in every
    /// window of `meter` (each stopping at 2,147,483,647), stored with the usage day. The
    /// default `countUse`, for mutants that keep more.
    package mutating func defaultCountUse(meter: Int, cost: Int, at instant: Instant) {
        var counts = countsInForce(at: instant)
        let largest = MeterCounts.largest
        counts[meter].day = min(counts[meter].day + cost, largest)
        counts[meter].month = min(counts[meter].month + cost, largest)
        counts[meter].total = min(counts[meter].total + cost, largest)
        counts[meter].stock = min(counts[meter].stock + cost, largest)
        if store.policy.countsWeeks { counts[meter].week = min(counts[meter].week + cost, largest) }
        if store.policy.countsRolling {
            counts[meter].rolling = min(counts[meter].rolling + cost, largest)
            let start = instant.millisecondsSince1970 - store.policy.rollingLength
            store.rollingUses[meter].removeAll { $0.at.millisecondsSince1970 <= start }
            store.rollingUses[meter].append((instant, cost))
        }
        store.usageDay = usageDay(at: instant)
        store.counts = counts
    }

    /// G4: one item back, never below 0; nothing else is written.
    public mutating func release(meter: Int, at instant: Instant) {
        if store.counts[meter].stock > 0 { store.counts[meter].stock -= 1 }
    }

    // MARK: Credit packs (G13)

    /// G13: a credit for each unit of the use's cost, when the meter holds that many.
    public mutating func takeCredits(meter: Int, cost: Int, at instant: Instant) -> Bool {
        guard store.credits[meter] >= cost else { return false }
        store.credits[meter] -= cost
        return true
    }

    /// G13: the pack's credits are added to its meter's.
    public mutating func purchased(pack: Int, at instant: Instant) {
        let bought = store.policy.creditPacks[pack]
        store.credits[bought.meter] = min(store.credits[bought.meter] + bought.credits, MeterCounts.largest)
    }

    /// G13: the pack's credits still held are taken back, never below 0.
    public mutating func refunded(pack: Int, at instant: Instant) {
        let refunded = store.policy.creditPacks[pack]
        store.credits[refunded.meter] = max(0, store.credits[refunded.meter] - refunded.credits)
    }

    // MARK: Lifecycle (G1, G11, G12)

    /// G1: `I` is recorded once.
    public mutating func installed(at instant: Instant) {
        guard store.installedAt == nil else { return }
        store.installedAt = instant
        // G3: under months that run from the purchase, the first ones run from the install.
        if store.policy.monthsFromPurchase { startMonthOfNewSubscription(at: instant) }
    }

    /// G1, G11: everything lives with the identity; nothing changes.
    public mutating func reinstalled(at instant: Instant) {}

    /// G1: registered for good; counts carry over.
    public mutating func signedIn(at instant: Instant) {
        store.isRegistered = true
    }

    /// P1, G12: replaces product, expiry and renewal together.
    public mutating func entitlementChanged(to entitlement: Entitlement?, at instant: Instant) {
        if store.policy.monthsFromPurchase, let product = entitlement?.product, product != store.entitlement?.product {
            startMonthOfNewSubscription(at: instant)
        }
        store.entitlement = entitlement
    }

    /// G3 under months that run from the purchase: the install or a new subscription
    /// writes the usage day, as a counted use does (so that a zone moved west cannot
    /// take it back into the month before), and starts a month on it, the month counts
    /// starting again from 0.
    package mutating func startMonthOfNewSubscription(at instant: Instant) {
        let counts = countsInForce(at: instant)
        store.usageDay = usageDay(at: instant)
        store.counts = counts
        store.monthStartedOn = store.usageDay
        for meter in store.counts.indices { store.counts[meter].month = 0 }
    }
}

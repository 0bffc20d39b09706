import SubscriptionModel

/// G1–G13 written out a second time, plainly, for the checker: the plan in force, why a
/// use is blocked, what the app answers, when the count resets and which plans would
/// help, each a function of the policy's data and of values the checker keeps from the
/// trace.
///
/// Deliberately independent of `SubscriptionMachine`: an oracle that asked the engine would
/// share its bugs and pass them. Nothing here calls the engine or its rule helpers; the
/// only pieces shared with it are the policy's data (`SubscriptionPolicy`) and the zone
/// tables' offsets. Each function follows the words of `docs/policies.md` and favours
/// being obviously right over being clever. A class, so the checker holds it (and the
/// policy in it) by one reference.
package final class Oracle: Sendable {
    /// The rules, as data.
    package let policy: SubscriptionPolicy
    /// The paid plans' indices in rank order: the file's order (G9).
    package let paidPlans: [Int]
    /// The fixed zone of the policy's calendar; nil when it is the device's (G2).
    package let fixedZone: TimeZoneRules?
    /// When a day starts, in ms after the calendar's midnight (G2): 0 for midnight.
    package let dayStart: Int64

    /// The day weeks start on, 0 for Sunday to 6 for Saturday (G3's `week`); Monday when
    /// the policy has no week limit.
    package let firstWeekday: Int
    /// Whether the policy keeps `week` counts: some plan limits some meter by `week`.
    package let countsWeeks: Bool

    /// G6.4's order: "the first of `total`, `stock`, `month`, `day` whose limit the count
    /// has reached blocks" — the most lasting reason first; `week` beside `month`, the
    /// later of the two to start again first (`blockReason`).
    /// (Kept on the instance: a static array is fetched through the runtime at every use.)
    package let limitOrder: [LimitWindow] = [.total, .stock, .month, .week, .day, .rolling]
    /// Each plan's limits on each meter in `limitOrder`, the windows it limits only: plan
    /// `p`'s on meter `m` are `orderedLimits[limitSpans[p * meters + m]]`. (Read from the
    /// policy once, so that a use looks at the windows its plan limits, not at all six.)
    private let orderedLimits: [(window: LimitWindow, value: Int)]
    private let limitSpans: [Range<Int>]
    private let meters: Int

    /// An oracle for `policy`.
    package init(policy: SubscriptionPolicy) {
        self.policy = policy
        self.paidPlans = policy.plans.indices.filter { policy.plans[$0].isPaid }
        switch policy.calendar {
        case .device: fixedZone = nil
        case .fixed(let zone): fixedZone = zone
        }
        dayStart = policy.dayStart
        firstWeekday = (policy.firstWeekday?.rawValue ?? 2) - 1
        countsWeeks = policy.countsWeeks
        meters = policy.meters.count
        var ordered: [(window: LimitWindow, value: Int)] = [], spans: [Range<Int>] = []
        for plan in policy.plans {
            for meter in policy.meters.indices {
                let start = ordered.count
                for window in limitOrder { if let limit = plan.limit(meter: meter, window) { ordered.append((window, limit.value)) } }
                spans.append(start..<ordered.count)
            }
        }
        orderedLimits = ordered
        limitSpans = spans
    }

    /// G2: the calendar date at `instant` on a wall clock at `offset` (ms): the local
    /// date of the clock's time `dayStart` earlier, so that a day starting at 04:00 still
    /// reads the day before at 03:59.
    @inline(__always)
    package func calendarDate(at instant: Instant, offset: Int64) -> LocalDate {
        LocalDate(localMilliseconds: instant.millisecondsSince1970 + offset - dayStart)
    }

    // MARK: G5 Plan in force

    /// G5, first match wins: (1) the entitlement's product's plan; (2) the trial while
    /// `t < I + length`; (3) the grace when `I < R` and `t < R + length`; (4) the
    /// registered default when signed in and the policy has one, else the guest default;
    /// (5) nil, `none`.
    package func plan(installedAt: Instant?, isRegistered: Bool, entitlement: Entitlement?, at: Instant) -> Int? {
        if let entitlement {
            return policy.products[entitlement.product].plan
        }
        if let installedAt {
            if let trial = policy.trial,
               at.millisecondsSince1970 < installedAt.millisecondsSince1970 + trial.lengthMilliseconds {
                return trial.plan
            }
            if let grace = policy.grace, let cutoff = grace.cutoff, installedAt < cutoff,
               at.millisecondsSince1970 < cutoff.millisecondsSince1970 + grace.lengthMilliseconds {
                return grace.plan
            }
        }
        if isRegistered, let registered = policy.registeredDefault {
            return registered
        }
        return policy.guestDefault
    }

    // MARK: G3 Usage day and counts in force

    /// G3: the usage day is the later of the stored day (the last counted use's) and the
    /// local date now.
    @inline(__always)
    package static func usageDay(stored: LocalDate?, localDate: LocalDate) -> LocalDate {
        guard let stored else { return localDate }
        return stored > localDate ? stored : localDate
    }

    /// The first day of the month after `date`'s: G3's "a later month" is a usage day on
    /// or after it, and G8's month reset is when the local date reaches it.
    package static func nextMonthStart(_ date: LocalDate) -> LocalDate {
        let (year, month, _) = date.components
        return month == 12 ? LocalDate(year: year + 1, month: 1, day: 1) : LocalDate(year: year, month: month + 1, day: 1)
    }

    /// The first day after `date` on which a month starts, months starting on day `anchor`
    /// of each calendar month or, in a month with fewer days, on its last: found by
    /// walking the days (at most 31), not by month arithmetic.
    package static func nextMonthStart(_ date: LocalDate, anchor: Int) -> LocalDate {
        guard anchor != 1 else { return nextMonthStart(date) }
        var day = date.daysSince1970 &+ 1
        while true {
            let (year, month, dayOfMonth) = LocalDate(daysSince1970: day).components
            if dayOfMonth == min(anchor, LocalDate.daysInMonth(year: year, month: month)) { return LocalDate(daysSince1970: day) }
            day &+= 1
        }
    }

    /// The first day after `date` that is the policy's first weekday: G3's "a later
    /// week" is a usage day on or after it, and G8's week reset is when the local date
    /// reaches it. (1 January 1970 was a Thursday, weekday 4 counted from Sunday.)
    package func nextWeekStart(_ date: LocalDate) -> LocalDate {
        var day = Int(date.daysSince1970) + 1
        while ((day + 4) % 7 + 7) % 7 != firstWeekday { day += 1 }
        return LocalDate(daysSince1970: Int32(day))
    }

    // MARK: G6 A use

    /// G6 for a use of `feature` (not a releasing one) under `plan` (nil: none), with
    /// `meterCounts` the counts in force of the meter the feature consumes (ignored for
    /// other features): the reason it is blocked, or nil when it is allowed.
    @inline(__always)
    package func blockReason(plan: Int?, feature: Int, day: LocalDate?, usageDay: LocalDate, meterCounts: UsageCounts) -> BlockReason? {
        // (Each rule is read from the policy in place, `policy.plans[plan].…`: naming the
        // plan or the feature in a local would copy it, strings and tables, at every use.)
        // (1) No plan.
        guard let plan else { return .noPlan }
        // (2) A feature the plan does not enable.
        if !policy.plans[plan].enables(feature: feature) { return .notInPlan }
        // (3) A history feature: the day must be on or after the usage day minus N − 1
        //     calendar days; no upper bound; nothing is counted either way. (A use without a
        //     day cannot be read from a timeline; it is taken as inside the window.)
        if policy.features[feature].hasHistory {
            guard let days = policy.plans[plan].historyDays[feature], let day else { return nil }
            let earliest = Int(usageDay.daysSince1970) - (days - 1)
            return Int(day.daysSince1970) < earliest ? .history : nil
        }
        // (4) A consuming feature: the first window, most lasting first, whose limit the
        //     count would pass with the use's cost added (with a cost of 1: the limit is reached).
        //     A `month` and a `week` limit both passed: the one that starts again later.
        if case .consumes(let meter) = policy.features[feature].effect {
            return limitReason(plan: plan, meter: meter, cost: policy.features[feature].cost, usageDay: usageDay, meterCounts: meterCounts)
        }
        // (6) Allowed.
        return nil
    }

    /// G6 (4) for one meter: the first window of `meter` under `plan`, most lasting first,
    /// whose limit `meterCounts` would pass with `cost` added; nil when none would.
    @inline(__always)
    package func limitReason(plan: Int, meter: Int, cost: Int, usageDay: LocalDate, meterCounts: UsageCounts) -> BlockReason? {
        for index in limitSpans[plan * meters + meter] {
            let (window, limit) = orderedLimits[index]
            if meterCounts[window] + cost > limit {
                // A `month` and a `week` limit both passed: the one that starts again later.
                if window == .month, let week = policy.plans[plan].limit(meter: meter, .week),
                   meterCounts.week + cost > week.value, nextWeekStart(usageDay) > Self.nextMonthStart(usageDay) {
                    return .week
                }
                return BlockReason(window)
            }
        }
        return nil
    }

    /// Credit packs: a use G6 blocks for a limit (`day`, `week`, `month`, `total` or `stock`) goes
    /// ahead when the meter holds a credit for each unit the use costs (`credits` held,
    /// `cost` units), and takes them. Nothing else (no plan, a feature the plan does not
    /// enable, a history day) is paid.
    @inline(__always)
    package static func creditPays(_ reason: BlockReason, credits: Int, cost: Int) -> Bool {
        switch reason {
        case .day, .week, .month, .total, .stock, .rolling: credits >= cost
        case .noPlan, .notInPlan, .history: false
        }
    }

    // MARK: G7 Response

    /// G7: the policy's response to a use blocked for `reason` under `plan`; under no
    /// plan, the policy's `noPlanResponse`.
    package func response(plan: Int?, reason: BlockReason) -> BlockResponse? {
        guard let plan else { return policy.noPlanResponse }
        return policy.plans[plan].responses[reason.rawValue]
    }

    // MARK: G8 Reset instant

    /// G8: for `day`, the first instant after `at` at which the calendar's local date is
    /// later than `usageDay`; for `month`, the first at which its month (starting on day
    /// `monthAnchor`) is later; for
    /// `week`, its week; nil for every other reason. The device's zone is `deviceZone` (assumed not to change).
    ///
    /// Found span by span of constant offset: within one, the local date only grows with
    /// time, so the first instant it reaches the target date is either the span's start
    /// or the instant the wall clock reaches the target's midnight.
    package func resetAt(reason: BlockReason, after at: Instant, usageDay: LocalDate, deviceZone: TimeZoneRules, monthAnchor: Int = 1) -> Instant? {
        let target: LocalDate
        switch reason {
        case .day:
            target = LocalDate(daysSince1970: usageDay.daysSince1970 + 1)
        case .month:
            target = Self.nextMonthStart(usageDay, anchor: monthAnchor)
        case .week:
            target = nextWeekStart(usageDay)
        default:
            return nil
        }
        let zone = fixedZone ?? deviceZone
        // The wall-clock reading at which the target date begins: its midnight, or the day start after it.
        let targetLocalStart = Int64(target.daysSince1970) * Milliseconds.twentyFourHours + dayStart
        // `at` itself is never the answer: its local date is at most the usage day. A month
        // holds a few offset changes at most; the bound only guards against a bad table.
        var start = at.millisecondsSince1970
        for _ in 0..<1_000 {
            let span = zone.offsetSpan(at: Instant(millisecondsSince1970: start))
            let reached = max(start, targetLocalStart - span.offset)
            if reached < span.until { return Instant(millisecondsSince1970: reached) }
            guard span.until > start else { break }
            start = span.until
        }
        return nil
    }

    // MARK: G9 Upgrade offer

    /// G9: the paid plans, in rank order, ranked above `plan` (every paid plan when it is
    /// not paid), under which the same use at the same instant with the same counts
    /// would be allowed.
    /// For a feature that draws on a second meter, `second` is that meter and its counts
    /// in force: a plan under which either meter has room would allow the use (G6.5).
    package func upgradeOffer(plan: Int?, feature: Int, day: LocalDate?, usageDay: LocalDate, meterCounts: UsageCounts,
                              second: (meter: Int, counts: UsageCounts)? = nil) -> PlanSet {
        var offer = PlanSet()
        var above = true
        if let plan, policy.plans[plan].isPaid { above = false }
        for candidate in paidPlans {
            if !above {
                // Skip the paid plans up to and including the plan in force.
                if candidate == plan { above = true }
                continue
            }
            let reason = blockReason(plan: candidate, feature: feature, day: day, usageDay: usageDay, meterCounts: meterCounts)
            if reason == nil || reason!.isLimit && second.map({
                limitReason(plan: candidate, meter: $0.meter, cost: policy.features[feature].cost, usageDay: usageDay, meterCounts: $0.counts) == nil
            }) == true {
                offer.insert(candidate)
            }
        }
        return offer
    }

    // MARK: Names for details

    /// A plan's id, `none` for nil, or the raw index when it is not one of the policy's.
    package func planName(_ plan: Int?) -> String {
        guard let plan else { return "none" }
        return policy.plans.indices.contains(plan) ? policy.plans[plan].id : "plan #\(plan)"
    }
}

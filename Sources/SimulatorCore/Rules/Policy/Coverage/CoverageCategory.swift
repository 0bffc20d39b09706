import SubscriptionModel

/// The edge cases a run under a policy should reach, derived from the policy itself:
/// each plan's blocked uses by reason (with the response G7 gives), each window's
/// reset, each limited `day` and `month` window's block and reset at the calendar's
/// edges (`CalendarEdge`), a stock at its warning and its limit, a release at the limit, StoreKit's
/// moves for each product kind the policy sells, the trial's and the grace's ends, a
/// sign-in carrying counts, diary days at a history window's edge, instants at the
/// ends of the years the contract allows, and the time-zone edges of `EdgeCategory`.
///
/// `all(for:)` lists the categories a policy can reach; one that cannot (a `day` limit
/// under a plan whose `total` limit is no larger, a trial the policy does not have) is
/// absent. Plans, meters and features are indices into the policy.
package enum CoverageCategory: Hashable, Sendable {
    /// A use blocked under a plan (nil: no plan) for a reason (G6), answered with the
    /// policy's response for them (G7).
    case blocked(plan: Int?, reason: BlockReason)
    /// The usage day (or its month) advanced while the meter's `day` (or `month`) count
    /// was above 0: the window reset (G3).
    case reset(meter: Int, window: LimitWindow)
    /// A use blocked by the meter's `day` (or `month`) limit on a day of a calendar edge,
    /// and the meter's next use in the next window, by `CalendarEdge`'s rule (a leap day,
    /// a month's or the year's end, a DST day, a far east or west zone).
    case calendar(meter: Int, window: LimitWindow, edge: CalendarEdge)
    /// A meter's stock rose to the warning share of the plan's stock limit (below the limit).
    case stockAtWarning(meter: Int)
    /// A meter's stock rose to the plan's stock limit.
    case stockAtLimit(meter: Int)
    /// A release while the stock was at or above the plan's stock limit (G4).
    case releaseAtLimit(meter: Int)
    /// The usage day's month advanced.
    case monthRollover
    /// The trial ended between two consecutive uses (G5.2).
    case trialEndsBetweenUses
    /// The grace ended between two consecutive uses of a user installed before its cut-off (G5.3).
    case graceEndsBetweenUses
    /// A user installed before the grace's cut-off lived past the grace's end.
    case graceLivedThroughInstalledBefore
    /// A user installed after the grace's cut-off, before its end, lived past its end.
    case graceLivedThroughInstalledAfter
    /// A guest's first sign-in while some count was above 0 (G1: counts carry over).
    case signInCarryingCounts
    /// A guest's first sign-in right after a blocked use.
    case signInAtLimit
    /// A product of this kind bought (from no entitlement, or a lifetime over a subscription).
    case bought(ProductKind)
    /// An auto-renewable product renewed: the same product reported with a later `expires`.
    case renewed
    /// StoreKit: a first purchase reported with its introductory offer's end as `expires`.
    case boughtWithOffer
    /// StoreKit: the first renewal after an introductory offer, a product's period on.
    case renewedAfterOffer
    /// A credit pack bought (G13).
    case creditsBought
    /// A use past a limit that went ahead on a credit (G13).
    case usePaidByCredit
    /// A use blocked by a limit after the credits once held were all gone, spent or refunded (G13).
    case blockedAfterCreditsSpent
    /// A refund of a pack whose credits were all still held: it takes the whole pack (G13).
    case refundTookWholePack
    /// A refund of a pack after some of its credits were spent: it takes what is left (G13).
    case refundAfterCreditsSpent
    /// A use costing more than one unit blocked by a limit with units left under it,
    /// fewer than its cost (G6.4).
    case costlyUseBlockedWithUnitsLeft
    /// A use costing more than one unit that brought a limited count exactly to its limit (G4, G6.4).
    case costlyUseReachedLimit
    /// A use blocked by a limit while its meter held credits, fewer than the use costs (G13).
    case blockedWithTooFewCredits
    /// A use after local midnight and before the policy's day start: the day before's (G2).
    case usedBeforeDayStart
    /// The usage day's week advanced (a policy with a `week` limit).
    case weekRollover
    /// A use blocked by a `week` limit on a month's last day, and the meter's next use, the
    /// next day and in the same week, blocked by it again: the month's end resets no week.
    case weekLimitAcrossMonthEnd
    /// A use blocked by a `week` limit on its week's last day, and the meter's next use,
    /// the next day (the first weekday), allowed.
    case weekFreedNextDay
    /// A use blocked by its meter's `month` or `week` limit while both are passed: the
    /// reason is the one that starts again later (G6.4).
    case weekAndMonthBothPassed
    /// A use of a meter at the very instant an earlier counted use of it leaves the
    /// rolling window (`t + rollingHours`: the first instant it no longer counts).
    case useAtRollingExpiry
    /// A use blocked by the rolling window on a later usage day than the meter's last
    /// allowed use: the window holds uses across the day's turn.
    case rollingBlockAcrossDayTurn
    /// A use allowed right after one blocked by the rolling window while the window still
    /// holds some of the meter's uses: it slid, it did not empty.
    case rollingFreedPartially
    /// A use of a feature that draws on two meters, allowed and counted on the second (the
    /// first meter's limits spent, G6.5).
    case drewOnSecondMeter
    /// A use of a feature that draws on two meters, blocked by limits on both.
    case blockedOnBothMeters
    /// A use of a feature that draws on two meters counted on the first again after its
    /// last use was counted on the second (the first meter's window started again).
    case firstMeterAgainAfterSecond
    /// Under months that run from the purchase: a new subscription while some month count
    /// was above 0, which starts a month on its day (G3).
    case monthStartedBySubscription
    /// Under months that run from the purchase: the usage day reached a month that starts
    /// on a shorter month's last day (31 → 28 February), with some month count above 0.
    case monthTurnedOnClampedDay
    /// Under months that run from the purchase: a usage day in the calendar month after
    /// a clamped start, on or after that start's day but before the anchor's (28 to 30
    /// March for a month from 28 February and a 31st anchor), with some month count
    /// above 0: still the month that began in the shorter month.
    case monthKeptPastClampedDay
    /// Of a `meter` screen's windows (format 11), two or more with a limit shown under
    /// the plan in force, the one that decides the screen (the fewest uses left; on a tie,
    /// the larger limit) became `window` (from another, or from no choice at all).
    case fewestLeft(meter: Int, windows: [LimitWindow], window: LimitWindow)
    /// Auto-renew turned off: the same product reported with `renews` false.
    case cancelled
    /// Access to a product of this kind ended before its period did (a refund; any loss of a lifetime purchase).
    case refunded(ProductKind)
    /// Access to an auto-renewable product ended at or after its `expires` (after a cancellation or a failed renewal).
    case periodEnded
    /// A use while the entitlement last reported has an `expires` already reached: its
    /// renewal or end not reported yet (an offline device, a billing grace). G12: the
    /// product still decides the plan. Counted once for each `expires` reported (the
    /// first such use), so a heavy user's many uses in one gap count as one.
    case usedAfterExpires
    /// To a product of a higher-ranked plan.
    case upgrade
    /// To a product of a lower-ranked plan.
    case downgrade
    /// To another product of the same plan.
    case crossgrade
    /// An entitlement lost while the trial still ran.
    case lostInTrial
    /// An entitlement lost within 48 hours of being gained.
    case lostWithinHours
    /// A `set-entitlement` equal to the one in force (no entitlement while none is, or
    /// the same product, `expires` and `renews` again).
    case reportChangesNothing
    /// A history use for the first day of the plan's window (inside, G6.3).
    case historyFirstDay(feature: Int)
    /// A history use for the day before the plan's window (outside).
    case historyDayBefore(feature: Int)
    /// A timeline with an instant after 2038-01-19T03:14:07Z, where 32-bit seconds overflow.
    case after2038
    /// A timeline with an instant before 1980.
    case before1980
    /// A time-zone edge of today's categories (DST, skipped or repeated dates, travel,
    /// toggles, the first and last minute of a day in the policy's calendar, reinstalls).
    case zone(EdgeCategory)

    /// How a product is bought, for the categories of StoreKit's moves.
    package enum ProductKind: String, Hashable, Sendable {
        /// A subscription renewed every period.
        case autoRenewable = "auto-renewable"
        /// A lifetime purchase.
        case nonConsumable = "non-consumable"

        /// The kind of a policy's product.
        package init(_ kind: StoreProduct.Kind) {
            if case .autoRenewable = kind { self = .autoRenewable } else { self = .nonConsumable }
        }
    }

    /// The time-zone categories of `EdgeCategory` every policy shares.
    package static let zoneCategories: [EdgeCategory] = [
        .dstSpringForward, .dstFallBack, .missingMidnight, .fallBackAcrossMidnight, .skippedDate, .repeatedDate,
        .dateLineTravel, .zoneToggleAcrossDate, .lastMinuteBeforeReset, .firstMinuteAfterReset, .reinstall,
    ]

    /// Every category `policy` can reach, in a fixed order: blocked uses by plan and
    /// reason, resets, calendar edges, stocks, time and identity, StoreKit, history, years, time zones.
    package static func all(for policy: SubscriptionPolicy) -> [CoverageCategory] {
        var all: [CoverageCategory] = []
        for plan in reachablePlans(policy) {
            for reason in reachableReasons(policy, plan: plan) { all.append(.blocked(plan: plan, reason: reason)) }
        }
        for meter in policy.meters.indices {
            for window in policy.meterWindows[meter] where window == .day || window == .week || window == .month { all.append(.reset(meter: meter, window: window)) }
        }
        for (meter, window) in calendarWindows(policy) {
            all += CalendarEdge.allCases.map { .calendar(meter: meter, window: window, edge: $0) }
        }
        let percent = UserTraits.warningPercent(of: policy)
        for meter in policy.meters.indices where policy.plans.contains(where: { $0.limit(meter: meter, .stock) != nil }) {
            // A warning below the limit needs a limit whose warning share rounds below it.
            if policy.plans.contains(where: { plan in plan.limit(meter: meter, .stock).map { ($0.value * percent + 99) / 100 < $0.value } ?? false }) {
                all.append(.stockAtWarning(meter: meter))
            }
            all.append(.stockAtLimit(meter: meter))
            if policy.features.contains(where: { $0.effect == .releases(meter) }) { all.append(.releaseAtLimit(meter: meter)) }
        }
        all.append(.monthRollover)
        if policy.trial != nil { all.append(.trialEndsBetweenUses) }
        if policy.grace?.cutoff != nil { all += [.graceEndsBetweenUses, .graceLivedThroughInstalledBefore, .graceLivedThroughInstalledAfter] }
        let consumes = policy.features.contains { if case .consumes = $0.effect { true } else { false } }
        if consumes { all.append(.signInCarryingCounts) }
        if all.contains(where: { if case .blocked = $0 { true } else { false } }) { all.append(.signInAtLimit) }
        let kinds = Set(policy.products.map { ProductKind($0.kind) })
        for kind in [ProductKind.autoRenewable, .nonConsumable] where kinds.contains(kind) { all.append(.bought(kind)) }
        if kinds.contains(.autoRenewable) { all += [.renewed, .cancelled] }
        if policy.products.contains(where: { $0.introductoryOffer != nil }) { all += [.boughtWithOffer, .renewedAfterOffer] }
        if !policy.creditPacks.isEmpty { all += [.creditsBought, .usePaidByCredit, .blockedAfterCreditsSpent, .refundTookWholePack, .refundAfterCreditsSpent] }
        let costly = policy.features.filter { $0.cost > 1 && !$0.hasHistory }.compactMap { if case .consumes(let meter) = $0.effect { meter } else { nil } }
        if !costly.isEmpty { all += [.costlyUseBlockedWithUnitsLeft, .costlyUseReachedLimit] }
        if costly.contains(where: policy.hasCredits(meter:)) { all.append(.blockedWithTooFewCredits) }
        if policy.dayStart != 0 { all.append(.usedBeforeDayStart) }
        if policy.countsRolling { all += [.useAtRollingExpiry, .rollingBlockAcrossDayTurn, .rollingFreedPartially] }
        if policy.features.contains(where: { $0.then != nil }) { all += [.drewOnSecondMeter, .blockedOnBothMeters, .firstMeterAgainAfterSecond] }
        if policy.monthsFromPurchase, consumes {
            if !policy.products.isEmpty { all.append(.monthStartedBySubscription) }
            all += [.monthTurnedOnClampedDay, .monthKeptPastClampedDay]
        }
        if policy.countsWeeks {
            all += [.weekRollover, .weekLimitAcrossMonthEnd, .weekFreedNextDay]
            // Some plan limits a meter both by month and by week.
            if policy.plans.contains(where: { plan in policy.meters.indices.contains { plan.limit(meter: $0, .month) != nil && plan.limit(meter: $0, .week) != nil } }) {
                all.append(.weekAndMonthBothPassed)
            }
        }
        let plans = reachablePlans(policy).compactMap { $0 }
        for list in screenWindowLists(policy) {
            // A window decides a choice when some plan shows a limit for it and another of the list.
            for window in list.windows where plans.contains(where: { plan in
                let shown = shownWindows(policy, plan: plan, meter: list.meter, list.windows)
                return shown.count >= 2 && shown.contains(window)
            }) {
                all.append(.fewestLeft(meter: list.meter, windows: list.windows, window: window))
            }
        }
        for kind in [ProductKind.autoRenewable, .nonConsumable] where kinds.contains(kind) { all.append(.refunded(kind)) }
        if kinds.contains(.autoRenewable) { all += [.periodEnded, .usedAfterExpires] }
        let subscriptions = policy.products.filter { ProductKind($0.kind) == .autoRenewable }
        let ranks = Set(subscriptions.map(\.plan))
        if ranks.count > 1 { all += [.upgrade, .downgrade] }
        if ranks.count < subscriptions.count { all.append(.crossgrade) }
        if !policy.products.isEmpty {
            if policy.trial != nil { all.append(.lostInTrial) }
            all.append(.lostWithinHours)
        }
        all.append(.reportChangesNothing)
        for feature in policy.features.indices where policy.features[feature].hasHistory && policy.plans.contains(where: { $0.historyDays[feature] != nil }) {
            all += [.historyFirstDay(feature: feature), .historyDayBefore(feature: feature)]
        }
        all += [.after2038, .before1980]
        all += zoneCategories.map { .zone($0) }
        return all
    }

    /// The plans a user can be under (G5): those a product gives, the trial's, the
    /// grace's, the defaults, and no plan when the policy has no guest default.
    package static func reachablePlans(_ policy: SubscriptionPolicy) -> [Int?] {
        var plans = Set(policy.products.map(\.plan))
        for plan in [policy.trial?.plan, policy.grace?.plan, policy.guestDefault, policy.registeredDefault] {
            if let plan { plans.insert(plan) }
        }
        var reachable: [Int?] = plans.sorted()
        if policy.noPlanCanOccur { reachable.append(nil) }
        return reachable
    }

    /// The reasons a use can be blocked for under `plan` given how counts relate: a
    /// window is never the reason when a window checked before it (G6.4) has a limit no
    /// larger and a count never smaller (`total` ≥ `month` ≥ `day` and `total` ≥ `week` ≥ `day` always, and `stock`
    /// equals `total` for a meter nothing releases).
    package static func reachableReasons(_ policy: SubscriptionPolicy, plan: Int?) -> [BlockReason] {
        guard let plan else { return policy.reasonsThatCanOccur(under: nil) }
        return policy.reasonsThatCanOccur(under: plan).filter { reason in
            let window: LimitWindow
            switch reason {
            case .day: window = .day
            case .week: window = .week
            case .rolling: window = .rolling
            case .month: window = .month
            case .stock: window = .stock
            default: return true
            }
            // Some enabled meter this window could block on must not be shadowed.
            return policy.meters.indices.contains { windowCanBlock(policy, plan: plan, meter: $0, window: window) }
        }
    }

    /// Whether plan `plan` can block a use on `meter` for `window` (G6.4): it limits the
    /// meter over the window, enables a feature that consumes the meter, and no window
    /// checked before it has a limit no larger on a count never smaller.
    static func windowCanBlock(_ policy: SubscriptionPolicy, plan: Int, meter: Int, window: LimitWindow) -> Bool {
        let rules = policy.plans[plan]
        guard let limit = rules.limit(meter: meter, window)?.value else { return false }
        let consumed = policy.features.indices.contains { feature in
            guard rules.enables(feature: feature), case .consumes(let consumed) = policy.features[feature].effect else { return false }
            // A second meter (G6.5) is drawn on once the first meter's limits block.
            return consumed == meter
                || policy.features[feature].then == meter && rules.limits(meter: consumed)
        }
        guard consumed else { return false }
        let released = policy.features.contains { $0.effect == .releases(meter) }
        let earlier = LimitWindow.checkOrder.prefix { $0 != window }
        return !earlier.contains { before in
            guard let shadow = rules.limit(meter: meter, before)?.value, shadow <= limit else { return false }
            switch (before, window) {
            case (.total, _), (.month, .day), (.week, .day): return true // (a week may hold more uses than its month: no shadow)
            case (.stock, .month), (.stock, .week), (.stock, .day), (.stock, .rolling): return !released
            default: return false
            }
        }
    }

    /// The `day` and `month` windows of each meter that some plan a user can be under
    /// blocks uses by (`windowCanBlock`): the windows with calendar edges, meter by meter.
    static func calendarWindows(_ policy: SubscriptionPolicy) -> [(meter: Int, window: LimitWindow)] {
        let plans = reachablePlans(policy).compactMap { $0 }
        var windows: [(meter: Int, window: LimitWindow)] = []
        for meter in policy.meters.indices {
            // (Months from the purchase rarely end on a calendar month's last day: their
            // turns have categories of their own, `monthTurnedOnClampedDay` and
            // `monthKeptPastClampedDay`.)
            for window in policy.monthsFromPurchase ? [LimitWindow.day] : [.day, .month] where plans.contains(where: { plan in
                reachableReasons(policy, plan: plan).contains(BlockReason(window)) && windowCanBlock(policy, plan: plan, meter: meter, window: window)
            }) {
                windows.append((meter, window))
            }
        }
        return windows
    }

    /// The distinct (meter, windows) of the policy's `meter` and `bar` screens of several windows,
    /// in the order first met.
    package static func screenWindowLists(_ policy: SubscriptionPolicy) -> [(meter: Int, windows: [LimitWindow])] {
        var lists: [(meter: Int, windows: [LimitWindow])] = []
        func add(_ meter: Int, _ windows: [LimitWindow]) {
            if windows.count > 1, !lists.contains(where: { $0.meter == meter && $0.windows == windows }) { lists.append((meter, windows)) }
        }
        func visit(_ expression: ScreenExpression) {
            switch expression {
            case .meter(let screen):
                add(screen.meter, screen.windows)
                [screen.below, screen.reached, screen.unlimited].forEach(visit)
                screen.warning.map(visit)
            case .bar(let meter, let windows):
                add(meter, windows)
            case .byPlan(let branches), .byProduct(let branches):
                branches.expressions.forEach(visit)
            default:
                break
            }
        }
        policy.screens.forEach { visit($0.value) }
        return lists
    }

    /// Of `windows` on `meter`, those `plan` shows a limit for (set and not hidden), in
    /// the listed order.
    package static func shownWindows(_ policy: SubscriptionPolicy, plan: Int, meter: Int, _ windows: [LimitWindow]) -> [LimitWindow] {
        windows.filter { policy.plans[plan].shownLimit(meter: meter, $0) != nil }
    }

    /// The category's name in reports and in the measured figures, with the policy's ids:
    /// `blocked(free_guest, total, paywall)`, `reset(questions, day)`, `dst-fall-back`, ...
    package func name(in policy: SubscriptionPolicy) -> String {
        switch self {
        case .blocked(let plan, let reason):
            let response = plan.map { policy.plans[$0].response(to: reason) } ?? policy.noPlanResponse
            return "blocked(\(policy.planID(plan)), \(reason.name), \(response?.name ?? "none"))"
        case .reset(let meter, let window): return "reset(\(policy.meters[meter]), \(window.name))"
        case .calendar(let meter, let window, let edge): return "calendar(\(policy.meters[meter]), \(window.name), \(edge.name))"
        case .stockAtWarning(let meter): return "stock-at-warning(\(policy.meters[meter]))"
        case .stockAtLimit(let meter): return "stock-at-limit(\(policy.meters[meter]))"
        case .releaseAtLimit(let meter): return "release-at-limit(\(policy.meters[meter]))"
        case .monthRollover: return "month-rollover"
        case .trialEndsBetweenUses: return "trial-ends-between-uses"
        case .graceEndsBetweenUses: return "grace-ends-between-uses"
        case .graceLivedThroughInstalledBefore: return "grace-lived-through-installed-before"
        case .graceLivedThroughInstalledAfter: return "grace-lived-through-installed-after"
        case .signInCarryingCounts: return "sign-in-carrying-counts"
        case .signInAtLimit: return "sign-in-at-limit"
        case .bought(let kind): return "bought(\(kind.rawValue))"
        case .fewestLeft(let meter, let windows, let window):
            return "fewest-left(\(policy.meters[meter]), \(window.name) of \(windows.map(\.name).joined(separator: "/")))"
        case .renewed: return "renewed(auto-renewable)"
        case .boughtWithOffer: return "bought-with-introductory-offer"
        case .renewedAfterOffer: return "renewed-after-introductory-offer"
        case .creditsBought: return "credits-bought"
        case .usePaidByCredit: return "use-paid-by-credit"
        case .blockedAfterCreditsSpent: return "blocked-after-credits-spent"
        case .refundTookWholePack: return "refund-took-whole-pack"
        case .refundAfterCreditsSpent: return "refund-after-credits-spent"
        case .costlyUseBlockedWithUnitsLeft: return "costly-use-blocked-with-units-left"
        case .costlyUseReachedLimit: return "costly-use-reached-limit-exactly"
        case .blockedWithTooFewCredits: return "blocked-with-too-few-credits"
        case .usedBeforeDayStart: return "used-before-day-start"
        case .weekRollover: return "week-rollover"
        case .weekLimitAcrossMonthEnd: return "week-limit-across-month-end"
        case .weekFreedNextDay: return "week-freed-next-day"
        case .weekAndMonthBothPassed: return "week-and-month-limits-both-passed"
        case .useAtRollingExpiry: return "use-at-rolling-expiry"
        case .rollingBlockAcrossDayTurn: return "rolling-block-across-day-turn"
        case .rollingFreedPartially: return "rolling-freed-partially"
        case .monthStartedBySubscription: return "month-started-by-subscription"
        case .monthTurnedOnClampedDay: return "month-turned-on-clamped-day"
        case .monthKeptPastClampedDay: return "month-kept-past-clamped-day"
        case .drewOnSecondMeter: return "drew-on-second-meter"
        case .blockedOnBothMeters: return "blocked-on-both-meters"
        case .firstMeterAgainAfterSecond: return "first-meter-again-after-second"
        case .cancelled: return "cancelled(auto-renewable)"
        case .refunded(let kind): return "refunded(\(kind.rawValue))"
        case .periodEnded: return "period-ended(auto-renewable)"
        case .usedAfterExpires: return "used-after-expires"
        case .upgrade: return "upgrade"
        case .downgrade: return "downgrade"
        case .crossgrade: return "crossgrade"
        case .lostInTrial: return "lost-in-trial"
        case .lostWithinHours: return "lost-within-hours"
        case .reportChangesNothing: return "report-changes-nothing"
        case .historyFirstDay(let feature): return "history-first-day(\(policy.features[feature].id))"
        case .historyDayBefore(let feature): return "history-day-before(\(policy.features[feature].id))"
        case .after2038: return "after-2038-01-19"
        case .before1980: return "before-1980"
        case .zone(let edge): return edge.rawValue
        }
    }

    /// What the category means, for reports.
    package var meaning: String {
        switch self {
        case .blocked: "a use blocked under the plan for the reason, with the policy's response"
        case .reset(_, .week): "the usage day's week advanced while the window's count was above 0"
        case .reset: "the usage day (or month) advanced while the window's count was above 0"
        case .calendar(_, let window, let edge): edge.meaning(window)
        case .stockAtWarning: "the stock rose to the warning share of the plan's limit"
        case .stockAtLimit: "the stock rose to the plan's limit"
        case .releaseAtLimit: "an item released while the stock was at the limit"
        case .monthRollover: "the usage day's month advanced"
        case .trialEndsBetweenUses: "the trial ended between two uses"
        case .graceEndsBetweenUses: "the grace ended between two uses"
        case .graceLivedThroughInstalledBefore: "installed before the grace's cut-off, lived past its end"
        case .graceLivedThroughInstalledAfter: "installed after the grace's cut-off, lived past its end"
        case .signInCarryingCounts: "a guest signed in with counts above 0"
        case .signInAtLimit: "a guest signed in right after a blocked use"
        case .bought: "StoreKit: a product of this kind bought"
        case .fewestLeft: "of a meter screen's windows with a limit shown (two or more), the one with the fewest uses left, which the screen shows, became this one"
        case .renewed: "StoreKit: a subscription renewed"
        case .boughtWithOffer: "StoreKit: a first purchase with its introductory offer"
        case .renewedAfterOffer: "StoreKit: the first renewal after an introductory offer"
        case .creditsBought: "a credit pack bought"
        case .usePaidByCredit: "a use past a limit that went ahead on a credit"
        case .blockedAfterCreditsSpent: "a use blocked by a limit once the credits held were all gone (spent or refunded)"
        case .refundTookWholePack: "a pack refunded with all its credits still held"
        case .refundAfterCreditsSpent: "a pack refunded after some of its credits were spent"
        case .costlyUseBlockedWithUnitsLeft: "a use costing more than one unit blocked by a limit with units left under it, fewer than its cost"
        case .costlyUseReachedLimit: "a use costing more than one unit that brought a limited count exactly to its limit"
        case .blockedWithTooFewCredits: "a use blocked by a limit while its meter held credits, fewer than the use costs"
        case .usedBeforeDayStart: "a use after local midnight and before the day start, which counts for the day before"
        case .weekRollover: "the usage day's week advanced"
        case .weekLimitAcrossMonthEnd: "blocked by the week's limit on a month's last day, and again the next day, the same week"
        case .weekFreedNextDay: "blocked by the week's limit on its last day, and allowed the next day, the first of a new week"
        case .weekAndMonthBothPassed: "a use blocked with both the month's and the week's limits passed (the later to start again is the reason)"
        case .useAtRollingExpiry: "a use at the very instant an earlier use of the meter leaves the rolling window"
        case .rollingBlockAcrossDayTurn: "blocked by the rolling window on a later usage day than the meter's last allowed use"
        case .rollingFreedPartially: "allowed right after a rolling-window block, with some of the meter's uses still in the window"
        case .monthStartedBySubscription: "a new subscription while a month count was above 0: a month starts on its day"
        case .monthTurnedOnClampedDay: "a month from the purchase turned on a shorter month's last day, with a month count above 0"
        case .monthKeptPastClampedDay: "a day between a clamped month start's day and the anchor's, next calendar month: still that month"
        case .drewOnSecondMeter: "a use past its first meter's limits, counted on its second meter"
        case .blockedOnBothMeters: "a use blocked by the limits of both meters it draws on"
        case .firstMeterAgainAfterSecond: "a use counted on its first meter again after one counted on its second"
        case .cancelled: "StoreKit: auto-renew turned off"
        case .refunded: "StoreKit: access ended before the period did (refund)"
        case .periodEnded: "StoreKit: access ended with the period"
        case .usedAfterExpires: "the app used at or after the reported expires, before a report of another (once per expires)"
        case .upgrade: "StoreKit: to a higher-ranked plan, at once"
        case .downgrade: "StoreKit: to a lower-ranked plan, at the period's end"
        case .crossgrade: "StoreKit: to the same plan's other product"
        case .lostInTrial: "an entitlement lost inside the trial"
        case .lostWithinHours: "an entitlement lost within 48 hours of being gained"
        case .reportChangesNothing: "a set-entitlement equal to the one in force"
        case .historyFirstDay: "a diary day on the first day of the history window"
        case .historyDayBefore: "a diary day the day before the history window"
        case .after2038: "a timeline with an instant after 2038-01-19T03:14:07Z"
        case .before1980: "a timeline with an instant before 1980"
        case .zone(let edge): edge.meaning
        }
    }
}

import SubscriptionModel

/// What the generator needs to know about a policy, worked out once from it: which
/// features consume, release, gate or carry a diary day, the counts worth aiming at
/// (every limit any plan sets, and the 80 % warning of a stock limit), the products by
/// kind with their periods and ranks, and the trial and the grace.
///
/// Nothing in it is written for one policy; a user's life is drawn from these lists.
final class UserTraits: Sendable {
    let policy: SubscriptionPolicy
    /// For each feature: the meter it consumes or releases, or −1.
    let meterOf: [Int]
    /// Features by what a use does.
    let consuming: [Int], releasing: [Int], gates: [Int], history: [Int]
    /// One bit per feature that carries a diary day.
    let historyMask: UInt64
    /// One bit per releasing feature.
    let releasingMask: UInt64
    /// Per meter: the features that consume it and those that release it.
    let consumersOf: [[Int]], releasersOf: [[Int]]
    /// Per meter: the counts a burst of uses aims at (every limit any plan sets on any
    /// window of the meter, and the warning level of each stock limit), ascending.
    let burstTargets: [[Int]]
    /// Per meter: the most uses a burst makes in a day before its few past the target.
    /// 90, or more for a meter with larger limits: its largest `day` limit (reached in a
    /// day, and passed), a twentieth of its largest `month` limit (so that a streak of
    /// bursts, one a day at this cap, reaches it within a month, as it does at the
    /// plan's day limit when the month limit is at most 31 times that: `LifeBuilder`)
    /// and an eighth of its largest `total` or `stock` limit (reached over a few burst
    /// days), at most `largestBurst`.
    let burstCaps: [Int]
    /// The most uses a burst aims at in a day (it goes a few past): a `day` limit above
    /// it is seldom or never reached.
    static let largestBurst = 1_000
    /// Per meter: whether some plan limits its stock.
    let hasStockLimit: [Bool]
    /// Per plan, per meter: the plan's `day`, `month` and `total` limits, or `Int.max`.
    let dayLimits: [[Int]], monthLimits: [[Int]], totalLimits: [[Int]]
    /// Per feature: the history windows (days) the plans set for it, ascending; empty when none.
    let historyWindows: [[Int]]
    /// Products by kind, and each product's period (nil for a lifetime purchase).
    let autoRenewable: [Int], lifetime: [Int]
    let periods: [ProductPeriod?]
    /// Each product's introductory offer as the length of time it lasts (the offer's
    /// period, times its periods for a pay-as-you-go offer); nil where it has none.
    let offerLengths: [ProductPeriod?]

    /// Each of `policy`'s products' introductory offer as the time it lasts; nil where it has none.
    static func offerLengths(of policy: SubscriptionPolicy) -> [ProductPeriod?] {
        policy.products.map { product in
            guard let offer = product.introductoryOffer, let period = ProductPeriod(iso: offer.period) else { return nil }
            let count = offer.payment == .payAsYouGo ? offer.periods : 1
            return ProductPeriod(months: period.months * count, days: period.days * count)
        }
    }
    /// Each product's plan index: its rank (G9: paid plans are in rank order).
    let rankOf: [Int]
    /// The trial's length in ms, if the policy has one.
    let trialLength: Int64?
    /// The grace's cut-off `R` and its end `R + length`, if the policy has one.
    let graceCutoff: Instant?, graceEnd: Instant?
    /// The zone days are counted in when it is fixed (`UTC` for daa-tiers), shifted for a
    /// day start (`TimeZoneRules.dayStarting`); nil for `device`.
    let calendarZone: TimeZoneRules?
    /// When a day starts, in ms after the calendar's midnight (0: midnight).
    let dayStart: Int64
    /// The rolling window's length in ms under a policy with a rolling limit, else 0.
    let rollingLength: Int64
    /// Per meter: the most a streak counts a day (`Int.max` without a rolling window).
    let streakCaps: [Int]
    /// Whether a guest always has a plan (a guest default), so users keep coming back.
    let alwaysHasPlan: Bool
    /// The meters' `day` and `month` windows that some plan blocks uses by, which have
    /// calendar edges (`CoverageCategory.calendarWindows`).
    let calendarWindows: [(meter: Int, window: LimitWindow)]
    /// Per plan, per calendar window (in `calendarWindows` order): whether the plan can
    /// block a use by that window (`CoverageCategory.windowCanBlock`).
    let blocksByCalendarWindow: [[Bool]]
    /// Whether some calendar window is blocked by paid plans only (a user must buy to
    /// reach its edges).
    let calendarEdgesNeedAPurchase: Bool
    /// The share of a stock limit at which screens warn (G10's `metersInWarning`, 80 %
    /// unless a screen of the policy says otherwise).
    let warningPercent: Int

    init(_ policy: SubscriptionPolicy) {
        self.policy = policy
        let features = policy.features
        var meterOf = [Int](repeating: -1, count: features.count)
        var consuming: [Int] = [], releasing: [Int] = [], gates: [Int] = [], history: [Int] = []
        var consumersOf = [[Int]](repeating: [], count: policy.meters.count)
        var releasersOf = consumersOf
        var historyMask: UInt64 = 0, releasingMask: UInt64 = 0
        for (index, feature) in features.enumerated() {
            switch feature.effect {
            case .consumes(let meter):
                meterOf[index] = meter
                consuming.append(index)
                consumersOf[meter].append(index)
            case .releases(let meter):
                meterOf[index] = meter
                releasing.append(index)
                releasersOf[meter].append(index)
                releasingMask |= 1 << UInt64(index)
            case .gate:
                if !feature.hasHistory { gates.append(index) }
            }
            if feature.hasHistory {
                history.append(index)
                historyMask |= 1 << UInt64(index)
            }
        }
        self.meterOf = meterOf
        self.consuming = consuming
        self.releasing = releasing
        self.gates = gates
        self.history = history
        self.historyMask = historyMask
        self.releasingMask = releasingMask
        self.consumersOf = consumersOf
        self.releasersOf = releasersOf

        let percent = Self.warningPercent(of: policy)
        self.warningPercent = percent
        var targets = [[Int]](repeating: [], count: policy.meters.count)
        var stock = [Bool](repeating: false, count: policy.meters.count)
        for meter in policy.meters.indices {
            var values = Set<Int>()
            for plan in policy.plans {
                for window in LimitWindow.allCases {
                    guard let limit = plan.limit(meter: meter, window) else { continue }
                    values.insert(limit.value)
                    if window == .stock {
                        stock[meter] = true
                        values.insert((limit.value * percent + 99) / 100)
                    }
                }
            }
            values.remove(0)
            targets[meter] = values.sorted()
        }
        self.burstTargets = targets
        self.burstCaps = policy.meters.indices.map { meter in
            func largest(_ window: LimitWindow) -> Int { policy.plans.compactMap { $0.limit(meter: meter, window)?.value }.max() ?? 0 }
            let wanted = max(largest(.day), (largest(.month) + 19) / 20, (max(largest(.total), largest(.stock)) + 7) / 8)
            return max(90, min(wanted, Self.largestBurst))
        }
        self.hasStockLimit = stock
        self.totalLimits = policy.plans.map { plan in policy.meters.indices.map { plan.limit(meter: $0, .total)?.value ?? .max } }
        self.dayLimits = policy.plans.map { plan in policy.meters.indices.map { plan.limit(meter: $0, .day)?.value ?? .max } }
        self.monthLimits = policy.plans.map { plan in policy.meters.indices.map { plan.limit(meter: $0, .month)?.value ?? .max } }
        self.historyWindows = features.indices.map { feature in
            Set(policy.plans.compactMap { $0.historyDays[feature] }).sorted()
        }

        self.autoRenewable = policy.products.indices.filter { if case .autoRenewable = policy.products[$0].kind { true } else { false } }
        self.lifetime = policy.products.indices.filter { policy.products[$0].kind == .nonConsumable }
        self.periods = policy.products.map { product in
            guard case .autoRenewable(let text) = product.kind else { return nil }
            guard let period = ProductPeriod(iso: text) else {
                preconditionFailure("the policy reader takes only periods ProductPeriod reads, not \(text)")
            }
            return period
        }
        self.offerLengths = Self.offerLengths(of: policy)
        self.rankOf = policy.products.map(\.plan)
        self.trialLength = policy.trial?.lengthMilliseconds
        self.graceCutoff = policy.grace?.cutoff
        self.graceEnd = policy.grace.flatMap { grace in grace.cutoff.map { $0.adding(milliseconds: grace.lengthMilliseconds) } }
        if case .fixed(let zone) = policy.calendar { self.calendarZone = zone.dayStarting(at: policy.dayStart) } else { self.calendarZone = nil }
        self.dayStart = policy.dayStart
        self.rollingLength = policy.countsRolling ? policy.rollingLength : 0
        self.streakCaps = policy.meters.indices.map { meter in
            // Under a rolling window of up to two days, a day's share of a streak toward a
            // month's limit: half the window's limit, so that yesterday's uses still held
            // leave room for today's.
            let rolling = policy.plans.compactMap { $0.limit(meter: meter, .rolling)?.value }.max()
            return rolling.map { policy.rollingLength <= 2 * Milliseconds.twentyFourHours ? max(1, $0 / 2) : Int.max } ?? Int.max
        }
        self.alwaysHasPlan = policy.guestDefault != nil
        let calendarWindows = CoverageCategory.calendarWindows(policy)
        self.calendarWindows = calendarWindows
        self.blocksByCalendarWindow = policy.plans.indices.map { plan in
            calendarWindows.map { CoverageCategory.windowCanBlock(policy, plan: plan, meter: $0.meter, window: $0.window) }
        }
        let blocks = self.blocksByCalendarWindow
        self.calendarEdgesNeedAPurchase = calendarWindows.indices.contains { window in
            policy.plans.indices.allSatisfy { plan in !blocks[plan][window] || policy.plans[plan].isPaid }
        }
    }

    /// The warning share screens use: the first `metersInWarning` or meter warning in
    /// the policy's screens, else 80 %.
    static func warningPercent(of policy: SubscriptionPolicy) -> Int {
        func find(_ expression: ScreenExpression) -> Int? {
            switch expression {
            case .metersInWarning(_, _, let percent): return percent
            case .meter(let screen):
                if let percent = screen.warningPercent { return percent }
                return find(screen.below) ?? find(screen.reached) ?? find(screen.unlimited)
            case .byPlan(let branches), .byProduct(let branches):
                return branches.expressions.lazy.compactMap(find).first // each written branch once
            default: return nil
            }
        }
        return policy.screens.lazy.compactMap { find($0.value) }.first ?? 80
    }

    /// Whether feature `feature` releases stock.
    @inline(__always)
    func isReleasing(_ feature: Int) -> Bool { releasingMask & (1 << UInt64(feature)) != 0 }

    /// Whether feature `feature` carries a diary day.
    @inline(__always)
    func hasHistory(_ feature: Int) -> Bool { historyMask & (1 << UInt64(feature)) != 0 }
}

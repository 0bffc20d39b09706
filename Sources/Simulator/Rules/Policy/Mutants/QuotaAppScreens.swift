import SubscriptionModel
import SimulatorCore

/// The correct default of every screen hook of `QuotaApp` (G10), read from the policy's
/// screen expressions.
extension QuotaApp {
    /// True: an app renders its screens itself, and the checker reads them.
    public static var showsOwnScreens: Bool { true }

    /// G10: each of the policy's screens, computed from the output.
    public func screens(of output: Output, policy: SubscriptionPolicy) -> [ScreenValue] {
        policy.screens.map { screenValue($0.value, output: output, policy: policy, numbers: ScreenNumbers(used: 0, limit: 0)) }
    }

    /// One screen expression's value after an event.
    package func screenValue(_ expression: ScreenExpression, output: Output, policy: SubscriptionPolicy, numbers: ScreenNumbers) -> ScreenValue {
        func value(_ expression: ScreenExpression, _ numbers: ScreenNumbers) -> ScreenValue {
            screenValue(expression, output: output, policy: policy, numbers: numbers)
        }
        switch expression {
        case .null:
            return .null
        case .text(let template):
            return .text(template.render(numbers: numbers, date: nil))
        case .byPlan(let branches):
            return value(branches[output.plan ?? policy.plans.count], numbers)
        case .byProduct(let branches):
            return value(branches[output.entitlement?.product ?? policy.products.count], numbers)
        case .planName:
            return .text(output.plan.map { policy.plans[$0].name } ?? "none")
        case .meter(let screen):
            let counts = output.counts[screen.meter]
            let credits = store.credits[screen.meter] // G13: the balance held (0 for a meter no pack is for)
            // Under no plan nothing is allowed: the meter reads as reached, with a limit of 0.
            guard let plan = output.plan else { return value(screen.reached, ScreenNumbers(used: counts[screen.windows[0]], limit: 0, credits: credits)) }
            guard let (used, limit) = shownWindow(policy, plan: plan, meter: screen.meter, screen.windows, counts) else {
                return value(screen.unlimited, ScreenNumbers(used: counts[screen.windows[0]], limit: 0, credits: credits))
            }
            let shown = ScreenNumbers(used: used, limit: limit, credits: credits)
            if used >= limit { return value(screen.reached, shown) }
            if let percent = screen.warningPercent, let warning = screen.warning, inWarning(used: used, limit: limit, percent: percent) {
                return value(warning, shown)
            }
            return value(screen.below, shown)
        case .plural(let number, let one, let other):
            return .text((isOne(numbers[number]) ? one : other).render(numbers: numbers, date: nil))
        case .expiry(let renewing, let ending):
            guard let entitlement = output.entitlement, let expires = entitlement.expires else { return .null }
            let date = expiryDate(expires, zone: output.zone)
            return .text((showsRenewing(entitlement) ? renewing : ending).render(numbers: numbers, date: date))
        case .bar(let meter, let windows):
            guard let plan = output.plan, let (used, limit) = shownWindow(policy, plan: plan, meter: meter, windows, output.counts[meter]) else { return .null }
            return .bar(used: min(used, limit), limit: limit)
        case .boxText(let text):
            return .boxText(text)
        case .metersInWarning(let meters, let window, let percent):
            guard let plan = output.plan else { return .list([]) }
            return .list(meters.filter { meter in
                guard let limit = policy.plans[plan].shownLimit(meter: meter, window) else { return false }
                return inWarning(used: output.counts[meter][window], limit: limit, percent: percent)
            }.map { policy.meters[$0] })
        }
    }

    /// The count and limit of the window a screen of `windows` shows (`decidingWindow`
    /// among those the plan shows a limit for), or nil when it shows none.
    private func shownWindow(_ policy: SubscriptionPolicy, plan: Int, meter: Int, _ windows: [LimitWindow], _ counts: UsageCounts) -> (used: Int, limit: Int)? {
        let limited: [(used: Int, limit: Int)] = windows.compactMap { window in
            policy.plans[plan].shownLimit(meter: meter, window).map { (counts[window], $0) }
        }
        guard !limited.isEmpty else { return nil }
        return limited[decidingWindow(usesLeft: limited.map { max(0, $0.limit - $0.used) }, limits: limited.map(\.limit))]
    }

    /// X5: the local date of `expires` in the device's current zone, the date the user's
    /// own calendar shows.
    public func expiryDate(_ expires: Instant, zone: TimeZoneRules) -> LocalDate {
        zone.localDate(at: expires)
    }

    /// G12: `renews` as StoreKit last reported it.
    public func showsRenewing(_ entitlement: Entitlement) -> Bool {
        entitlement.renews
    }

    /// At least `percent` % of the limit.
    public func inWarning(used: Int, limit: Int, percent: Int) -> Bool {
        used * 100 >= limit * percent
    }

    /// Exactly 1.
    public func isOne(_ number: Int) -> Bool {
        number == 1
    }

    /// The fewest uses left; on a tie, the larger limit.
    public func decidingWindow(usesLeft: [Int], limits: [Int]) -> Int {
        usesLeft.indices.min { (usesLeft[$0], -limits[$0]) < (usesLeft[$1], -limits[$1]) }!
    }
}

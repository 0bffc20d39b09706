import SubscriptionModel

/// G10 written out a second time for the checker: each screen value of a policy, from
/// the plan, the counts in force, the entitlement and the device's zone the checker
/// itself expects after an event.
///
/// Like `Oracle`, independent of `SubscriptionMachine`: it walks the policy's screen
/// expressions (data read from the policy file) by the words of `docs/policy-file.md`,
/// and never asks the engine for a value, so a screen the engine renders wrongly is
/// caught rather than copied. A class, so the checker holds it by one reference.
package final class ScreenOracle: Sendable {
    /// The rules, as data.
    package let policy: SubscriptionPolicy

    /// An oracle for `policy`'s screens.
    package init(policy: SubscriptionPolicy) {
        self.policy = policy
    }

    /// What a screen is computed from.
    package struct Inputs {
        /// The plan in force (nil: `none`).
        package var plan: Int?
        /// Each meter's counts in force.
        package var counts: [UsageCounts]
        /// Each meter's credits held (G13); a meter past the end holds none.
        package var credits: [Int]
        /// The entitlement StoreKit last reported.
        package var entitlement: Entitlement?
        /// The device's current zone (expiry dates are shown in it, X5).
        package var zone: TimeZoneRules

        /// Creates the inputs.
        package init(plan: Int?, counts: [UsageCounts], credits: [Int] = [], entitlement: Entitlement?, zone: TimeZoneRules) {
            self.plan = plan
            self.counts = counts
            self.credits = credits
            self.entitlement = entitlement
            self.zone = zone
        }
    }

    /// Every screen value, in the policy's order.
    package func values(_ inputs: Inputs) -> [ScreenValue] {
        policy.screens.map { value(of: $0.value, inputs, numbers: nil) }
    }

    /// The numbers a `meter` screen shows: the count in force of its window and the
    /// plan's shown limit (0 where no limit is shown).
    struct Numbers {
        var used: Int
        var limit: Int
        var credits = 0

        func value(_ number: ScreenNumber) -> Int {
            switch number {
            case .used: used
            case .limit: limit
            case .remaining: limit > used ? limit - used : 0
            case .credits: credits
            }
        }
    }

    func value(of expression: ScreenExpression, _ inputs: Inputs, numbers: Numbers?) -> ScreenValue {
        switch expression {
        case .null:
            return .null
        case .text(let template):
            return .text(render(template, numbers: numbers, date: nil))
        case .byPlan(let branches):
            // One branch per plan, then the one for `none`.
            return value(of: branches[inputs.plan ?? policy.plans.count], inputs, numbers: numbers)
        case .byProduct(let branches):
            // One branch per product, then the one for no entitlement.
            return value(of: branches[inputs.entitlement?.product ?? policy.products.count], inputs, numbers: numbers)
        case .planName:
            return .text(inputs.plan.map { policy.plans[$0].name } ?? "none")
        case .meter(let screen):
            let credits = screen.meter < inputs.credits.count ? inputs.credits[screen.meter] : 0
            // Under no plan every limit reads 0: nothing is allowed, the state is `reached`
            // (its numbers the first window's, every window having 0 left).
            let first = inputs.counts[screen.meter][screen.windows[0]]
            guard let plan = inputs.plan else {
                return value(of: screen.reached, inputs, numbers: Numbers(used: first, limit: 0, credits: credits))
            }
            // No limit shown on any of them (none set, or hidden): `unlimited`.
            guard let (used, limit) = deciding(plan: plan, meter: screen.meter, windows: screen.windows, inputs) else {
                return value(of: screen.unlimited, inputs, numbers: Numbers(used: first, limit: 0, credits: credits))
            }
            let numbers = Numbers(used: used, limit: limit, credits: credits)
            if used >= limit {
                return value(of: screen.reached, inputs, numbers: numbers)
            }
            // "at least P % of it": used / limit >= P / 100, in integers.
            if let percent = screen.warningPercent, let warning = screen.warning, used * 100 >= percent * limit {
                return value(of: warning, inputs, numbers: numbers)
            }
            return value(of: screen.below, inputs, numbers: numbers)
        case .plural(let number, let one, let other):
            let shown = numbers ?? Numbers(used: 0, limit: 0)
            return .text(render(shown.value(number) == 1 ? one : other, numbers: numbers, date: nil))
        case .expiry(let renewing, let ending):
            guard let entitlement = inputs.entitlement, let expires = entitlement.expires else { return .null }
            // X5: the local date of `expires` in the device's current zone.
            let date = LocalDate(localMilliseconds: expires.millisecondsSince1970 + inputs.zone.offsetMilliseconds(at: expires))
            return .text(render(entitlement.renews ? renewing : ending, numbers: numbers, date: date))
        case .bar(let meter, let windows):
            guard let plan = inputs.plan, let (used, limit) = deciding(plan: plan, meter: meter, windows: windows, inputs) else { return .null }
            return .bar(used: min(used, limit), limit: limit)
        case .boxText(let text):
            return .boxText(text)
        case .metersInWarning(let meters, let window, let percent):
            guard let plan = inputs.plan else { return .list([]) }
            var listed: [String] = []
            for meter in meters {
                if let limit = shownLimit(plan: plan, meter: meter, window: window), inputs.counts[meter][window] * 100 >= percent * limit {
                    listed.append(policy.meters[meter])
                }
            }
            return .list(listed)
        }
    }

    /// The count and limit a screen of `windows` shows under `plan`: of the windows with a
    /// shown limit, the fewest uses left; on a tie, the larger limit (equal limits with as
    /// many left show the same numbers, so the first listed is kept); nil when none has one.
    func deciding(plan: Int, meter: Int, windows: [LimitWindow], _ inputs: Inputs) -> (used: Int, limit: Int)? {
        var deciding: (used: Int, limit: Int, left: Int)?
        for window in windows {
            guard let limit = shownLimit(plan: plan, meter: meter, window: window) else { continue }
            let used = inputs.counts[meter][window]
            let left = used >= limit ? 0 : limit - used
            if let chosen = deciding, left > chosen.left || (left == chosen.left && limit <= chosen.limit) { continue }
            deciding = (used, limit, left)
        }
        return deciding.map { ($0.used, $0.limit) }
    }

    /// The plan's limit on a meter window as screens show it: nil when none is set or
    /// it is hidden (shown as unlimited).
    func shownLimit(plan: Int, meter: Int, window: LimitWindow) -> Int? {
        guard let limit = policy.plans[plan].limit(meter: meter, window), !limit.isHidden else { return nil }
        return limit.value
    }

    /// A template's text with its placeholders filled in.
    func render(_ template: ScreenTemplate, numbers: Numbers?, date: LocalDate?) -> String {
        var text = ""
        for segment in template.segments {
            switch segment {
            case .literal(let piece): text += piece
            case .number(let number): text += String((numbers ?? Numbers(used: 0, limit: 0)).value(number))
            case .date: text += date.map { "\($0)" } ?? ""
            }
        }
        return text
    }
}

import SubscriptionModel

/// Checks one user's trace, event by event, against the invariants.
///
/// Its expectations come from the events (install instant, last entitlement, current
/// zone, local dates from the zone tables) and from the outputs already seen (which
/// analyses were counted, on which usage day), never from the implementation's state,
/// so a bug the implementation's state shares cannot hide. It stops at the first
/// violation; counts of checks per invariant feed the run's summary.
public struct TraceChecker {
    /// The policy the trace is checked against.
    public let policy: SubscriptionPolicy
    /// How many times each invariant was checked, by `Invariant.index`.
    public private(set) var checks: [Int] = Array(repeating: 0, count: Invariant.allCases.count)

    private var zone: TimeZoneRules?
    private var installedAt: Instant?
    private var entitlement: PaidTier?
    /// The usage day of the last counted analysis in the trace, and how many were counted on it.
    private var countedDay: LocalDate?
    private var countedOnDay = 0
    /// Counts of earlier usage days, only consulted when an implementation goes back to one.
    private var olderDays: [LocalDate: Int] = [:]
    private var index = 0

    /// A checker for `policy`.
    public init(policy: SubscriptionPolicy = .mealCapture) {
        self.policy = policy
    }

    /// Starts a new user whose device is in `zone`; check counts are kept.
    public mutating func start(zone: TimeZoneRules) {
        self.zone = zone
        installedAt = nil
        entitlement = nil
        countedDay = nil
        countedOnDay = 0
        if !olderDays.isEmpty { olderDays.removeAll(keepingCapacity: true) }
        index = 0
    }

    /// Adds `count` checks of `invariant` made elsewhere (transparency, determinism).
    public mutating func record(_ invariant: Invariant, count: Int = 1) {
        checks[invariant.index] += count
    }

    private func counted(on day: LocalDate) -> Int {
        day == countedDay ? countedOnDay : olderDays[day] ?? 0
    }

    private mutating func count(on day: LocalDate) {
        if day == countedDay {
            countedOnDay += 1
            return
        }
        if let previous = countedDay { olderDays[previous] = countedOnDay }
        countedOnDay = (olderDays[day] ?? 0) + 1
        countedDay = day
    }

    /// Checks the output of the next event; returns the first invariant it breaks.
    public mutating func check(_ event: Event, _ output: Output) -> Violation? {
        defer { index += 1 }
        let at = event.at
        switch event.action {
        case .install: installedAt = installedAt ?? at
        case .setEntitlement(let tier): entitlement = tier
        case .setZone(let next): zone = next
        case .capture, .reinstall, .look: break
        }
        let texts = policy.texts
        let inTrial = installedAt.map { $0.milliseconds(to: at) < policy.trialLengthMilliseconds } ?? false
        let plan = entitlement?.plan ?? (inTrial ? .trial : .none)
        let localDate = zone!.localDate(at: at)
        let usageDay = countedDay.map { LocalDate.later($0, localDate) } ?? localDate
        let before = counted(on: usageDay)
        let limit = policy.dailyLimit(of: plan)

        checks[Invariant.planFollowsEntitlement.index] += 1
        if output.plan != plan {
            return violation(.planFollowsEntitlement, "plan \(output.plan.rawValue), expected \(plan.rawValue) (entitlement \(entitlement.map { policy.productID(of: $0) } ?? "none"), \(inTrial ? "in" : "after") the trial)")
        }

        if case .capture = event.action {
            let allowed = output.outcome == .captured
            checks[Invariant.noFreePlan.index] += 1
            if allowed, entitlement == nil, !inTrial {
                return violation(.noFreePlan, "an analysis was allowed at or after I + 72 h without a paid entitlement")
            }
            checks[Invariant.usageDay.index] += 1
            if allowed, output.day != usageDay {
                return violation(.usageDay, "counted on \(output.day), expected \(usageDay) (the later of the last counted day \(countedDay.map(String.init(describing:)) ?? "none") and the local date \(localDate))")
            }
            if allowed {
                checks[Invariant.limitRespected.index] += 1
                let nth = counted(on: output.day) + 1
                if let limit, nth > limit {
                    return violation(.limitRespected, "analysis number \(nth) on \(output.day) was allowed under \(plan.rawValue), whose limit is \(limit)")
                }
                count(on: output.day)
            } else {
                checks[Invariant.noOverBlocking.index] += 1
                if let limit, before < limit {
                    return violation(.noOverBlocking, "blocked (\(output.outcome?.rawValue ?? "no outcome")) under \(plan.rawValue) with \(before) of \(limit) used on \(usageDay)")
                }
            }
        } else {
            checks[Invariant.usageDay.index] += 1
        }
        if output.day != usageDay {
            return violation(.usageDay, "usage day \(output.day), expected \(usageDay) (the later of the last counted day \(countedDay.map(String.init(describing:)) ?? "none") and the local date \(localDate))")
        }
        let used = counted(on: usageDay)
        checks[Invariant.usedCountsAnalyses.index] += 1
        if output.used != used {
            return violation(.usedCountsAnalyses, "used \(output.used), but \(used) analyses were counted on \(usageDay)")
        }

        checks[Invariant.exactTexts.index] += 1
        if let problem = textProblem(event, output, plan: plan, limit: limit, used: used, texts: texts) {
            return violation(.exactTexts, problem)
        }
        return nil
    }

    /// What the screens and the alert must show, from the plan and the trace's count.
    private func textProblem(_ event: Event, _ output: Output, plan: Plan, limit: Int?, used: Int, texts: SubscriptionPolicy.Texts) -> String? {
        if output.limit != limit { return "limit \(output.limit.map(String.init) ?? "null"), expected \(limit.map(String.init) ?? "null") under \(plan.rawValue)" }
        let label: String, box: Output.PlanViewBox?
        switch plan {
        case .unlimited: (label, box) = (texts.noLimitLabel, .text(texts.noUsageLimitText))
        case .trial, .premium:
            let cap = limit ?? 0
            (label, box) = (used < cap ? texts.belowLimitLabel : texts.limitReachedLabel, .bar(used: min(used, cap), limit: cap))
        case .none: (label, box) = (texts.limitReachedLabel, nil)
        }
        if output.label != label { return "label \"\(output.label)\", expected \"\(label)\" (\(plan.rawValue), \(used) used): L1, L3" }
        if output.planView != box { return "PlanView box \(String(describing: output.planView)), expected \(String(describing: box)): L2" }
        guard case .capture = event.action else {
            return output.outcome == nil && output.alert == nil ? nil : "an outcome or alert on a \(event.action.name)"
        }
        let alert: Output.Alert?
        switch (output.outcome, plan) {
        case (.captured?, _): alert = nil
        case (.planSheet?, .trial), (.planSheet?, .none): alert = nil
        case (.limitAlert?, .premium): alert = Output.Alert(title: texts.limitAlertTitle, message: texts.premiumLimitAlertMessage)
        case (.limitAlert?, .unlimited): alert = Output.Alert(title: texts.limitAlertTitle, message: texts.unlimitedLimitAlertMessage)
        default: return "outcome \(output.outcome?.rawValue ?? "null") under \(plan.rawValue): the capture table says \(plan == .trial || plan == .none ? "plan-sheet" : "limit-alert")"
        }
        if output.alert != alert { return "alert \(String(describing: output.alert)), expected \(String(describing: alert))" }
        return nil
    }

    private func violation(_ invariant: Invariant, _ detail: String) -> Violation {
        Violation(invariant: invariant, eventIndex: index, detail: detail)
    }
}

import SubscriptionModel

/// Checks one user's trace, event by event, against the invariants.
///
/// Its expectations come from the events (install instant, last entitlement, current
/// zone, local dates from the zone tables) and from the outputs already seen (which
/// analyses were counted, on which usage day), never from the implementation's state,
/// so a bug the implementation's state shares cannot hide. It stops at the first
/// violation; counts of checks per invariant feed the run's summary.
public struct TraceChecker {
    /// The rules the trace is checked against, as plain data.
    public let rules: CompiledPolicy
    /// Where the checker's local dates come from: nil for the zone tables (the fast
    /// path), or another source such as `CalendarDates` (the benchmark's baseline).
    public let dates: (any LocalDateSource)?
    /// Whether local dates come from the zone tables (`dates` is nil): the hot path
    /// tests this flag instead of opening the existential.
    private let usesZoneTables: Bool
    /// How many times each invariant was checked.
    public private(set) var checks = InvariantCounts()

    private var clock = ZoneClock(zone: .utc)
    private var installedAt: Instant?
    private var entitlement: PaidTier?
    /// The usage day of the last counted analysis in the trace, and how many were
    /// counted on it. Only that day can matter: a reported day before it breaks
    /// `usage-day` before any count is consulted.
    private var countedDay: LocalDate?
    private var countedOnDay = 0
    private var index = 0

    /// A checker for `policy`, taking local dates from `dates` (nil: the zone tables).
    public init(policy: SubscriptionPolicy = .mealCapture, dates: (any LocalDateSource)? = nil) {
        self.rules = CompiledPolicy(policy)
        self.dates = dates
        self.usesZoneTables = dates == nil
    }

    /// Starts a new user whose device is in `zone`; check counts are kept.
    public mutating func start(zone: TimeZoneRules) {
        clock.set(zone)
        installedAt = nil
        entitlement = nil
        countedDay = nil
        countedOnDay = 0
        index = 0
    }

    /// Adds `count` checks of `invariant` made elsewhere (transparency, determinism).
    public mutating func record(_ invariant: Invariant, count: Int = 1) {
        checks[invariant] += count
    }

    /// Checks the output of the next event; returns the first invariant it breaks.
    public mutating func check(_ event: Event, _ output: Output) -> Violation? {
        let at = event.at
        let eventIndex = index
        index += 1
        switch event.action {
        case .install: installedAt = installedAt ?? at
        case .setEntitlement(let tier): entitlement = tier
        case .setZone(let next): clock.set(next)
        case .capture, .reinstall, .look: break
        }
        let inTrial = installedAt.map { $0.milliseconds(to: at) < rules.trialLengthMilliseconds } ?? false
        let plan = entitlement?.plan ?? (inTrial ? .trial : .none)
        let localDate = usesZoneTables ? clock.localDate(at: at) : dates!.localDate(at: at, in: clock.zone)
        let lastCounted = countedDay
        let usageDay = lastCounted.map { LocalDate.later($0, localDate) } ?? localDate
        let before = usageDay == lastCounted ? countedOnDay : 0
        let limit = rules.dailyLimit(of: plan)
        func violation(_ invariant: Invariant, _ detail: String) -> Violation {
            Violation(invariant: invariant, eventIndex: eventIndex, detail: detail)
        }
        func dayRule() -> String {
            "the later of the last counted day \(lastCounted.map(String.init(describing:)) ?? "none") and the local date \(localDate)"
        }

        checks.planFollowsEntitlement &+= 1
        if output.plan != plan {
            return violation(.planFollowsEntitlement, "plan \(output.plan.rawValue), expected \(plan.rawValue) (entitlement \(entitlement.map { $0.plan.rawValue } ?? "none"), \(inTrial ? "in" : "after") the trial)")
        }

        var used = before
        if case .capture = event.action {
            let allowed = output.outcome == .captured
            checks.noFreePlan &+= 1
            if allowed, entitlement == nil, !inTrial {
                return violation(.noFreePlan, "an analysis was allowed at or after I + 72 h without a paid entitlement")
            }
            if allowed {
                checks.usageDay &+= 1
                if output.day != usageDay {
                    return violation(.usageDay, "counted on \(output.day), expected \(usageDay) (\(dayRule()))")
                }
                checks.limitRespected &+= 1
                used = before + 1
                if let limit, used > limit {
                    return violation(.limitRespected, "analysis number \(used) on \(usageDay) was allowed under \(plan.rawValue), whose limit is \(limit)")
                }
                countedDay = usageDay
                countedOnDay = used
            } else {
                checks.noOverBlocking &+= 1
                if let limit, before < limit {
                    return violation(.noOverBlocking, "blocked (\(output.outcome?.rawValue ?? "no outcome")) under \(plan.rawValue) with \(before) of \(limit) used on \(usageDay)")
                }
            }
        }
        checks.usageDay &+= 1
        if output.day != usageDay {
            return violation(.usageDay, "usage day \(output.day), expected \(usageDay) (\(dayRule()))")
        }
        checks.usedCountsAnalyses &+= 1
        if output.used != used {
            return violation(.usedCountsAnalyses, "used \(output.used), but \(used) analyses were counted on \(usageDay)")
        }
        checks.exactTexts &+= 1
        if let problem = Self.textProblem(event, output, plan: plan, limit: limit, used: used, texts: rules.texts) {
            return violation(.exactTexts, problem)
        }
        return nil
    }

    /// What the screens and the alert must show, from the plan and the trace's count.
    private static func textProblem(_ event: Event, _ output: Output, plan: Plan, limit: Int?, used: Int, texts: ShownTexts) -> String? {
        if output.limit != limit { return "limit \(output.limit.map(String.init) ?? "null"), expected \(limit.map(String.init) ?? "null") under \(plan.rawValue)" }
        switch plan {
        case .unlimited:
            if output.label != texts.noLimitLabel { return labelProblem(output, texts.noLimitLabel, plan, used) }
            if output.planView != .text(texts.noUsageLimitText) { return boxProblem(output, .text(texts.noUsageLimitText)) }
        case .trial, .premium:
            let cap = limit ?? 0
            let label = used < cap ? texts.belowLimitLabel : texts.limitReachedLabel
            if output.label != label { return labelProblem(output, label, plan, used) }
            if output.planView != .bar(used: min(used, cap), limit: cap) { return boxProblem(output, .bar(used: min(used, cap), limit: cap)) }
        case .none:
            if output.label != texts.limitReachedLabel { return labelProblem(output, texts.limitReachedLabel, plan, used) }
            if output.planView != nil { return boxProblem(output, nil) }
        }
        guard case .capture = event.action else {
            return output.outcome == nil && output.alert == nil ? nil : "an outcome or alert on a \(event.action.name)"
        }
        switch (output.outcome, plan) {
        case (.captured?, _), (.planSheet?, .trial), (.planSheet?, .none):
            return output.alert == nil ? nil : "an alert with outcome \(output.outcome!.rawValue)"
        case (.limitAlert?, .premium):
            return alertProblem(output, Output.Alert(title: texts.limitAlertTitle, message: texts.premiumLimitAlertMessage))
        case (.limitAlert?, .unlimited):
            return alertProblem(output, Output.Alert(title: texts.limitAlertTitle, message: texts.unlimitedLimitAlertMessage))
        default:
            return "outcome \(output.outcome?.rawValue ?? "null") under \(plan.rawValue): the capture table says \(plan == .trial || plan == .none ? "plan-sheet" : "limit-alert")"
        }
    }

    private static func labelProblem(_ output: Output, _ expected: ShownText, _ plan: Plan, _ used: Int) -> String {
        "label \"\(output.label)\", expected \"\(expected)\" (\(plan.rawValue), \(used) used): L1, L3"
    }

    private static func boxProblem(_ output: Output, _ expected: Output.PlanViewBox?) -> String {
        "PlanView box \(String(describing: output.planView)), expected \(String(describing: expected)): L2"
    }

    private static func alertProblem(_ output: Output, _ expected: Output.Alert) -> String? {
        output.alert == expected ? nil : "alert \(String(describing: output.alert)), expected \(String(describing: expected))"
    }
}

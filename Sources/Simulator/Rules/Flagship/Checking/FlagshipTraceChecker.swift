import SubscriptionModel
import SimulatorCore

/// Checks one user's trace, event by event, against the invariants.
///
/// Its expectations come from the events (install instant, last entitlement, current
/// zone, local dates from the zone tables) and from the outputs already seen (which
/// analyses were counted, on which usage day), never from the implementation's state,
/// so a bug the implementation's state shares cannot hide. It stops at the first
/// violation; counts of checks per invariant feed the run's summary.
package struct FlagshipTraceChecker {
    /// The rules the trace is checked against, as plain data.
    package let rules: CompiledPolicy
    /// Where the checker's local dates come from: nil for the zone tables (the fast
    /// path), or another source such as `CalendarDates` (the benchmark's baseline).
    package let dates: (any LocalDateSource)?
    /// How many times each invariant was checked.
    package var checks: FlagshipInvariantCounts {
        // A passing event made the same checks as the diagnosis would have: derive them.
        var counts = diagnosed
        counts.planFollowsEntitlement += passedEvents
        counts.noFreePlan += passedCaptures
        counts.usageDay += passedEvents
        counts.limitRespected += passedAnalyses
        counts.noOverBlocking += passedCaptures - passedAnalyses
        counts.usedCountsAnalyses += passedEvents
        counts.exactTexts += passedEvents
        return counts
    }
    /// Checks made by diagnoses and recorded from elsewhere.
    private var diagnosed = FlagshipInvariantCounts()
    /// Events whose output was the expected one, and among them captures and counted analyses.
    private var passedEvents = 0, passedCaptures = 0, passedAnalyses = 0

    private var clock = ZoneClock(zone: .utc)
    /// `I + 72 h` in ms once installed (T2), `.min` before: `at < trialEnd` is "in the trial".
    private var trialEnd = Int64.min
    private var entitlement: PaidTier?
    /// The usage day of the last counted analysis in the trace, and how many were
    /// counted on it. Only that day can matter: a reported day before it breaks
    /// `usage-day` before any count is consulted.
    private var countedDay = Self.noDay
    /// A day before every real one: "nothing counted yet".
    private static let noDay = LocalDate(daysSince1970: .min)
    private var countedOnDay = 0
    private var index = 0
    /// Every output the trace can call for, with the usage day and the counts left
    /// blank: see `Expectations`.
    private let expectations: Expectations
    /// Each plan's daily limit, read from the rules as written.
    private let limits: DailyLimits

    /// A checker for `policy`, taking local dates from `dates` (nil: the zone tables).
    package init(policy: CaptureRules = .mealCapture, dates: (any LocalDateSource)? = nil) {
        self.rules = CompiledPolicy(policy)
        self.limits = DailyLimits(policy)
        self.dates = dates
        self.expectations = Expectations(rules, limits)
    }

    /// Starts a new user whose device is in `zone`; check counts are kept.
    package mutating func start(zone: TimeZoneRules) {
        clock.set(zone)
        trialEnd = .min
        entitlement = nil
        countedDay = Self.noDay
        countedOnDay = 0
        index = 0
    }

    /// Adds `count` checks of `invariant` made elsewhere (transparency, determinism).
    package mutating func record(_ invariant: FlagshipInvariant, count: Int = 1) {
        diagnosed[invariant] += count
    }

    /// Checks the outputs of a run of consecutive events, `outputs[i]` being the output
    /// of `events[range.lowerBound + i]`; returns the first violation and the index of
    /// its event. The checks stop there.
    package mutating func check(_ events: UnsafeBufferPointer<FlagshipEvent>, _ range: Range<Int>, outputs: UnsafePointer<FlagshipOutput>) -> (index: Int, violation: Violation<FlagshipInvariant>)? {
        // A loop specialized for each kind of date source: with the zone tables it calls
        // nothing, so its state can stay in registers.
        if let dates { return check(events, range, outputs, dates: dates) }
        return check(events, range, outputs, dates: ZoneTableDates())
    }

    @inline(__always)
    private mutating func check<Dates: LocalDateSource>(_ events: UnsafeBufferPointer<FlagshipEvent>, _ range: Range<Int>, _ outputs: UnsafePointer<FlagshipOutput>,
                                                        dates: Dates) -> (index: Int, violation: Violation<FlagshipInvariant>)? {
        for index in range {
            if let violation = check(events[index], at: outputs + (index &- range.lowerBound), dates: dates) { return (index, violation) }
        }
        return nil
    }

    /// Checks the output of the next event; returns the first invariant it breaks.
    ///
    /// The invariants pin every field, so exactly one output passes them all: it is
    /// built from the trace (never from the implementation) and compared in one go.
    /// Only an output that differs is taken through the invariants one by one, to name
    /// the first it breaks.
    package mutating func check(_ event: FlagshipEvent, _ output: FlagshipOutput) -> Violation<FlagshipInvariant>? {
        withUnsafePointer(to: output) { output in
            if let dates { return check(event, at: output, dates: dates) }
            return check(event, at: output, dates: ZoneTableDates())
        }
    }

    /// The same, reading the output where it lies (the batch check's buffer), so the
    /// hot loop compares it in place instead of copying it first.
    @inline(__always)
    private mutating func check<Dates: LocalDateSource>(_ event: FlagshipEvent, at output: UnsafePointer<FlagshipOutput>, dates: Dates) -> Violation<FlagshipInvariant>? {
        let at = event.at
        let isCapture: Bool
        switch event.action {
        case .install:
            // T1: only the first install counts; the trial is [I, I + 72 h) of elapsed time.
            if trialEnd == .min { trialEnd = at.millisecondsSince1970 + rules.trialLengthMilliseconds }
            isCapture = false
        case .setEntitlement(let tier): entitlement = tier; isCapture = false
        case .setZone(let next): clock.set(next); isCapture = false
        case .capture: isCapture = true
        case .reinstall, .look: isCapture = false
        }
        let inTrial = at.millisecondsSince1970 < trialEnd
        let plan = entitlement?.plan ?? (inTrial ? .trial : .none)
        let localDate = dates.localDate(at: at, clock: &clock)
        let usageDay = LocalDate.later(countedDay, localDate)
        let before = usageDay == countedDay ? countedOnDay : 0
        let cap = limits.of(plan) ?? 0 // none allows nothing

        // The capture table: counted while below a limit; otherwise the plan sheet
        // without a paid plan, the limit alert with one.
        let counts = isCapture && before < cap
        let used = counts ? before &+ 1 : before
        let outcome: FlagshipOutput.Outcome? = !isCapture ? nil : counts ? .captured : plan == .premium || plan == .unlimited ? .limitAlert : .planSheet
        var expected = expectations.output(plan: plan, outcome: outcome, belowLimit: used < cap)
        expected.day = usageDay
        expected.used = used
        if plan == .trial || plan == .premium { expected.planView = .bar(used: min(used, cap), limit: cap) } // L2
        index += 1
        guard output.pointee == expected else {
            let violation = diagnose(event, output.pointee, eventIndex: index - 1, inTrial: inTrial, plan: plan, localDate: localDate, usageDay: usageDay, before: before, limit: limits.of(plan))
            assert(violation != nil, "the diagnosis must name an invariant for any output but the expected one")
            return violation ?? Violation<FlagshipInvariant>(invariant: .exactTexts, eventIndex: index - 1, detail: "differs from the only output the trace allows")
        }
        passedEvents &+= 1
        if isCapture {
            passedCaptures &+= 1
            if counts {
                passedAnalyses &+= 1
                countedDay = usageDay
                countedOnDay = used
            }
        }
        return nil
    }

    /// Takes an output through the invariants in order and returns the first it breaks
    /// (nil if none: then the output is the expected one).
    @inline(never)
    private mutating func diagnose(_ event: FlagshipEvent, _ output: FlagshipOutput, eventIndex: Int, inTrial: Bool, plan: FlagshipPlan,
                                   localDate: LocalDate, usageDay: LocalDate, before: Int, limit: Int?) -> Violation<FlagshipInvariant>? {
        let lastCounted = countedDay == Self.noDay ? nil : countedDay
        func violation(_ invariant: FlagshipInvariant, _ detail: String) -> Violation<FlagshipInvariant> {
            Violation<FlagshipInvariant>(invariant: invariant, eventIndex: eventIndex, detail: detail)
        }
        func dayRule() -> String {
            "the later of the last counted day \(lastCounted.map(String.init(describing:)) ?? "none") and the local date \(localDate)"
        }

        diagnosed.planFollowsEntitlement &+= 1
        if output.plan != plan {
            return violation(.planFollowsEntitlement, "plan \(output.plan.rawValue), expected \(plan.rawValue) (entitlement \(entitlement.map { $0.plan.rawValue } ?? "none"), \(inTrial ? "in" : "after") the trial)")
        }

        var allowed = false
        if case .capture = event.action {
            allowed = output.outcome == .captured
            diagnosed.noFreePlan &+= 1
            if allowed, entitlement == nil, !inTrial {
                return violation(.noFreePlan, "an analysis was allowed at or after I + 72 h without a paid entitlement")
            }
        }
        // The day before the count: a count on the wrong day is a wrong day first.
        diagnosed.usageDay &+= 1
        if output.day != usageDay {
            return violation(.usageDay, "\(allowed ? "counted on" : "usage day") \(output.day), expected \(usageDay) (\(dayRule()))")
        }
        var used = before
        if case .capture = event.action {
            if allowed {
                diagnosed.limitRespected &+= 1
                used = before + 1
                if let limit, used > limit {
                    return violation(.limitRespected, "analysis number \(used) on \(usageDay) was allowed under \(plan.rawValue), whose limit is \(limit)")
                }
                countedDay = usageDay
                countedOnDay = used
            } else {
                diagnosed.noOverBlocking &+= 1
                if let limit, before < limit {
                    return violation(.noOverBlocking, "blocked (\(output.outcome?.rawValue ?? "no outcome")) under \(plan.rawValue) with \(before) of \(limit) used on \(usageDay)")
                }
            }
        }
        diagnosed.usedCountsAnalyses &+= 1
        if output.used != used {
            return violation(.usedCountsAnalyses, "used \(output.used), but \(used == 1 ? "1 analysis was" : "\(used) analyses were") counted on \(usageDay)")
        }
        diagnosed.exactTexts &+= 1
        let screens = Self.expectedScreens(plan: plan, limit: limit, used: used, texts: rules.texts)
        if output.limit != limit || output.label != screens.label || output.planView != screens.box || !Self.outcomeFits(event, output, plan, rules.texts) {
            return violation(.exactTexts, Self.textProblem(event, output, plan: plan, limit: limit, used: used, texts: rules.texts, screens: screens))
        }
        return nil
    }

    /// The label and PlanView box the plan and the trace's count call for (L1, L2, L3).
    @inline(__always)
    private static func expectedScreens(plan: FlagshipPlan, limit: Int?, used: Int, texts: ShownTexts) -> (label: ShownText, box: FlagshipOutput.PlanViewBox?) {
        switch plan {
        case .unlimited: return (texts.noLimitLabel, .text(texts.noUsageLimitText))
        case .trial, .premium:
            let cap = limit ?? 0
            return (used < cap ? texts.belowLimitLabel : texts.limitReachedLabel, .bar(used: min(used, cap), limit: cap))
        case .none: return (texts.limitReachedLabel, nil)
        }
    }

    /// Whether the outcome is the one the capture table allows for the plan, with the
    /// limit alert's exact texts when it is the alert, and no alert otherwise.
    @inline(__always)
    private static func outcomeFits(_ event: FlagshipEvent, _ output: FlagshipOutput, _ plan: FlagshipPlan, _ texts: ShownTexts) -> Bool {
        guard case .capture = event.action else { return output.outcome == nil && output.alert == nil }
        switch (output.outcome, plan) {
        case (.captured?, _), (.planSheet?, .trial), (.planSheet?, .none): return output.alert == nil
        case (.limitAlert?, .premium), (.limitAlert?, .unlimited): return output.alert == expectedAlert(plan, texts)
        default: return false
        }
    }

    /// The limit alert of a paid plan (the capture table).
    @inline(__always)
    private static func expectedAlert(_ plan: FlagshipPlan, _ texts: ShownTexts) -> FlagshipOutput.Alert {
        FlagshipOutput.Alert(title: texts.limitAlertTitle, message: plan == .premium ? texts.premiumLimitAlertMessage : texts.unlimitedLimitAlertMessage)
    }

    /// Why the screens, outcome or alert are wrong (only called when they are).
    private static func textProblem(_ event: FlagshipEvent, _ output: FlagshipOutput, plan: FlagshipPlan, limit: Int?, used: Int, texts: ShownTexts,
                                    screens: (label: ShownText, box: FlagshipOutput.PlanViewBox?)) -> String {
        if output.limit != limit { return "limit \(output.limit.map(String.init) ?? "null"), expected \(limit.map(String.init) ?? "null") under \(plan.rawValue)" }
        if output.label != screens.label { return labelProblem(output, screens.label, plan, used) }
        if output.planView != screens.box { return boxProblem(output, screens.box) }
        guard case .capture = event.action else { return "an outcome or alert on a \(event.action.name)" }
        switch (output.outcome, plan) {
        case (.captured?, _), (.planSheet?, .trial), (.planSheet?, .none):
            return "an alert with outcome \(output.outcome!.rawValue)"
        case (.limitAlert?, .premium), (.limitAlert?, .unlimited):
            return "alert \(Self.written(output.alert)), expected \(Self.written(expectedAlert(plan, texts)))"
        default:
            return "outcome \(output.outcome?.rawValue ?? "null") under \(plan.rawValue): the capture table says \(plan == .trial || plan == .none ? "plan-sheet" : "limit-alert")"
        }
    }

    private static func labelProblem(_ output: FlagshipOutput, _ expected: ShownText, _ plan: FlagshipPlan, _ used: Int) -> String {
        "label \"\(output.label)\", expected \"\(expected)\" (\(plan.rawValue), \(used) used): L1, L3"
    }

    private static func boxProblem(_ output: FlagshipOutput, _ expected: FlagshipOutput.PlanViewBox?) -> String {
        "planView \(written(output.planView)), expected \(written(expected)): L2"
    }

    /// An alert as the replay contract writes it (`{"title":…,"message":…}` or `null`),
    /// so a message reads like the output line it is about.
    static func written(_ alert: FlagshipOutput.Alert?) -> String {
        guard let alert else { return "null" }
        return #"{"title":"# + JSONText.quoted(alert.title.string) + #","message":"# + JSONText.quoted(alert.message?.string) + "}"
    }

    /// A PlanView box as the replay contract writes it.
    static func written(_ box: FlagshipOutput.PlanViewBox?) -> String {
        switch box {
        case .bar(let used, let limit)?: #"{"used":\#(used),"limit":\#(limit)}"#
        case .text(let text)?: #"{"text":"# + JSONText.quoted(text.string) + "}"
        case nil: "null"
        }
    }

    /// The trial's and each paid plan's daily limit (T3, P1, the capture table), read
    /// from the rules as written (`CaptureRules`) rather than through the model's own
    /// choice or compiled copy (`CompiledPolicy`, which `FlagshipMachine` blocks
    /// with): a model that gave a plan the wrong limit would otherwise be checked against
    /// the same wrong limit, and pass.
    struct DailyLimits {
        let trial: Int, premium: Int, unlimited: Int

        init(_ rules: CaptureRules) {
            (trial, premium, unlimited) = (rules.trialDailyLimit, rules.premiumDailyLimit, rules.unlimitedDailyLimit)
        }

        /// A plan's daily limit; nil under `.none`, which allows nothing.
        @inline(__always)
        func of(_ plan: FlagshipPlan) -> Int? {
            switch plan {
            case .none: nil
            case .trial: trial
            case .premium: premium
            case .unlimited: unlimited
            }
        }
    }

    /// The output the trace calls for, for every plan, capture outcome (none for the
    /// other events) and side of the limit, but for the usage day and the counts. Built
    /// once, from the policy, by the same `expectedScreens` and `expectedAlert` the
    /// diagnosis uses, so an event only fills in its day and counts (and the bar, which
    /// shows them).
    final class Expectations {
        private let table: UnsafeMutablePointer<FlagshipOutput>

        init(_ rules: CompiledPolicy, _ limits: DailyLimits) {
            table = .allocate(capacity: Self.count)
            for plan in FlagshipPlan.allCases {
                let limit = limits.of(plan)
                for outcome in [nil] + FlagshipOutput.Outcome.allCases {
                    for belowLimit in [true, false] {
                        // A count on the right side of the limit: the screens depend on nothing else.
                        let used = belowLimit ? 0 : (limit ?? 0)
                        let screens = FlagshipTraceChecker.expectedScreens(plan: plan, limit: limit, used: used, texts: rules.texts)
                        let alert = outcome == .limitAlert ? FlagshipTraceChecker.expectedAlert(plan, rules.texts) : nil
                        let output = FlagshipOutput(day: LocalDate(daysSince1970: 0), plan: plan, outcome: outcome, alert: alert, used: 0, limit: limit,
                                            label: screens.label, planView: screens.box)
                        (table + Self.index(plan: plan, outcome: outcome, belowLimit: belowLimit)).initialize(to: output)
                    }
                }
            }
        }

        deinit { table.deallocate() }

        private static var count: Int { FlagshipPlan.allCases.count * FlagshipOutput.Outcome?.slots * 2 }

        @inline(__always)
        private static func index(plan: FlagshipPlan, outcome: FlagshipOutput.Outcome?, belowLimit: Bool) -> Int {
            (plan.position &* FlagshipOutput.Outcome?.slots &+ outcome.slot) &* 2 &+ (belowLimit ? 0 : 1)
        }

        /// The output for a plan, outcome and side of the limit, day and counts blank.
        @inline(__always)
        func output(plan: FlagshipPlan, outcome: FlagshipOutput.Outcome?, belowLimit: Bool) -> FlagshipOutput {
            table[Self.index(plan: plan, outcome: outcome, belowLimit: belowLimit)]
        }
    }
}

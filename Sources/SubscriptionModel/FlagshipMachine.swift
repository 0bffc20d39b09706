/// The reference model: the rules of a `CaptureRules` as one pure step function.
///
/// `step(state, event)` returns the next state and the `FlagshipOutput` the replay contract
/// reports for the event, observed right after it (after a `set-zone`, in the new
/// zone). It is deterministic and total over valid timelines; validating a timeline
/// (install first and once, instants never decreasing) is the reader's job.
public struct FlagshipMachine<Dates: LocalDateSource>: Sendable {
    /// The rules' numbers and texts, as plain data.
    public let rules: CompiledPolicy
    /// Where local dates come from.
    public let dates: Dates

    /// A machine for `policy` taking local dates from `dates`.
    @inlinable
    public init(policy: CaptureRules, dates: Dates) {
        self.rules = CompiledPolicy(policy)
        self.dates = dates
    }

    /// Applies one event: the reducer form, returning the next state and the output.
    @inlinable
    public func step(_ state: FlagshipState, _ event: FlagshipEvent) -> (FlagshipState, FlagshipOutput) {
        var next = state
        let output = apply(event, to: &next)
        return (next, output)
    }

    /// Applies one event to `state` in place and returns its output; the same rules as
    /// `step`, without copying the state (the simulator's hot path).
    @inlinable @inline(__always)
    public func apply(_ event: FlagshipEvent, to state: inout FlagshipState) -> FlagshipOutput {
        switch event.action {
        case .install:
            // T1: `I` is recorded once; a second install is a reinstall.
            if state.installedAt == nil { state.installedAt = event.at }
        case .capture:
            return attempt(&state, at: event.at)
        case .setEntitlement(let tier):
            state.entitlement = tier // P1: only StoreKit's current entitlement counts.
        case .setZone(let zone):
            state.zone = zone // U3: changing zone writes nothing.
        case .reinstall, .look:
            break // T1, U3, U5: the counter and `I` live with the identity.
        }
        let (day, used) = usage(of: &state, at: event.at)
        let plan = plan(of: state, at: event.at)
        return observe(plan: plan, limit: rules.dailyLimit(of: plan), day: day, used: used, outcome: nil, alert: nil)
    }

    /// The plan in force at `instant` (P1, P2, T2).
    @inlinable
    public func plan(of state: FlagshipState, at instant: Instant) -> FlagshipPlan {
        if let tier = state.entitlement { return tier.plan } // P2: a paid plan wins over the trial.
        guard let installed = state.installedAt else { return .none }
        // T2: the half-open interval [I, I + 72 h) of elapsed time.
        return installed.milliseconds(to: instant) < rules.trialLengthMilliseconds ? .trial : .none
    }

    /// The current usage day and its count (U3): the later of the stored day and the
    /// local date now; the count reads 0 when the local date has moved past the stored day.
    @inlinable
    public func usage(of state: FlagshipState, at instant: Instant) -> (day: LocalDate, used: Int) {
        var copy = state
        return usage(of: &copy, at: instant)
    }

    /// The same, refreshing the state's cached offset span.
    @inlinable @inline(__always)
    func usage(of state: inout FlagshipState, at instant: Instant) -> (day: LocalDate, used: Int) {
        let today = dates.localDate(at: instant, clock: &state.clock)
        guard let stored = state.counterDay, stored >= today else { return (today, 0) }
        return (stored, state.counterValue)
    }

    /// A capture attempt (the capture table, U1, U4) and what the screens show after it.
    @inlinable @inline(__always)
    func attempt(_ state: inout FlagshipState, at instant: Instant) -> FlagshipOutput {
        let plan = plan(of: state, at: instant)
        let (day, used) = usage(of: &state, at: instant)
        guard let limit = rules.dailyLimit(of: plan) else {
            return observe(plan: plan, limit: nil, day: day, used: used, outcome: .planSheet, alert: nil)
        }
        if used < limit {
            state.counterDay = day // U3: written only when an analysis is counted.
            state.counterValue = used + 1 // U4
            return observe(plan: plan, limit: limit, day: day, used: used + 1, outcome: .captured, alert: nil)
        }
        let alert: FlagshipOutput.Alert?
        switch plan {
        case .premium: alert = FlagshipOutput.Alert(title: rules.texts.limitAlertTitle, message: rules.texts.premiumLimitAlertMessage)
        case .unlimited: alert = FlagshipOutput.Alert(title: rules.texts.limitAlertTitle, message: rules.texts.unlimitedLimitAlertMessage)
        case .trial, .none: alert = nil
        }
        return observe(plan: plan, limit: limit, day: day, used: used, outcome: alert == nil ? .planSheet : .limitAlert, alert: alert)
    }

    /// What the screens show at `instant` (L1, L2, L3).
    @inlinable
    public func observe(_ state: FlagshipState, at instant: Instant) -> FlagshipOutput {
        let (day, used) = usage(of: state, at: instant)
        let plan = plan(of: state, at: instant)
        return observe(plan: plan, limit: rules.dailyLimit(of: plan), day: day, used: used, outcome: nil, alert: nil)
    }

    /// The screens for a plan (with its daily limit, looked up once by the caller) and a
    /// usage day's count (L1, L2, L3).
    @inlinable
    func observe(plan: FlagshipPlan, limit: Int?, day: LocalDate, used: Int, outcome: FlagshipOutput.Outcome?, alert: FlagshipOutput.Alert?) -> FlagshipOutput {
        let label: ShownText
        let box: FlagshipOutput.PlanViewBox?
        switch plan {
        case .unlimited:
            label = rules.texts.noLimitLabel // L1, L3: the fair-use cap is never shown.
            box = .text(rules.texts.noUsageLimitText) // L2
        case .trial, .premium:
            let cap = limit ?? 0
            label = used < cap ? rules.texts.belowLimitLabel : rules.texts.limitReachedLabel
            box = .bar(used: min(used, cap), limit: cap) // L2
        case .none:
            label = rules.texts.limitReachedLabel
            box = nil
        }
        return FlagshipOutput(day: day, plan: plan, outcome: outcome, alert: alert, used: used, limit: limit, label: label, planView: box)
    }

    /// Replays a whole timeline from a fresh state in `zone`, one output per event.
    public func replay(zone: TimeZoneRules, events: [FlagshipEvent]) -> [FlagshipOutput] {
        var state = FlagshipState(zone: zone)
        var outputs: [FlagshipOutput] = []
        outputs.reserveCapacity(events.count)
        for event in events { outputs.append(apply(event, to: &state)) }
        return outputs
    }
}

extension FlagshipMachine where Dates == ZoneTableDates {
    /// A machine for `policy` using the fast zone tables.
    @inlinable
    public init(policy: CaptureRules = .mealCapture) {
        self.init(policy: policy, dates: ZoneTableDates())
    }
}

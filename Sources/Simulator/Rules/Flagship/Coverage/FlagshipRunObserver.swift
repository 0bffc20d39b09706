import SubscriptionModel
import SimulatorCore

/// The observer a run uses: edge coverage and behaviour counts, per worker.
///
/// Every event is counted once, in one table of (persona, plan, label, outcome)
/// combinations, and every capture once more, by local minute (in the coverage
/// tracker); the per-persona, per-plan and time-of-day counts a report shows are sums
/// over those two tables, made once at the end. This runs for every event of a run,
/// so the tables are flat blocks of integers incremented in place (nested arrays
/// would pay a uniqueness check per increment). Copies of an observer share its
/// tables: a run keeps one per worker.
package struct FlagshipRunObserver: TraceObserver {
    package typealias Rules = FlagshipRules

    /// Edge categories reached.
    package var coverage: FlagshipCoverageTracker
    private let combinations = CounterBlock(count: Layout.total)
    private let texts: ShownTexts
    /// Where the current user's persona's combinations start.
    private var personaBase = 0

    /// How the table of combinations is laid out: `[persona][plan][label][outcome]`,
    /// with outcome 0 for events that are not captures. Literal sizes, so the hot path
    /// reads constants (the initializer checks them against the enums).
    private enum Layout {
        static var outcomes: Int { FlagshipOutput.Outcome?.slots }
        static var labels: Int { 4 }
        static var plans: Int { 4 }
        static var perPersona: Int { plans * labels * outcomes }
        static var total: Int { Persona.allCases.count * perPersona }

        static func index(persona: Int, plan: Int, label: Int, outcome: Int) -> Int {
            persona &* perPersona &+ (plan &* labels &+ label) &* outcomes &+ outcome
        }
    }

    /// An observer for `policy`.
    package init(policy: CaptureRules) {
        precondition(Layout.outcomes == FlagshipOutput.Outcome.allCases.count + 1 && Layout.labels == BehaviourCounts.LabelKind.allCases.count
                     && Layout.plans == FlagshipPlan.allCases.count, "the layout matches the enums")
        let compiled = CompiledPolicy(policy)
        self.coverage = FlagshipCoverageTracker(trialLength: compiled.trialLengthMilliseconds)
        self.texts = compiled.texts
    }

    /// A new user.
    package mutating func begin(zone: TimeZoneRules, persona: Persona) {
        personaBase = Layout.index(persona: persona.position, plan: 0, label: 0, outcome: 0)
        coverage.begin(zone: zone)
    }

    /// One event and its output.
    /// A chunk's events, each as `observe(_:_:)` (one call a chunk from the check). The
    /// same loop as `TraceObserver`'s default, written here so that it is compiled in
    /// this module with `observe` inlined; the default, in the core, would call it per event.
    package mutating func observe(_ events: UnsafeBufferPointer<FlagshipEvent>, _ range: Range<Int>, outputs: UnsafePointer<FlagshipOutput>) {
        for index in range { observe(events[index], outputs[index &- range.lowerBound]) }
    }

    @inline(__always)
    package mutating func observe(_ event: FlagshipEvent, _ output: FlagshipOutput) {
        coverage.observe(event)
        if case .capture = event.action { coverage.observeCapture(at: event.at, output) }
        // The label's kind without a chain of branches: 0 below, 1 reached, 2 no limit, 3 other.
        let label = 3 &- 3 &* Int(output.label == texts.belowLimitLabel) &- 2 &* Int(output.label == texts.limitReachedLabel) &- Int(output.label == texts.noLimitLabel)
        combinations.pointer[personaBase &+ Layout.index(persona: 0, plan: output.plan.position, label: label, outcome: output.outcome.slot)] &+= 1
    }

    /// The behaviour counted so far.
    package var behaviour: BehaviourCounts {
        let table = combinations.pointer
        var counts = BehaviourCounts()
        for persona in 0..<Persona.allCases.count {
            for plan in 0..<Layout.plans {
                for label in 0..<Layout.labels {
                    for outcome in 0..<Layout.outcomes {
                        let count = table[Layout.index(persona: persona, plan: plan, label: label, outcome: outcome)]
                        counts.plans[persona][plan] += count
                        counts.labels[persona][label] += count
                        if outcome > 0 {
                            counts.outcomes[persona][outcome - 1] += count
                            counts.outcomesByPlan[plan][outcome - 1] += count
                        }
                    }
                }
            }
        }
        // Every capture that passed the checks has an outcome, so the captures by
        // minute are the attempts by minute.
        let minutes = coverage.capturesByMinute
        for hour in 0..<24 { counts.attemptsByHour[hour] = minutes[hour * 60..<(hour + 1) * 60].reduce(0, +) }
        for minute in 0..<60 {
            counts.attemptsAroundMidnight[minute] = minutes[23 * 60 + minute]
            counts.attemptsAroundMidnight[60 + minute] = minutes[minute]
        }
        return counts
    }
}

private extension Int {
    /// 1 for true, 0 for false (a flag as a count, without a branch).
    @inline(__always)
    init(_ flag: Bool) { self = flag ? 1 : 0 }
}

import SubscriptionModel

/// The observer a run uses: edge coverage and behaviour counts, per worker.
///
/// The behaviour counters live in one flat block of integers, incremented in place:
/// this runs for every event, and nested arrays would pay a uniqueness check per
/// increment.
public struct RunObserver: TraceObserver {
    /// Edge categories reached.
    public var coverage: CoverageTracker
    private let counters = CounterBlock(count: Layout.total)
    private let texts: ShownTexts
    private var persona = 0

    /// Where each count sits in the block.
    private enum Layout {
        static let personas = Persona.allCases.count
        static let outcomes = 0                                   // [persona][outcome]
        static let labels = outcomes + personas * 3               // [persona][label]
        static let plans = labels + personas * 4                  // [persona][plan]
        static let outcomesByPlan = plans + personas * 4          // [plan][outcome]
        static let aroundMidnight = outcomesByPlan + 4 * 3        // [minute from 23:00]
        static let byHour = aroundMidnight + 120                  // [hour]
        static let discard = byHour + 24                          // where a count that does not apply goes
        static let total = discard + 1
    }

    /// An observer for `policy`.
    public init(policy: SubscriptionPolicy) {
        let compiled = CompiledPolicy(policy)
        self.coverage = CoverageTracker(trialLength: compiled.trialLengthMilliseconds)
        self.texts = compiled.texts
    }

    /// A new user.
    public mutating func begin(zone: TimeZoneRules, persona: Persona) {
        self.persona = persona.position
        coverage.begin(zone: zone)
    }

    /// One event and its output.
    @inline(__always)
    public mutating func observe(_ event: Event, _ output: Output) {
        coverage.observe(event)
        let block = counters.pointer
        // 0 below, 1 reached, 2 no limit, 3 anything else: arithmetic, not a chain of branches.
        let label = 3 &- 3 &* Int(output.label == texts.belowLimitLabel) &- 2 &* Int(output.label == texts.limitReachedLabel) &- Int(output.label == texts.noLimitLabel)
        let plan = output.plan.position
        block[Layout.labels &+ persona &* 4 &+ label] &+= 1
        block[Layout.plans &+ persona &* 4 &+ plan] &+= 1
        guard case .capture = event.action, let outcome = output.outcome?.position else { return }
        block[Layout.outcomes &+ persona &* 3 &+ outcome] &+= 1
        block[Layout.outcomesByPlan &+ plan &* 3 &+ outcome] &+= 1
        let minute = Int(coverage.lastTimeOfDay / Milliseconds.minute)
        block[Layout.byHour + minute / 60] &+= 1
        // The two hours around midnight, counted without a branch on the (random)
        // time of day: a minute outside them is counted in the discard slot.
        block[minute >= 23 * 60 ? Layout.aroundMidnight + minute - 23 * 60 : Layout.discard] &+= 1
        block[minute < 60 ? Layout.aroundMidnight + 60 + minute : Layout.discard] &+= 1
    }

    /// The behaviour counted so far.
    public var behaviour: BehaviourCounts {
        let block = counters.pointer
        var counts = BehaviourCounts()
        for p in 0..<Layout.personas {
            for o in 0..<3 { counts.outcomes[p][o] = block[Layout.outcomes + p * 3 + o] }
            for l in 0..<4 { counts.labels[p][l] = block[Layout.labels + p * 4 + l] }
            for plan in 0..<4 { counts.plans[p][plan] = block[Layout.plans + p * 4 + plan] }
        }
        for plan in 0..<4 { for o in 0..<3 { counts.outcomesByPlan[plan][o] = block[Layout.outcomesByPlan + plan * 3 + o] } }
        for m in 0..<120 { counts.attemptsAroundMidnight[m] = block[Layout.aroundMidnight + m] }
        for h in 0..<24 { counts.attemptsByHour[h] = block[Layout.byHour + h] }
        return counts
    }
}

private extension Int {
    /// 1 for true, 0 for false (a flag as a count, without a branch).
    @inline(__always)
    init(_ flag: Bool) { self = flag ? 1 : 0 }
}

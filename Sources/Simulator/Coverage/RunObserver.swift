import SubscriptionModel

/// The observer a run uses: edge coverage and behaviour counts, per worker.
public struct RunObserver: TraceObserver {
    /// Edge categories reached.
    public var coverage: CoverageTracker
    /// What the rules did.
    public var behaviour = BehaviourCounts()
    private let texts: ShownTexts
    private var persona = 0
    private var zone = TimeZoneRules.utc

    /// An observer for `policy`.
    public init(policy: SubscriptionPolicy) {
        let compiled = CompiledPolicy(policy)
        self.coverage = CoverageTracker(trialLength: compiled.trialLengthMilliseconds)
        self.texts = compiled.texts
    }

    /// A new user.
    public mutating func begin(zone: TimeZoneRules, persona: Persona) {
        self.persona = persona.position
        self.zone = zone
        coverage.begin(zone: zone)
    }

    /// One event and its output.
    public mutating func observe(_ event: Event, _ output: Output) {
        coverage.observe(event)
        let label: BehaviourCounts.LabelKind = output.label == texts.belowLimitLabel ? .belowLimit
            : output.label == texts.limitReachedLabel ? .limitReached : output.label == texts.noLimitLabel ? .noLimit : .other
        behaviour.labels[persona][label.position] += 1
        behaviour.plans[persona][output.plan.position] += 1
        switch event.action {
        case .setZone(let next): zone = next
        case .capture:
            if let outcome = output.outcome {
                behaviour.outcomes[persona][outcome.position] += 1
                behaviour.outcomesByPlan[output.plan.position][outcome.position] += 1
            }
            let local = event.at.millisecondsSince1970 + zone.offsetMilliseconds(at: event.at)
            let minute = Int((local % Milliseconds.twentyFourHours + Milliseconds.twentyFourHours) % Milliseconds.twentyFourHours / Milliseconds.minute)
            behaviour.attemptsByHour[minute / 60] += 1
            if minute >= 23 * 60 { behaviour.attemptsAroundMidnight[minute - 23 * 60] += 1 }
            if minute < 60 { behaviour.attemptsAroundMidnight[60 + minute] += 1 }
        default: break
        }
    }
}

extension BehaviourCounts.LabelKind {
    var position: Int {
        switch self {
        case .belowLimit: 0
        case .limitReached: 1
        case .noLimit: 2
        case .other: 3
        }
    }
}

import SubscriptionModel

/// Runs one implementation over timelines and checks each trace: the invariants event
/// by event and, when the timeline has a `look` or `reinstall`, rules.md #6 in
/// lockstep: a second instance (the shadow) receives every event but those, and each
/// remaining event's output must be the same in both.
///
/// Nothing of a timeline is kept, so checking a passing timeline allocates nothing
/// once warmed up.
public struct TimelineCheck<Implementation: SubscriptionImplementation> {
    /// The implementation under test.
    public var implementation: Implementation
    /// The instance that never sees looks and reinstalls.
    public var shadow: Implementation
    /// The invariant checker, with its running check counts.
    public var checker: TraceChecker

    /// A check of the implementations `make` builds, against `policy`.
    public init(policy: SubscriptionPolicy = .mealCapture, dates: (any LocalDateSource)? = nil, _ make: () -> Implementation) {
        self.implementation = make()
        self.shadow = make()
        self.checker = TraceChecker(policy: policy, dates: dates)
    }

    /// What checking one timeline found.
    public struct Verdict: Sendable {
        /// The first invariant broken, if any.
        public var violation: Violation?
        /// The fingerprint of the outputs.
        public var digest: OutputDigest
    }

    /// Checks one timeline.
    public mutating func check(zone: TimeZoneRules, events: [Event]) -> Verdict {
        var nobody = NoObserver()
        return check(zone: zone, events: events, observer: &nobody)
    }

    /// Checks one timeline, showing each event and its output to `observer` (which
    /// `begin` must already have been called on).
    public mutating func check<Observer: TraceObserver>(zone: TimeZoneRules, events: [Event], observer: inout Observer) -> Verdict {
        var digest = OutputDigest()
        implementation.start(zone: zone)
        checker.start(zone: zone)
        let lockstep = events.contains { event in
            switch event.action {
            case .look, .reinstall: true
            default: false
            }
        }
        if lockstep {
            shadow.start(zone: zone)
            checker.record(.lookAndReinstallChangeNothing)
        }
        var firstSkipped: Int?
        for index in events.indices {
            let event = events[index]
            let output = implementation.handle(event)
            if let violation = checker.check(event, output) { return Verdict(violation: violation, digest: digest) }
            observer.observe(event, output)
            digest.add(output)
            guard lockstep else { continue }
            switch event.action {
            case .look, .reinstall:
                firstSkipped = firstSkipped ?? index
            default:
                let without = shadow.handle(event)
                if without != output {
                    let detail = "without the looks and reinstalls (the first at event \(firstSkipped ?? 0)), this event's output would differ: \(Self.difference(output, without))"
                    return Verdict(violation: Violation(invariant: .lookAndReinstallChangeNothing, eventIndex: index, detail: detail), digest: digest)
                }
            }
        }
        return Verdict(violation: nil, digest: digest)
    }

    /// The fields in which two outputs differ, as `field: with → without`.
    static func difference(_ with: Output, _ without: Output) -> String {
        var parts: [String] = []
        if with.day != without.day { parts.append("day \(with.day) → \(without.day)") }
        if with.plan != without.plan { parts.append("plan \(with.plan.rawValue) → \(without.plan.rawValue)") }
        if with.outcome != without.outcome { parts.append("outcome \(with.outcome?.rawValue ?? "null") → \(without.outcome?.rawValue ?? "null")") }
        if with.used != without.used { parts.append("used \(with.used) → \(without.used)") }
        if with.limit != without.limit { parts.append("limit \(with.limit.map(String.init) ?? "null") → \(without.limit.map(String.init) ?? "null")") }
        if with.label != without.label { parts.append("label \"\(with.label)\" → \"\(without.label)\"") }
        if with.alert != without.alert || with.planView != without.planView { parts.append("alert or PlanView box") }
        return parts.joined(separator: ", ")
    }
}

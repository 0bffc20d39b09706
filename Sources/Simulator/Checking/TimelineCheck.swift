import SubscriptionModel

/// Runs one implementation over timelines and checks each trace: the invariants
/// event by event, then, when the timeline has a `look` or `reinstall`, rules.md #6
/// by replaying it without them and comparing every remaining output.
///
/// Reuses its buffers across timelines, so checking a passing timeline allocates
/// nothing once warmed up (the run keeps nothing of it afterwards).
public struct TimelineCheck<Implementation: SubscriptionImplementation> {
    /// The implementation under test.
    public var implementation: Implementation
    /// The invariant checker, with its running check counts.
    public var checker: TraceChecker
    private var outputs: [Output] = []
    private var kept: [Int] = []

    /// A check of `implementation` against `policy`.
    public init(implementation: Implementation, policy: SubscriptionPolicy = .mealCapture) {
        self.implementation = implementation
        self.checker = TraceChecker(policy: policy)
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
        var digest = OutputDigest()
        outputs.removeAll(keepingCapacity: true)
        implementation.start(zone: zone)
        checker.start(zone: zone)
        var transparentEvents = false
        for event in events {
            let output = implementation.handle(event)
            if let violation = checker.check(event, output) { return Verdict(violation: violation, digest: digest) }
            digest.add(output)
            outputs.append(output)
            switch event.action {
            case .look, .reinstall: transparentEvents = true
            default: break
            }
        }
        if transparentEvents, let violation = checkTransparency(zone: zone, events: events) {
            return Verdict(violation: violation, digest: digest)
        }
        return Verdict(violation: nil, digest: digest)
    }

    /// rules.md #6: the same timeline without its looks and reinstalls must give the
    /// same outputs for every event that remains.
    private mutating func checkTransparency(zone: TimeZoneRules, events: [Event]) -> Violation? {
        implementation.start(zone: zone)
        checker.record(.lookAndReinstallChangeNothing)
        var removedBefore: Int?
        for (index, event) in events.enumerated() {
            switch event.action {
            case .look, .reinstall:
                removedBefore = removedBefore ?? index
                continue
            default:
                let output = implementation.handle(event)
                if output != outputs[index] {
                    return Violation(invariant: .lookAndReinstallChangeNothing, eventIndex: index,
                                     detail: "without the looks and reinstalls (the first at event \(removedBefore ?? 0)), this event's output would differ: \(Self.difference(outputs[index], output))")
                }
            }
        }
        return nil
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

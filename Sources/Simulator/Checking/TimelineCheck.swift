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
    /// The reference model, run in lockstep when the implementation under test is not
    /// the model itself: every output must then equal the model's, field by field.
    public private(set) var reference: ReferenceImplementation<ZoneTableDates>?
    /// Whether `reference` is set: a plain flag the loop tests, rather than the optional's tag.
    private let comparesWithReference: Bool

    /// A check of the implementations `make` builds, against `policy`; with
    /// `comparingWithReference`, every output is also compared with the reference model's.
    public init(policy: SubscriptionPolicy = .mealCapture, dates: (any LocalDateSource)? = nil, comparingWithReference: Bool = false, _ make: () -> Implementation) {
        self.implementation = make()
        self.shadow = make()
        self.checker = TraceChecker(policy: policy, dates: dates)
        self.reference = comparingWithReference ? ReferenceImplementation(policy: policy) : nil
        self.comparesWithReference = comparingWithReference
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
        let lockstep = events.contains { $0.action.isLookOrReinstall }
        if lockstep {
            shadow.start(zone: zone)
            checker.record(.lookAndReinstallChangeNothing)
        }
        reference?.start(zone: zone)
        var firstSkipped: Int?
        for index in events.indices {
            let event = events[index]
            let output = implementation.handle(event)
            if let violation = checker.check(event, output) { return Verdict(violation: violation, digest: digest) }
            if comparesWithReference, let violation = compareWithReference(event, output, index: index) {
                return Verdict(violation: violation, digest: digest)
            }
            observer.observe(event, output)
            digest.add(output)
            guard lockstep else { continue }
            if event.action.isLookOrReinstall {
                firstSkipped = firstSkipped ?? index
                continue
            }
            let without = shadow.handle(event)
            if without != output {
                let detail = "without the looks and reinstalls (the first at event \(firstSkipped ?? 0)), this event's output would differ: \(Self.difference(output, without, "with", "without"))"
                return Verdict(violation: Violation(invariant: .lookAndReinstallChangeNothing, eventIndex: index, detail: detail), digest: digest)
            }
        }
        return Verdict(violation: nil, digest: digest)
    }

    /// Steps the reference model too and compares its output (out of the loop's way:
    /// only implementations other than the model are compared).
    @inline(never)
    private mutating func compareWithReference(_ event: Event, _ output: Output, index: Int) -> Violation? {
        guard let expected = reference?.handle(event) else { return nil }
        checker.record(.matchesReference)
        guard expected != output else { return nil }
        let detail = "differs from the reference model in \(Self.fields(expected, output).joined(separator: ", ")): \(Self.difference(expected, output, "reference", "implementation"))"
        return Violation(invariant: .matchesReference, eventIndex: index, detail: detail)
    }

    /// The names of the contract's fields in which two outputs differ.
    public static func fields(_ a: Output, _ b: Output) -> [String] {
        var names: [String] = []
        if a.day != b.day { names.append("day") }
        if a.plan != b.plan { names.append("plan") }
        if a.outcome != b.outcome { names.append("outcome") }
        if a.alert != b.alert { names.append("alert") }
        if a.used != b.used { names.append("used") }
        if a.limit != b.limit { names.append("limit") }
        if a.label != b.label { names.append("label") }
        if a.planView != b.planView { names.append("planView") }
        return names
    }

    /// The fields in which two outputs differ, as `field a → b`.
    static func difference(_ a: Output, _ b: Output, _ aName: String, _ bName: String) -> String {
        func show(_ output: Output, _ field: String) -> String {
            switch field {
            case "day": "\(output.day)"
            case "plan": output.plan.rawValue
            case "outcome": output.outcome?.rawValue ?? "null"
            case "alert": output.alert.map { "\"\($0.title)\" / \($0.message.map { "\"\($0)\"" } ?? "null")" } ?? "null"
            case "used": "\(output.used)"
            case "limit": output.limit.map(String.init) ?? "null"
            case "label": "\"\(output.label)\""
            default:
                switch output.planView {
                case .bar(let used, let limit)?: "\(used) of \(limit)"
                case .text(let text)?: "\"\(text)\""
                case nil: "null"
                }
            }
        }
        return fields(a, b).map { "\($0) \(show(a, $0)) (\(aName)) vs \(show(b, $0)) (\(bName))" }.joined(separator: "; ")
    }
}

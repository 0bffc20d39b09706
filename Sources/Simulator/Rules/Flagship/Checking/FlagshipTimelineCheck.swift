import SimulatorCore
import SubscriptionModel

/// Runs one implementation over timelines and checks each trace: the invariants event
/// by event and, when the timeline has a `look` or `reinstall`, rules.md #6 in
/// lockstep: a second instance (the shadow) receives every event but those, and each
/// remaining event's output must be the same in both.
///
/// Nothing of a timeline is kept, so checking a passing timeline allocates nothing
/// once warmed up.
package struct FlagshipTimelineCheck<Implementation: FlagshipImplementation> {
    /// The implementation under test.
    package var implementation: Implementation
    /// The instance that never sees looks and reinstalls.
    package var shadow: Implementation
    /// The invariant checker, with its running check counts.
    package var checker: FlagshipTraceChecker
    /// The reference model, run in lockstep when the implementation under test is not
    /// the model itself: every output must then equal the model's, field by field.
    package private(set) var reference: FlagshipReferenceImplementation<ZoneTableDates>?
    /// Whether `reference` is set: a plain flag the loop tests, rather than the optional's tag.
    private let comparesWithReference: Bool
    #if SIMULATE_STAGE_SWITCHES
    /// The stages this build skips (`StageSwitches`).
    private let skips = StageSwitches.skipped
    #else
    /// No stage is skipped in a normal build (`StageSwitches`): constants the passes fold
    /// away. (Not `StageSwitches.skipped`, which from this module is a call and a stored value.)
    private var skips: (checker: Bool, observer: Bool, digest: Bool, shadow: Bool, step: Bool) { (false, false, false, false, false) }
    #endif

    /// A check of the implementations `make` builds, against `policy`; with
    /// `comparingWithReference`, every output is also compared with the reference model's.
    package init(policy: CaptureRules = .mealCapture, dates: (any LocalDateSource)? = nil, comparingWithReference: Bool = false, _ make: () -> Implementation) {
        self.implementation = make()
        self.shadow = make()
        self.checker = FlagshipTraceChecker(policy: policy, dates: dates)
        self.reference = comparingWithReference ? FlagshipReferenceImplementation(policy: policy) : nil
        self.comparesWithReference = comparingWithReference
    }

    /// What checking one timeline found.
    package struct Verdict: Sendable {
        /// The first invariant broken, if any.
        package var violation: Violation<FlagshipInvariant>?
        /// The fingerprint of the outputs.
        package var digest: OutputDigest
    }

    /// Checks one timeline.
    package mutating func check(zone: TimeZoneRules, events: [FlagshipEvent]) -> Verdict {
        events.withUnsafeBufferPointer { check(zone: zone, events: $0) }
    }

    /// Checks one timeline held in a buffer (a worker's `FlagshipEventBuffer`).
    package mutating func check(zone: TimeZoneRules, events: UnsafeBufferPointer<FlagshipEvent>) -> Verdict {
        var nobody = NoObserver<FlagshipRules>()
        return check(zone: zone, events: events, observer: &nobody)
    }

    /// How many events go through each pass at a time: a chunk's outputs (64 bytes
    /// each) stay in the L1 cache between the passes.
    package static var chunk: Int { 128 }

    /// Checks one timeline, showing each event and its output to `observer` (which
    /// `begin` must already have been called on).
    ///
    /// The work runs in passes over chunks of events, each pass a small loop that keeps
    /// its own state in registers: the implementation's outputs, then the invariants in
    /// event order, then rule #6's shadow, then the observer and the digest. The result
    /// is the one an event-by-event loop gives: the first event that breaks an
    /// invariant ends the check (the trace invariants before `matches-reference`
    /// before rule #6 at the same event), and only the events before it are observed
    /// and digested. The implementation may be asked for up to a chunk's outputs past
    /// that event; they are ignored.
    package mutating func check<Observer: TraceObserver<FlagshipRules>>(zone: TimeZoneRules, events: UnsafeBufferPointer<FlagshipEvent>, observer: inout Observer) -> Verdict {
        implementation.start(zone: zone)
        checker.start(zone: zone)
        let lockstep = !skips.shadow && events.contains { $0.action.isLookOrReinstall }
        if lockstep {
            shadow.start(zone: zone)
            checker.record(.lookAndReinstallChangeNothing)
        }
        reference?.start(zone: zone)
        var progress = Progress()
        return withUnsafeTemporaryAllocation(of: FlagshipOutput.self, capacity: Self.chunk) { outputs in
            var start = 0
            while start < events.count {
                let end = min(start + Self.chunk, events.count)
                if let violation = checkChunk(events, start..<end, outputs.baseAddress!, lockstep: lockstep, &progress, &observer) {
                    return Verdict(violation: violation, digest: progress.digest)
                }
                start = end
            }
            return Verdict(violation: nil, digest: progress.digest)
        }
    }

    /// What a check carries from one chunk to the next.
    private struct Progress {
        var digest = OutputDigest()
        /// The first look or reinstall so far (named when rule #6 breaks).
        var firstSkipped: Int?
    }

    /// The passes over one chunk; returns the first violation in it.
    @inline(__always)
    private mutating func checkChunk<Observer: TraceObserver<FlagshipRules>>(_ events: UnsafeBufferPointer<FlagshipEvent>, _ range: Range<Int>, _ outputs: UnsafeMutablePointer<FlagshipOutput>,
                                                              lockstep: Bool, _ progress: inout Progress, _ observer: inout Observer) -> Violation<FlagshipInvariant>? {
        let base = range.lowerBound
        // Each pass works on a local copy of what it updates and stores it back at the
        // end: nothing else can then touch that state, so it stays in registers.
        // 1. The implementation's outputs.
        if skips.step { return nil }
        var implementation = self.implementation
        for index in range {
            (outputs + (index &- base)).initialize(to: implementation.handle(events[index]))
        }
        self.implementation = implementation
        // 2. The invariants, event by event; the first broken one ends the check.
        var failure: Violation<FlagshipInvariant>?
        var passed = range.upperBound
        var checker = self.checker
        if !skips.checker, let (index, violation) = checker.check(events, range, outputs: outputs) {
            failure = violation
            passed = index
        }
        self.checker = checker
        //    With a reference alongside, each output must also be the reference's
        //    (checked after the invariants at the same event).
        if comparesWithReference {
            for index in base..<passed {
                if let violation = compareWithReference(events[index], outputs[index &- base], index: index) {
                    failure = violation
                    passed = index
                    break
                }
            }
        }
        // 3. Rule #6: the shadow, which never sees looks and reinstalls, must agree on
        //    every other event that passed.
        if lockstep {
            var shadow = self.shadow
            for index in base..<passed {
                let event = events[index]
                if event.action.isLookOrReinstall {
                    progress.firstSkipped = progress.firstSkipped ?? index
                    continue
                }
                let without = shadow.handle(event)
                if without != outputs[index &- base] {
                    failure = shadowViolation(outputs[index &- base], without, index: index, firstSkipped: progress.firstSkipped ?? 0)
                    passed = index
                    break
                }
            }
            self.shadow = shadow
        }
        // 4. What the passing events did.
        if !skips.observer {
            var watcher = observer
            watcher.observe(events, base..<passed, outputs: UnsafePointer(outputs))
            observer = watcher
        }
        var digest = progress.digest
        if !skips.digest {
            for index in base..<passed {
                digest.add(outputs[index &- base])
            }
        }
        progress.digest = digest
        return failure
    }

    /// Rule #6's violation: the output with the looks and reinstalls differs from the one without.
    @inline(never)
    private func shadowViolation(_ output: FlagshipOutput, _ without: FlagshipOutput, index: Int, firstSkipped: Int) -> Violation<FlagshipInvariant> {
        let detail = "without the looks and reinstalls (the first at event \(firstSkipped)), this event's output would differ: \(Self.difference(output, without, "with", "without"))"
        return Violation<FlagshipInvariant>(invariant: .lookAndReinstallChangeNothing, eventIndex: index, detail: detail)
    }

    /// Steps the reference model too and compares its output (out of the loop's way:
    /// only implementations other than the model are compared).
    @inline(never)
    private mutating func compareWithReference(_ event: FlagshipEvent, _ output: FlagshipOutput, index: Int) -> Violation<FlagshipInvariant>? {
        guard let expected = reference?.handle(event) else { return nil }
        checker.record(.matchesReference)
        guard expected != output else { return nil }
        let detail = "differs from the reference model in \(Self.fields(expected, output).joined(separator: ", ")): \(Self.difference(expected, output, "reference", "implementation"))"
        return Violation<FlagshipInvariant>(invariant: .matchesReference, eventIndex: index, detail: detail)
    }

    /// The names of the contract's fields in which two outputs differ.
    package static func fields(_ a: FlagshipOutput, _ b: FlagshipOutput) -> [String] {
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
    static func difference(_ a: FlagshipOutput, _ b: FlagshipOutput, _ aName: String, _ bName: String) -> String {
        func show(_ output: FlagshipOutput, _ field: String) -> String {
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

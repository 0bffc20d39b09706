import SubscriptionModel

/// Runs one implementation of a policy over timelines and checks each trace: the
/// invariants event by event (`TraceChecker`); optionally `matches-reference`
/// (the reference engine in lockstep, compared field by field); and, when the timeline
/// has an event that changes nothing (`Event.Action.changesNothing`: a look, a
/// reinstall, a relaunch, a trip to the background, a timer), G11 in lockstep: a second
/// instance (the shadow) gets every event but those, and each remaining event's output must be one a user could
/// not tell apart from the first instance's.
///
/// At one event the trace invariants come first, then `matches-reference`, then the
/// shadow; the first event that breaks anything ends the check, and only the events
/// before it are observed and digested.
///
/// When the implementation is `StateFollowing` (the reference engine is), the shadow is
/// stepped only while its state differs from the implementation's: two instances in
/// equal states give equal outputs for every event until one of them sees an event the
/// other does not. So the shadow stays idle while the two are level; at an event that
/// changes nothing it takes the implementation's state before the event, and when the
/// event changed that state, the shadow is stepped from there (as it would have been,
/// had it been stepped all along) until the two states meet again. The verdicts are the
/// ones stepping it at every event gives.
package struct TimelineCheck<Implementation: SubscriptionImplementation> {
    /// The rules every timeline is checked under.
    package let policy: SubscriptionPolicy
    /// The implementation under test.
    package var implementation: Implementation
    /// The instance that never sees the events that change nothing.
    package var shadow: Implementation
    /// The invariant checker, with its running check counts.
    package var checker: TraceChecker
    /// The reference engine beside the implementation, when it is not the reference itself.
    package private(set) var reference: ReferenceComparison?
    /// How the shadow's outputs are compared.
    private let comparison: OutputComparison
    /// How the shadow follows the implementation's state, when it is `StateFollowing`.
    private let follower: StateFollower?
    /// Whether `reference` is set: tested on the hot path instead of `reference`, whose
    /// reading copied the whole comparison (an engine and its tables) at every event.
    private let comparesWithReference: Bool

    /// A check of the implementations `make` builds, under `policy`; with
    /// `comparingWithReference`, every output is also compared with the reference engine's.
    /// With `dates`, the checker's local dates come from that source instead of the zone tables.
    package init(policy: SubscriptionPolicy, comparingWithReference: Bool = false, dates: (any LocalDateSource)? = nil, _ make: () -> Implementation) {
        self.policy = policy
        self.implementation = make()
        self.shadow = make()
        self.checker = TraceChecker(policy: policy, dates: dates)
        self.reference = comparingWithReference ? ReferenceComparison(policy: policy) : nil
        self.comparesWithReference = comparingWithReference
        self.comparison = OutputComparison(policy: policy)
        self.follower = StateFollower.of(Implementation.self)
    }

    /// What checking one timeline found.
    package struct Verdict: Sendable {
        /// The first invariant broken, if any.
        package var violation: Violation<Invariant>?
        /// The fingerprint of the outputs of the events before it (all, when none broke).
        package var digest: OutputDigest
    }

    /// Checks one timeline, which must be under the check's policy.
    package mutating func check(_ timeline: Timeline) -> Verdict {
        precondition(timeline.policy.name == policy.name, "a \(timeline.policy.name) timeline checked under \(policy.name)")
        return timeline.events.withUnsafeBufferPointer { check(zone: timeline.zone, events: $0) }
    }

    /// Checks one timeline of the check's policy.
    package mutating func check(zone: TimeZoneRules, events: [Event]) -> Verdict {
        events.withUnsafeBufferPointer { check(zone: zone, events: $0) }
    }

    /// Checks one timeline held in a buffer (a worker's reused event buffer).
    package mutating func check(zone: TimeZoneRules, events: UnsafeBufferPointer<Event>) -> Verdict {
        var nobody = NoObserver<PolicyRules>()
        return check(zone: zone, events: events, observer: &nobody)
    }

    /// Checks one timeline, showing each passing event and its output to `observer`.
    package mutating func check<Observer: TraceObserver<PolicyRules>>(zone: TimeZoneRules, events: UnsafeBufferPointer<Event>,
                                                              observer: inout Observer) -> Verdict {
        implementation.start(policy: policy, zone: zone)
        checker.start(zone: zone)
        reference?.start(zone: zone)
        // (Read once: in a build with the switches, each is a lazy global.)
        let skips = StageSwitches.skipped
        let lockstep = !skips.shadow && events.contains { $0.action.changesNothing }
        if lockstep {
            shadow.start(policy: policy, zone: zone)
            checker.record(.lookAndReinstallChangeNothing)
        }
        var digester = OutputDigester()
        var firstSkipped: Int?
        // Whether the shadow's state is the implementation's (a `StateFollowing` one only).
        var level = follower != nil
        for index in events.indices {
            let event = events[index]
            if skips.step { continue }
            let changesNothing = lockstep && event.action.changesNothing
            if level, changesNothing { Self.copyState(follower!, from: &implementation, to: &shadow) } // as it was before the event
            let output = implementation.handle(event)
            let found = skips.checker ? nil : Implementation.showsOwnScreens
                ? checker.check(event, output, screens: implementation.screens(of: output, policy: policy))
                : checker.check(event, output)
            if let violation = found {
                checker.record(violation.invariant) // a check made, that failed
                return Verdict(violation: violation, digest: digester.digest)
            }
            if comparesWithReference {
                checker.record(.matchesReference)
                if let violation = reference!.compare(event, output, index: index) {
                    return Verdict(violation: violation, digest: digester.digest)
                }
            }
            if changesNothing {
                firstSkipped = firstSkipped ?? index
                if level { level = Self.sameState(follower!, &implementation, &shadow) }
            } else if lockstep, !level {
                let without = shadow.handle(event)
                if without != output, comparison.differ(output, without) {
                    return Verdict(violation: shadowViolation(output, without, index: index, firstSkipped: firstSkipped), digest: digester.digest)
                }
                if let follower { level = Self.sameState(follower, &implementation, &shadow) }
            }
            if !skips.observer { observer.observe(event, output) }
            if !skips.digest { digester.add(output) }
        }
        return Verdict(violation: nil, digest: digester.digest)
    }

    /// Whether the two implementations' states are equal (out of line: called only at an
    /// event that changes nothing and while the shadow is stepped).
    @inline(never)
    private static func sameState(_ follower: StateFollower, _ one: inout Implementation, _ other: inout Implementation) -> Bool {
        withUnsafePointer(to: &one) { one in withUnsafePointer(to: &other) { other in follower.same(one, other) } }
    }

    /// Gives `shadow` the implementation's state.
    @inline(never)
    private static func copyState(_ follower: StateFollower, from implementation: inout Implementation, to shadow: inout Implementation) {
        withUnsafePointer(to: &implementation) { from in withUnsafeMutablePointer(to: &shadow) { follower.copy(from, $0) } }
    }

    /// G11's violation: the output with the events that change nothing differs from the one without.
    @inline(never)
    private func shadowViolation(_ output: Output, _ without: Output, index: Int, firstSkipped: Int?) -> Violation<Invariant> {
        let skipped = firstSkipped.map { "the first at event \($0)" } ?? "none before this event"
        let detail = "without the looks, reinstalls and other events that change nothing (\(skipped)), this event's output would differ: "
            + comparison.differences(output, without, "with", "without").joined(separator: "; ")
        return Violation<Invariant>(invariant: .lookAndReinstallChangeNothing, eventIndex: index, detail: detail)
    }
}

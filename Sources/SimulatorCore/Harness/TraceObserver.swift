import SubscriptionModel

/// Sees every checked event of a rule set's timelines and its output, to count what a
/// run exercised (coverage, behaviour tallies): only events whose output passed every
/// check.
@usableFromInline
package protocol TraceObserver<Rules> {
    /// The rules whose events and outputs it sees.
    associatedtype Rules: RuleSet
    /// A new user's timeline starts (nothing to do, by default).
    mutating func begin(zone: TimeZoneRules, persona: Persona)
    /// One event and the output it led to.
    mutating func observe(_ event: Rules.Event, _ output: Rules.Output)
    /// The events `range` of `events` and their outputs (`outputs[0]` is the output of
    /// `events[range.lowerBound]`), in order: `observe(_:_:)` for each, by default. A
    /// check that works in chunks hands each chunk's passing events over in one call: the
    /// optimiser stopped inlining the flagship observer's per-event `observe` into its
    /// check once this protocol moved to another module (docs/performance-log.md), and one
    /// call a chunk costs nothing that matters.
    mutating func observe(_ events: UnsafeBufferPointer<Rules.Event>, _ range: Range<Int>, outputs: UnsafePointer<Rules.Output>)
}

extension TraceObserver {
    /// Nothing, by default.
    package mutating func begin(zone: TimeZoneRules, persona: Persona) {}

    /// Each event in turn.
    @inline(__always)
    package mutating func observe(_ events: UnsafeBufferPointer<Rules.Event>, _ range: Range<Int>, outputs: UnsafePointer<Rules.Output>) {
        for index in range { observe(events[index], outputs[index &- range.lowerBound]) }
    }
}

/// Observes nothing.
package struct NoObserver<Rules: RuleSet>: TraceObserver {
    /// Creates it.
    package init() {}
    /// Nothing.
    @inline(__always)
    package func observe(_ event: Rules.Event, _ output: Rules.Output) {}
}

import SubscriptionModel

/// Sees every checked event of a rule set's timelines and its output, to count what a
/// run exercised (coverage, behaviour tallies): only events whose output passed every
/// check.
package protocol TraceObserver<Rules> {
    /// The rules whose events and outputs it sees.
    associatedtype Rules: RuleSet
    /// A new user's timeline starts (nothing to do, by default).
    mutating func begin(zone: TimeZoneRules, persona: Persona)
    /// One event and the output it led to.
    mutating func observe(_ event: Rules.Event, _ output: Rules.Output)
}

extension TraceObserver {
    /// Nothing, by default.
    package mutating func begin(zone: TimeZoneRules, persona: Persona) {}
}

/// Observes nothing.
package struct NoObserver<Rules: RuleSet>: TraceObserver {
    /// Creates it.
    package init() {}
    /// Nothing.
    @inline(__always)
    package func observe(_ event: Rules.Event, _ output: Rules.Output) {}
}

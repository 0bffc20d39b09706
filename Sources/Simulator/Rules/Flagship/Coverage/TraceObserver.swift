import SubscriptionModel

/// Sees every checked event and its output, to count what a run exercised.
package protocol TraceObserver {
    /// A new user's timeline starts.
    mutating func begin(zone: TimeZoneRules, persona: Persona)
    /// One event and the output it led to.
    mutating func observe(_ event: Event, _ output: Output)
}

/// Observes nothing.
package struct NoObserver: TraceObserver {
    /// Creates it.
    package init() {}
    /// Nothing.
    package func begin(zone: TimeZoneRules, persona: Persona) {}
    /// Nothing.
    package func observe(_ event: Event, _ output: Output) {}
}

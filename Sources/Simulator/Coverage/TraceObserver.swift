import SubscriptionModel

/// Sees every checked event and its output, to count what a run exercised.
public protocol TraceObserver {
    /// A new user's timeline starts.
    mutating func begin(zone: TimeZoneRules, persona: Persona)
    /// One event and the output it led to.
    mutating func observe(_ event: Event, _ output: Output)
}

/// Observes nothing.
public struct NoObserver: TraceObserver {
    /// Creates it.
    public init() {}
    /// Nothing.
    public func begin(zone: TimeZoneRules, persona: Persona) {}
    /// Nothing.
    public func observe(_ event: Event, _ output: Output) {}
}

import SubscriptionModel

/// Sees every checked event of a policy timeline and its output, to count what a run
/// exercised (coverage, behaviour tallies).
public protocol PolicyTraceObserver {
    /// One event and the output it led to; only events whose output passed every check.
    mutating func observe(_ event: PolicyEvent, _ output: PolicyOutput)
}

/// Observes nothing.
public struct NoPolicyObserver: PolicyTraceObserver {
    /// Creates it.
    public init() {}
    /// Nothing.
    @inline(__always)
    public func observe(_ event: PolicyEvent, _ output: PolicyOutput) {}
}

import SubscriptionModel

/// Sees every checked event of a policy timeline and its output, to count what a run
/// exercised (coverage, behaviour tallies).
package protocol PolicyTraceObserver {
    /// One event and the output it led to; only events whose output passed every check.
    mutating func observe(_ event: PolicyEvent, _ output: PolicyOutput)
}

/// Observes nothing.
package struct NoPolicyObserver: PolicyTraceObserver {
    /// Creates it.
    package init() {}
    /// Nothing.
    @inline(__always)
    package func observe(_ event: PolicyEvent, _ output: PolicyOutput) {}
}

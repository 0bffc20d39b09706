import SubscriptionModel

/// A set of rules the harness runs, named by its types: what happens in a user's life
/// (`Event`) and what is checked of every timeline (`Invariant`). The harness's pieces
/// that do the same work for every rule set are written once, generic over it
/// (`DeterminismCheck`), rather than once per rule set.
///
/// Two rule sets conform: `FlagshipRules` (the flagship's hand-specialised rules, the
/// fast path) and `PolicyRules` (any policy, on the general engine).
package protocol RuleSet: Sendable {
    /// One event of a user's life.
    associatedtype Event: Equatable & Sendable
    /// The invariants checked on every timeline.
    associatedtype Invariant: RuleInvariant
}

/// The flagship's hand-specialised rules (meal-capture's v1 path).
package enum FlagshipRules: RuleSet {
    package typealias Event = SubscriptionModel.Event
    package typealias Invariant = Simulator.Invariant
}

/// Any policy's rules, on the general engine.
package enum PolicyRules: RuleSet {
    package typealias Event = PolicyEvent
    package typealias Invariant = PolicyInvariant
}

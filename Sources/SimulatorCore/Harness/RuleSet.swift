import SubscriptionModel

/// A set of rules the harness runs, named by its types: what happens in a user's life
/// (`Event`), a user's whole life (`Timeline`) and what is checked of every timeline
/// (`Invariant`). The harness's pieces that do the same work for every rule set (the
/// determinism check, the kill hunt) are written once, generic over it, rather than
/// once per rule set.
///
/// Two rule sets conform: `FlagshipRules` (the flagship's hand-specialised rules, the
/// fast path) and `PolicyRules` (any policy, on the general engine).
public protocol RuleSet: Sendable {
    /// One event of a user's life.
    associatedtype Event: Equatable & Sendable
    /// A user's life: a starting zone and events (the harness's shrinker reduces it).
    associatedtype Timeline: Sendable
    /// What the rules answer to an event.
    associatedtype Output
    /// The invariants checked on every timeline.
    associatedtype Invariant: RuleInvariant
    /// Whether a kill hunt shrinks a counterexample to any violation (true: the
    /// implementation is wrong wherever it differs, and the shortest timeline that shows
    /// it may show it through another invariant) or keeps the invariant that caught it.
    static var huntShrinksToAnyInvariant: Bool { get }
}

/// Any policy's rules, on the general engine.
public enum PolicyRules: RuleSet {
    /// A policy's events.
    public typealias Event = SubscriptionModel.Event
    /// A timeline under a policy.
    public typealias Timeline = SimulatorCore.Timeline
    /// What the policy engine answers to an event.
    public typealias Output = SubscriptionModel.Output
    /// The invariants of every policy.
    public typealias Invariant = SimulatorCore.Invariant
    /// A policy mutant's counterexample may break another invariant than the one that caught it.
    public static var huntShrinksToAnyInvariant: Bool { true }
}

/// What the harness needs of a rule set's invariants, whatever the rules: a stable
/// name for reports and commands, the declaration order, the rule ids each protects,
/// and the two invariants every rule set has (`deterministic`: a regenerated user gives
/// the same timeline and outputs; `matchesReference`: an implementation under test gives
/// the reference's output, event by event).
///
/// `FlagshipInvariant` (the flagship's) and `Invariant` (any policy's) conform.
public protocol RuleInvariant: RawRepresentable, Hashable, Sendable, CaseIterable, Comparable where RawValue == String {
    /// Regenerating and replaying a user gives the same timeline and outputs.
    static var deterministic: Self { get }
    /// The implementation under test gives the reference's output at every event.
    static var matchesReference: Self { get }
    /// The rule ids the invariant protects.
    var rules: String { get }
    /// Whether the invariant applies to some runs only, and is reported only by a run
    /// that checked it (`matchesReference` by default).
    var isCheckedInSomeRunsOnly: Bool { get }
}

extension RuleInvariant {
    /// `matchesReference` alone.
    public var isCheckedInSomeRunsOnly: Bool { self == .matchesReference }
}

extension Invariant: RuleInvariant {
    /// `matchesReference`, and `creditsKept` (a policy with credit packs).
    public var isCheckedInSomeRunsOnly: Bool { self == .matchesReference || self == .creditsKept }
}

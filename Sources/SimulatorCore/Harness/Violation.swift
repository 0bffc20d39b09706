/// An invariant that broke, where, and what was seen: the same for every rule set
/// (`Violation<FlagshipInvariant>` for the flagship's rules, `Violation<Invariant>` for a
/// policy's).
public struct Violation<Invariant: RuleInvariant>: Hashable, Sendable, CustomStringConvertible {
    /// The invariant.
    public var invariant: Invariant
    /// The index of the event whose output broke it.
    public var eventIndex: Int
    /// One line naming the fields, what was expected and what was seen.
    public var detail: String

    /// Creates a violation.
    public init(invariant: Invariant, eventIndex: Int, detail: String) {
        self.invariant = invariant
        self.eventIndex = eventIndex
        self.detail = detail
    }

    /// `INVARIANT at event N: DETAIL`.
    public var description: String { "\(invariant.rawValue) at event \(eventIndex): \(detail)" }
}

extension Violation: LocatedFailure {}

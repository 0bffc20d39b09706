/// An invariant that broke, where, and what was seen.
public struct Violation: Hashable, Sendable, CustomStringConvertible {
    /// The invariant.
    public var invariant: Invariant
    /// The index of the event whose output broke it.
    public var eventIndex: Int
    /// What was expected and what was seen.
    public var detail: String

    /// Creates a violation.
    package init(invariant: Invariant, eventIndex: Int, detail: String) {
        self.invariant = invariant
        self.eventIndex = eventIndex
        self.detail = detail
    }

    /// `INVARIANT at event N: DETAIL`.
    public var description: String { "\(invariant.rawValue) at event \(eventIndex): \(detail)" }
}

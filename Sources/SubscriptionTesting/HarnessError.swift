/// Why `SubscriptionHarness` could not check an adapter at all: the adapter does not fit
/// the policy, a setting is malformed, or a timeline does not read. A finding about the
/// app is never an error; it is a recorded test issue.
public struct HarnessError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One line naming the offending input and what is wrong with it.
    public var problem: String

    /// Creates an error.
    public init(_ problem: String) {
        self.problem = problem
    }

    /// The problem alone: a test framework shows a thrown error after its own words
    /// ("Caught error: ..."), which an `error: ` of ours would only repeat.
    public var description: String { problem }
}

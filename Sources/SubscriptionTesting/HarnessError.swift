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

    /// `error: PROBLEM`, as the command line words its errors.
    public var description: String { "error: " + problem }
}

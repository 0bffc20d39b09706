import SubscriptionModel

/// Checks or violations per invariant of a rule set: one count per invariant, summed
/// over users and over jobs. `FlagshipInvariantCounts` and `InvariantCounts` conform.
public protocol InvariantCounting: Hashable, Sendable {
    /// The invariants counted.
    associatedtype Invariant: RuleInvariant
    /// All zero.
    init()
    /// The count of `invariant`.
    subscript(_ invariant: Invariant) -> Int { get set }
    /// Adds another set of counts.
    mutating func add(_ other: Self)
}

/// What a run of a rule set counts that only its rules count (the coverage of its
/// categories, what its rules did, and which rules ran), beside the counts every run
/// keeps (`RunResult`). Adding is a sum, so the counts are the same for any number of
/// jobs. `FlagshipRunCounts` and `RunCounts` (a policy's) conform.
public protocol RuleRunCounts: Sendable {
    /// Adds another job's counts.
    mutating func add(_ other: Self)
    /// Whether `users` users over up to `years` years reached every coverage floor.
    func floorsReached(users: Int, years: Int) -> Bool
    /// The user-years of `milliseconds` of simulated time, as this rule set's reports
    /// count years.
    static func userYears(milliseconds: Int64) -> Double
}

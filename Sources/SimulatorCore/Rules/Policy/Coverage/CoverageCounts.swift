import SubscriptionModel

/// How many times each coverage category of a policy was reached, with the floors a run
/// of a given size must reach (`CoverageFigures`).
public struct CoverageCounts: Hashable, Sendable {
    /// The policy the categories are of.
    package let policy: SubscriptionPolicy
    /// The categories, in `CoverageCategory.all(for:)` order.
    package let categories: [CoverageCategory]
    /// The count of each category, in the same order.
    package var counts: [Int]

    /// Counts of `categories`.
    package init(policy: SubscriptionPolicy, categories: [CoverageCategory], counts: [Int]) {
        precondition(categories.count == counts.count)
        self.policy = policy
        self.categories = categories
        self.counts = counts
    }

    /// All zero, for `policy`'s categories.
    package init(policy: SubscriptionPolicy) {
        let categories = CoverageCategory.all(for: policy)
        self.init(policy: policy, categories: categories, counts: [Int](repeating: 0, count: categories.count))
    }

    /// The count of a category (0 for one the policy does not have).
    package subscript(_ category: CoverageCategory) -> Int {
        categories.firstIndex(of: category).map { counts[$0] } ?? 0
    }

    /// Adds another set of counts of the same policy.
    package mutating func add(_ other: CoverageCounts) {
        precondition(other.categories == categories, "counts of another policy")
        for index in counts.indices { counts[index] += other.counts[index] }
    }

    /// The floor of each category for a run of `users` users over up to `years` years
    /// (none judged when the users had no swarm subsets: `CoverageFigures`).
    package func floors(users: Int, years: Int, swarm: Bool) -> [EdgeCategory.Floor] {
        let notJudged = CoverageFigures.notJudgedReason(policy, swarm: swarm) // the same for every category
        return categories.map { CoverageFigures.floor(of: $0, in: policy, users: users, years: years, notJudged: notJudged) }
    }

    /// The categories below their floor for a run of `users` users over up to `years` years.
    package func unexercised(users: Int, years: Int, swarm: Bool) -> [CoverageCategory] {
        let floors = floors(users: users, years: years, swarm: swarm)
        return categories.indices.filter { counts[$0] < floors[$0].value }.map { categories[$0] }
    }

    /// `name: count` lines, for a failing test's message.
    public var summary: String {
        categories.indices.map { "\(categories[$0].name(in: policy)): \(counts[$0])" }.joined(separator: "\n")
    }
}

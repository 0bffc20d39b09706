import SubscriptionModel

/// What a run under a policy counts that only a policy's rules count: the policy and
/// how it was named, the coverage categories reached and the behaviour table.
public struct RunCounts: RuleRunCounts {
    /// The rules.
    public var policy: SubscriptionPolicy
    /// How the policy was named (a shipped name or a file's path).
    public var policyName: String
    /// Whether users drew swarm subsets (the default); without them no floor is judged.
    package var swarm: Bool
    /// The coverage categories reached.
    public var coverage: CoverageCounts
    /// Behaviour counts by (persona, plan, outcome slot): `RunObserver`'s table.
    package var behaviour: [Int]

    /// Nothing counted yet under `policy`.
    package init(policy: SubscriptionPolicy, policyName: String, swarm: Bool) {
        self.policy = policy
        self.policyName = policyName
        self.swarm = swarm
        let observer = RunObserver(policy: policy)
        self.coverage = observer.coverage.counts
        self.behaviour = observer.table
    }

    /// Adds another job's counts (of the same policy and generator).
    public mutating func add(_ other: RunCounts) {
        precondition(other.swarm == swarm, "results of two generators")
        coverage.add(other.coverage)
        for index in behaviour.indices { behaviour[index] += other.behaviour[index] }
    }

    /// Whether every coverage category reached its floor.
    public func floorsReached(users: Int, years: Int) -> Bool {
        coverage.unexercised(users: users, years: years, swarm: swarm).isEmpty
    }

    /// Gregorian years (365.2425 days), as a policy's reports have always counted them.
    public static func userYears(milliseconds: Int64) -> Double {
        Double(milliseconds) / (365.2425 * Double(Milliseconds.twentyFourHours))
    }
}

extension RunResult where Rules == PolicyRules {
    /// An empty result under `policy` (named `policyName`) over `options`.
    package init(options: CampaignOptions, policy: SubscriptionPolicy, policyName: String, swarm: Bool) {
        self.init(options: options, counts: RunCounts(policy: policy, policyName: policyName, swarm: swarm))
        if !policy.creditPacks.isEmpty { invariantsInForce.insert(.creditsKept) }
    }

    /// The rules.
    public var policy: SubscriptionPolicy { counts.policy }
    /// How the policy was named (a shipped name or a file's path).
    public var policyName: String { counts.policyName }
    /// Whether users drew swarm subsets (the default); without them no floor is judged.
    package var swarm: Bool { counts.swarm }

    /// The coverage categories reached.
    public var coverage: CoverageCounts {
        get { counts.coverage }
        set { counts.coverage = newValue }
    }

    /// Behaviour counts by (persona, plan, outcome slot): `RunObserver`'s table.
    package var behaviour: [Int] {
        get { counts.behaviour }
        set { counts.behaviour = newValue }
    }

    /// The coverage categories below their floor.
    package var unexercised: [CoverageCategory] { coverage.unexercised(users: users, years: options.years, swarm: swarm) }
}

import SubscriptionModel

/// What a policy run found: sums over every user, identical for any number of jobs.
public struct CampaignResult: Sendable {
    /// What was simulated.
    public var options: CampaignOptions
    /// The rules.
    public var policy: SubscriptionPolicy
    /// How the policy was named (a shipped name or a file's path).
    public var policyName: String
    /// Whether users drew swarm subsets (the default); without them no floor is judged.
    package var swarm: Bool
    /// Users.
    public var users = 0
    /// Events.
    public var events = 0
    /// Simulated time, summed over users.
    package var simulatedMilliseconds: Int64 = 0
    /// Users per persona.
    public var personas: [Persona: Int] = [:]
    /// The outputs' digest (a commutative sum over users).
    package var digest: UInt64 = 0
    /// How often each invariant was checked.
    public var checks = InvariantCounts()
    /// Users whose timeline broke each invariant.
    public var violations = InvariantCounts()
    /// The first (lowest) user that broke each invariant.
    public var firstFailingUser: [Invariant: Int] = [:]
    /// The coverage categories reached.
    public var coverage: CoverageCounts
    /// Behaviour counts by (persona, plan, outcome slot): `RunObserver`'s table.
    package var behaviour: [Int]
    /// Wall-clock seconds.
    public var runSeconds: Double = 0

    /// An empty result for `policy`.
    init(options: CampaignOptions, policy: SubscriptionPolicy, policyName: String, swarm: Bool) {
        self.options = options
        self.policy = policy
        self.policyName = policyName
        self.swarm = swarm
        let observer = RunObserver(policy: policy)
        self.coverage = observer.coverage.counts
        self.behaviour = observer.table
    }

    /// Adds a worker's sums.
    package mutating func merge(_ other: CampaignResult) {
        precondition(other.swarm == swarm, "results of two generators")
        mergeCounts(other)
        checks.add(other.checks)
        violations.add(other.violations)
        coverage.add(other.coverage)
        for index in behaviour.indices { behaviour[index] += other.behaviour[index] }
    }

    /// The invariants broken, in declaration order.
    public var brokenInvariants: [Invariant] { Invariant.allCases.filter { violations[$0] > 0 } }
    /// The coverage categories below their floor.
    package var unexercised: [CoverageCategory] { coverage.unexercised(users: users, years: options.years, swarm: swarm) }
    /// Every invariant held and every category reached its floor.
    public var passed: Bool { brokenInvariants.isEmpty && unexercised.isEmpty }
    /// Simulated user-years.
    package var userYears: Double { Self.userYears(milliseconds: simulatedMilliseconds) }
    /// Simulated user-years of `milliseconds` of simulated time (Gregorian years).
    package static func userYears(milliseconds: Int64) -> Double { Double(milliseconds) / (365.2425 * Double(Milliseconds.twentyFourHours)) }
}

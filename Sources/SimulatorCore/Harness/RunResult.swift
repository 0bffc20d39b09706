import SubscriptionModel

/// What a run of any rule set found: sums over every user (users, events, simulated
/// time, personas, the outputs' digest, checks and violations per invariant, the lowest
/// user that broke each) and what only the rules count (`counts`: coverage, behaviour,
/// which rules ran). A campaign, an external check and each of their jobs count into
/// one; every figure is a sum, a minimum or a commutative digest, so a result is the
/// same for any number of jobs and whichever users each job drew.
public struct RunResult<Rules: CampaignRules>: Sendable {
    /// What was simulated.
    public var options: CampaignOptions
    /// Users.
    public var users = 0
    /// Events.
    public var events = 0
    /// Simulated time, summed over users, in milliseconds.
    package var simulatedMilliseconds: Int64 = 0
    /// Users per persona.
    public var personas: [Persona: Int] = [:]
    /// The sum of each user's output digest times an odd number of the user's.
    package var digest: UInt64 = 0
    /// How often each invariant was checked.
    public var checks = Rules.InvariantCounts()
    /// Users whose timeline broke each invariant.
    public var violations = Rules.InvariantCounts()
    /// The lowest user that broke each invariant (the one shrunk and reported).
    public var firstFailingUser: [Rules.Invariant: Int] = [:]
    /// What only the rules count.
    package var counts: Rules.RunCounts
    /// The invariants of some runs only (`RuleInvariant.isCheckedInSomeRunsOnly`) that
    /// this run's setup applies: `matches-reference` when it compares an implementation
    /// with the reference, `credits-kept` under a policy with credit packs. They are
    /// reported even when a failure at a user's first event left them unchecked.
    @usableFromInline
    package var invariantsInForce: Set<Rules.Invariant> = []
    /// Wall-clock seconds of the run (the one figure that varies between identical runs).
    public var runSeconds: Double = 0

    /// An empty result over `options`, counting the rules' own in `counts`.
    package init(options: CampaignOptions, counts: Rules.RunCounts) {
        self.options = options
        self.counts = counts
    }

    /// Counts one user: `events` events from `first` to `last`, their persona, the digest
    /// of their outputs (nil when there were none to digest) and the invariant they broke.
    @inline(__always)
    @usableFromInline
    package mutating func count(user: Int, persona: Persona, events: Int, from first: Instant, to last: Instant, digest: UInt64?,
                                broke invariant: Rules.Invariant?) {
        users += 1
        self.events += events
        simulatedMilliseconds += first.milliseconds(to: last)
        personas[persona, default: 0] += 1
        if let digest { self.digest &+= digest &* (UInt64(user) | 1) }
        if let invariant {
            violations[invariant] += 1
            firstFailingUser[invariant] = min(firstFailingUser[invariant] ?? .max, user)
        }
    }

    /// Adds another job's result.
    package mutating func merge(_ other: Self) {
        users += other.users
        events += other.events
        simulatedMilliseconds += other.simulatedMilliseconds
        for (persona, count) in other.personas { personas[persona, default: 0] += count }
        digest &+= other.digest
        for (invariant, user) in other.firstFailingUser { firstFailingUser[invariant] = min(firstFailingUser[invariant] ?? .max, user) }
        checks.add(other.checks)
        violations.add(other.violations)
        invariantsInForce.formUnion(other.invariantsInForce)
        counts.add(other.counts)
    }

    /// The invariants that broke, in declaration order.
    public var brokenInvariants: [Rules.Invariant] { Rules.Invariant.allCases.filter { violations[$0] > 0 } }

    /// The invariants this run checked: every trace invariant that applies to every run,
    /// and one that applies to some runs only when the run's setup puts it in force
    /// (`invariantsInForce`) or it was checked or broken all the same.
    package var reportedInvariants: [Rules.Invariant] {
        Rules.Invariant.allCases.filter {
            !$0.isCheckedInSomeRunsOnly || invariantsInForce.contains($0) || checks[$0] > 0 || violations[$0] > 0
        }
    }

    /// Whether the run passed: no invariant broke and every coverage floor was reached.
    public var passed: Bool { brokenInvariants.isEmpty && counts.floorsReached(users: users, years: options.years) }

    /// Simulated user-years.
    package var userYears: Double { Rules.RunCounts.userYears(milliseconds: simulatedMilliseconds) }
}

import SubscriptionModel

/// What a run counts of every user, whatever the rules: users, events, simulated time,
/// personas, the outputs' digest, and the invariants broken with the lowest user that
/// broke each. Counting a user and merging two workers' counts are written once here
/// for every run (a campaign, an external check) of every rule set; each result adds
/// what only its rules count (checks, coverage, behaviour).
///
/// Every figure is a sum, a minimum or a commutative digest, so the counts are the same
/// for any number of jobs and whichever users each job drew.
package protocol RunTallying {
    /// The invariants counted (named apart from a result's own `Invariant`, which it
    /// would otherwise shadow).
    associatedtype CountedInvariant: RuleInvariant
    /// Users counted.
    var users: Int { get set }
    /// Their events.
    var events: Int { get set }
    /// Simulated time, summed over users, in milliseconds.
    var simulatedMilliseconds: Int64 { get set }
    /// Users per persona.
    var personas: [Persona: Int] { get set }
    /// The sum of each user's output digest times an odd number of the user's.
    var digest: UInt64 { get set }
    /// The lowest user that broke each invariant.
    var firstFailingUser: [CountedInvariant: Int] { get set }
    /// Counts one more user that broke `invariant`.
    mutating func countViolation(of invariant: CountedInvariant)
    /// Adds another job's counts (the shared ones through `mergeCounts`, and the rule
    /// set's own).
    mutating func merge(_ other: Self)
}

extension RunTallying {
    /// Counts one user: `events` events from `first` to `last`, their persona, the digest
    /// of their outputs (nil when there were none to digest) and the invariant they broke.
    @inline(__always)
    package mutating func count(user: Int, persona: Persona, events: Int, from first: Instant, to last: Instant, digest: UInt64?,
                                broke invariant: CountedInvariant?) {
        users += 1
        self.events += events
        simulatedMilliseconds += first.milliseconds(to: last)
        personas[persona, default: 0] += 1
        if let digest { self.digest &+= digest &* (UInt64(user) | 1) }
        if let invariant {
            countViolation(of: invariant)
            firstFailingUser[invariant] = min(firstFailingUser[invariant] ?? .max, user)
        }
    }

    /// Adds the shared counts of another worker's tally (the rule set's own counts are
    /// the caller's to add).
    package mutating func mergeCounts(_ other: Self) {
        users += other.users
        events += other.events
        simulatedMilliseconds += other.simulatedMilliseconds
        for (persona, count) in other.personas { personas[persona, default: 0] += count }
        digest &+= other.digest
        for (invariant, user) in other.firstFailingUser { firstFailingUser[invariant] = min(firstFailingUser[invariant] ?? .max, user) }
    }
}

extension CampaignTally: RunTallying {
    package mutating func countViolation(of invariant: FlagshipInvariant) { violations[invariant] += 1 }
}

extension CampaignResult: RunTallying {
    package mutating func countViolation(of invariant: Invariant) { violations[invariant] += 1 }
}

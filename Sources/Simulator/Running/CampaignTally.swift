/// What one worker (or the whole run, once merged) has seen. Merging is a sum, a
/// minimum and a commutative digest, so the merged tally is the same whatever the
/// number of workers and whichever users each one drew.
public struct CampaignTally: Sendable {
    /// Users checked.
    public var users = 0
    /// Events simulated.
    public var events = 0
    /// Simulated time, summed over users, in milliseconds.
    public var simulatedMilliseconds: Int64 = 0
    /// Checks per invariant, by `Invariant.index`.
    public var checks = Array(repeating: 0, count: Invariant.allCases.count)
    /// Violations per invariant, by `Invariant.index`.
    public var violations = Array(repeating: 0, count: Invariant.allCases.count)
    /// The lowest user index that broke each invariant (the one shrunk and reported).
    public var firstFailingUser: [Invariant: Int] = [:]
    /// Users per persona.
    public var personas: [Persona: Int] = [:]
    /// Sum of the users' output digests (commutative, so independent of the order users ran in).
    public var digest: UInt64 = 0

    /// An empty tally.
    public init() {}

    /// Adds another worker's tally.
    public mutating func merge(_ other: CampaignTally) {
        users += other.users
        events += other.events
        simulatedMilliseconds += other.simulatedMilliseconds
        for index in checks.indices {
            checks[index] += other.checks[index]
            violations[index] += other.violations[index]
        }
        for (invariant, user) in other.firstFailingUser {
            firstFailingUser[invariant] = min(firstFailingUser[invariant] ?? .max, user)
        }
        for (persona, count) in other.personas { personas[persona, default: 0] += count }
        digest &+= other.digest
    }
}

/// What one worker (or the whole run, once merged) has seen. Merging is a sum, a
/// minimum and a commutative digest, so the merged tally is the same whatever the
/// number of workers and whichever users each one drew.
public struct CampaignTally: Sendable {
    /// Users checked.
    public var users = 0
    /// Events simulated.
    public var events = 0
    /// Simulated time, summed over users, in milliseconds.
    package var simulatedMilliseconds: Int64 = 0
    /// Checks per invariant.
    public var checks = FlagshipInvariantCounts()
    /// Users whose timeline broke each invariant.
    public var violations = FlagshipInvariantCounts()
    /// The lowest user index that broke each invariant (the one shrunk and reported).
    public var firstFailingUser: [FlagshipInvariant: Int] = [:]
    /// Users per persona.
    public var personas: [Persona: Int] = [:]
    /// Edge categories reached.
    package var coverage = FlagshipCoverageCounts()
    /// What the rules did.
    package var behaviour = BehaviourCounts()
    /// Sum of the users' output digests (commutative, so independent of the order users ran in).
    package var digest: UInt64 = 0

    /// An empty tally.
    package init() {}

    /// Adds another worker's tally.
    package mutating func merge(_ other: CampaignTally) {
        mergeCounts(other)
        checks.add(other.checks)
        violations.add(other.violations)
        coverage.add(other.coverage)
        behaviour.add(other.behaviour)
    }
}

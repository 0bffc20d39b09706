import SubscriptionModel

/// A violation shrunk to a minimal timeline, with everything needed to reproduce it.
public struct ShrunkFailure: Sendable {
    /// The invariant broken.
    public var invariant: Invariant
    /// The run's seed.
    public var seed: UInt64
    /// The run's `--years` (part of what a user's timeline depends on).
    public var years: Int
    /// The first user that broke it.
    public var user: Int
    /// That user's persona.
    public var persona: Persona
    /// The generated timeline's length.
    public var originalEvents: Int
    /// The shrunk timeline.
    public var timeline: Timeline
    /// The violation on the shrunk timeline.
    public var violation: Violation?
    /// Candidates tried while shrinking.
    public var attempts: Int
    /// How long shrinking took.
    public var seconds: Double

    /// The generator's flags besides seed, user and years that regenerate the same
    /// timeline (` --personas A,B`), with their leading space.
    public var generatorFlags = ""

    /// The command that regenerates the user's whole timeline and replays it.
    public var regenerateCommand: String {
        "swift run simulate replay --seed \(seed) --user \(user) --years \(years)\(generatorFlags)"
    }

    /// The file name the shrunk timeline is written under.
    public var fileName: String { "\(invariant.rawValue)-user\(user).json" }
}

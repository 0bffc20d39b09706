import SubscriptionModel

/// A violation shrunk to a minimal timeline, with everything needed to reproduce it.
package struct ShrunkFailure: Sendable {
    /// The invariant broken.
    package var invariant: Invariant
    /// The run's seed.
    package var seed: UInt64
    /// The run's `--years` (part of what a user's timeline depends on).
    package var years: Int
    /// The first user that broke it.
    package var user: Int
    /// That user's persona.
    package var persona: Persona
    /// The generated timeline's length.
    package var originalEvents: Int
    /// The shrunk timeline.
    package var timeline: Timeline
    /// The violation on the shrunk timeline.
    package var violation: Violation<Invariant>?
    /// Candidates tried while shrinking.
    package var attempts: Int
    /// How long shrinking took.
    package var seconds: Double

    /// The generator's flags besides seed, user and years that regenerate the same
    /// timeline (` --personas A,B`), with their leading space.
    package var generatorFlags = ""

    /// The command that regenerates the user's whole timeline and replays it.
    package var regenerateCommand: String {
        "swift run simulate replay --seed \(seed) --user \(user) --years \(years)\(generatorFlags)"
    }

    /// The file name the shrunk timeline is written under.
    package var fileName: String { "\(invariant.rawValue)-user\(user).json" }
}

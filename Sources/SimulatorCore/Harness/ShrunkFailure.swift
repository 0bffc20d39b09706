import SubscriptionModel

/// An invariant's violation shrunk to a minimal timeline, with everything needed to
/// reproduce it, under any rule set: `ShrunkFailure<FlagshipRules>` for the flagship's
/// rules, `ShrunkFailure<PolicyRules>` for a policy's (which adds how its policy is named).
package struct ShrunkFailure<Rules: RuleSet>: Sendable {
    /// The invariant broken.
    package var invariant: Rules.Invariant
    /// The policy, as the run named it; nil for the flagship's rules, which need none.
    package var policyName: String? = nil
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
    /// The event of the generated timeline at which it first broke the rules (nil when
    /// not known), so that a failure can say where the user's own timeline failed as
    /// well as where the shrunk one does.
    package var originalEvent: Int? = nil
    /// Whether `violation` is the user's whole timeline's rather than the shrunk one's:
    /// a check whose shrunk timeline passed when given to the program on its own shows
    /// the violation it found first.
    package var violationIsOriginal = false
    /// The shrunk timeline.
    package var timeline: Rules.Timeline
    /// The violation on the shrunk timeline.
    package var violation: Violation<Rules.Invariant>?
    /// Candidates tried while shrinking.
    package var attempts: Int
    /// How long shrinking took.
    package var seconds: Double

    /// The generator's flags besides policy, seed, user and years that regenerate the
    /// same timeline (` --no-swarm`, ` --personas A,B`, ` --storekit FILE`), each with its
    /// leading space.
    package var generatorFlags = ""

    /// How printed commands name a policy read from a file: the path as the command
    /// was given it (relative to its working folder); nil: `policyName`.
    package var commandPolicy: String? = nil
    /// How the written timeline names a policy read from a file: its path from the
    /// timeline's own folder, where the reader looks; nil: `policyName`.
    package var writtenPolicy: String? = nil

    /// A shrunk failure of `invariant`, found at user `user` of a run with `seed`.
    package init(invariant: Rules.Invariant, policyName: String? = nil, seed: UInt64, years: Int, user: Int, persona: Persona,
                 originalEvents: Int, timeline: Rules.Timeline, violation: Violation<Rules.Invariant>?, attempts: Int, seconds: Double,
                 generatorFlags: String = "", commandPolicy: String? = nil, writtenPolicy: String? = nil) {
        self.invariant = invariant
        self.policyName = policyName
        self.seed = seed
        self.years = years
        self.user = user
        self.persona = persona
        self.originalEvents = originalEvents
        self.timeline = timeline
        self.violation = violation
        self.attempts = attempts
        self.seconds = seconds
        self.generatorFlags = generatorFlags
        self.commandPolicy = commandPolicy
        self.writtenPolicy = writtenPolicy
    }

    /// The command that regenerates the user's whole timeline and replays it.
    package var regenerateCommand: String {
        Self.regenerateCommand(policyName: commandPolicy ?? policyName, seed: seed, user: user, years: years, generatorFlags: generatorFlags)
    }

    /// The command that regenerates user `user` of a run (of `policyName`, when the run
    /// had one) and replays it: the one form every command prints.
    package static func regenerateCommand(policyName: String?, seed: UInt64, user: Int, years: Int, generatorFlags: String) -> String {
        ShellText.simulate + " replay" + (policyName.map { " --policy \(ShellText.word($0))" } ?? "")
            + " --seed \(seed) --user \(user) --years \(years)\(generatorFlags)"
    }

    /// `command`, as `regenerateCommand(policyName:…)` writes it, naming its policy
    /// `rename(policy)` instead; unchanged when it names none or `rename` gives nil.
    /// (Its words are each `ShellText.word`'s, which `ShellText.words` reads back.)
    package static func regenerateCommand(_ command: String, renamingPolicy rename: (String) -> String?) -> String {
        var words = ShellText.words(command)
        guard let flag = words.firstIndex(of: "--policy"), flag + 1 < words.count, let renamed = rename(words[flag + 1]) else { return command }
        words[flag + 1] = renamed
        return words.map(ShellText.word).joined(separator: " ")
    }

    /// The file name the shrunk timeline is written under.
    package var fileName: String { "\(invariant.rawValue)-user\(user).json" }
}

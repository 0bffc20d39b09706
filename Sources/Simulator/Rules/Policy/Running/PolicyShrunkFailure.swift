import SubscriptionModel

/// A policy invariant's violation shrunk to a minimal timeline, with everything needed
/// to reproduce it.
package struct PolicyShrunkFailure: Sendable {
    /// The invariant broken.
    package var invariant: PolicyInvariant
    /// The policy, as the run named it.
    package var policyName: String
    /// The run's seed.
    package var seed: UInt64
    /// The run's `--years`.
    package var years: Int
    /// The first user that broke it.
    package var user: Int
    /// That user's persona.
    package var persona: Persona
    /// The generated timeline's length.
    package var originalEvents: Int
    /// The shrunk timeline.
    package var timeline: PolicyTimeline
    /// The violation on the shrunk timeline.
    package var violation: Violation<PolicyInvariant>?
    /// Candidates tried while shrinking.
    package var attempts: Int
    /// How long shrinking took.
    package var seconds: Double

    /// The generator's flags besides policy, seed and years that regenerate the same
    /// timeline (` --no-swarm`, ` --personas A,B`, ` --storekit FILE`), each with its
    /// leading space: `generatorFlags(swarm:personas:storeKitArgument:)`.
    package var generatorFlags = ""

    /// How printed commands name a policy read from a file: the path as the command
    /// was given it (relative to its working folder); nil: `policyName`.
    package var commandPolicy: String?
    /// How the written timeline names a policy read from a file: its path from the
    /// timeline's own folder, where the reader looks; nil: `policyName`.
    package var writtenPolicy: String?

    /// The command that regenerates the user's whole timeline and replays it.
    package var regenerateCommand: String {
        Self.regenerateCommand(policyName: commandPolicy ?? policyName, seed: seed, user: user, years: years, generatorFlags: generatorFlags)
    }

    /// The command that regenerates user `user` of a run of `policyName` and replays it:
    /// the one form every command prints.
    package static func regenerateCommand(policyName: String, seed: UInt64, user: Int, years: Int, generatorFlags: String) -> String {
        "swift run simulate replay --policy \(ExternalProgram.shellWord(policyName)) --seed \(seed) --user \(user) --years \(years)\(generatorFlags)"
    }

    /// The generator's flags that a user of a policy run depends on besides seed, user
    /// and years, in the one order every command writes them.
    package static func generatorFlags(swarm: Bool, personas: [Persona] = Persona.allCases, storeKitArgument: String = "") -> String {
        (swarm ? "" : " --no-swarm") + CampaignOptions.personasFlag(personas) + storeKitArgument
    }

    /// The shrunk timeline as a timeline file naming the policy as the run did; its
    /// `about` says what broke, which rules that protects, and where it was found.
    package var timelineText: String {
        timelineText(naming: writtenPolicy ?? policyName)
    }

    /// The timeline as a regression test holds it: read from text, so the policy is
    /// named as commands name it (relative to the working folder, the package's).
    package var pastedTimelineText: String {
        timelineText(naming: commandPolicy ?? policyName)
    }

    private func timelineText(naming reference: String) -> String {
        PolicyTimelineWriter(policyReference: reference)
            .text(timeline, about: "\(invariant.rawValue) (\(invariant.rules(under: timeline.policy))): seed \(seed), user \(user), shrunk")
    }

    /// The file name the shrunk timeline is written under.
    package var fileName: String { "\(invariant.rawValue)-user\(user).json" }
}

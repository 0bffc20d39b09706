import SubscriptionModel

extension ShrunkFailure where Rules == PolicyRules {
    /// The policy as the run named it (a shipped name or a file's path).
    package var runPolicy: String { policyName ?? timeline.policy.name }

    /// The generator's flags that a user of a policy run depends on besides seed, user
    /// and years, in the one order every command writes them (`--app-life` for a user
    /// of a check of app code, who lives through relaunches and trips to the background).
    package static func generatorFlags(swarm: Bool, personas: [Persona] = Persona.allCases, storeKitArgument: String = "",
                                       appLife: Bool = false) -> String {
        (swarm ? "" : " --no-swarm") + CampaignOptions.personasFlag(personas) + storeKitArgument + (appLife ? " --app-life" : "")
    }

    /// The shrunk timeline as a timeline file naming the policy as the run did; its
    /// `about` says what broke, which rules that protects, and where it was found.
    package var timelineText: String {
        timelineText(naming: writtenPolicy ?? runPolicy)
    }

    /// The timeline as a regression test holds it: read from text, so the policy is
    /// named as commands name it (relative to the working folder, the package's).
    package var pastedTimelineText: String {
        timelineText(naming: commandPolicy ?? runPolicy)
    }

    private func timelineText(naming reference: String) -> String {
        TimelineWriter(policyReference: reference)
            .text(timeline, about: "\(invariant.rawValue) (\(invariant.rules(under: timeline.policy))): seed \(seed), user \(user), shrunk")
    }
}

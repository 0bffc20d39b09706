import Dispatch
import Foundation
import SubscriptionModel
import Synchronization

/// What a campaign under a policy holds besides its options.
public struct CampaignSetup: Sendable {
    /// The rules.
    package let policy: SubscriptionPolicy
    /// How the policy is named in reports and commands.
    package let policyName: String
    /// The timelines' source.
    package let generator: TimelineGenerator
    /// Flags that shaped the policy the timelines were generated under and that a
    /// failure's regenerate command must repeat (` --storekit FILE`); `--no-swarm` is
    /// added by the campaign itself.
    package var extraGeneratorFlags = ""
}

extension PolicyRules: CampaignRules {
    /// A policy and its generator.
    public typealias RunSetup = CampaignSetup
    /// Checks or violations per invariant.
    public typealias InvariantCounts = SimulatorCore.InvariantCounts
    /// What a run under a policy counts besides what every run counts.
    public typealias RunCounts = SimulatorCore.RunCounts
}

extension SubscriptionImplementation {
    /// Runs a campaign under a policy (the harness's loop; not for an implementation to
    /// write).
    public static func runCampaign(_ campaign: Campaign<Self>, progress: (@Sendable (Int) -> Void)?) -> RunResult<PolicyRules> {
        campaign.runPolicy(progress: progress)
    }
}

/// Under a policy, the policy's own generator draws the users; coverage belongs to the
/// generated timelines: past a failure, the rest of the timeline is counted with the
/// reference engine's outputs.
extension Campaign where Implementation: SubscriptionImplementation {
    /// A campaign under `policy` (named `policyName` in reports and commands: by default
    /// its own name) over `options`, checking the implementations `makeImplementation`
    /// builds; `swarm` false lets every user do everything.
    public init(options: CampaignOptions, policy: SubscriptionPolicy, policyName: String? = nil, swarm: Bool = true,
                makeImplementation: @escaping @Sendable () -> Implementation) {
        let generator = TimelineGenerator(policy: policy, maxYears: options.years, personas: options.personas, swarm: swarm)
        self.init(options: options, setup: CampaignSetup(policy: policy, policyName: policyName ?? policy.name, generator: generator),
                  makeImplementation: makeImplementation)
    }

    /// The rules.
    public var policy: SubscriptionPolicy { setup.policy }
    /// How the policy is named in reports and commands.
    public var policyName: String { setup.policyName }
    /// The timelines' source.
    package var generator: TimelineGenerator { setup.generator }
    /// Flags that shaped the policy the timelines were generated under and that a
    /// failure's regenerate command must repeat (` --storekit FILE`).
    package var extraGeneratorFlags: String {
        get { setup.extraGeneratorFlags }
        set { setup.extraGeneratorFlags = newValue }
    }

    /// A check of one implementation, with the reference alongside when asked.
    package func makeCheck() -> TimelineCheck<Implementation> {
        TimelineCheck(policy: policy, comparingWithReference: comparesWithReference, dates: checkerDates, makeImplementation)
    }

    /// Runs every user (`run(progress:)`).
    ///
    /// Specialized here for the reference engine, so that `simulate run --policy` (in
    /// another module, where a generic call would run the unspecialized loop and step
    /// the engine through its protocol witness) runs the same code as the benchmark.
    @_specialize(exported: true, where Implementation == ReferenceImplementation)
    func runPolicy(progress: (@Sendable (Int) -> Void)?) -> RunResult<PolicyRules> {
        let clock = ContinuousClock(), started = clock.now
        var total = RunResult<PolicyRules>(options: options, policy: policy, policyName: policyName, swarm: generator.swarm)
        let empty = total
        for result in runJobs(progress: progress, empty: { empty }, { CampaignWorker(self) }) {
            total.merge(result)
        }
        total.runSeconds = started.duration(to: clock.now).seconds
        return total
    }

    /// Regenerates the first user that broke `invariant` and shrinks their timeline.
    package func shrinkFailure(of invariant: Invariant, user: Int) -> ShrunkFailure<PolicyRules> {
        var failure = shrinkFailure(of: invariant, user: user, generator: generator, makeCheck: makeCheck)
        failure.policyName = policyName
        failure.generatorFlags = ShrunkFailure<PolicyRules>.generatorFlags(swarm: generator.swarm, personas: options.personas, storeKitArgument: extraGeneratorFlags)
        return failure
    }
}

extension Campaign where Implementation == ReferenceImplementation {
    /// A campaign checking the reference engine itself.
    package init(options: CampaignOptions, policy: SubscriptionPolicy, policyName: String? = nil, swarm: Bool = true) {
        self.init(options: options, policy: policy, policyName: policyName, swarm: swarm) { ReferenceImplementation() }
    }
}

import Dispatch
import Foundation
import SubscriptionModel
import Synchronization
import SimulatorCore

/// What a campaign of the flagship's rules holds besides its options.
public struct FlagshipCampaignSetup: Sendable {
    /// The rules checked.
    package let policy: CaptureRules
    /// The timelines' source.
    package let generator: FlagshipTimelineGenerator
}

extension FlagshipRules: CampaignRules {
    /// The flagship's rules and their generator.
    public typealias RunSetup = FlagshipCampaignSetup
    /// Checks or violations per flagship invariant.
    public typealias InvariantCounts = FlagshipInvariantCounts
    /// What a run of the flagship's rules counts besides what every run counts.
    public typealias RunCounts = FlagshipRunCounts
}

extension FlagshipImplementation {
    /// Runs a campaign of the flagship's rules (the harness's loop; not for an
    /// implementation to write).
    public static func runCampaign(_ campaign: Campaign<Self>, progress: (@Sendable (Int) -> Void)?) -> RunResult<FlagshipRules> {
        campaign.runFlagship(progress: progress)
    }
}

extension Campaign where Implementation: FlagshipImplementation {
    /// A campaign of the flagship's rules (`policy`, meal-capture's by default) over
    /// `options`, checking the implementations `makeImplementation` builds.
    public init(options: CampaignOptions, policy: CaptureRules = .mealCapture, makeImplementation: @escaping @Sendable () -> Implementation) {
        let generator = FlagshipTimelineGenerator(maxYears: options.years, personas: options.personas, policy: policy)
        self.init(options: options, setup: FlagshipCampaignSetup(policy: policy, generator: generator), makeImplementation: makeImplementation)
    }

    /// The rules checked.
    package var policy: CaptureRules { setup.policy }
    /// The timelines' source.
    package var generator: FlagshipTimelineGenerator { setup.generator }

    /// A check of one implementation, with the reference alongside when asked.
    func makeCheck() -> FlagshipTimelineCheck<Implementation> {
        FlagshipTimelineCheck(policy: policy, dates: checkerDates, comparingWithReference: comparesWithReference, makeImplementation)
    }

    /// Runs every user (`run(progress:)`).
    func runFlagship(progress: (@Sendable (Int) -> Void)?) -> RunResult<FlagshipRules> {
        let clock = ContinuousClock()
        let started = clock.now
        let options = options
        var total = RunResult<FlagshipRules>(options: options)
        for result in runJobs(progress: progress, empty: { RunResult(options: options) }, { FlagshipCampaignWorker(self) }) {
            total.merge(result)
        }
        total.runSeconds = started.duration(to: clock.now).seconds
        return total
    }

    /// Regenerates the first user that broke `invariant` and shrinks their timeline.
    package func shrinkFailure(of invariant: FlagshipInvariant, user: Int) -> ShrunkFailure<FlagshipRules> {
        var failure = shrinkFailure(of: invariant, user: user, generator: generator, makeCheck: makeCheck)
        failure.generatorFlags = options.personasFlag
        return failure
    }
}

extension Campaign where Implementation == FlagshipReferenceImplementation<ZoneTableDates> {
    /// A campaign checking the reference model itself.
    package init(options: CampaignOptions, policy: CaptureRules = .mealCapture) {
        self.init(options: options, policy: policy) { FlagshipReferenceImplementation(policy: policy) }
    }
}

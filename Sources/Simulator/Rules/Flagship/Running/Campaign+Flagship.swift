import Dispatch
import Foundation
import SubscriptionModel
import Synchronization

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

    /// Regenerates `user`, and returns its timeline and first violation, if any.
    package func replay(user: Int) -> (user: FlagshipTimelineGenerator.User, violation: Violation<FlagshipInvariant>?) {
        let generated = generator.user(seed: options.seed, user: user)
        var check = makeCheck()
        return (generated, check.check(zone: generated.timeline.zone, events: generated.timeline.events).violation)
    }

    /// Regenerates the first user that broke `invariant` and shrinks their timeline.
    package func shrinkFailure(of invariant: FlagshipInvariant, user: Int) -> ShrunkFailure<FlagshipRules> {
        let clock = ContinuousClock()
        let started = clock.now
        let (generated, _) = replay(user: user)
        var check = makeCheck()
        var shrinker = Shrinker<FlagshipTimeline, Violation<FlagshipInvariant>>(invariant: invariant) { timeline in
            check.check(zone: timeline.zone, events: timeline.events).violation
        }
        let shrunk = shrinker.shrink(generated.timeline)
        var final = makeCheck()
        let violation = final.check(zone: shrunk.zone, events: shrunk.events).violation
        let elapsed = started.duration(to: clock.now)
        var failure = ShrunkFailure<FlagshipRules>(invariant: invariant, seed: options.seed, years: options.years, user: user, persona: generated.persona,
                                    originalEvents: generated.timeline.events.count, timeline: shrunk, violation: violation,
                                    attempts: shrinker.attempts, seconds: elapsed.seconds)
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

import Dispatch
import Foundation
import SubscriptionModel
import Synchronization

/// A run: many users' timelines generated from one seed, each checked against every
/// invariant, spread over worker threads.
///
/// Users are handed out in small blocks from a shared counter, so the cores stay busy
/// however uneven the timelines are; what a run reports is built only from sums,
/// minima and a commutative digest, so it is identical for any number of jobs, and
/// the shards of a run (`CampaignOptions.shard`: only the shard's users, under their
/// whole-run numbers) merge into exactly the whole run's report (`ReportMerge`).
/// Nothing of a passing timeline is kept: each worker reuses one event buffer, and a
/// failure is regenerated from `(seed, user)` for shrinking.
public struct FlagshipCampaign<Implementation: FlagshipImplementation>: Sendable {
    /// What to simulate.
    public let options: CampaignOptions
    /// The rules checked.
    package let policy: CaptureRules
    /// The timelines' source.
    package let generator: FlagshipTimelineGenerator
    /// Makes one implementation under test per worker.
    package let makeImplementation: @Sendable () -> Implementation
    /// The checker's local dates (nil: the zone tables).
    package var checkerDates: (any LocalDateSource)?
    /// Whether every output is also compared with the reference model's (`matches-reference`).
    public var comparesWithReference = false

    /// One user in this many is regenerated and replayed again to check rules.md #7.
    package static var determinismSampling: Int { 64 }
    private static var blockSize: Int { 8 }

    /// A campaign over `options` checking the implementations `makeImplementation` builds.
    public init(options: CampaignOptions, policy: CaptureRules = .mealCapture, makeImplementation: @escaping @Sendable () -> Implementation) {
        self.options = options
        self.policy = policy
        self.generator = FlagshipTimelineGenerator(maxYears: options.years, personas: options.personas, policy: policy)
        self.makeImplementation = makeImplementation
    }

    /// A check of one implementation, with the reference alongside when asked.
    func makeCheck() -> FlagshipTimelineCheck<Implementation> {
        FlagshipTimelineCheck(policy: policy, dates: checkerDates, comparingWithReference: comparesWithReference, makeImplementation)
    }

    /// Runs every user; `progress` is called from a background thread about once a
    /// second with the users done so far.
    public func run(progress: (@Sendable (Int) -> Void)? = nil) -> FlagshipCampaignResult {
        let clock = ContinuousClock()
        let started = clock.now
        let nextBlock = SharedCounter()
        let done = SharedCounter()
        var total = CampaignTally()
        for tally in Workers.run(jobs: options.jobs, progress: progress, done: done, { work(nextBlock: nextBlock, done: done) }) {
            total.merge(tally)
        }
        let elapsed = started.duration(to: clock.now)
        return FlagshipCampaignResult(options: options, tally: total, runSeconds: elapsed.seconds)
    }

    private func work(nextBlock: SharedCounter, done: SharedCounter) -> CampaignTally {
        var tally = CampaignTally()
        let buffer = FlagshipEventBuffer()
        var check = makeCheck()
        var recheck = makeCheck()
        var observer = FlagshipRunObserver(policy: policy)
        var storeKit = FlagshipCoverageCounts()
        while true {
            let first = nextBlock.add(1) * Self.blockSize
            guard first < options.usersToRun else { break }
            let last = min(first + Self.blockSize, options.usersToRun)
            for position in first..<last {
                let user = options.user(at: position)
                let (zone, persona) = generator.generate(seed: options.seed, user: user, into: buffer, storeKit: &storeKit)
                let events = buffer.events
                observer.begin(zone: zone, persona: persona)
                let verdict = check.check(zone: zone, events: events, observer: &observer)
                if let violation = verdict.violation {
                    // Coverage belongs to the generated timeline, whatever the implementation
                    // did: the events past a failure are still counted (behaviour is not).
                    for index in violation.eventIndex..<events.count { observer.coverage.observe(events[index]) }
                }
                var violation = verdict.violation
                if violation == nil, user % Self.determinismSampling == 0 {
                    // rules.md #7: regenerating and replaying gives the same timeline and outputs.
                    check.checker.record(.deterministic)
                    let first = DeterminismCheck<FlagshipRules>.Sample(zone: zone, events: buffer.array, digest: verdict.digest)
                    var again: [FlagshipEvent] = []
                    let (zoneAgain, _) = generator.generate(seed: options.seed, user: user, into: &again)
                    let verdictAgain = recheck.check(zone: zoneAgain, events: again)
                    violation = DeterminismCheck<FlagshipRules>.compare(first, .init(zone: zoneAgain, events: again, digest: verdictAgain.digest), user: user)
                }
                tally.count(user: user, persona: persona, events: events.count, from: events[0].at, to: events[events.count - 1].at,
                            digest: verdict.digest.value, broke: violation?.invariant)
            }
            done.add(last - first)
        }
        tally.checks.add(check.checker.checks)
        observer.coverage.add(storeKit)
        tally.coverage = observer.coverage.counts
        tally.behaviour = observer.behaviour
        return tally
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

extension FlagshipCampaign where Implementation == FlagshipReferenceImplementation<ZoneTableDates> {
    /// A campaign checking the reference model itself.
    package init(options: CampaignOptions, policy: CaptureRules = .mealCapture) {
        self.init(options: options, policy: policy) { FlagshipReferenceImplementation(policy: policy) }
    }
}

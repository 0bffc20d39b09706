import Dispatch
import Foundation
import SubscriptionModel
import Synchronization

/// A run under any policy: many users' timelines generated from one seed by the
/// policy's own generator, each checked against every policy invariant (and, for an
/// implementation other than the reference, against the reference engine), spread
/// over worker threads.
///
/// As the v1 `FlagshipCampaign`: users handed out in small blocks (only a shard's, when
/// `CampaignOptions.shard` is set), results built only from sums, minima and a
/// commutative digest (identical for any number of jobs, and mergeable across shards), nothing
/// of a passing timeline kept, a failure regenerated from `(seed, user)` to shrink.
/// Coverage belongs to the generated timelines: past a failure, the rest of the
/// timeline is counted with the reference engine's outputs.
public struct Campaign<Implementation: SubscriptionImplementation>: Sendable {
    /// What to simulate.
    public let options: CampaignOptions
    /// The rules.
    public let policy: SubscriptionPolicy
    /// How the policy is named in reports and commands.
    public let policyName: String
    /// The timelines' source.
    package let generator: TimelineGenerator
    /// Makes one implementation under test per worker.
    package let makeImplementation: @Sendable () -> Implementation
    /// Whether every output is also compared with the reference engine's (`matches-reference`).
    public var comparesWithReference = false
    /// The checker's local dates (nil: the zone tables).
    package var checkerDates: (any LocalDateSource)?
    /// Flags that shaped the policy the timelines were generated under and that a
    /// failure's regenerate command must repeat (` --storekit FILE`); `--no-swarm` is
    /// added by the campaign itself.
    package var extraGeneratorFlags = ""

    private static var blockSize: Int { 8 }

    /// A campaign over `options` checking the implementations `makeImplementation` builds.
    public init(options: CampaignOptions, policy: SubscriptionPolicy, policyName: String? = nil, swarm: Bool = true,
                makeImplementation: @escaping @Sendable () -> Implementation) {
        self.options = options
        self.policy = policy
        self.policyName = policyName ?? policy.name
        self.generator = TimelineGenerator(policy: policy, maxYears: options.years, personas: options.personas, swarm: swarm)
        self.makeImplementation = makeImplementation
    }

    /// A check of one implementation, with the reference alongside when asked.
    package func makeCheck() -> TimelineCheck<Implementation> {
        TimelineCheck(policy: policy, comparingWithReference: comparesWithReference, dates: checkerDates, makeImplementation)
    }

    /// Runs every user; `progress` is called from a background thread about once a
    /// second with the users done so far.
    ///
    /// Specialized here for the reference engine, so that `simulate run --policy` (in
    /// another module, where a generic call would run the unspecialized loop and step
    /// the engine through its protocol witness) runs the same code as the benchmark.
    @_specialize(exported: true, where Implementation == ReferenceImplementation)
    public func run(progress: (@Sendable (Int) -> Void)? = nil) -> CampaignResult {
        let clock = ContinuousClock(), started = clock.now
        let nextBlock = SharedCounter(), done = SharedCounter()
        var total = CampaignResult(options: options, policy: policy, policyName: policyName, swarm: generator.swarm)
        for result in Workers.run(jobs: options.jobs, progress: progress, done: done, { work(nextBlock: nextBlock, done: done) }) {
            total.merge(result)
        }
        total.runSeconds = started.duration(to: clock.now).seconds
        return total
    }

    private func work(nextBlock: SharedCounter, done: SharedCounter) -> CampaignResult {
        var result = CampaignResult(options: options, policy: policy, policyName: policyName, swarm: generator.swarm)
        let buffer = EventBuffer()
        var check = makeCheck()
        var recheck = makeCheck()
        var observer = RunObserver(policy: policy)
        var reference = ReferenceImplementation()
        while true {
            let first = nextBlock.add(1) * Self.blockSize
            guard first < options.usersToRun else { break }
            let last = min(first + Self.blockSize, options.usersToRun)
            for position in first..<last {
                let user = options.user(at: position)
                let drawn = generator.generate(seed: options.seed, user: user, into: buffer)
                observer.begin(zone: drawn.zone, persona: drawn.persona)
                let events = buffer.events
                let verdict = check.check(zone: drawn.zone, events: events, observer: &observer)
                if let violation = verdict.violation {
                    // The rest of the timeline still counts for coverage, with the reference's outputs.
                    reference.start(policy: policy, zone: drawn.zone)
                    for index in events.indices {
                        let output = reference.handle(events[index])
                        if index >= violation.eventIndex { observer.coverage.observe(events[index], output) }
                    }
                }
                var violation = verdict.violation
                if violation == nil, user % FlagshipCampaign<FlagshipReferenceImplementation<ZoneTableDates>>.determinismSampling == 0 {
                    // Invariant 7: regenerating and replaying gives the same timeline and outputs.
                    check.checker.record(.deterministic)
                    let again = generator.user(seed: options.seed, user: user).timeline
                    let verdictAgain = recheck.check(again)
                    let first = DeterminismCheck<PolicyRules>.Sample(zone: drawn.zone, events: buffer.array, digest: verdict.digest)
                    violation = DeterminismCheck<PolicyRules>.compare(first, .init(zone: again.zone, events: again.events, digest: verdictAgain.digest), user: user)
                }
                result.count(user: user, persona: drawn.persona, events: events.count, from: events[0].at, to: events[events.count - 1].at,
                             digest: verdict.digest.value, broke: violation?.invariant)
            }
            done.add(last - first)
        }
        result.checks.add(check.checker.checks)
        result.coverage = observer.coverage.counts
        result.behaviour = observer.table
        return result
    }

    /// Regenerates `user`, and returns its timeline and first violation, if any.
    package func replay(user: Int) -> (user: TimelineGenerator.User, violation: Violation<Invariant>?) {
        let generated = generator.user(seed: options.seed, user: user)
        var check = makeCheck()
        return (generated, check.check(generated.timeline).violation)
    }

    /// Regenerates the first user that broke `invariant` and shrinks their timeline.
    package func shrinkFailure(of invariant: Invariant, user: Int) -> ShrunkFailure<PolicyRules> {
        let clock = ContinuousClock(), started = clock.now
        let (generated, _) = replay(user: user)
        var check = makeCheck()
        var shrinker = Shrinker<Timeline, Violation<Invariant>>(invariant: invariant) { check.check($0).violation }
        let shrunk = shrinker.shrink(generated.timeline)
        var final = makeCheck()
        var failure = ShrunkFailure<PolicyRules>(invariant: invariant, policyName: policyName, seed: options.seed, years: options.years, user: user,
                                          persona: generated.persona, originalEvents: generated.timeline.events.count, timeline: shrunk,
                                          violation: final.check(shrunk).violation, attempts: shrinker.attempts,
                                          seconds: started.duration(to: clock.now).seconds)
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

import SubscriptionModel

/// A run: many users' timelines generated from one seed, each checked against every
/// invariant of the implementation's rules (and, when asked, against the reference),
/// spread over worker threads. One type for every rule set: `Campaign(options:policy:)`
/// builds one for a policy (`SubscriptionImplementation`) or for the flagship's rules
/// (`FlagshipImplementation`).
///
/// Users are handed out in small blocks from a shared counter (only a shard's, when
/// `CampaignOptions.shard` is set), so the cores stay busy however uneven the
/// timelines are; what a run reports is built only from sums, minima and a commutative
/// digest (`RunResult`), so it is identical for any number of jobs, and the shards of
/// a run merge into exactly the whole run's report. Nothing of a passing timeline is
/// kept: a failure is regenerated from `(seed, user)` for shrinking.
public struct Campaign<Implementation: RuleImplementation>: Sendable {
    /// What to simulate.
    public let options: CampaignOptions
    /// The rules' values and their generator.
    package var setup: Implementation.Rules.RunSetup
    /// Makes one implementation under test per worker.
    package let makeImplementation: @Sendable () -> Implementation
    /// Whether every output is also compared with the reference's (`matches-reference`).
    public var comparesWithReference = false
    /// The checker's local dates (nil: the zone tables).
    package var checkerDates: (any LocalDateSource)?

    /// A campaign over `options` of the rules in `setup`.
    package init(options: CampaignOptions, setup: Implementation.Rules.RunSetup, makeImplementation: @escaping @Sendable () -> Implementation) {
        self.options = options
        self.setup = setup
        self.makeImplementation = makeImplementation
    }

    /// Runs every user; `progress` is called from a background thread about once a
    /// second with the users done so far.
    public func run(progress: (@Sendable (Int) -> Void)? = nil) -> RunResult<Implementation.Rules> {
        // Keep this one call: cross-module optimisation inlines it into
        // `ReferenceCampaign.runReference`, so the flagship's loop is specialized there.
        // With a clock added here it stayed a generic call, and the flagship ran 3× slower.
        Implementation.runCampaign(self, progress: progress)
    }

    /// Regenerates user `user` (with `generator`) and shrinks their timeline to a
    /// smallest one that still breaks `invariant`, every candidate checked by a check of
    /// the campaign's implementation (`makeCheck`): how a campaign's failure is shrunk,
    /// for every rule set.
    package func shrinkFailure<Generator: UserGenerating<Implementation.Rules>, Check: TimelineChecking<Implementation.Rules>>(
        of invariant: Implementation.Rules.Invariant, user: Int, generator: Generator, makeCheck: () -> Check
    ) -> ShrunkFailure<Implementation.Rules> where Implementation.Rules.Timeline: ShrinkableTimeline {
        let clock = ContinuousClock(), started = clock.now
        let generated = generator.generatedUser(seed: options.seed, user: user)
        var check = makeCheck()
        var shrinker = Shrinker<Implementation.Rules.Timeline, Violation<Implementation.Rules.Invariant>>(invariant: invariant) { check.firstViolation($0) }
        // The user's own timeline is checked once: where it broke is the failure's
        // `originalEvent`, and where the shrinker starts (as `shrink(_:)` would check it).
        let first = shrinker.failure(generated.timeline)
        let shrunk = first.map { shrinker.shrink(generated.timeline, failing: $0) } ?? generated.timeline
        var final = makeCheck()
        var failure = ShrunkFailure<Implementation.Rules>(invariant: invariant, seed: options.seed, years: options.years, user: user, persona: generated.persona,
                                    originalEvents: generated.timeline.events.count, timeline: shrunk, violation: final.firstViolation(shrunk),
                                    attempts: shrinker.attempts, seconds: started.duration(to: clock.now).seconds)
        failure.originalEvent = first?.eventIndex
        return failure
    }

    /// One user in this many is regenerated and replayed again (the determinism invariant).
    @usableFromInline
    package static var determinismSampling: Int { 64 }

    /// Runs `work` on every job, each taking the positions of the users to run in small
    /// blocks from one shared counter (`UserBlocks`), and returns what each job counted.
    @usableFromInline
    package func eachJob<Tally: Sendable>(progress: (@Sendable (Int) -> Void)?, _ work: @Sendable (inout UserBlocks) -> Tally) -> [Tally] {
        let next = SharedCounter(), done = SharedCounter()
        let users = options.usersToRun
        return Workers.run(jobs: options.jobs, progress: progress, done: done) {
            var blocks = UserBlocks(users: users, next: next, done: done)
            return work(&blocks)
        }
    }
}

/// The positions of a run's users, handed to the jobs in blocks (`size`) from a shared
/// counter, so that the cores stay busy however uneven the timelines are.
@usableFromInline
package struct UserBlocks {
    let users: Int
    let next: SharedCounter
    let done: SharedCounter
    private var handedOut: Range<Int>?
    /// Users a block holds.
    static var size: Int { 8 }

    init(users: Int, next: SharedCounter, done: SharedCounter) {
        self.users = users
        self.next = next
        self.done = done
    }

    /// The next block of positions (counting the previous one done), or nil when every
    /// user is taken.
    @usableFromInline
    package mutating func nextBlock() -> Range<Int>? {
        if let handedOut { done.add(handedOut.count) }
        let first = next.add(1) * Self.size
        guard first < users else { handedOut = nil; return nil }
        handedOut = first..<min(first + Self.size, users)
        return handedOut
    }
}

import Dispatch
import Foundation
import Synchronization
import SubscriptionModel

/// `simulate check --command`: generated timelines through an external program,
/// each checked against the invariants and the reference model; the first failure
/// (divergence, invariant, crash, time-out, malformed output) is shrunk.
package struct FlagshipExternalCheck: Sendable {
    /// The program.
    package let program: ExternalProgram
    /// The users.
    package let options: CampaignOptions
    /// The rules.
    package let policy: CaptureRules

    /// A check of `program` over `options`' users.
    package init(program: ExternalProgram, options: CampaignOptions, policy: CaptureRules = .mealCapture) {
        self.program = program
        self.options = options
        self.policy = policy
    }

    /// What one timeline gave.
    package typealias Finding = ExternalFinding<FlagshipInvariant>

    /// The check of one job: the recorded outputs and the `FlagshipTimelineCheck` reading them,
    /// kept from one timeline to the next so its check counts add up.
    struct Checker {
        let main = FlagshipRecordedImplementation.Recording()
        let shadow = FlagshipRecordedImplementation.Recording()
        var check: FlagshipTimelineCheck<FlagshipRecordedImplementation>

        init(policy: CaptureRules) {
            let main = self.main, shadow = self.shadow
            var first = true
            check = FlagshipTimelineCheck(policy: policy, comparingWithReference: true) { () -> FlagshipRecordedImplementation in
                defer { first = false }
                return FlagshipRecordedImplementation(first ? main : shadow)
            }
        }
    }

    /// Checks one timeline with a program of its own (started for it, in batch mode).
    package func check(_ timeline: FlagshipTimeline, name: String) -> Finding? {
        let runner = ProgramRunner(program)
        defer { runner.close() }
        return check(timeline, name: name, runner: runner)
    }

    /// Checks one timeline, running the program through `runner` once, or twice when
    /// the timeline has looks or reinstalls: again without them, for rules.md #6.
    package func check(_ timeline: FlagshipTimeline, name: String, runner: ProgramRunner) -> Finding? {
        var checker = Checker(policy: policy)
        var nobody = NoObserver<FlagshipRules>()
        return check(timeline, name: name, runner: runner, checker: &checker, observer: &nobody).finding
    }

    /// Checks one timeline with a job's checker, showing the events that passed to
    /// `observer`; also returns the digest of their outputs (nil when the program gave none).
    func check<Observer: TraceObserver<FlagshipRules>>(_ timeline: FlagshipTimeline, name: String, runner: ProgramRunner, checker: inout Checker,
                                        observer: inout Observer) -> (finding: Finding?, digest: OutputDigest?) {
        switch runner.outputs(for: timeline, name: name, policy: policy) {
        case .failure(let failure): return (.failure(failure), nil)
        case .success(let outputs): checker.main.outputs = outputs
        }
        let transparent = timeline.events.filter { !$0.action.isLookOrReinstall }
        if transparent.count < timeline.events.count {
            switch runner.outputs(for: FlagshipTimeline(zone: timeline.zone, events: transparent), name: name + "-without-looks", policy: policy) {
            case .failure(let failure): return (.failure(failure), nil)
            case .success(let outputs): checker.shadow.outputs = outputs
            }
        }
        let verdict = timeline.events.withUnsafeBufferPointer { checker.check.check(zone: timeline.zone, events: $0, observer: &observer) }
        return (verdict.violation.map(Finding.violation), verdict.digest)
    }

    /// The result of a whole check.
    package struct Result: Sendable {
        /// Timelines checked (up to and including the failing one).
        package var timelines: Int
        /// Their events.
        package var events: Int
        /// The first failing user and what it showed, if any.
        package var failure: (user: Int, finding: Finding, timeline: FlagshipTimeline)?
        /// The first failing user's persona.
        package var failingPersona: Persona?
        /// Everything counted over the timelines checked, as a run counts it (checks,
        /// coverage and behaviour of the generated timelines, the outputs' digest).
        package var tally: CampaignTally
        /// Wall-clock seconds of the check (before shrinking).
        package var seconds: Double
    }

    /// Checks users in parallel, one program runner per job, until the lowest-numbered
    /// failing user is known: every user, or the users of `options.shard` (by their
    /// whole-run numbers, so a merge of the shards names the lowest failing user of all).
    /// What it counts is the users up to and including that one, with any number of
    /// jobs (`CheckBlocks`). `progress` hears the users checked once a second, from a
    /// background thread, until it returns.
    package func run(progress: (@Sendable (Int) -> Void)? = nil) -> Result {
        let clock = ContinuousClock(), started = clock.now
        let generator = FlagshipTimelineGenerator(maxYears: options.years, personas: options.personas, policy: policy)
        let lowest = Mutex<(user: Int, finding: Finding, timeline: FlagshipTimeline, persona: Persona)?>(nil)
        let blocks = CheckBlocks(positions: options.usersToRun, empty: CampaignTally()) { $0.merge($1) }
        let ticker = blocks.ticker(progress) // progress once a second, however long a user takes
        DispatchQueue.concurrentPerform(iterations: max(1, options.jobs)) { worker in
            let runner = ProgramRunner(program)
            defer { runner.close() }
            let buffer = FlagshipEventBuffer()
            // A block counts in a tally, a checker and an observer of its own.
            blocks.work(block: { (checker: Checker(policy: policy), observer: FlagshipRunObserver(policy: policy), tally: CampaignTally(), storeKit: FlagshipCoverageCounts()) }) { position, block in
                let user = options.user(at: position)
                let (zone, persona) = generator.generate(seed: options.seed, user: user, into: buffer, storeKit: &block.storeKit)
                let timeline = FlagshipTimeline(zone: zone, events: buffer.array)
                block.observer.begin(zone: zone, persona: persona)
                let (finding, digest) = check(timeline, name: "user\(user)", runner: runner, checker: &block.checker, observer: &block.observer)
                if let finding {
                    // Coverage and behaviour belong to the generated timeline, whatever the
                    // program did: past the events checked they count the reference model's
                    // outputs (which the program's matched up to there), so that every table
                    // of the report counts the same events.
                    let from = digest == nil ? 0 : finding.asViolation(events: timeline.events.count).eventIndex
                    var reference = FlagshipReferenceImplementation(policy: policy)
                    reference.start(zone: zone)
                    for (index, event) in timeline.events.enumerated() {
                        let output = reference.handle(event)
                        if index >= from { block.observer.observe(event, output) }
                    }
                    lowest.withLock { current in
                        if current == nil || user < current!.user { current = (user, finding, timeline, persona) }
                    }
                }
                block.tally.count(user: user, persona: persona, events: timeline.events.count, from: timeline.events[0].at,
                                  to: timeline.events[timeline.events.count - 1].at, digest: digest?.value,
                                  broke: finding?.asViolation(events: timeline.events.count).invariant)
                return finding != nil
            } tally: { block in
                var tally = block.tally
                tally.checks.add(block.checker.check.checker.checks)
                var observer = block.observer
                observer.coverage.add(block.storeKit)
                tally.coverage = observer.coverage.counts
                tally.behaviour = observer.behaviour
                return tally
            }
        }
        let failure = lowest.withLock { $0 }
        ticker?.stop()
        let tally = blocks.merged
        return Result(timelines: tally.users, events: tally.events, failure: failure.map { ($0.user, $0.finding, $0.timeline) },
                      failingPersona: failure?.persona, tally: tally, seconds: started.duration(to: clock.now).seconds)
    }

    /// A shrunk failure.
    package typealias Shrunk = ExternalShrunk<FlagshipTimeline, FlagshipInvariant>

    /// The command that gives the program the timeline file at `path` as the check gave
    /// it `timeline`, saying when the check also sent it without its looks (rules.md #6).
    package func reproduction(_ path: String, of timeline: FlagshipTimeline) -> String {
        program.reproduction(path, withoutLooksRule: timeline.events.contains { $0.action.isLookOrReinstall } ? "rules.md #6" : nil)
    }

    /// Shrinks a failing timeline, keeping the same kind of failure, with a program of
    /// its own (`ExternalFinding.shrink`: the failing timeline first, alone; a time-out,
    /// an overflowing output or an interrupted run is not shrunk).
    /// `progress` hears, every `ExternalShrunk.progressEvery` candidates, how many were
    /// tried and the events of the smallest failing timeline so far.
    package func shrink(_ timeline: FlagshipTimeline, finding: Finding, progress: ((_ tried: Int, _ smallest: Int) -> Void)? = nil) -> Shrunk {
        finding.shrink(timeline, program: program, progress: progress) { check($0, name: $1, runner: $2) }
    }
}

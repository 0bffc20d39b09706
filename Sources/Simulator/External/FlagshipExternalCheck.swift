import Foundation
import SubscriptionModel
import SimulatorCore

/// `simulate check --command`: generated timelines through an external program,
/// each checked against the invariants and the reference model; the first failure
/// (divergence, invariant, crash, time-out, malformed output) is shrunk.
package struct FlagshipExternalCheck: ExternalChecking {
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
        self.generator = FlagshipTimelineGenerator(maxYears: options.years, personas: options.personas, policy: policy)
    }

    /// What one timeline gave.
    package typealias Finding = ExternalFinding<FlagshipInvariant>

    /// The check of one job: the recorded outputs and the `FlagshipTimelineCheck` reading them,
    /// kept from one timeline to the next so its check counts add up.
    package struct Checker {
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
            case .failure(let failure):
                let kept = timeline.events.indices.filter { !timeline.events[$0].action.isLookOrReinstall }
                return (.failure(failure.inWholeTimeline(kept: kept)), nil)
            case .success(let outputs): checker.shadow.outputs = outputs
            }
        }
        let verdict = timeline.events.withUnsafeBufferPointer { checker.check.check(zone: timeline.zone, events: $0, observer: &observer) }
        return (verdict.violation.map(Finding.violation), verdict.digest)
    }

    /// The result of a whole check.
    package typealias Result = ExternalRun<FlagshipRules>

    /// A block's checker, observer and StoreKit coverage.
    package struct Block {
        var checker: Checker
        var observer: FlagshipRunObserver
        var storeKit = FlagshipCoverageCounts()
    }

    package func emptyResult() -> RunResult<FlagshipRules> { RunResult(options: options) }
    package func makeBlock() -> Block { Block(checker: Checker(policy: policy), observer: FlagshipRunObserver(policy: policy)) }
    package func makeBuffer() -> FlagshipEventBuffer { FlagshipEventBuffer() }

    package func checkUser(_ user: Int, buffer: FlagshipEventBuffer, runner: ProgramRunner, block: inout Block) -> ExternalUser<FlagshipRules> {
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
        }
        let events = timeline.events
        return ExternalUser(persona: persona, timeline: timeline, span: (events.count, events[0].at, events[events.count - 1].at),
                            finding: finding, digest: digest)
    }

    package func adding(_ counted: RunResult<FlagshipRules>, of block: Block) -> RunResult<FlagshipRules> {
        var counted = counted
        counted.checks.add(block.checker.check.checker.checks)
        var observer = block.observer
        observer.coverage.add(block.storeKit)
        counted.coverage = observer.coverage.counts
        counted.behaviour = observer.behaviour
        return counted
    }

    /// The generator of the check's users (the one `simulate run` uses).
    package let generator: FlagshipTimelineGenerator

    /// A shrunk failure.
    package typealias Shrunk = ExternalShrunk<FlagshipTimeline, FlagshipInvariant>

    /// The command that gives the program the timeline file at `path` as the check gave
    /// it `timeline`, saying when the check also sent it without its looks (rules.md #6).
    package func reproduction(_ path: String, of timeline: FlagshipTimeline) -> String {
        program.reproduction(path, withoutLooksRule: timeline.events.contains { $0.action.isLookOrReinstall } ? "rules.md #6" : nil)
    }

    /// Shrinks a failing timeline, keeping the same kind of failure, with a program of
    /// its own (`ExternalFinding.shrink`: the failing timeline first, alone; a time-out or
    /// an overflowing output for at most the program's `shrinkLimitSeconds`; an
    /// interrupted run not at all). `progress` hears, every `ExternalShrunk.progressEvery`
    /// candidates and every few seconds, how many were tried and the events of the
    /// smallest failing timeline so far.
    package func shrink(_ timeline: FlagshipTimeline, finding: Finding, progress: ((_ tried: Int, _ smallest: Int) -> Void)? = nil,
                        failing: ((FlagshipTimeline, Finding) -> Void)? = nil) -> Shrunk {
        finding.shrink(timeline, program: program, progress: progress, failing: failing) { check($0, name: $1, runner: $2) }
    }
}

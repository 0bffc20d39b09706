import Foundation
import SubscriptionModel
import SimulatorCore

/// `simulate check --command CMD --policy P`: a policy's generated timelines through
/// an external program, each written in the generic form (naming its policy), the
/// program's generic output read strictly (`OutputParser`), then checked against
/// every policy invariant and, field by field, the reference engine; the first failure
/// (an invariant, a divergence, a crash, a time-out, malformed output) is shrunk.
///
/// The program's output is checked as printed: its plan, day, outcome, reason,
/// response and alert, reset instant, upgrade offer, each shown count and its screens,
/// computed by the checker from the trace (`TraceChecker`); each `limit` it
/// prints must be the limit of the plan it names. Fields the line does not show (the
/// entitlement and zone that screens are computed from, the counts of windows no plan
/// limits) are taken from the reference engine on the same events, so the comparisons
/// judge only what the program printed.
package struct ExternalCheck: ExternalChecking {
    /// The program.
    package let program: ExternalProgram
    /// The users.
    package let options: CampaignOptions
    /// The rules.
    package let policy: SubscriptionPolicy
    /// How timelines name the policy: a shipped name, or a policy file's absolute path.
    package let policyName: String
    /// Whether users draw their own subsets of features and habits (swarm testing).
    package let swarm: Bool
    /// Reads the program's lines.
    package let parser: OutputParser

    /// A check of `program` over `options`' users of `policy`, named `policyName` in
    /// the timelines it is given (nil: the policy's own name).
    package init(program: ExternalProgram, options: CampaignOptions, policy: SubscriptionPolicy, policyName: String? = nil, swarm: Bool = true) {
        self.program = program
        self.options = options
        self.policy = policy
        self.policyName = policyName ?? policy.name
        self.swarm = swarm
        self.parser = OutputParser(policy: policy)
        self.generator = TimelineGenerator(policy: policy, maxYears: options.years, personas: options.personas, swarm: swarm)
    }

    /// The generator of the check's users (the one `simulate run --policy` uses).
    package let generator: TimelineGenerator

    /// What one timeline gave.
    package typealias Finding = ExternalFinding<Invariant>

    /// The check of one job, kept from one timeline to the next so its check counts add up.
    package struct Checker {
        let main = RecordedImplementation.Recording()
        let shadow = RecordedImplementation.Recording()
        var check: TimelineCheck<RecordedImplementation>
        var reference = ReferenceImplementation()

        init(policy: SubscriptionPolicy) {
            let main = self.main, shadow = self.shadow
            var first = true
            check = TimelineCheck(policy: policy, comparingWithReference: true) { () -> RecordedImplementation in
                defer { first = false }
                return RecordedImplementation(first ? main : shadow)
            }
        }

        /// The reference engine's outputs for `events`.
        mutating func referenceOutputs(_ policy: SubscriptionPolicy, zone: TimeZoneRules, _ events: [Event]) -> [Output] {
            reference.start(policy: policy, zone: zone)
            return events.map { reference.handle($0) }
        }
    }

    /// Checks one timeline with a program of its own (started for it, in batch mode).
    package func check(_ timeline: Timeline, name: String) -> Finding? {
        let runner = ProgramRunner(program)
        defer { runner.close() }
        return check(timeline, name: name, runner: runner)
    }

    /// Checks one timeline, running the program through `runner` once, or twice when
    /// the timeline has looks or reinstalls: again without them, for G11.
    package func check(_ timeline: Timeline, name: String, runner: ProgramRunner) -> Finding? {
        var checker = Checker(policy: policy)
        var nobody = NoObserver<PolicyRules>()
        return check(timeline, name: name, runner: runner, checker: &checker, observer: &nobody).finding
    }

    /// The program's outputs for `events`, read strictly, with the fields the line does
    /// not show filled from `reference` (the engine's outputs for the same events).
    func outputs(zone: TimeZoneRules, events: [Event], name: String, runner: ProgramRunner,
                 reference: [Output]) -> Swift.Result<OutputParser.Parsed, ExternalProgram.Failure> {
        let text = TimelineWriter(policyReference: policyName).text(Timeline(policy: policy, zone: zone, events: events))
        let bytes: [UInt8]
        switch runner.standardOutput(timelineText: text, name: name) {
        case .failure(let failure): return .failure(failure)
        case .success(let printed): bytes = printed
        }
        var parsed: OutputParser.Parsed
        do { parsed = try parser.parse(bytes, events: events) } catch { return .failure(.malformed(error)) }
        for index in parsed.outputs.indices {
            let expected = reference[index]
            parsed.outputs[index].entitlement = expected.entitlement
            parsed.outputs[index].zone = expected.zone
            for (meter, windows) in policy.meterWindows.enumerated() {
                for window in LimitWindow.allCases where !windows.contains(window) {
                    parsed.outputs[index].counts[meter][window] = expected.counts[meter][window]
                }
            }
        }
        return .success(parsed)
    }

    /// What checking one timeline with a job's checker gave.
    struct Checked {
        /// The first failure, if any.
        var finding: Finding?
        /// The reference engine's outputs (for the coverage and behaviour of the events past a failure).
        var reference: [Output]
        /// The digest of the outputs the observer saw (nil when the program gave none).
        var digest: OutputDigest?
        /// How many events, from the first, the observer saw.
        var observed: Int
    }

    /// Checks one timeline with a job's checker, showing the events that passed to `observer`.
    func check<Observer: TraceObserver<PolicyRules>>(_ timeline: Timeline, name: String, runner: ProgramRunner, checker: inout Checker,
                                              observer: inout Observer) -> Checked {
        let reference = checker.referenceOutputs(policy, zone: timeline.zone, timeline.events)
        let main: OutputParser.Parsed
        switch outputs(zone: timeline.zone, events: timeline.events, name: name, runner: runner, reference: reference) {
        case .failure(let failure): return Checked(finding: .failure(failure), reference: reference, digest: nil, observed: 0)
        case .success(let parsed): main = parsed
        }
        checker.main.outputs = main.outputs
        checker.main.screens = main.screens
        let transparent = timeline.events.filter { !$0.action.changesNothing }
        var shadowLimitProblem: (index: Int, detail: String)?
        if transparent.count < timeline.events.count {
            let shadowReference = checker.referenceOutputs(policy, zone: timeline.zone, transparent)
            switch outputs(zone: timeline.zone, events: transparent, name: name + "-without-looks", runner: runner, reference: shadowReference) {
            case .failure(let failure):
                let kept = timeline.events.indices.filter { !timeline.events[$0].action.changesNothing }
                return Checked(finding: .failure(failure.inWholeTimeline(kept: kept)), reference: reference, digest: nil, observed: 0)
            case .success(let parsed):
                checker.shadow.outputs = parsed.outputs
                checker.shadow.screens = parsed.screens
                // Located at the event of the whole timeline it belongs to.
                if let problem = parsed.limitProblem {
                    var seen = -1
                    let index = timeline.events.firstIndex { event in
                        if !event.action.changesNothing { seen += 1 }
                        return seen == problem.index
                    }!
                    shadowLimitProblem = (index, problem.detail + " (in the output without the events that change nothing)")
                }
            }
        }
        let verdict = timeline.events.withUnsafeBufferPointer { checker.check.check(zone: timeline.zone, events: $0, observer: &observer) }
        let observed = verdict.violation?.eventIndex ?? timeline.events.count
        // A limit that is not the named plan's is a divergence from the reference at its
        // event, unless an invariant broke there or before (the plan itself, say).
        let limitProblem = [main.limitProblem, shadowLimitProblem].compactMap { $0 }.min { $0.index < $1.index }
        if let limitProblem, verdict.violation.map({ $0.eventIndex > limitProblem.index }) ?? true {
            let violation = Violation<Invariant>(invariant: .matchesReference, eventIndex: limitProblem.index, detail: limitProblem.detail)
            return Checked(finding: .violation(violation), reference: reference, digest: verdict.digest, observed: observed)
        }
        return Checked(finding: verdict.violation.map(Finding.violation), reference: reference, digest: verdict.digest, observed: observed)
    }

    /// The result of a whole check.
    package typealias Result = ExternalRun<PolicyRules>

    /// A block's checker and observer.
    package struct Block {
        var checker: Checker
        var observer: RunObserver
    }

    package func emptyResult() -> RunResult<PolicyRules> { RunResult(options: options, policy: policy, policyName: policyName, swarm: swarm) }
    package func makeBlock() -> Block { Block(checker: Checker(policy: policy), observer: RunObserver(policy: policy)) }
    package func makeBuffer() -> EventBuffer { EventBuffer() }

    package func checkUser(_ user: Int, buffer: EventBuffer, runner: ProgramRunner, block: inout Block) -> ExternalUser<PolicyRules> {
        let drawn = generator.generate(seed: options.seed, user: user, into: buffer)
        let timeline = Timeline(policy: policy, zone: drawn.zone, events: buffer.array)
        block.observer.begin(zone: drawn.zone, persona: drawn.persona)
        let checked = check(timeline, name: "user\(user)", runner: runner, checker: &block.checker, observer: &block.observer)
        if checked.finding != nil {
            // Coverage and behaviour belong to the generated timeline: the rest of it
            // counts, with the reference's outputs (which the program's matched up to
            // there), so that every table of the report counts the same events.
            for index in checked.observed..<timeline.events.count { block.observer.observe(timeline.events[index], checked.reference[index]) }
        }
        let events = timeline.events
        return ExternalUser(persona: drawn.persona, timeline: timeline, span: (events.count, events[0].at, events[events.count - 1].at),
                            finding: checked.finding, digest: checked.digest)
    }

    package func adding(_ counted: RunResult<PolicyRules>, of block: Block) -> RunResult<PolicyRules> {
        var counted = counted
        counted.checks.add(block.checker.check.checker.checks)
        counted.coverage = block.observer.coverage.counts
        counted.behaviour = block.observer.table
        return counted
    }

    /// A shrunk failure.
    package typealias Shrunk = ExternalShrunk<Timeline, Invariant>

    /// The command that gives the program the timeline file at `path` as the check gave
    /// it `timeline`, saying when the check also sent it without its looks (G11).
    package func reproduction(_ path: String, of timeline: Timeline) -> String {
        program.reproduction(path, withoutLooksRule: timeline.events.contains { $0.action.changesNothing } ? "G11" : nil)
    }

    /// Shrinks a failing timeline with the generic shrinker, keeping the same kind of
    /// failure, with a program of its own, as `FlagshipExternalCheck.shrink` does
    /// (`ExternalFinding.shrink`).
    package func shrink(_ timeline: Timeline, finding: Finding, progress: ((_ tried: Int, _ smallest: Int) -> Void)? = nil,
                        failing: ((Timeline, Finding) -> Void)? = nil) -> Shrunk {
        finding.shrink(timeline, program: program, progress: progress, failing: failing) { check($0, name: $1, runner: $2) }
    }
}

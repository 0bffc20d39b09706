import Foundation
import SimulatorCore

/// What one timeline gave an external check, v1 (`FlagshipExternalCheck.Finding`) or under a
/// policy (`ExternalCheck.Finding`).
package enum ExternalFinding<Invariant: RuleInvariant>: Sendable {
    /// An invariant or a divergence from the reference.
    case violation(Violation<Invariant>)
    /// The program crashed, hung or broke the output format.
    case failure(ExternalProgram.Failure)

    /// As a violation, for shrinking and reporting. A program failure is located at the
    /// event whose answer was malformed, else at the last event,
    /// and its detail says which, under `matches-reference`: the program did not give a
    /// comparable output.
    package func asViolation(events: Int) -> Violation<Invariant> {
        switch self {
        case .violation(let violation):
            return violation
        case .failure(let failure):
            if case .malformed(let problem) = failure, let event = problem.event, event >= 0, event < events {
                return Violation(invariant: .matchesReference, eventIndex: event, detail: "the program \(failure)")
            }
            return Violation(invariant: .matchesReference, eventIndex: max(0, events - 1),
                             detail: "the program \(failure) (the run as a whole failed; placed at the timeline's last event)")
        }
    }

    /// Whether shrinking this finding stops at the program's `shrinkLimitSeconds`: a
    /// smaller timeline that still times out takes the whole `--timeout`, and one that
    /// still floods its output prints up to the whole limit.
    package var hasShrinkLimit: Bool {
        guard case .failure(let failure) = self else { return false }
        switch failure.base {
        case .timedOut, .printedTooMuch: return true
        default: return false
        }
    }

    /// The kind, for "the same failure" while shrinking.
    var kind: String {
        switch self {
        case .violation(let violation): violation.invariant.rawValue
        case .failure(let failure): failure.kind
        }
    }
}

/// A failing timeline shrunk by an external check, with what it shows now.
package struct ExternalShrunk<Shrunk: ShrinkableTimeline & Sendable, Invariant: RuleInvariant>: Sendable {
    /// The shrunk timeline (the whole timeline when it was not shrunk).
    package var timeline: Shrunk
    /// What it shows now; nil when it no longer fails (the program failed there only
    /// after the timelines it was given before).
    package var finding: ExternalFinding<Invariant>?
    /// Candidates tried.
    package var attempts: Int
    /// Seconds spent.
    package var seconds: Double
    /// Whether shrinking stopped at its time limit (`ExternalProgram.shrinkLimitSeconds`)
    /// before it was done.
    package var stoppedAtLimit = false

    /// How many candidates go between two reports of a shrink's progress.
    package static var progressEvery: Int { 50 }
}

extension ExternalShrunk {
    /// The violation a check's failure shows, and whether it is the shrunk timeline's:
    /// the shrunk timeline's own when it failed again, else the one `first` found on the
    /// user's whole timeline (of `whole` events), which the summary and the report then
    /// place there.
    package func shownViolation(first: ExternalFinding<Invariant>, whole: Int) -> (violation: Violation<Invariant>, onShrunk: Bool) {
        guard let finding else { return (first.asViolation(events: whole), false) }
        return (finding.asViolation(events: timeline.events.count), timeline.events.count < whole)
    }
}

extension ExternalFinding {
    /// Shrinks `timeline`, which gave this finding, keeping the same kind of finding.
    /// Every timeline it checks (the failing one again, each candidate, and for a finding
    /// without a time limit the result) meets a program of its own, in batch mode a fresh
    /// process, so a candidate's verdict is its own and not that of the candidates checked
    /// before it. The failing timeline comes first: when it passes alone, the failure
    /// needed what the program was given before, so it is returned whole with no finding.
    ///
    /// A time-out or an overflowing output is shrunk until the program's
    /// `shrinkLimitSeconds` have passed (no candidate starts after that; each that still
    /// fails costs a whole time-out or output limit), and the result is the last candidate
    /// that failed, whose finding is known; a time-out as long as that limit is not shrunk
    /// at all, and neither is an interrupted run. Every `progressEvery` candidates, and
    /// every few seconds, `progress` hears how many were tried and the events of the
    /// smallest failing timeline so far (a slow program can take minutes); `failing`
    /// hears each candidate that failed, as it was run (before the shrinker cuts what
    /// follows its failing event), with what it gave.
    func shrink<Shrunk: ShrinkableTimeline & Sendable>(_ timeline: Shrunk, program: ExternalProgram,
                                                        progress: ((_ tried: Int, _ smallest: Int) -> Void)? = nil,
                                                        failing: ((Shrunk, Self) -> Void)? = nil,
                                                        check: @escaping (Shrunk, String, ProgramRunner) -> Self?) -> ExternalShrunk<Shrunk, Invariant> {
        let clock = ContinuousClock(), started = clock.now
        if case .failure(.interrupted) = self { return ExternalShrunk(timeline: timeline, finding: self, attempts: 0, seconds: 0) }
        if case .failure(let failure) = self, case .timedOut = failure.base, program.timeoutSeconds >= program.shrinkLimitSeconds {
            // Running the timeline again would take the whole limit.
            return ExternalShrunk(timeline: timeline, finding: self, attempts: 0, seconds: 0, stoppedAtLimit: true)
        }
        func alone(_ candidate: Shrunk, _ name: String) -> Self? {
            let runner = ProgramRunner(program)
            defer { runner.close() }
            return check(candidate, name, runner)
        }
        guard let again = alone(timeline, "again"), again.kind == kind else {
            return ExternalShrunk(timeline: timeline, finding: nil, attempts: 1, seconds: started.duration(to: clock.now).seconds)
        }
        var attempt = 0, smallest = timeline.events.count, reported = clock.now
        // What the last candidate that still failed gave (the timeline's own, `again`, before
        // any), and that candidate as it was run (the shrinker then cuts what follows its
        // failing event, and that cut is not run).
        var lastFound = again, lastFailing = timeline
        var shrinker = Shrinker<Shrunk, Violation<Invariant>> { candidate in
            attempt += 1
            defer {
                if attempt % ExternalShrunk<Shrunk, Invariant>.progressEvery == 0 || reported.duration(to: clock.now) >= .seconds(5) {
                    reported = clock.now
                    progress?(attempt, smallest)
                }
            }
            guard let found = alone(candidate, "shrink\(attempt)"), found.kind == kind else { return nil }
            smallest = min(smallest, candidate.events.count)
            lastFound = found
            lastFailing = candidate
            failing?(candidate, found)
            return found.asViolation(events: candidate.events.count)
        }
        if hasShrinkLimit {
            let deadline = started.advanced(by: .milliseconds(Int64(program.shrinkLimitSeconds * 1000)))
            shrinker.shouldStop = { clock.now >= deadline }
        }
        var shrunk = shrinker.shrink(timeline, failing: again.asViolation(events: timeline.events.count))
        // Under a time limit the result is the last candidate that failed, located at its
        // last event (nothing cut after it), so its finding is known: no whole time-out more.
        var finding = hasShrinkLimit ? lastFound : alone(shrunk, "shrunk")
        // (Only when the shrinker cut events after the failing one: else the two are one
        // timeline, which has just passed.)
        if finding == nil, lastFailing.events.count > shrunk.events.count,
           let confirmed = alone(lastFailing, "smallest"), confirmed.kind == kind {
            // The shrunk timeline passes on its own, but the smallest that failed as run
            // fails again (its output depended on events after the one that failed): shown instead.
            shrunk = lastFailing
            finding = confirmed
        }
        return ExternalShrunk(timeline: shrunk, finding: finding, attempts: attempt,
                              seconds: started.duration(to: clock.now).seconds, stoppedAtLimit: shrinker.stopped)
    }
}

import Foundation

/// A violation an external check can report: the v1 `Violation` and the generic
/// `PolicyViolation`, each able to stand for a program that failed (located at the
/// timeline's last event, under `matches-reference`).
public protocol ExternalViolation: LocatedFailure, Sendable, CustomStringConvertible
    where Rule: RawRepresentable, Rule.RawValue == String {
    /// The violation standing for `failure`, located at `eventIndex`.
    static func programFailed(_ failure: ExternalProgram.Failure, at eventIndex: Int) -> Self
}

extension Violation: ExternalViolation {
    /// `matches-reference`: the program did not give a comparable output.
    public static func programFailed(_ failure: ExternalProgram.Failure, at eventIndex: Int) -> Violation {
        Violation(invariant: .matchesReference, eventIndex: eventIndex, detail: "the program \(failure)" + wholeRunNote)
    }
}

extension PolicyViolation: ExternalViolation {
    /// `matches-reference`: the program did not give a comparable output.
    public static func programFailed(_ failure: ExternalProgram.Failure, at eventIndex: Int) -> PolicyViolation {
        PolicyViolation(invariant: .matchesReference, eventIndex: eventIndex, detail: "the program \(failure)" + wholeRunNote)
    }
}

/// Said of a program failure's event: the run failed as a whole, and the violation is
/// placed at the timeline's last event only because a violation names one.
private let wholeRunNote = " (the run as a whole failed; placed at the timeline's last event)"

/// What one timeline gave an external check, v1 (`ExternalCheck.Finding`) or under a
/// policy (`ExternalPolicyCheck.Finding`).
public enum ExternalFinding<Located: ExternalViolation>: Sendable {
    /// An invariant or a divergence from the reference.
    case violation(Located)
    /// The program crashed, hung or broke the output format.
    case failure(ExternalProgram.Failure)

    /// As a violation, for shrinking and reporting (a program failure is located at the last event).
    public func asViolation(events: Int) -> Located {
        switch self {
        case .violation(let violation): violation
        case .failure(let failure): Located.programFailed(failure, at: max(0, events - 1))
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
public struct ExternalShrunk<Shrunk: ShrinkableTimeline & Sendable, Located: ExternalViolation>: Sendable {
    /// The shrunk timeline (the whole timeline when it was not shrunk).
    public var timeline: Shrunk
    /// What it shows now; nil when it no longer fails (the program failed there only
    /// after the timelines it was given before).
    public var finding: ExternalFinding<Located>?
    /// Candidates tried.
    public var attempts: Int
    /// Seconds spent.
    public var seconds: Double
}

extension ExternalFinding {
    /// Shrinks `timeline`, which gave this finding, keeping the same kind of finding, with
    /// a program of its own. The failing timeline is given first, alone (in batch mode to
    /// a fresh process): when it passes there, the failure needed what the program was
    /// given before, so it is returned whole with no finding. A time-out or an
    /// overflowing output is not shrunk (every candidate would cost a full time-out or a
    /// full output limit), nor an interrupted run; the whole timeline is returned.
    func shrink<Shrunk: ShrinkableTimeline & Sendable>(_ timeline: Shrunk, program: ExternalProgram,
                                                        check: @escaping (Shrunk, String, ProgramRunner) -> Self?) -> ExternalShrunk<Shrunk, Located> {
        let clock = ContinuousClock(), started = clock.now
        switch self {
        case .failure(.timedOut), .failure(.printedTooMuch), .failure(.interrupted):
            return ExternalShrunk(timeline: timeline, finding: self, attempts: 0, seconds: 0)
        default: break
        }
        let runner = ProgramRunner(program)
        defer { runner.close() }
        guard let again = check(timeline, "again", runner), again.kind == kind else {
            return ExternalShrunk(timeline: timeline, finding: nil, attempts: 1, seconds: started.duration(to: clock.now).seconds)
        }
        var attempt = 0
        var shrinker = Shrinker<Shrunk, Located> { candidate in
            attempt += 1
            guard let found = check(candidate, "shrink\(attempt)", runner), found.kind == kind else { return nil }
            return found.asViolation(events: candidate.events.count)
        }
        let shrunk = shrinker.shrink(timeline)
        return ExternalShrunk(timeline: shrunk, finding: check(shrunk, "shrunk", runner), attempts: shrinker.attempts,
                              seconds: started.duration(to: clock.now).seconds)
    }
}

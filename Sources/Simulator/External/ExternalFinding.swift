import Foundation

/// What one timeline gave an external check, v1 or under a policy: an invariant broken,
/// or the program failing (crash, hang, malformed output). Both checks shrink a finding
/// the same way, with a program of its own (`shrink(_:program:check:)`).
protocol ExternalFinding {
    /// The located violation the shrinker works with.
    associatedtype Located: LocatedFailure
    /// The kind, for "the same failure" while shrinking.
    var kind: String { get }
    /// The program's own failure, if that is what this is.
    var programFailure: ExternalProgram.Failure? { get }
    /// As a violation (a program failure is located at the last event).
    func asViolation(events: Int) -> Located
}

extension ExternalFinding {
    /// Shrinks `timeline`, which gave this finding, keeping the same kind of finding, with
    /// a program of its own. The failing timeline is given first, alone (in batch mode to
    /// a fresh process): when it passes there, the failure needed what the program was
    /// given before, so it is returned whole with no finding. A time-out or an
    /// overflowing output is not shrunk (every candidate would cost a full time-out or a
    /// full output limit), nor an interrupted run; the whole timeline is returned.
    func shrink<Shrunk: ShrinkableTimeline>(_ timeline: Shrunk, program: ExternalProgram,
                                             check: @escaping (Shrunk, String, ProgramRunner) -> Self?)
        -> (timeline: Shrunk, finding: Self?, attempts: Int, seconds: Double) {
        let clock = ContinuousClock(), started = clock.now
        switch programFailure {
        case .timedOut?, .printedTooMuch?, .interrupted?: return (timeline, self, 0, 0)
        default: break
        }
        let runner = ProgramRunner(program)
        defer { runner.close() }
        guard let again = check(timeline, "again", runner), again.kind == kind else {
            return (timeline, nil, 1, started.duration(to: clock.now).seconds)
        }
        var attempt = 0
        var shrinker = Shrinker<Shrunk, Located> { candidate in
            attempt += 1
            guard let found = check(candidate, "shrink\(attempt)", runner), found.kind == kind else { return nil }
            return found.asViolation(events: candidate.events.count)
        }
        let shrunk = shrinker.shrink(timeline)
        return (shrunk, check(shrunk, "shrunk", runner), shrinker.attempts, started.duration(to: clock.now).seconds)
    }
}

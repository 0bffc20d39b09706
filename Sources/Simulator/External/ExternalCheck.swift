import Dispatch
import Foundation
import Synchronization
import SubscriptionModel

/// `simulate check --command`: generated timelines through an external program,
/// each checked against the invariants and the reference model; the first failure
/// (divergence, invariant, crash, time-out, malformed output) is shrunk.
public struct ExternalCheck: Sendable {
    /// The program.
    public let program: ExternalProgram
    /// The users.
    public let options: CampaignOptions
    /// The rules.
    public let policy: CaptureRules

    /// A check of `program` over `options`' users.
    public init(program: ExternalProgram, options: CampaignOptions, policy: CaptureRules = .mealCapture) {
        self.program = program
        self.options = options
        self.policy = policy
    }

    /// What one timeline gave.
    public enum Finding: Sendable {
        /// An invariant or a divergence from the reference.
        case violation(Violation)
        /// The program crashed, hung or broke the output format.
        case failure(ExternalProgram.Failure)

        /// As a violation, for shrinking and reporting (a program failure is located at the last event).
        public func asViolation(events: Int) -> Violation {
            switch self {
            case .violation(let violation): violation
            case .failure(let failure): Violation(invariant: .matchesReference, eventIndex: max(0, events - 1), detail: "the program \(failure)")
            }
        }

        /// The kind, for "the same failure" while shrinking.
        var kind: String {
            switch self {
            case .violation(let violation): violation.invariant.rawValue
            case .failure(.crashed): "crashed"
            case .failure(.killed): "killed by a signal"
            case .failure(.timedOut): "timed out"
            case .failure(.printedTooMuch): "printed too much"
            case .failure(.malformed): "malformed output"
            case .failure(.couldNotStart): "could not start"
            case .failure(.interrupted): "interrupted"
            }
        }
    }

    /// Checks one timeline (running the program once, or twice when it has looks or
    /// reinstalls: again without them, for rules.md #6).
    public func check(_ timeline: Timeline, name: String) -> Finding? {
        let main = RecordedImplementation.Recording(), shadow = RecordedImplementation.Recording()
        switch program.outputs(for: timeline, name: name, policy: policy) {
        case .failure(let failure): return .failure(failure)
        case .success(let outputs): main.outputs = outputs
        }
        let transparent = timeline.events.filter { !$0.action.isLookOrReinstall }
        if transparent.count < timeline.events.count {
            switch program.outputs(for: Timeline(zone: timeline.zone, events: transparent), name: name + "-without-looks", policy: policy) {
            case .failure(let failure): return .failure(failure)
            case .success(let outputs): shadow.outputs = outputs
            }
        }
        var first = true
        var check = TimelineCheck(policy: policy, comparingWithReference: true) { () -> RecordedImplementation in
            defer { first = false }
            return RecordedImplementation(first ? main : shadow)
        }
        return check.check(zone: timeline.zone, events: timeline.events).violation.map(Finding.violation)
    }

    /// The result of a whole check.
    public struct Result: Sendable {
        /// Timelines checked (up to and including the failing one).
        public var timelines: Int
        /// Their events.
        public var events: Int
        /// The first failing user and what it showed, if any.
        public var failure: (user: Int, finding: Finding, timeline: Timeline)?
    }

    /// Checks users in parallel until the lowest-numbered failing user is known.
    public func run(progress: (@Sendable (Int) -> Void)? = nil) -> Result {
        let generator = TimelineGenerator(maxYears: options.years, personas: options.personas, policy: policy)
        let next = SharedCounter(), done = SharedCounter(), events = SharedCounter()
        let lowest = Mutex<(user: Int, finding: Finding, timeline: Timeline)?>(nil)
        DispatchQueue.concurrentPerform(iterations: max(1, options.jobs)) { worker in
            while true {
                let user = next.add(1)
                guard user < options.users, !ExternalPrograms.isStopping, user < (lowest.withLock { $0?.user } ?? .max) else { return }
                let timeline = generator.user(seed: options.seed, user: user).timeline
                let finding = check(timeline, name: "user\(user)")
                events.add(timeline.events.count)
                let count = done.add(1) + 1
                if count % 200 == 0 { progress?(count) }
                if let finding {
                    lowest.withLock { current in
                        if current == nil || user < current!.user { current = (user, finding, timeline) }
                    }
                }
            }
        }
        return Result(timelines: done.value, events: events.value, failure: lowest.withLock { $0 })
    }

    /// Shrinks a failing timeline, keeping the same kind of failure. A time-out or an
    /// overflowing output is not shrunk (every candidate would cost a full time-out or a
    /// full output limit), nor an interrupted run; the whole timeline is returned.
    public func shrink(_ timeline: Timeline, finding: Finding) -> (timeline: Timeline, finding: Finding?) {
        switch finding {
        case .failure(.timedOut), .failure(.printedTooMuch), .failure(.interrupted): return (timeline, finding)
        default: break
        }
        var attempt = 0
        var shrinker = Shrinker<Timeline, Violation> { candidate in
            attempt += 1
            guard let found = check(candidate, name: "shrink\(attempt)"), found.kind == finding.kind else { return nil }
            return found.asViolation(events: candidate.events.count)
        }
        let shrunk = shrinker.shrink(timeline)
        return (shrunk, check(shrunk, name: "shrunk"))
    }
}

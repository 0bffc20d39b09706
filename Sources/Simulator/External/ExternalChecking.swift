import Dispatch
import SubscriptionModel
import Synchronization
import SimulatorCore

/// An external check of one rule set (`simulate check --command`): what checking one
/// generated user through the program means to it. The loop around it (the jobs, a
/// program runner per job, the users shared in blocks up to the lowest failing one, the
/// counts, progress) is written once, in `runUsers(progress:)`;
/// `FlagshipExternalCheck` and `ExternalCheck` conform.
package protocol ExternalChecking: Sendable {
    /// The rules checked.
    associatedtype Rules: CampaignRules where Rules.Timeline: ShrinkableTimeline
    /// A block's own checker and observer, kept from one user to the next.
    associatedtype Block
    /// A job's buffer, reused from user to user.
    associatedtype Buffer
    /// The program.
    var program: ExternalProgram { get }
    /// The users.
    var options: CampaignOptions { get }
    /// Counts of no user.
    func emptyResult() -> RunResult<Rules>
    /// A new block's checker and observer.
    func makeBlock() -> Block
    /// An empty buffer.
    func makeBuffer() -> Buffer
    /// Draws user `user` into `buffer`, checks them through `runner` with `block`'s
    /// checker, and counts for coverage and behaviour, with the reference's outputs,
    /// the events the check did not show the observer (past a failure).
    func checkUser(_ user: Int, buffer: Buffer, runner: ProgramRunner, block: inout Block) -> ExternalUser<Rules>
    /// What `block`'s checker and observer counted, added to `counted`.
    func adding(_ counted: RunResult<Rules>, of block: Block) -> RunResult<Rules>
    /// Shrinks a failing timeline, keeping the same kind of failure, with a program of
    /// its own (`ExternalFinding.shrink`); `progress` hears how many candidates were
    /// tried and the events of the smallest failing timeline so far, and `failing` each
    /// candidate that failed, with what it gave.
    func shrink(_ timeline: Rules.Timeline, finding: ExternalFinding<Rules.Invariant>,
                progress: ((_ tried: Int, _ smallest: Int) -> Void)?,
                failing: ((Rules.Timeline, ExternalFinding<Rules.Invariant>) -> Void)?) -> ExternalShrunk<Rules.Timeline, Rules.Invariant>
    /// The command that gives the program the timeline file at `path` as the check gave
    /// it `timeline`.
    func reproduction(_ path: String, of timeline: Rules.Timeline) -> String
}

/// One user of an external check: who they were and what the program made of them.
package struct ExternalUser<Rules: RuleSet> {
    /// The user's persona.
    package var persona: Persona
    /// Their timeline.
    package var timeline: Rules.Timeline
    /// How many events it has, and the instants of the first and last.
    package var span: (events: Int, first: Instant, last: Instant)
    /// The first failure, if any.
    package var finding: ExternalFinding<Rules.Invariant>?
    /// The digest of the outputs the check saw (nil when the program gave none).
    package var digest: OutputDigest?
}

/// What an external check found.
package struct ExternalRun<Rules: CampaignRules>: Sendable {
    /// The lowest failing user, their persona, what they showed and their timeline, if any.
    package var failure: (user: Int, persona: Persona, finding: ExternalFinding<Rules.Invariant>, timeline: Rules.Timeline)?
    /// Everything counted over the timelines checked, as a run counts it (checks,
    /// coverage and behaviour of the generated timelines, the outputs' digest).
    package var counted: RunResult<Rules>

    /// Timelines checked (up to and including the failing one).
    package var timelines: Int { counted.users }
    /// Their events.
    package var events: Int { counted.events }
}

extension ExternalChecking {
    /// Checks users in parallel, one program runner per job, until the lowest-numbered
    /// failing user is known: every user, or the users of `options.shard` (by their
    /// whole-run numbers, so a merge of the shards names the lowest failing user of all).
    /// What it counts is the users up to and including that one, with any number of
    /// jobs (`CheckBlocks`). `progress` hears the users checked once a second, from a
    /// background thread, until it returns.
    package func runUsers(progress: (@Sendable (Int) -> Void)?) -> ExternalRun<Rules> {
        let clock = ContinuousClock(), started = clock.now
        let lowest = Mutex<(user: Int, persona: Persona, finding: ExternalFinding<Rules.Invariant>, timeline: Rules.Timeline)?>(nil)
        let empty = { var result = emptyResult(); result.invariantsInForce.insert(.matchesReference); return result }() // every output is compared with the reference
        let blocks = CheckBlocks(positions: options.usersToRun, empty: empty) { $0.merge($1) }
        let ticker = blocks.ticker(progress) // progress once a second, however long a user takes
        DispatchQueue.concurrentPerform(iterations: max(1, options.jobs)) { _ in
            let runner = ProgramRunner(program)
            defer { runner.close() }
            let buffer = makeBuffer()
            // A block counts in a result, a checker and an observer of its own.
            blocks.work(block: { (state: makeBlock(), counted: empty) }) { position, block in
                let user = options.user(at: position)
                let checked = checkUser(user, buffer: buffer, runner: runner, block: &block.state)
                let invariant = checked.finding?.asViolation(events: checked.span.events).invariant
                if let finding = checked.finding {
                    lowest.withLock { current in
                        if current == nil || user < current!.user { current = (user, checked.persona, finding, checked.timeline) }
                    }
                }
                block.counted.count(user: user, persona: checked.persona, events: checked.span.events, from: checked.span.first,
                                  to: checked.span.last, digest: checked.digest?.value, broke: invariant)
                // A crash, a time-out or malformed output is a comparison with the reference
                // that failed: counted as a check, as a broken invariant's event is.
                if case .failure? = checked.finding { block.counted.checks[.matchesReference] += 1 }
                return checked.finding != nil
            } tally: { block in
                self.adding(block.counted, of: block.state)
            }
        }
        ticker?.stop()
        var counted = blocks.merged
        counted.runSeconds = started.duration(to: clock.now).seconds
        return ExternalRun(failure: lowest.withLock { $0 }, counted: counted)
    }
}

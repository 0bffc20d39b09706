import SubscriptionModel

/// One job's share of a campaign, for a rule set: it draws each user into its buffer,
/// checks them with its own check and observer, and counts what its rules count. The
/// loop that drives it (`Campaign.runJobs`) is written once for every rule set;
/// `FlagshipCampaignWorker` and `CampaignWorker` conform.
@usableFromInline
package protocol CampaignWorking: SendableMetatype {
    /// The rules checked.
    associatedtype Rules: CampaignRules
    /// Draws user `user` into the job's buffer and begins observing them.
    mutating func draw(user: Int) -> (zone: TimeZoneRules, persona: Persona)
    /// How many events the user drawn has, and the instants of the first and last.
    var span: (events: Int, first: Instant, last: Instant) { get }
    /// Checks the user drawn, from `zone`.
    mutating func check(zone: TimeZoneRules) -> (violation: Violation<Rules.Invariant>?, digest: OutputDigest)
    /// Counts for coverage the events from `index` on, past a failure there: coverage
    /// belongs to the generated timeline, whatever the implementation did.
    mutating func countPastFailure(from index: Int, zone: TimeZoneRules)
    /// Regenerates user `user` and replays them again: the determinism invariant's
    /// violation, if they differ from the user drawn (from `zone`, outputs `digest`).
    mutating func regenerate(user: Int, zone: TimeZoneRules, digest: OutputDigest) -> Violation<Rules.Invariant>?
    /// Adds what the job's check and observer counted to `result`.
    func finish(_ result: inout RunResult<Rules>)
}

extension Campaign {
    /// Runs every user through one worker per job (`makeWorker`), counting in a result of
    /// each job's own (`empty`), and returns the jobs' results: the loop every campaign
    /// of every rule set runs, with one user in `determinismSampling` regenerated.
    @inlinable
    package func runJobs<Worker: CampaignWorking>(progress: (@Sendable (Int) -> Void)?, empty: @escaping @Sendable () -> RunResult<Worker.Rules>,
                                                 _ makeWorker: @escaping @Sendable () -> Worker) -> [RunResult<Worker.Rules>] {
        eachJob(progress: progress) { blocks in
            var counted = empty()
            if comparesWithReference { counted.invariantsInForce.insert(.matchesReference) }
            var worker = makeWorker()
            while let positions = blocks.nextBlock() {
                for position in positions {
                    let user = options.user(at: position)
                    let (zone, persona) = worker.draw(user: user)
                    let verdict = worker.check(zone: zone)
                    var violation = verdict.violation
                    if let violation {
                        worker.countPastFailure(from: violation.eventIndex, zone: zone)
                    } else if user % Self.determinismSampling == 0 {
                        violation = worker.regenerate(user: user, zone: zone, digest: verdict.digest)
                    }
                    let span = worker.span
                    counted.count(user: user, persona: persona, events: span.events, from: span.first, to: span.last,
                                digest: verdict.digest.value, broke: violation?.invariant)
                }
            }
            worker.finish(&counted)
            return counted
        }
    }
}

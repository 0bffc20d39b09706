import SubscriptionModel

/// One job of a campaign under a policy (`CampaignWorking`): its buffer, check, observer
/// and a reference engine for the coverage of the events past a failure, kept from user
/// to user.
struct CampaignWorker<Implementation: SubscriptionImplementation>: CampaignWorking {
    typealias Rules = PolicyRules
    let campaign: Campaign<Implementation>
    let buffer = EventBuffer()
    var check: TimelineCheck<Implementation>
    var recheck: TimelineCheck<Implementation>
    var observer: RunObserver
    var reference = ReferenceImplementation()

    init(_ campaign: Campaign<Implementation>) {
        self.campaign = campaign
        check = campaign.makeCheck()
        recheck = campaign.makeCheck()
        observer = RunObserver(policy: campaign.policy)
    }

    mutating func draw(user: Int) -> (zone: TimeZoneRules, persona: Persona) {
        let drawn = campaign.generator.generate(seed: campaign.options.seed, user: user, into: buffer)
        observer.begin(zone: drawn.zone, persona: drawn.persona)
        return (drawn.zone, drawn.persona)
    }

    var span: (events: Int, first: Instant, last: Instant) {
        let events = buffer.events
        return (events.count, events[0].at, events[events.count - 1].at)
    }

    mutating func check(zone: TimeZoneRules) -> (violation: Violation<Invariant>?, digest: OutputDigest) {
        let verdict = check.check(zone: zone, events: buffer.events, observer: &observer)
        return (verdict.violation, verdict.digest)
    }

    /// The events past a failure count for coverage with the reference's outputs.
    mutating func countPastFailure(from index: Int, zone: TimeZoneRules) {
        let events = buffer.events
        reference.start(policy: campaign.policy, zone: zone)
        for position in events.indices {
            let output = reference.handle(events[position])
            if position >= index { observer.coverage.observe(events[position], output) }
        }
    }

    mutating func regenerate(user: Int, zone: TimeZoneRules, digest: OutputDigest) -> Violation<Invariant>? {
        check.checker.record(.deterministic)
        let again = campaign.generator.user(seed: campaign.options.seed, user: user).timeline
        let verdictAgain = recheck.check(again)
        let first = DeterminismCheck<PolicyRules>.Sample(zone: zone, events: buffer.array, digest: digest)
        return DeterminismCheck<PolicyRules>.compare(first, .init(zone: again.zone, events: again.events, digest: verdictAgain.digest), user: user)
    }

    func finish(_ result: inout RunResult<PolicyRules>) {
        result.checks.add(check.checker.checks)
        result.coverage = observer.coverage.counts
        result.behaviour = observer.table
    }
}

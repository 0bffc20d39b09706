import SubscriptionModel
import SimulatorCore

/// One job of a campaign of the flagship's rules (`CampaignWorking`): its buffer, check,
/// observer and StoreKit coverage, kept from user to user.
struct FlagshipCampaignWorker<Implementation: FlagshipImplementation>: CampaignWorking {
    typealias Rules = FlagshipRules
    let campaign: Campaign<Implementation>
    let buffer = FlagshipEventBuffer()
    var check: FlagshipTimelineCheck<Implementation>
    var recheck: FlagshipTimelineCheck<Implementation>
    var observer: FlagshipRunObserver
    var storeKit = FlagshipCoverageCounts()

    init(_ campaign: Campaign<Implementation>) {
        self.campaign = campaign
        check = campaign.makeCheck()
        recheck = campaign.makeCheck()
        observer = FlagshipRunObserver(policy: campaign.policy)
    }

    mutating func draw(user: Int) -> (zone: TimeZoneRules, persona: Persona) {
        let drawn = campaign.generator.generate(seed: campaign.options.seed, user: user, into: buffer, storeKit: &storeKit)
        observer.begin(zone: drawn.zone, persona: drawn.persona)
        return drawn
    }

    var span: (events: Int, first: Instant, last: Instant) {
        let events = buffer.events
        return (events.count, events[0].at, events[events.count - 1].at)
    }

    mutating func check(zone: TimeZoneRules) -> (violation: Violation<FlagshipInvariant>?, digest: OutputDigest) {
        let verdict = check.check(zone: zone, events: buffer.events, observer: &observer)
        return (verdict.violation, verdict.digest)
    }

    /// The events past a failure count for coverage (behaviour is not counted past it).
    mutating func countPastFailure(from index: Int, zone: TimeZoneRules) {
        let events = buffer.events
        for index in index..<events.count { observer.coverage.observe(events[index]) }
    }

    mutating func regenerate(user: Int, zone: TimeZoneRules, digest: OutputDigest) -> Violation<FlagshipInvariant>? {
        check.checker.record(.deterministic)
        let first = DeterminismCheck<FlagshipRules>.Sample(zone: zone, events: buffer.array, digest: digest)
        var again: [FlagshipEvent] = []
        let (zoneAgain, _) = campaign.generator.generate(seed: campaign.options.seed, user: user, into: &again)
        let verdictAgain = recheck.check(zone: zoneAgain, events: again)
        return DeterminismCheck<FlagshipRules>.compare(first, .init(zone: zoneAgain, events: again, digest: verdictAgain.digest), user: user)
    }

    func finish(_ result: inout RunResult<FlagshipRules>) {
        result.checks.add(check.checker.checks)
        var coverage = observer.coverage
        coverage.add(storeKit)
        result.coverage = coverage.counts
        result.behaviour = observer.behaviour
    }
}

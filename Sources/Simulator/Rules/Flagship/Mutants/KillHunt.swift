import Foundation
import SubscriptionModel

/// Runs a campaign's users in order against one implementation (compared with the
/// reference model) until the first violation, then shrinks it: how fast and how
/// clearly the harness catches that implementation's bug. A sharded campaign hunts
/// its shard's users only, in order.
public enum KillHunt {
    /// What the hunt found.
    public struct Result: Sendable {
        /// The first violation, on the generated timeline; nil when the implementation survived.
        public var violation: Violation<Invariant>?
        /// The user whose timeline showed it.
        public var user: Int?
        /// Events simulated up to and including the violating one.
        public var eventsUntilKill: Int
        /// Wall-clock seconds until the kill (before shrinking).
        public var secondsUntilKill: Double
        /// The shrunk counterexample, and the violation it shows.
        public var shrunk: Timeline?
        /// The violation on the shrunk timeline.
        public var shrunkViolation: Violation<Invariant>?
        /// Events of each user simulated before the kill (every user when it survived),
        /// in order; kept only for a sharded run (`CampaignOptions.shard`), whose merge
        /// adds up the events the other shards' users had before the kill.
        package var eventsPerUser: [Int] = []
        /// Whether the implementation was caught.
        public var killed: Bool { violation != nil }
    }

    /// Hunts the implementations `make` builds over `options`' users.
    public static func run<I: SubscriptionImplementation>(options: CampaignOptions, policy: CaptureRules = .mealCapture, make: @escaping @Sendable () -> I) -> Result {
        let clock = ContinuousClock(), started = clock.now
        var campaign = Campaign(options: options, policy: policy, makeImplementation: make)
        campaign.comparesWithReference = true
        var check = campaign.makeCheck()
        let buffer = EventBuffer()
        var storeKit = CoverageCounts()
        var simulated = 0
        var eventsPerUser: [Int] = []
        let recordsUsers = options.shard != nil
        for user in options.usersRun {
            let (zone, _) = campaign.generator.generate(seed: options.seed, user: user, into: buffer, storeKit: &storeKit)
            guard let violation = check.check(zone: zone, events: buffer.events).violation else {
                simulated += buffer.count
                if recordsUsers { eventsPerUser.append(buffer.count) }
                continue
            }
            let events = buffer.array
            let seconds = started.duration(to: clock.now).seconds
            var shrinkCheck = campaign.makeCheck()
            var shrinker = Shrinker<Timeline, Violation<Invariant>>(invariant: violation.invariant) { shrinkCheck.check(zone: $0.zone, events: $0.events).violation }
            let shrunk = shrinker.shrink(Timeline(zone: zone, events: events))
            var finalCheck = campaign.makeCheck()
            return Result(violation: violation, user: user, eventsUntilKill: simulated + violation.eventIndex + 1, secondsUntilKill: seconds,
                          shrunk: shrunk, shrunkViolation: finalCheck.check(zone: shrunk.zone, events: shrunk.events).violation,
                          eventsPerUser: eventsPerUser)
        }
        return Result(violation: nil, user: nil, eventsUntilKill: simulated, secondsUntilKill: started.duration(to: clock.now).seconds,
                      eventsPerUser: eventsPerUser)
    }

    /// The kill matrix row of a hunt; `constructor` is the Swift expression that builds
    /// the implementation, for the row's regression test.
    package static func entry(name: String, mistake: String, constructor: String, result: Result) -> RunReport.MutantEntry {
        let counterexample = result.shrunk.map { TimelineWriter().text($0, about: "\(name): \(result.shrunkViolation?.description ?? "")") }
        return RunReport.MutantEntry(
            name: name, mistake: mistake, killed: result.killed, caughtBy: result.violation?.invariant.rawValue,
            eventsUntilKill: result.killed ? result.eventsUntilKill : nil,
            secondsUntilKill: result.killed ? (result.secondsUntilKill * 1000).rounded() / 1000 : nil,
            shrunkEvents: result.shrunk?.events.count,
            counterexample: counterexample,
            regressionTest: counterexample.map { text in
                RegressionTest.source(name: name, title: "mutant \(name), user \(result.user ?? 0)",
                                      summary: "The mutant \(name) (\(mistake)) caught by \(result.violation?.invariant.rawValue ?? "?") and shrunk to \(Figures.count(result.shrunk?.events.count ?? 0, "event")).",
                                      timelineText: text, implementation: constructor)
            })
    }
}

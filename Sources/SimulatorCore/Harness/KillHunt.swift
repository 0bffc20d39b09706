import Foundation
import SubscriptionModel

/// Runs a campaign's users in order against one implementation (compared with the
/// reference) until the first violation, then shrinks it: how fast and how clearly the
/// harness catches that implementation's bug, under any rule set. A sharded campaign
/// hunts its shard's users only, in order.
///
/// `KillHunt.run(options:make:)` hunts an implementation of the flagship's rules,
/// `KillHunt.run(options:policy:make:)` one of a policy's.
public enum KillHunt<Rules: RuleSet> {
    /// What the hunt found.
    public struct Result: Sendable {
        /// The first violation, on the generated timeline; nil when the implementation survived.
        public var violation: Violation<Rules.Invariant>?
        /// The user whose timeline showed it.
        public var user: Int?
        /// Events simulated up to and including the violating one.
        public var eventsUntilKill: Int
        /// Wall-clock seconds until the kill (before shrinking).
        public var secondsUntilKill: Double
        /// The shrunk counterexample.
        public var shrunk: Rules.Timeline?
        /// The violation on the shrunk timeline.
        public var shrunkViolation: Violation<Rules.Invariant>?
        /// Events of each user simulated before the kill (every user when it survived),
        /// in order; kept only for a sharded run (`CampaignOptions.shard`), whose merge
        /// adds up the events the other shards' users had before the kill.
        package var eventsPerUser: [Int] = []
        /// Whether the implementation was caught.
        public var killed: Bool { violation != nil }
    }

    /// Hunts over `options`' users drawn by `users`, each checked by one check that
    /// `makeCheck` makes (and two more for shrinking): the loop every rule set shares.
    package static func hunt<Users: UserGenerating, Check: TimelineChecking>(options: CampaignOptions, users: Users, makeCheck: () -> Check) -> Result
        where Users.Rules == Rules, Check.Rules == Rules, Rules.Timeline: ShrinkableTimeline, Rules.Timeline.Step == Rules.Event {
        let clock = ContinuousClock(), started = clock.now
        var check = makeCheck()
        let buffer = users.makeBuffer()
        var simulated = 0
        var eventsPerUser: [Int] = []
        let recordsUsers = options.shard != nil
        for user in options.usersRun {
            let zone = users.draw(seed: options.seed, user: user, into: buffer)
            guard let violation = check.firstViolation(zone: zone, events: buffer.events) else {
                simulated += buffer.count
                if recordsUsers { eventsPerUser.append(buffer.count) }
                continue
            }
            let seconds = started.duration(to: clock.now).seconds
            let timeline = users.timeline(zone: zone, events: buffer.array)
            var shrinkCheck = makeCheck()
            var shrinker = Rules.huntShrinksToAnyInvariant
                ? Shrinker<Rules.Timeline, Violation<Rules.Invariant>>(reproduces: { shrinkCheck.firstViolation($0) })
                : Shrinker<Rules.Timeline, Violation<Rules.Invariant>>(invariant: violation.invariant) { shrinkCheck.firstViolation($0) }
            let shrunk = shrinker.shrink(timeline)
            var finalCheck = makeCheck()
            return Result(violation: violation, user: user, eventsUntilKill: simulated + violation.eventIndex + 1, secondsUntilKill: seconds,
                          shrunk: shrunk, shrunkViolation: finalCheck.firstViolation(shrunk), eventsPerUser: eventsPerUser)
        }
        return Result(violation: nil, user: nil, eventsUntilKill: simulated, secondsUntilKill: started.duration(to: clock.now).seconds,
                      eventsPerUser: eventsPerUser)
    }
}

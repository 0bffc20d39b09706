import SubscriptionModel

/// One implementation checked against a rule set's invariants, timeline after
/// timeline (and, when asked, against the reference): what a kill hunt needs of a
/// rule set's check. `FlagshipTimelineCheck` (the flagship's) and `TimelineCheck` conform.
package protocol TimelineChecking<Rules> {
    /// The rules checked.
    associatedtype Rules: RuleSet
    /// The first violation of a generated user's events, from `zone`.
    mutating func firstViolation(zone: TimeZoneRules, events: UnsafeBufferPointer<Rules.Event>) -> Violation<Rules.Invariant>?
    /// The first violation of a whole timeline (a shrinker's candidate).
    mutating func firstViolation(_ timeline: Rules.Timeline) -> Violation<Rules.Invariant>?
}

/// What a kill hunt needs of a rule set's generator: users drawn into a reused buffer,
/// and a drawn user's events as a timeline. `FlagshipTimelineGenerator` (the flagship's) and
/// `TimelineGenerator` conform.
package protocol UserGenerating<Rules>: Sendable {
    /// The rules the users live under.
    associatedtype Rules: RuleSet
    /// The buffer users are drawn into, reused from user to user.
    associatedtype Buffer: GrowableBuffer<Rules.Event>
    /// An empty buffer.
    func makeBuffer() -> Buffer
    /// Draws user `user` of `seed` into `buffer` (emptied first); returns their starting zone.
    func draw(seed: UInt64, user: Int, into buffer: Buffer) -> TimeZoneRules
    /// The timeline of a user drawn from `zone` with `events`.
    func timeline(zone: TimeZoneRules, events: [Rules.Event]) -> Rules.Timeline
    /// User `user` of `seed`, drawn whole: their persona and timeline.
    func generatedUser(seed: UInt64, user: Int) -> (persona: Persona, timeline: Rules.Timeline)
}

extension TimelineCheck: TimelineChecking {
    package typealias Rules = PolicyRules
    package mutating func firstViolation(zone: TimeZoneRules, events: UnsafeBufferPointer<Event>) -> Violation<Invariant>? {
        check(zone: zone, events: events).violation
    }
    package mutating func firstViolation(_ timeline: Timeline) -> Violation<Invariant>? {
        check(timeline).violation
    }
}

extension TimelineGenerator: UserGenerating {
    package typealias Rules = PolicyRules
    package func makeBuffer() -> EventBuffer { EventBuffer() }
    package func draw(seed: UInt64, user: Int, into buffer: EventBuffer) -> TimeZoneRules {
        generate(seed: seed, user: user, into: buffer).zone
    }
    package func timeline(zone: TimeZoneRules, events: [Event]) -> Timeline {
        Timeline(policy: policy, zone: zone, events: events)
    }
    package func generatedUser(seed: UInt64, user: Int) -> (persona: Persona, timeline: Timeline) {
        let generated = self.user(seed: seed, user: user)
        return (generated.persona, generated.timeline)
    }
}

import SubscriptionModel
import SimulatorCore

/// Generates valid timelines (the replay contract's terms) from `(seed, user)` alone.
///
/// A user gets a persona, a span from hours to `maxYears` years anywhere between
/// 1970 and 2099, a starting zone (weighted towards the tricky ones), and then a life:
/// the persona's rare events (entitlement changes, flights, reinstalls, attempts at
/// the trial's end) are drawn first, and everyday attempts are laid out local day by
/// local day, merged in time order. Every event's instant is at or after the one
/// before, and `install` comes first, exactly once.
package struct FlagshipTimelineGenerator: Sendable {
    /// The longest span a timeline may cover, in years.
    package var maxYears: Int
    /// The personas drawn from, by weight (a run can leave one out to test coverage).
    package var personas: [Persona]
    /// The zones drawn from.
    package var catalog: ZoneCatalog
    /// The policy whose trial length the edge walker aims at.
    package var policy: CaptureRules

    /// The earliest instant a timeline starts at: 1970-01-01T00:00:00Z, the first the
    /// contract can write (the policy generator's too).
    package static let earliest = TimelineGenerator.earliest
    /// The instant every timeline ends before: 2099-12-31T00:00:00Z, so that instants
    /// past 2038-01-19 (where 32-bit times break) are as common as the years they fill.
    package static let latest = TimelineGenerator.latest

    /// A generator of timelines up to `maxYears` long.
    package init(maxYears: Int = 3, personas: [Persona] = Persona.allCases, catalog: ZoneCatalog = .standard, policy: CaptureRules = .mealCapture) {
        precondition((1...60).contains(maxYears), "1 to 60 years")
        precondition(!personas.isEmpty)
        self.maxYears = maxYears
        self.personas = personas
        self.catalog = catalog
        self.policy = policy
    }

    /// One user's timeline and who they are.
    package struct User: Sendable {
        /// The user's index in the run.
        package var index: Int
        /// The persona drawn for them.
        package var persona: Persona
        /// Their life.
        package var timeline: FlagshipTimeline
    }

    /// Generates user `user` of the run with `seed`.
    package func user(seed: UInt64, user: Int) -> User {
        var events: [FlagshipEvent] = []
        let (zone, persona) = generate(seed: seed, user: user, into: &events)
        return User(index: user, persona: persona, timeline: FlagshipTimeline(zone: zone, events: events))
    }

    /// Generates user `user`'s events into `events` (replacing what it held) and returns
    /// the starting zone and the persona.
    package func generate(seed: UInt64, user: Int, into events: inout [FlagshipEvent]) -> (zone: TimeZoneRules, persona: Persona) {
        let buffer = FlagshipEventBuffer()
        let drawn = generate(seed: seed, user: user, into: buffer)
        events = buffer.array
        return (drawn.zone, drawn.persona)
    }

    /// Generates user `user`'s events into `buffer` (emptied first, its storage kept, so
    /// a worker can reuse one buffer), and adds the StoreKit changes that made it into
    /// the timeline (purchase, upgrade, …) to `storeKit`.
    package func generate(seed: UInt64, user: Int, into buffer: FlagshipEventBuffer, storeKit: inout FlagshipCoverageCounts) -> (zone: TimeZoneRules, persona: Persona) {
        let drawn = generate(seed: seed, user: user, into: buffer)
        storeKit.add(drawn.storeKit)
        return (drawn.zone, drawn.persona)
    }

    /// Generates user `user`'s events into `buffer` (emptied first, its storage kept), and
    /// returns the starting zone, the persona and the StoreKit changes counted.
    package func generate(seed: UInt64, user: Int, into buffer: FlagshipEventBuffer) -> (zone: TimeZoneRules, persona: Persona, storeKit: FlagshipCoverageCounts) {
        buffer.removeAll()
        var random = SeededRandom(seed: seed, stream: UInt64(user))
        let persona = personas[random.weightedIndex(personas.map(\.weight))]
        let span = drawSpan(&random)
        let start = Instant(millisecondsSince1970: random.int64(in: Self.earliest.millisecondsSince1970...(Self.latest.millisecondsSince1970 - span)))
        let end = start.adding(milliseconds: span)
        let zone = catalog.draw(&random)

        var life = FlagshipLifeBuilder(start: start, end: end, persona: persona, random: random.split(), catalog: catalog,
                               trialLength: policy.trialLengthMilliseconds, into: buffer)
        life.drawRareEvents(startZone: zone)
        life.layOutDays(startZone: zone)
        return (zone, persona, life.storeKit)
    }

    /// A span from six hours to `maxYears` years: a quarter each of hours, days,
    /// months and years, so short and long lives are both common.
    private func drawSpan(_ random: inout SeededRandom) -> Int64 {
        let hour = Milliseconds.hour, day = Milliseconds.twentyFourHours
        let longest = max(Int64(maxYears) * 365 * day + day / 4 * Int64(maxYears), 31 * day)
        switch random.below(4) {
        case 0: return random.int64(in: 6 * hour...96 * hour)
        case 1: return random.int64(in: 4 * day...30 * day)
        case 2: return random.int64(in: 30 * day...min(365 * day, longest))
        default: return random.int64(in: min(365 * day, longest)...longest)
        }
    }
}

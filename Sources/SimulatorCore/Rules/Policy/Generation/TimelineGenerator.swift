import SubscriptionModel

/// Generates valid timelines under any policy (the generic replay contract) from
/// `(seed, user)` alone.
///
/// A user gets a persona, a subset of what users can do (swarm testing, on by
/// default: `Swarm`), a span from hours to `maxYears` years anywhere between
/// 1970 and 2099 (instants past 2038-01-19 are common: 32-bit times break there), a
/// starting zone weighted towards the tricky ones, and a life drawn from the policy
/// itself (`LifeBuilder`): its features by kind, bursts up to and past every
/// limit a plan sets, StoreKit's reports for each product's kind
/// (`StoreKitLifecycle`), sign-ins at awkward moments, travel, reinstalls, and an
/// edge walker's uses at the policy's own edges — midnight in the policy's calendar
/// (UTC midnight for a `UTC` calendar, wherever the device is), month ends, the trial's
/// and the grace's ends and entitlement changes. When the policy has a grace, some
/// users install on either side of its cut-off and live through its end.
///
/// A user's timeline depends only on the policy, the seed, the user's index, `maxYears`,
/// the personas, the swarm switch and the app-life switch: the same on every run, thread and platform.
package struct TimelineGenerator: Sendable {
    /// The rules the timelines are drawn for.
    package var policy: SubscriptionPolicy { traits.policy }
    /// The longest span a timeline may cover, in years.
    package let maxYears: Int
    /// The personas drawn from, by weight.
    package let personas: [Persona]
    /// Whether each user draws a subset of the event kinds, features and habits (swarm
    /// testing); off, every user may do everything.
    package let swarm: Bool
    /// The zones drawn from.
    package let catalog: ZoneCatalog
    /// Whether the app's own moments (relaunches, trips to the background, timers) are
    /// laid over each user's events (`AppLifeMoments`): on for checks of a team's app,
    /// off for the reference campaigns, which they cannot change (G11). Off, a user's
    /// events are the same as with it on, less those moments.
    package let appLife: Bool
    let traits: UserTraits
    private let personaWeights: [Int]
    /// The engine credit-pack buyers are followed through (`CreditPurchases`), held by
    /// reference so the generator stays small to copy; nil for a policy that sells no pack.
    private let creditBuyers: CreditPurchases.Engine?

    /// The earliest instant a timeline starts at: 1970-01-01T00:00:00Z, the first the
    /// contract can write.
    package static let earliest = Instant(millisecondsSince1970: 0)
    /// The instant every timeline ends before: 2099-12-31T00:00:00Z.
    package static let latest = Instant(millisecondsSince1970: Int64(LocalDate.days(year: 2099, month: 12, day: 31)) * Milliseconds.twentyFourHours)
    /// The last instant an entitlement's `expires` may name: 2099-12-31T23:59:59.999Z.
    package static let latestExpiry = Instant(millisecondsSince1970: Int64(LocalDate.days(year: 2100, month: 1, day: 1)) * Milliseconds.twentyFourHours - 1)

    /// A generator of timelines under `policy`, up to `maxYears` long.
    package init(policy: SubscriptionPolicy, maxYears: Int = 3, personas: [Persona] = Persona.allCases, swarm: Bool = true,
                catalog: ZoneCatalog = .standard, appLife: Bool = false) {
        precondition((1...100).contains(maxYears), "1 to 100 years")
        precondition(!personas.isEmpty)
        self.traits = UserTraits(policy)
        self.maxYears = maxYears
        self.personas = personas
        self.personaWeights = personas.map(\.weight)
        self.swarm = swarm
        self.catalog = catalog
        self.appLife = appLife
        self.creditBuyers = policy.creditPacks.isEmpty ? nil : CreditPurchases.Engine(policy: policy)
    }

    /// What a user was drawn as, besides their events.
    package struct Drawn: Hashable, Sendable {
        /// The device's zone at the start.
        package var zone: TimeZoneRules
        /// The persona.
        package var persona: Persona
        /// What the user may do (everything when swarm testing is off).
        package var swarm: Swarm
    }

    /// One user's timeline and who they are.
    package struct User: Sendable {
        /// The user's index in the run.
        package var index: Int
        /// The persona drawn for them.
        package var persona: Persona
        /// What they may do.
        package var swarm: Swarm
        /// Their life.
        package var timeline: Timeline
    }

    /// Generates user `user` of the run with `seed`.
    package func user(seed: UInt64, user: Int) -> User {
        let buffer = EventBuffer(capacity: 256)
        let drawn = generate(seed: seed, user: user, into: buffer)
        return User(index: user, persona: drawn.persona, swarm: drawn.swarm,
                    timeline: Timeline(policy: policy, zone: drawn.zone, events: buffer.array))
    }

    /// Generates user `user`'s events into `buffer` (emptied first, its storage kept, so
    /// a worker reuses one buffer) and returns the zone, persona and subset drawn.
    package func generate(seed: UInt64, user: Int, into buffer: EventBuffer) -> Drawn {
        buffer.removeAll()
        buffer.rare.removeAll(keepingCapacity: true)
        var random = SeededRandom(seed: seed, stream: UInt64(user))
        var swarmRandom = random.split()
        let persona = personas[random.weightedIndex(personaWeights)]
        let subset = swarm ? Swarm.draw(&swarmRandom, traits: traits, persona: persona) : Swarm.everything(for: policy)
        let (start, end) = drawSpan(&random)
        let zone = catalog.draw(&random)
        var life = LifeBuilder(traits: traits, start: start, end: end, persona: persona, swarm: subset, random: random.split(),
                                     catalog: catalog, into: buffer)
        life.drawRareEvents(startZone: zone)
        life.layOutDays(startZone: zone)
        if let buyers = creditBuyers, subset.habits.contains(.buys) {
            var purchases = CreditPurchases(random: random.split(), engine: buyers)
            purchases.lay(buffer.array, zone: zone, into: buffer)
        }
        if appLife {
            var moments = AppLifeMoments(random: random.split())
            moments.lay(buffer.array, into: buffer)
        }
        return Drawn(zone: zone, persona: persona, swarm: subset)
    }

    /// The install and the end: a span from six hours to `maxYears` years (a quarter
    /// each of hours, days, months and years) placed uniformly in 1970–2099, except for
    /// a few users at the very start and the very end of that range (some in the first
    /// hours of 1970, when zones west of UTC still read 1969-12-31) and, under a policy
    /// with a grace, three in ten installed within weeks of its cut-off, on either side
    /// (one in eight of them a millisecond before it, at it or just after), and living
    /// past its end.
    private func drawSpan(_ random: inout SeededRandom) -> (Instant, Instant) {
        let hour = Milliseconds.hour, day = Milliseconds.twentyFourHours
        let longest = max(Int64(maxYears) * 365 * day + day / 4 * Int64(maxYears), 31 * day)
        let span: Int64 = switch random.below(4) {
        case 0: random.int64(in: 6 * hour...96 * hour)
        case 1: random.int64(in: 4 * day...30 * day)
        case 2: random.int64(in: 30 * day...min(365 * day, longest))
        default: random.int64(in: min(365 * day, longest)...longest)
        }
        let first = Self.earliest.millisecondsSince1970, last = Self.latest.millisecondsSince1970
        let roll = random.below(100)
        if roll < 30, let cutoff = traits.graceCutoff, let graceEnd = traits.graceEnd {
            let start = cutoff.millisecondsSince1970 + (random.below(8) == 0 ? random.pick([-1, 0, 1]) : random.int64(in: -75 * day...15 * day))
            let end = max(start + span, graceEnd.millisecondsSince1970 + random.int64(in: hour...45 * day))
            if start > first, end < last { return (Instant(millisecondsSince1970: start), Instant(millisecondsSince1970: end)) }
        }
        let start: Int64 = switch roll {
        case 30: first + random.int64(in: 0...14 * hour)
        case 31: first + random.int64(in: 0...20 * day)
        case 32..<34: last - span - random.int64(in: 0...20 * day)
        default: random.int64(in: first...(last - span))
        }
        return (Instant(millisecondsSince1970: start), Instant(millisecondsSince1970: start + span))
    }

    /// Dates some zone of the catalogue skipped (Pacific/Apia's 2011-12-30, ...): diary
    /// days that never happened there.
    static let skippedDates: [LocalDate] = {
        var dates = Set<LocalDate>()
        for zone in ZoneCatalog.standard.tricky {
            for change in zone.changes where change.after > change.before {
                let lastBefore = LocalDate(localMilliseconds: change.at.millisecondsSince1970 + change.before - 1)
                let firstAfter = LocalDate(localMilliseconds: change.at.millisecondsSince1970 + change.after)
                for day in (lastBefore.daysSince1970 + 1)..<max(lastBefore.daysSince1970 + 1, firstAfter.daysSince1970) {
                    let date = LocalDate(daysSince1970: day)
                    if TimelineReader.dayRange.contains(date) { dates.insert(date) }
                }
            }
        }
        return dates.sorted()
    }()
}

import SubscriptionModel

/// Builds one user's life under a policy for `TimelineGenerator`: first the rare
/// events the persona and the user's habits aim at (StoreKit reports, flights, zone
/// toggles, reinstalls, sign-ins, uses at the policy's own edges), then everyday uses
/// laid out one local day at a time and merged with them in time order. Some users of
/// long timelines leave the app for eleven to thirteen months and come back.
///
/// Uses are drawn by the policy's feature kinds: consuming features most, releases in
/// proportion to the adds of their meter (so a stock hovers near its limit), gates now
/// and then, history features with diary days inside, at and outside every window. On
/// some days a user bursts: one feature used up to and past a limit some plan sets
/// (a day, month, total or stock limit, or a stock's warning level), then, at a stock
/// limit, a release and an add in turn. On some days at a calendar's edge (`CalendarEdge`:
/// a leap day or the day before it, a month's or the year's end, a DST day, a day in a
/// far east or west zone) a user bursts to a `day` or `month` limit just before the
/// window ends and uses the feature again just after the next one starts.
package struct LifeBuilder {
    let traits: UserTraits
    let start: Instant
    let end: Instant
    let persona: Persona
    let swarm: Swarm
    var random: SeededRandom
    let catalog: ZoneCatalog
    /// Whether the user installed before the grace's cut-off (and so has the grace).
    let installedBeforeCutoff: Bool

    /// Where the timeline goes.
    private let out: EventBuffer

    // The layout's running state: the device's zone, the calendar's zone, whether an
    // entitlement is in force and the user signed in (all follow the rare events).
    private var clock = ZoneClock(zone: .utc)
    private var calendar: ZoneClock
    private let fixedCalendar: Bool
    private var entitled = false
    /// The entitlement's product's plan, or −1.
    private var entitledPlan = -1
    /// Per feature (64 slots of the buffer's scratch): the meter it consumes, or −1.
    private let consumes: UnsafeMutablePointer<Int>
    /// Then, per meter, six counters (`tally + 6 * meter`): an estimate of the uses
    /// counted so far (G4) on the current local day, in the month, in all, and the day,
    /// month and total limits of the plan the user is most likely under today; stocks aside.
    private let tally: UnsafeMutablePointer<Int>
    private let meterCount: Int
    /// The month the counters are for: its first day and the next month's (days since 1970).
    private var monthStart = Int.max, nextMonthStart = Int.min
    /// The month of the last day an edge walker's midnight was asked about
    /// (`isMonthEnd`): most days are in the month of the day before.
    private var monthOfEdges = (start: Int.max, next: Int.min)
    /// Under months that run from the purchase: the day of the month they start on (the
    /// install's, then a new subscription's), and the product last reported (−1: none).
    private var monthAnchor = 1, heldProduct = -1
    /// The plan the limits in `tally` are of (−2: none set yet).
    private var capsPlan = -2
    private let historyMask: UInt64
    private var signedIn = false
    private var nextRare = 0
    private var rareCount = 0
    private var nextRareAt = Int64.max
    /// A sign-in waiting for the first burst past a limit.
    private var signInAtLimit = false
    /// 64 slots, each a feature index: a use's feature is one slot, drawn from 6 bits.
    private let featureSlots: UnsafeMutablePointer<UInt8>
    /// Whether the user may use any feature at all.
    private var canUse = false
    /// The consuming features the user may burst with, one bit each.
    private var burstFeatures: UInt64 = 0
    /// A year or so away from the app (ms, `away.start ..< away.end`): no uses and no
    /// looks, StoreKit's reports and the rest as ever. Coming back in the month of the
    /// year the user left in is when a month kept without its year reads as unchanged.
    private var away = (start: Int64.max, end: Int64.max)
    /// The calendar-edge bursts' own stream, drawn apart from `random` so that adding
    /// them leaves every other draw of a life as it was.
    private var edgeRandom: SeededRandom
    /// The use a calendar-edge burst planned at the next window's start, packed, for the
    /// day it falls in (−1: none).
    private var pendingEdgeUse: Int64 = -1
    /// A use planned at the instant a burst's first use leaves the rolling window (the
    /// first at which it no longer counts), packed; -1 for none.
    private var pendingRollingUse: Int64 = -1

    private static var second: Int64 { Milliseconds.second }
    private static var day: Int64 { Milliseconds.twentyFourHours }
    /// Packed moment codes beyond the feature indices (0–63).
    private static var lookCode: Int64 { 64 }
    private static var signInCode: Int64 { 65 }

    init(traits: UserTraits, start: Instant, end: Instant, persona: Persona, swarm: Swarm, random: SeededRandom,
         catalog: ZoneCatalog, into out: EventBuffer) {
        self.traits = traits
        self.start = start
        self.end = end
        self.persona = persona
        self.swarm = swarm
        self.random = random
        self.catalog = catalog
        self.out = out
        self.installedBeforeCutoff = traits.graceCutoff.map { start < $0 } ?? false
        self.fixedCalendar = traits.calendarZone != nil
        self.calendar = ZoneClock(zone: traits.calendarZone ?? .utc)
        self.featureSlots = out.slots
        self.edgeRandom = SeededRandom(rawState: SeededRandom.mix(random.state ^ 0x5851_F42D_4C95_7F2D))
        self.consumes = out.scratch
        self.tally = out.scratch + 64
        self.meterCount = traits.policy.meters.count
        self.historyMask = traits.historyMask
        for feature in 0..<64 {
            consumes[feature] = feature < traits.meterOf.count && !traits.isReleasing(feature) ? traits.meterOf[feature] : -1
        }
        tally.update(repeating: 0, count: 6 * meterCount)
        buildFeatureSlots()
    }

    // MARK: Features

    /// Weighs the features the user may use and spreads them over 64 slots (every
    /// allowed feature gets at least one): consuming features most, each with a
    /// personal liking, releases in proportion to their meter's adds, gates rarely.
    private mutating func buildFeatureSlots() {
        let count = traits.policy.features.count
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 64) { weights in
            weights.initialize(repeating: 0)
            for feature in traits.consuming where swarm.allows(feature: feature) {
                weights[feature] = 10 * (0.5 + 2 * random.unit())
                burstFeatures |= 1 << UInt64(feature)
            }
            for feature in traits.history where swarm.allows(feature: feature) { weights[feature] = 6 * (0.5 + random.unit()) }
            for feature in traits.gates where swarm.allows(feature: feature) { weights[feature] = 1.5 }
            let keepRatio = 0.35 + 0.5 * random.unit() // releases per add: the stock drifts up, hovering at the limit
            for feature in traits.releasing where swarm.allows(feature: feature) {
                let meter = traits.meterOf[feature]
                var adds = 0.0
                for consumer in traits.consumersOf[meter] { adds += weights[consumer] }
                weights[feature] = adds > 0 ? adds * keepRatio / Double(traits.releasersOf[meter].count) : 2
            }
            // Every allowed feature gets one slot, the rest are shared by weight.
            var filled = 0, total = 0.0, last = -1
            for feature in 0..<count where weights[feature] > 0 {
                featureSlots[filled] = UInt8(feature)
                filled += 1
                total += weights[feature]
                last = feature
            }
            canUse = filled > 0
            guard canUse else { return }
            let spare = Double(64 - filled)
            var cumulative = 0.0, given = 0
            for feature in 0..<count where weights[feature] > 0 {
                cumulative += weights[feature]
                let upTo = Int((cumulative / total * spare).rounded())
                while given < upTo, filled < 64 {
                    featureSlots[filled] = UInt8(feature)
                    filled += 1
                    given += 1
                }
            }
            while filled < 64 {
                featureSlots[filled] = UInt8(last)
                filled += 1
            }
        }
    }

    /// A consuming feature the user may use, drawn uniformly (`burstFeatures` is not empty).
    private mutating func drawBurstFeature() -> Int {
        var nth = random.below(burstFeatures.nonzeroBitCount)
        var bits = burstFeatures
        while nth > 0 {
            bits &= bits - 1
            nth -= 1
        }
        return bits.trailingZeroBitCount
    }

    /// A feature drawn by the user's weights.
    @inline(__always)
    private mutating func drawFeature() -> Int {
        Int(featureSlots[Int(random.next() & 63)])
    }

    // MARK: Rare events

    @discardableResult
    private mutating func add(_ at: Instant, _ action: Event.Action) -> Bool {
        guard at > start, at < end else { return false }
        out.rare.append(Event(at: at, action))
        return true
    }

    /// A use of a drawn feature as a rare event (a history feature's day is filled in
    /// when it is laid out, in the zone then in force).
    private mutating func addUse(_ at: Instant) {
        guard canUse else { return }
        add(at, .use(feature: drawFeature(), day: nil))
    }

    mutating func drawRareEvents(startZone: TimeZoneRules) {
        clock = ZoneClock(zone: startZone)
        let trialEnd = traits.trialLength.map { start.adding(milliseconds: $0) }
        let walksEdges = swarm.habits.contains(.walksEdges) && (persona == .edgeWalker || random.chance(0.08))
        let span = start.milliseconds(to: end)
        if span > 400 * Self.day, random.chance(persona == .light ? 0.3 : 0.1) {
            let leaves = start.millisecondsSince1970 + random.int64(in: 0...span - 400 * Self.day)
            away = (leaves, leaves + random.int64(in: 330 * Self.day...400 * Self.day))
        }
        let changes = drawEntitlements(trialEnd: trialEnd)
        drawRestores(changes: changes)
        if walksEdges {
            for edge in [trialEnd, installedBeforeCutoff ? traits.graceEnd : nil].compactMap({ $0 }) {
                for offset: Int64 in [-Self.second, -1, 0, 1, Self.second] where random.chance(0.5) { addUse(edge.adding(milliseconds: offset)) }
            }
            for change in changes.prefix(8) {
                for offset: Int64 in [-1, 0, Self.second] where random.chance(0.6) { addUse(change.at.adding(milliseconds: offset)) }
            }
        } else if installedBeforeCutoff, let graceEnd = traits.graceEnd, random.chance(0.3) {
            // Living through the grace's end: a use just before it and one just after.
            addUse(graceEnd.adding(milliseconds: -random.int64(in: 1...Milliseconds.hour)))
            addUse(graceEnd.adding(milliseconds: random.int64(in: 0...Milliseconds.hour)))
        }
        if swarm.habits.contains(.travels), persona == .traveller || random.chance(0.05) { drawFlights(startZone: startZone, toggles: false) }
        if swarm.habits.contains(.togglesZone), persona == .traveller || random.chance(0.05) { drawFlights(startZone: startZone, toggles: true) }
        if swarm.habits.contains(.reinstalls), persona == .reinstaller || random.chance(walksEdges ? 0.3 : 0.03) {
            drawReinstalls(trialEnd: trialEnd, changes: changes)
        }
        if swarm.habits.contains(.signsIn), random.chance(persona == .light ? 0.35 : 0.55) { drawSignIns(startZone: startZone) }
        // Sorted by (instant, order drawn): small integer keys sort fast; the events follow.
        out.rareKeys.removeAll(keepingCapacity: true)
        for (index, event) in out.rare.enumerated() { out.rareKeys.append(event.at.millisecondsSince1970 << 20 | Int64(index)) }
        out.rareKeys.sort()
        rareCount = out.rareKeys.count
    }

    /// The user's StoreKit life, if they buy: from within the trial, just after it,
    /// near the grace's end, soon after the install or any time.
    private mutating func drawEntitlements(trialEnd: Instant?) -> [EntitlementChange] {
        guard swarm.habits.contains(.buys), !traits.policy.products.isEmpty else { return [] }
        let buyChance: Double = switch persona {
        case .subscriber: 1
        case .edgeWalker: 0.35
        case .heavy: 0.2
        case .reinstaller: 0.12
        default: 0.06
        }
        guard random.chance(buyChance) else { return [] }
        let span = start.milliseconds(to: end)
        var from: Instant
        switch random.below(20) {
        case 0..<8 where trialEnd != nil:
            from = start.adding(milliseconds: random.int64(in: 1...traits.trialLength!))
        case 8..<11 where trialEnd != nil:
            from = trialEnd!.adding(milliseconds: random.int64(in: 0...10 * Self.day))
        case 0..<6 where installedBeforeCutoff:
            from = traits.graceEnd!.adding(milliseconds: random.int64(in: -3 * Self.day...10 * Self.day))
        case 11..<14:
            from = start.adding(milliseconds: random.int64(in: Milliseconds.minute...2 * Self.day))
        default:
            from = start.adding(milliseconds: random.int64(in: 1...max(1, span - 1)))
        }
        if random.chance(persona == .edgeWalker ? 0.5 : 0.1) {
            // At the calendar's midnight, a moment before or just after: the period's
            // `expires` (the same UTC time of day, StoreKit's renewal) lands at a
            // midnight too, where its local date turns, while the zone keeps its offset
            // (always under a UTC calendar; an hour off across a DST change).
            from = calendarMidnight(after: from).adding(milliseconds: random.pick([-1, 0, 1, 999]))
        }
        if let aimed = purchaseBeforeCalendarEdge() { from = aimed }
        guard from > start, from < end else { return [] }
        let lifecycle = StoreKitLifecycle(traits: traits, habits: swarm.habits, latestExpiry: TimelineGenerator.latestExpiry,
                                                quickRefundInTrial: persona == .edgeWalker ? 0.7 : 0.5,
                                                quickRefundChance: persona == .edgeWalker ? 0.45 : 0.12, trialEnd: trialEnd)
        let changes = lifecycle.changes(&random, purchaseFrom: from, end: end)
        for change in changes { add(change.at, .setEntitlement(change.entitlement)) }
        return changes.filter { $0.at > start && $0.at < end }
    }

    /// Half the time, under a policy whose calendar edges some window reaches under paid
    /// plans only (`UserTraits.calendarEdgesNeedAPurchase`), the purchase is an hour to
    /// two days before one of the rarer calendar edges of the user's life
    /// (`CalendarEdge`): 28 February of a leap year or an offset change of the starting
    /// zone (twice as likely), 28 February of a common year, or 31 December; drawn from
    /// the edge stream. A paid plan's `day` limit then meets the edge while the plan is
    /// new, before a `total` or `month` limit the user soon reaches blocks first.
    private mutating func purchaseBeforeCalendarEdge() -> Instant? {
        guard traits.calendarEdgesNeedAPurchase, edgeRandom.chance(0.5) else { return nil }
        let first = start.millisecondsSince1970, last = end.millisecondsSince1970
        // Instants (ms) inside the edge days: leap eves, common years' 28 February, 31 December, offset changes.
        var targets: [[Int64]] = [[], [], [], []]
        let zone = fixedCalendar ? calendar.zone : clock.zone
        let (firstYear, _, _) = LocalDate(localMilliseconds: first).components
        let (lastYear, _, _) = LocalDate(localMilliseconds: last).components
        for year in firstYear...lastYear {
            let february = LocalDate.days(year: year, month: 2, day: 28), december = LocalDate.days(year: year, month: 12, day: 31)
            for (kind, day) in [(LocalDate.daysInMonth(year: year, month: 2) == 29 ? 0 : 1, february), (2, december)] {
                let noon = Int64(day) * Self.day + 12 * Milliseconds.hour
                let at = noon - zone.offsetMilliseconds(at: Instant(millisecondsSince1970: noon))
                if at > first, at < last { targets[kind].append(at) }
            }
        }
        var after = start
        for _ in 0..<64 {
            guard let change = clock.zone.nextChange(after: after), change.at < end else { break }
            targets[3].append(change.at.millisecondsSince1970)
            after = change.at
        }
        // Leap eves and offset changes twice.
        let kinds = [0, 0, 1, 2, 3, 3].filter { !targets[$0].isEmpty }
        guard !kinds.isEmpty else { return nil }
        let kind = kinds[edgeRandom.below(kinds.count)]
        let target = targets[kind][edgeRandom.below(targets[kind].count)]
        return Instant(millisecondsSince1970: target - edgeRandom.int64(in: Milliseconds.hour...2 * Self.day))
    }

    /// When a restore of purchases drawn for `instant` happens: then, unless the device
    /// was offline with a change StoreKit had made but the app had not heard of yet; a
    /// restore needs the network, so it comes as the device is back, with that change.
    private func online(_ instant: Instant, _ changes: [EntitlementChange]) -> Instant {
        for change in changes where change.due <= instant && instant < change.at { return change.at }
        return instant
    }

    /// The entitlement in force just after the changes at or before `instant`.
    private func entitlement(at instant: Instant, _ changes: [EntitlementChange]) -> Entitlement? {
        var current: Entitlement?
        for change in changes {
            if change.at > instant { break }
            current = change.entitlement
        }
        return current
    }

    /// Reports that change nothing: a restore that finds the entitlement in force (the
    /// same product reported again) or finds nothing while nothing is in force.
    private mutating func drawRestores(changes: [EntitlementChange]) {
        guard swarm.habits.contains(.restores), random.chance(changes.isEmpty ? 0.15 : 0.5) else { return }
        for _ in 0..<random.int(in: 1...3) {
            let at: Instant
            if !changes.isEmpty, random.chance(0.4) {
                at = random.pick(changes).at.adding(milliseconds: random.pick([0, Self.second, Milliseconds.hour]))
            } else {
                at = randomInstant()
            }
            let restored = online(at, changes)
            add(restored, .setEntitlement(entitlement(at: restored, changes)))
        }
    }

    /// Zones on either side of the date line, for flights across it.
    private static let dateLinePairs: [(TimeZoneRules, TimeZoneRules)] = [
        ("Etc/GMT+12", "Pacific/Kiritimati"), ("Pacific/Pago_Pago", "Pacific/Kiritimati"),
        ("Etc/GMT+12", "Etc/GMT-14"), ("Pacific/Honolulu", "Pacific/Auckland"),
        ("Pacific/Midway", "Pacific/Tongatapu"), ("America/Anchorage", "Asia/Tokyo"),
    ].compactMap { pair in TimeZoneRules.named(pair.0).flatMap { a in TimeZoneRules.named(pair.1).map { (a, $0) } } }

    /// Flights east and west (across the date line too), or toggles back and forth
    /// across local midnight with uses in between.
    private mutating func drawFlights(startZone: TimeZoneRules, toggles: Bool) {
        var zone = startZone
        var t = start
        let longestGap = persona == .traveller ? 20 * Self.day : 120 * Self.day
        var flights = 0
        while flights < 2_000 {
            flights += 1
            t = t.adding(milliseconds: random.int64(in: 2 * Milliseconds.hour...longestGap))
            guard t < end else { return }
            if toggles {
                let other = random.chance(0.5) || Self.dateLinePairs.isEmpty ? catalog.draw(&random) : random.pick(Self.dateLinePairs).1
                let midnight = zone.nextDateStart(after: t)
                var at = midnight.adding(milliseconds: -Int64(random.int(in: 60...180)) * Self.second)
                var here = zone, there = other
                for _ in 0..<random.int(in: 2...5) {
                    add(at, .setZone(there))
                    addUse(at.adding(milliseconds: Int64(random.int(in: 0...20)) * Self.second))
                    swap(&here, &there)
                    at = at.adding(milliseconds: Int64(random.int(in: 25...70)) * Self.second)
                }
                zone = here
                t = at
            } else if random.chance(0.3), !Self.dateLinePairs.isEmpty {
                let pair = random.pick(Self.dateLinePairs)
                let next = zone == pair.0 ? pair.1 : zone == pair.1 ? pair.0 : (random.chance(0.5) ? pair.0 : pair.1)
                add(t, .setZone(next))
                zone = next
            } else {
                let next = catalog.draw(&random)
                add(t, .setZone(next))
                zone = next
            }
        }
    }

    /// Reinstalls at awkward moments (the trial's end, local midnight, an entitlement
    /// change or just before one), often followed by a restore of purchases.
    private mutating func drawReinstalls(trialEnd: Instant?, changes: [EntitlementChange]) {
        let ends = changes.filter { $0.entitlement == nil }
        for _ in 0..<random.int(in: 1...6) {
            let at: Instant
            switch random.below(6) {
            case 0 where trialEnd != nil: at = trialEnd!.adding(milliseconds: random.pick([-1, 0, 1]))
            case 1: at = calendarMidnight(after: randomInstant()).adding(milliseconds: random.pick([-Self.second, 0, 1]))
            case 2...3 where !changes.isEmpty:
                // At a StoreKit report (just after it: reports are drawn first, and events
                // of one instant keep the order drawn), or seconds to minutes before it, so
                // that the report comes just after a launch; half the time a report that
                // ends access: a refund or an expiry heard then is not a sync glitch to ignore.
                let change = !ends.isEmpty && random.chance(0.5) ? random.pick(ends) : random.pick(changes)
                at = change.at.adding(milliseconds: random.chance(0.5) ? 0 : -random.int64(in: Self.second...5 * Milliseconds.minute))
            default: at = randomInstant()
            }
            guard add(at, .reinstall) else { continue }
            // Now and then the new install is on a phone set to another zone (a backup
            // restored abroad): the zone changes right after the reinstall.
            if random.chance(0.2) { add(at.adding(milliseconds: random.pick([0, 1, Self.second, Milliseconds.minute])), .setZone(catalog.draw(&random))) }
            if swarm.habits.contains(.restores), random.chance(0.5) {
                let restored = online(at.adding(milliseconds: random.int64(in: 0...5 * Self.second)), changes)
                add(restored, .setEntitlement(entitlement(at: restored, changes)))
            }
        }
    }

    /// A sign-in at an awkward moment: just as a burst reaches a limit, across the
    /// calendar's midnight (with uses either side), right after the install, or any
    /// time; now and then a second one, which changes nothing.
    private mutating func drawSignIns(startZone: TimeZoneRules) {
        switch random.below(4) {
        case 0 where swarm.habits.contains(.bursts) && burstFeatures != 0:
            signInAtLimit = true
        case 1:
            let midnight = calendarMidnight(after: randomInstant())
            let at = midnight.adding(milliseconds: random.pick([-Self.second, -1, 0, 1]))
            addUse(at.adding(milliseconds: -random.int64(in: 1...Milliseconds.minute)))
            add(at, .signIn)
            addUse(at.adding(milliseconds: random.int64(in: 0...Milliseconds.minute)))
        case 2:
            add(start.adding(milliseconds: random.int64(in: 1...10 * Milliseconds.minute)), .signIn)
        default:
            add(randomInstant(), .signIn)
        }
        if random.chance(0.15) { add(randomInstant(), .signIn) }
    }

    /// The first instant after `instant` at which the calendar's date advances, in the
    /// start zone for a device calendar (rare events are drawn before the zone's path is known).
    /// The next start of a day in the policy's calendar: its midnight, or its day start.
    private mutating func calendarMidnight(after instant: Instant) -> Instant {
        if fixedCalendar { return calendar.nextDateStart(after: instant) }
        if traits.dayStart != 0 { return clock.zone.dayStarting(at: traits.dayStart).nextDateStart(after: instant) }
        return clock.nextDateStart(after: instant)
    }

    private mutating func randomInstant() -> Instant {
        Instant(millisecondsSince1970: random.int64(in: start.millisecondsSince1970...end.millisecondsSince1970 - 1))
    }

    // MARK: Everyday uses

    /// How many uses the persona makes on one local day (`Persona.usesOnADay`).
    @inline(__always)
    private mutating func usesToday(hasPlan: Bool) -> Int {
        persona.usesOnADay(hasPlan: hasPlan, random: &random)
    }

    /// How often a day is a burst day, by persona.
    private var burstChance: Double {
        switch persona {
        case .heavy: 0.2
        case .subscriber: 0.1
        case .edgeWalker: 0.12
        case .traveller, .reinstaller: 0.04
        case .light: 0.015
        }
    }

    /// Sorts a day's few extra moments (at most a few dozen) in place.
    private static func insertionSort(_ values: UnsafeMutablePointer<Int64>, count: Int) {
        guard count > 1 else { return }
        for i in 1..<count {
            let value = values[i]
            var j = i
            while j > 0, values[j - 1] > value {
                values[j] = values[j - 1]
                j -= 1
            }
            values[j] = value
        }
    }

    /// A moment packed as `ms << 7 | code` (a feature index, a look or a sign-in), so
    /// plain integers sort in time order.
    @inline(__always)
    private static func pack(_ at: Int64, _ code: Int64) -> Int64 { at << 7 | code }

    /// Lays out the everyday uses local day by local day and merges the rare events
    /// in. A day's `n` uses are stratified (one uniform in each of `n` equal slices of
    /// the day, or of a burst's stretch of it), so they come out in time order with no
    /// sort; the day's few extra moments (a look, an edge walker's midnights) are sorted
    /// apart and merged in.
    mutating func layOutDays(startZone: TimeZoneRules) {
        out.append(Event(at: start, .install))
        clock = ZoneClock(zone: startZone)
        if traits.policy.monthsFromPurchase { monthAnchor = (fixedCalendar ? calendar.localDate(at: start) : clock.localDate(at: start)).components.day }
        nextRareAt = rareCount > 0 ? out.rareKeys[0] >> 20 : .max
        let trialEnd = traits.trialLength.map { start.millisecondsSince1970 &+ $0 } ?? .min
        let graceEnd = installedBeforeCutoff ? traits.graceEnd!.millisecondsSince1970 : .min
        let edgeWalker = persona == .edgeWalker && swarm.habits.contains(.walksEdges)
        let looks = swarm.habits.contains(.looks)
        let bursts = swarm.habits.contains(.bursts) && burstFeatures != 0
        // A day's extra moments: a few dozen, and a calendar-edge burst's uses.
        let capacity = 32 + Self.largestEdgeBurst
        let extras = UnsafeMutablePointer<Int64>.allocate(capacity: capacity)
        defer { extras.deallocate() }
        var extraCount = 0
        func addExtra(_ at: Int64, _ code: Int64, from: Int64, to: Int64) {
            guard at >= from, at < to, extraCount < capacity else { return }
            extras[extraCount] = Self.pack(at, code)
            extraCount += 1
        }

        // A streak: a month limit above what a day's burst can count (the plan's day limit,
        // or the burst's cap) is reached only day after day, so a burst that aims at one
        // goes on for the days it needs.
        var streakFeature = -1, streakTarget = Int64.max, streakDays = 0

        var dayStart = start.millisecondsSince1970
        let endMs = end.millisecondsSince1970
        while dayStart < endMs {
            let deviceMidnight = clock.nextDateStart(after: Instant(millisecondsSince1970: dayStart)).millisecondsSince1970
            let dayEnd = min(deviceMidnight, endMs)
            let width = dayEnd &- dayStart
            let today = Int(fixedCalendar ? calendar.localDate(at: Instant(millisecondsSince1970: dayStart)).daysSince1970
                : clock.localDate(at: Instant(millisecondsSince1970: dayStart)).daysSince1970)
            if today < monthStart || today >= nextMonthStart { startMonth(of: today) }
            for meter in 0..<meterCount { tally[6 &* meter] = 0 }
            let plan = planGuess(at: dayStart, trialEnd: trialEnd, graceEnd: graceEnd)
            if plan != capsPlan { setCaps(plan: plan) }
            if dayStart >= away.start && dayStart < away.end {
                // Away: no uses, bursts, edges or looks, and a streak ends; the rare events still come.
                streakDays = 0
                if nextRareAt < dayEnd { appendRare(before: dayEnd) }
                dayStart = dayEnd
                continue
            }
            let hasPlan = plan >= 0 && !exhausted()
            var uses = canUse ? Int64(usesToday(hasPlan: hasPlan)) : 0
            // A burst: one feature up to and past a limit, within a stretch of the day.
            var from = dayStart, to = dayEnd
            var burstFeature = -1, burstTarget = Int64.max, releaseFeature = -1
            // A day under no plan, or with the meters spent, ends a streak.
            if !hasPlan { streakDays = 0 }
            let streaking = streakDays > 0
            if streaking || (bursts && hasPlan && random.chance(burstChance)) {
                if streaking {
                    (burstFeature, burstTarget) = (streakFeature, streakTarget)
                    streakDays -= 1
                } else {
                    burstFeature = drawBurstFeature()
                    let targets = traits.burstTargets[traits.meterOf[burstFeature]]
                    burstTarget = Int64(targets.isEmpty ? 10 : random.pick(targets))
                }
                let meter = traits.meterOf[burstFeature]
                // The plan's day and month limits, as `setCaps` keeps them beside the counts.
                let caps = tally + 6 &* meter
                let daily = Int64(min(caps[3], traits.burstCaps[meter], traits.streakCaps[meter]))
                if !streaking, daily > 0, burstTarget == caps[4], burstTarget > daily {
                    // The days the month's count needs at that pace, and two past it.
                    (streakFeature, streakTarget) = (burstFeature, burstTarget)
                    streakDays = Int(min((burstTarget + daily - 1) / daily, 31)) + 1
                }
                uses = min(burstTarget, streaking || streakDays > 0 ? daily : Int64(traits.burstCaps[meter])) &+ Int64(random.int(in: 0...4))
                if traits.hasStockLimit[meter] {
                    let releasers = traits.releasersOf[meter].filter { swarm.allows(feature: $0) }
                    if !releasers.isEmpty {
                        releaseFeature = random.pick(releasers)
                        uses &+= Int64(random.int(in: 2...6))
                    }
                }
                let calendarMidnight = fixedCalendar ? calendar.nextDateStart(after: Instant(millisecondsSince1970: dayStart)).millisecondsSince1970 : dayEnd
                switch random.below(3) {
                case 0 where calendarMidnight < dayEnd && width > 2 * Milliseconds.hour:
                    // Across the calendar's midnight: the count resets part-way.
                    from = max(dayStart, calendarMidnight &- random.int64(in: Milliseconds.minute...Milliseconds.hour))
                    to = min(dayEnd, calendarMidnight &+ random.int64(in: Milliseconds.minute...Milliseconds.hour))
                case 1:
                    // The day's last stretch, up to midnight.
                    from = dayEnd &- random.int64(in: 1...width)
                default:
                    from = dayStart &+ random.int64(in: 0...width - 1)
                    to = from &+ random.int64(in: 1...dayEnd &- from)
                }
            }
            extraCount = 0
            if edgeWalker, canUse {
                // The last moments before the calendar's date advances and the first after;
                // every offset at a month's end.
                let midnight = fixedCalendar ? calendar.nextDateStart(after: Instant(millisecondsSince1970: dayStart)).millisecondsSince1970 : dayEnd
                let monthEnd = isMonthEnd(before: midnight)
                // (The offsets are a vector's lanes rather than array literals: even a literal
                // the compiler keeps on the stack is released through the runtime's slow
                // path, three times an edge walker's day.)
                let before = SIMD4<Int64>(1, Self.second, 59 * Self.second, 0)
                for lane in 0..<3 where monthEnd || random.chance(0.4) {
                    addExtra(midnight &- before[lane], Int64(drawFeature()), from: dayStart, to: dayEnd)
                }
                let after = fixedCalendar ? midnight : dayStart
                if after > start.millisecondsSince1970 {
                    let following = SIMD4<Int64>(0, 1, Self.second, 0)
                    for lane in 0..<3 where monthEnd || random.chance(0.4) {
                        addExtra(after &+ following[lane], Int64(drawFeature()), from: dayStart, to: dayEnd)
                    }
                }
                if fixedCalendar, random.chance(0.3) {
                    // The device's own midnight, which is not the calendar's.
                    addExtra(dayEnd &- 1, Int64(drawFeature()), from: dayStart, to: dayEnd)
                }
                if let change = clock.nextChange(after: Instant(millisecondsSince1970: dayStart)), change.millisecondsSince1970 < dayEnd {
                    let around = SIMD4<Int64>(-Self.second, -1, 0, Self.second)
                    for lane in 0..<4 where random.chance(0.6) {
                        addExtra(change.millisecondsSince1970 &+ around[lane], Int64(drawFeature()), from: dayStart, to: dayEnd)
                    }
                }
            }
            if looks, random.chance(0.25) { addExtra(dayStart &+ random.int64(in: 0...width - 1), Self.lookCode, from: dayStart, to: dayEnd) }
            // A calendar-edge burst's uses (already in time order) and the use it left for today.
            if pendingEdgeUse >= 0 {
                addExtra(pendingEdgeUse >> 7, pendingEdgeUse & 127, from: dayStart, to: dayEnd)
                pendingEdgeUse = -1
            }
            if pendingRollingUse >= 0, pendingRollingUse >> 7 < dayEnd {
                addExtra(pendingRollingUse >> 7, pendingRollingUse & 127, from: dayStart, to: dayEnd)
                pendingRollingUse = -1
            }
            if canUse, plan >= 0, let burst = calendarEdgeBurst(dayStart: dayStart, deviceMidnight: deviceMidnight, plan: plan, today: today) {
                let slice = (burst.to &- burst.from) / Int64(burst.count)
                for k in 0..<Int64(burst.count) {
                    addExtra(burst.from &+ slice &* k &+ edgeRandom.int64(in: 0...max(0, slice &- 1)), Int64(burst.feature), from: dayStart, to: dayEnd)
                }
                if burst.next < dayEnd {
                    addExtra(burst.next, Int64(burst.feature), from: dayStart, to: dayEnd)
                } else {
                    pendingEdgeUse = Self.pack(burst.next, Int64(burst.feature))
                }
            }
            Self.insertionSort(extras, count: extraCount)
            var e = 0
            let stretch = to &- from
            let slice = uses > 0 ? stretch / uses : 0
            for k in 0..<uses {
                let low = slice &* k
                let span = k == uses &- 1 ? stretch &- low : slice
                let bits = random.next()
                let at = from &+ low &+ Int64(bits.multipliedFullWidth(by: UInt64(span)).high)
                let feature: Int
                if burstFeature < 0 {
                    feature = Int(featureSlots[Int(bits & 63)])
                } else if releaseFeature >= 0, k > burstTarget {
                    feature = (k &- burstTarget) & 1 == 1 ? releaseFeature : burstFeature
                } else {
                    feature = burstFeature
                }
                let packed = Self.pack(at, Int64(feature))
                if k == 0, burstFeature >= 0, traits.rollingLength > 0, pendingRollingUse < 0, at &+ traits.rollingLength >= dayEnd, random.chance(0.5) {
                    // The instant the burst's first use leaves a rolling window, on a later day.
                    pendingRollingUse = Self.pack(at &+ traits.rollingLength, Int64(feature))
                }
                while e < extraCount, extras[e] <= packed {
                    emit(extras[e])
                    e += 1
                }
                emit(packed)
                if k == burstTarget, signInAtLimit {
                    signInAtLimit = false
                    if !signedIn { emit(Self.pack(at, Self.signInCode)) }
                }
            }
            while e < extraCount {
                emit(extras[e])
                e += 1
            }
            if nextRareAt < dayEnd { appendRare(before: dayEnd) }
            dayStart = dayEnd
        }
        appendRare(before: .max)
    }

    // MARK: Calendar edges

    /// The most uses a calendar-edge burst makes: a limit above it is not aimed at.
    static var largestEdgeBurst: Int { 1_010 }

    /// A burst planned at a calendar edge: `count` uses of `feature` spread over
    /// `from ..< to` (ms, up to the window's end), and one at `next`, the next window's start.
    struct EdgeBurst {
        var feature: Int
        var count: Int
        var from: Int64, to: Int64
        var next: Int64
    }

    /// How likely a day of these edges is to get a burst. The rare days (a leap day and
    /// the day before it, a DST day, a year's end, 28 February) most of the time; the end
    /// of a 30- or 31-day month now and then; a day in a far zone (every day, for a user
    /// who lives there) seldom.
    package static func edgeBurstChance(_ edges: CalendarEdge.Edges) -> Double {
        var chance = 0.0
        edges.forEach { edge in
            let p: Double = switch edge {
            case .leapEve, .leapDay: 0.9
            case .springForwardDay, .fallBackDay: 0.8
            case .yearEnd, .monthEnd28: 0.6
            case .monthEnd30: 0.12
            case .monthEnd31: 0.08
            case .farEastZone, .farWestZone: 0.025
            }
            chance = max(chance, p)
        }
        return chance
    }

    /// A burst at the end of calendar day `today` (days since 1970) when it is an edge
    /// (`CalendarEdge`) of a `day` or `month` window the plan `plan` can block by, drawn
    /// with `edgeBurstChance` from the edge stream: the plan's limit and one to three past
    /// it just before the calendar's midnight, in one of the windows (a day window on any
    /// edge day; a month window on a month's last day or on 28 February of a leap year),
    /// then a use just after midnight. Not when a more lasting limit would block first
    /// by the generator's estimate of the counts.
    private mutating func calendarEdgeBurst(dayStart: Int64, deviceMidnight: Int64, plan: Int, today: Int) -> EdgeBurst? {
        guard !traits.calendarWindows.isEmpty else { return nil }
        let midnight = fixedCalendar ? calendar.nextDateStart(after: Instant(millisecondsSince1970: dayStart)).millisecondsSince1970 : deviceMidnight
        guard midnight <= deviceMidnight, midnight < end.millisecondsSince1970 - 30 * Milliseconds.minute else { return nil }
        let day = LocalDate(daysSince1970: Int32(today))
        let policyCalendar = traits.policy.calendar
        // The day's edges for a day window and, on a month's last day, for a month window.
        var dayEdges: CalendarEdge.Edges = [], monthEdges: CalendarEdge.Edges = []
        let lastOfMonth = today &+ 1 == nextMonthStart
        if today &+ 2 >= nextMonthStart {
            dayEdges = CalendarEdge.dateEdges(of: day)
            monthEdges = dayEdges
        }
        let dayBegins = fixedCalendar ? midnight &- Self.day : dayStart
        if let change = clock.nextChange(after: Instant(millisecondsSince1970: dayBegins &- 1)), change.millisecondsSince1970 < midnight {
            dayEdges.formUnion(CalendarEdge.daylightEdges(of: day, wholeMonth: false, near: midnight &- 1, zone: clock.zone, calendar: policyCalendar,
                                                                 dayStart: traits.dayStart))
        }
        if lastOfMonth {
            monthEdges.formUnion(CalendarEdge.daylightEdges(of: day, wholeMonth: true, near: midnight &- 1, zone: clock.zone, calendar: policyCalendar,
                                                                 dayStart: traits.dayStart))
        }
        let offset = clock.offsetMilliseconds(at: Instant(millisecondsSince1970: midnight &- 1))
        let far = CalendarEdge.zoneEdges(offset, offset)
        dayEdges.formUnion(far)
        if lastOfMonth { monthEdges.formUnion(far) }
        guard !dayEdges.isEmpty || !monthEdges.isEmpty, edgeRandom.chance(Self.edgeBurstChance(dayEdges.union(monthEdges))) else { return nil }
        // The windows the plan can block by today, with the uses that reach the limit.
        var candidates: [(meter: Int, limit: Int)] = []
        for (index, (meter, window)) in traits.calendarWindows.enumerated() where traits.blocksByCalendarWindow[plan][index] {
            let counts = tally + 6 &* meter
            let total = traits.totalLimits[plan][meter], month = traits.monthLimits[plan][meter], daily = traits.dayLimits[plan][meter]
            switch window {
            case .day where !dayEdges.isEmpty:
                if counts[1] &+ daily < month, counts[2] &+ daily < total { candidates.append((meter, daily)) }
            case .month where !monthEdges.isEmpty:
                let needed = month &- counts[1]
                if needed <= daily, counts[2] &+ needed < total { candidates.append((meter, month)) }
            default: break
            }
        }
        guard !candidates.isEmpty else { return nil }
        let (meter, limit) = candidates[edgeRandom.below(candidates.count)]
        let rules = traits.policy.plans[plan]
        let features = traits.consumersOf[meter].filter { burstFeatures & (1 << UInt64($0)) != 0 && rules.enables(feature: $0) && !traits.hasHistory($0) }
        guard !features.isEmpty, limit &+ 3 <= Self.largestEdgeBurst else { return nil }
        let from = max(dayStart, midnight &- edgeRandom.int64(in: 10 * Milliseconds.minute...3 * Milliseconds.hour))
        return EdgeBurst(feature: features[edgeRandom.below(features.count)], count: limit &+ edgeRandom.int(in: 1...3),
                         from: from, to: midnight, next: midnight &+ edgeRandom.int64(in: 0...30 * Milliseconds.minute))
    }

    /// The plan the user is most likely under (G5), from what the generator knows: the
    /// entitlement's plan, the trial, the grace, the default for the identity; −1 for none.
    /// (Inlined, as `exhausted()` is: called from the mutating `layOutDays`, an outlined
    /// non-mutating method was handed a copy of the whole builder, every day.)
    @inline(__always)
    private func planGuess(at instant: Int64, trialEnd: Int64, graceEnd: Int64) -> Int {
        if entitledPlan >= 0 { return entitledPlan }
        let policy = traits.policy
        if instant < trialEnd, let trial = policy.trial { return trial.plan }
        if instant < graceEnd, let grace = policy.grace { return grace.plan }
        if signedIn, let registered = policy.registeredDefault { return registered }
        return policy.guestDefault ?? -1
    }

    /// Starts the month counters for the month of day `today` (days since 1970).
    @inline(never)
    private mutating func startMonth(of today: Int) {
        (_, monthStart, nextMonthStart) = AnchoredMonth.of(LocalDate(daysSince1970: Int32(today)), anchor: monthAnchor)
        for meter in 0..<meterCount { tally[6 &* meter &+ 1] = 0 }
    }

    /// Under months that run from the purchase, a StoreKit report: a new subscription (a
    /// product when none or another was held) starts a month on today's date, its day the
    /// anchor from now on, the month counters at 0.
    @inline(never)
    private mutating func subscriptionChanged(to entitlement: Entitlement?, at instant: Instant) {
        defer { heldProduct = entitlement?.product ?? -1 }
        guard let product = entitlement?.product, product != heldProduct else { return }
        let today = fixedCalendar ? calendar.localDate(at: instant) : clock.localDate(at: instant)
        monthAnchor = today.components.day
        startMonth(of: Int(today.daysSince1970))
    }

    /// The day, month and total limits of `plan` (−1: none, where nothing counts) per meter.
    @inline(never)
    private mutating func setCaps(plan: Int) {
        capsPlan = plan
        for meter in 0..<meterCount {
            tally[6 &* meter &+ 3] = plan < 0 ? 0 : traits.dayLimits[plan][meter]
            tally[6 &* meter &+ 4] = plan < 0 ? 0 : traits.monthLimits[plan][meter]
            tally[6 &* meter &+ 5] = plan < 0 ? 0 : traits.totalLimits[plan][meter]
        }
    }

    /// Counts a use of a feature that consumes `meter`, if the estimate says it was allowed.
    @inline(__always)
    private func count(meter: Int) {
        let counters = tally + 6 &* meter
        if counters[0] < counters[3], counters[1] < counters[4], counters[2] < counters[5] {
            counters[0] &+= 1
            counters[1] &+= 1
            counters[2] &+= 1
        }
    }

    /// Whether some meter has reached the plan's `total` limit, which never resets, or
    /// its `month` limit this month: such a user, like one without a plan, comes back
    /// rarely (until they sign in, buy or the month turns), instead of being refused
    /// all day every day.
    @inline(__always)
    private func exhausted() -> Bool {
        for meter in 0..<meterCount {
            let counters = tally + 6 &* meter
            if counters[2] >= counters[5] || counters[1] >= counters[4] { return true }
        }
        return false
    }

    /// Whether the calendar date just before `midnight` is the last of its month.
    private mutating func isMonthEnd(before midnight: Int64) -> Bool {
        let instant = Instant(millisecondsSince1970: midnight &- 1)
        let day = Int((fixedCalendar ? calendar.localDate(at: instant) : clock.localDate(at: instant)).daysSince1970)
        if day < monthOfEdges.start || day >= monthOfEdges.next {
            (_, monthOfEdges.start, monthOfEdges.next) = AnchoredMonth.of(LocalDate(daysSince1970: Int32(day)), anchor: 1) // the calendar's month
        }
        return day == monthOfEdges.next &- 1
    }

    /// Appends one everyday moment, after the rare events due by then.
    @inline(__always)
    private mutating func emit(_ packed: Int64) {
        let at = packed >> 7
        if nextRareAt <= at { appendRare(before: at &+ 1) }
        let code = Int(packed & 127)
        let instant = Instant(millisecondsSince1970: at)
        switch code {
        case 64: out.append(Event(at: instant, .look))
        case 65:
            signedIn = true
            out.append(Event(at: instant, .signIn))
        default:
            let meter = consumes[code]
            if meter >= 0 { count(meter: meter) }
            let day = historyMask & (1 &<< UInt64(code)) != 0 ? historyDay(code, at: instant) : nil
            out.append(Event(at: instant, .use(feature: code, day: day)))
        }
    }

    /// Appends the rare events strictly before `limit` (ms), following the zone, the
    /// entitlement and the sign-in they set, and giving history uses their day.
    @inline(never)
    private mutating func appendRare(before limit: Int64) {
        while nextRareAt < limit {
            var event = out.rare[Int(out.rareKeys[nextRare] & 0xF_FFFF)]
            nextRare += 1
            nextRareAt = nextRare < rareCount ? out.rareKeys[nextRare] >> 20 : .max
            switch event.action {
            case .setZone(let moved): clock.set(moved)
            case .setEntitlement(let entitlement):
                entitled = entitlement != nil
                entitledPlan = entitlement.map { traits.rankOf[$0.product] } ?? -1
                if traits.policy.monthsFromPurchase { subscriptionChanged(to: entitlement, at: event.at) }
            case .signIn: signedIn = true
            case .use(let feature, _):
                if event.at.millisecondsSince1970 >= away.start, event.at.millisecondsSince1970 < away.end { continue }
                if consumes[feature] >= 0 { count(meter: consumes[feature]) }
                if traits.hasHistory(feature) { event.action = .use(feature: feature, day: historyDay(feature, at: event.at)) }
            default: break
            }
            out.append(event)
        }
    }

    /// The diary day a history use is for, around the calendar's date now: inside the
    /// window, on its first day, the day before it, in the future, far outside, or a
    /// date some zone skipped; always within the dates the contract allows.
    private mutating func historyDay(_ feature: Int, at instant: Instant) -> LocalDate {
        let today = Int(fixedCalendar ? calendar.localDate(at: instant).daysSince1970 : clock.localDate(at: instant).daysSince1970)
        let windows = traits.historyWindows[feature]
        let days = windows.isEmpty ? 7 : random.pick(windows)
        let day: Int
        switch random.below(16) {
        case 0..<5: day = today - random.below(days)
        case 5..<7: day = today - (days - 1)
        case 7..<9: day = today - days
        case 9: day = today + 1
        case 10..<12: day = today - random.int(in: days + 1...4 * days + 1)
        case 12 where !TimelineGenerator.skippedDates.isEmpty:
            day = Int(random.pick(TimelineGenerator.skippedDates).daysSince1970)
        case 13: day = random.int(in: Int(TimelineReader.dayRange.lowerBound.daysSince1970)...Int(TimelineReader.dayRange.upperBound.daysSince1970))
        default: day = today
        }
        let range = TimelineReader.dayRange
        return LocalDate(daysSince1970: Int32(min(max(day, Int(range.lowerBound.daysSince1970)), Int(range.upperBound.daysSince1970))))
    }
}

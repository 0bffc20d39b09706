import SubscriptionModel
import SimulatorCore

/// Builds one user's life for `FlagshipTimelineGenerator`: first the rare events a persona
/// aims at, then everyday attempts laid out one local day at a time and merged with
/// them in time order. On some days at a calendar edge (`CalendarEdge`) a user with a
/// plan bursts to the day's limit just before midnight and captures again just after.
struct FlagshipLifeBuilder {
    let start: Instant
    let end: Instant
    let persona: Persona
    var random: SeededRandom
    let catalog: ZoneCatalog
    let trialLength: Int64

    /// Rare events with their order of creation, which breaks ties in time.
    private var rare: [(event: FlagshipEvent, order: Int)] = []
    /// The StoreKit changes that made it into the timeline, by edge category.
    private(set) var storeKit = FlagshipCoverageCounts()

    /// Where the timeline goes.
    private let out: FlagshipEventBuffer
    // The layout's running state: the device's zone and whether an entitlement is in
    // force (both follow the rare events), and the next rare event.
    private var clock = ZoneClock(zone: .utc)
    private var entitled = false
    private var nextRare = 0
    private var nextRareAt = Int64.max
    /// The entitlement in force (follows the rare events), for the day's limit a
    /// calendar-edge burst aims at.
    private var tier: PaidTier?
    /// The calendar-edge bursts' own stream, drawn apart from `random` so that adding
    /// them leaves every other draw of a life as it was.
    private var edgeRandom: SeededRandom
    /// The capture a calendar-edge burst planned just after midnight, packed, for the
    /// next day (−1: none).
    private var pendingEdgeCapture: Int64 = -1
    /// The month of the day laid out: its first day and the next month's (days since 1970).
    private var monthStart = Int.max, nextMonthStart = Int.min

    init(start: Instant, end: Instant, persona: Persona, random: SeededRandom, catalog: ZoneCatalog, trialLength: Int64, into out: FlagshipEventBuffer) {
        self.out = out
        self.start = start
        self.end = end
        self.persona = persona
        self.random = random
        self.catalog = catalog
        self.trialLength = trialLength
        self.edgeRandom = SeededRandom(rawState: SeededRandom.mix(random.state ^ 0x5851_F42D_4C95_7F2D))
    }

    private static let second = Milliseconds.second
    private static let day = Milliseconds.twentyFourHours

    /// Zones on either side of the date line, for flights across it.
    private static let dateLinePairs: [(String, String)] = [
        ("Etc/GMT+12", "Pacific/Kiritimati"), ("Pacific/Pago_Pago", "Pacific/Kiritimati"),
        ("Etc/GMT+12", "Etc/GMT-14"), ("Pacific/Honolulu", "Pacific/Auckland"),
        ("Pacific/Midway", "Pacific/Tongatapu"), ("America/Anchorage", "Asia/Tokyo"),
    ].compactMap { pair in TimeZoneRules.named(pair.0) != nil && TimeZoneRules.named(pair.1) != nil ? pair : nil }

    @discardableResult
    private mutating func add(_ at: Instant, _ action: FlagshipEvent.Action) -> Bool {
        guard at > start, at < end else { return false }
        rare.append((FlagshipEvent(at: at, action), rare.count))
        return true
    }

    // MARK: Rare events

    mutating func drawRareEvents(startZone: TimeZoneRules) {
        let trialEnd = start.adding(milliseconds: trialLength)
        var changes: [FlagshipEntitlementChange] = []
        // Subscribers own the StoreKit edge cases; others buy now and then, so that
        // paid plans meet every other persona's habits too.
        let buyChance: Double = switch persona {
        case .subscriber: 1
        case .edgeWalker: 0.3
        case .heavy: 0.15
        case .reinstaller: 0.1
        default: 0.05
        }
        if random.chance(buyChance) {
            let from: Instant = switch random.below(20) {
            case 0..<7: start.adding(milliseconds: random.int64(in: 1...trialLength))
            case 7..<16: trialEnd.adding(milliseconds: random.int64(in: 0...10 * Self.day))
            default: Instant(millisecondsSince1970: random.int64(in: start.millisecondsSince1970 + 1...end.millisecondsSince1970))
            }
            if from > start, from < end {
                changes = FlagshipStoreKitLifecycle.changes(&random, purchaseFrom: from, end: end)
                drawRefundInTrial(&changes, trialEnd: trialEnd)
                for change in changes where add(change.at, .setEntitlement(change.tier)) {
                    if let category = EdgeCategory.of(change.kind) { storeKit[category] += 1 }
                }
            }
        }
        if persona == .edgeWalker || random.chance(0.08) {
            for offset: Int64 in [-Self.second, -1, 0, 1, Self.second] where random.chance(0.5) {
                add(trialEnd.adding(milliseconds: offset), .capture(drawKind()))
            }
            for change in changes.prefix(8) {
                for offset: Int64 in [-1, 0, Self.second] where random.chance(0.6) {
                    add(change.at.adding(milliseconds: offset), .capture(drawKind()))
                }
            }
        }
        if persona == .traveller || random.chance(0.05) { drawFlights(startZone: startZone) }
        if persona == .reinstaller || random.chance(0.02) { drawReinstalls(startZone: startZone, trialEnd: trialEnd, changes: changes) }
        drawEmptyRestoresInTrial(trialEnd: trialEnd, changes: changes)
        rare.sort { ($0.event.at, $0.order) < ($1.event.at, $1.order) }
    }

    private mutating func drawFlights(startZone: TimeZoneRules) {
        var zone = startZone
        var t = start
        let longestGap = persona == .traveller ? 20 * Self.day : 120 * Self.day
        while true {
            t = t.adding(milliseconds: random.int64(in: 2 * Milliseconds.hour...longestGap))
            guard t < end else { return }
            switch random.below(4) {
            case 0 where !Self.dateLinePairs.isEmpty:
                // Across the date line: east gains a date, west loses one (UTC−12 to UTC+14 and back).
                let pair = random.pick(Self.dateLinePairs)
                let name = zone.identifier == pair.0 ? pair.1 : zone.identifier == pair.1 ? pair.0 : (random.chance(0.5) ? pair.0 : pair.1)
                if let next = TimeZoneRules.named(name) { add(t, .setZone(next)); zone = next }
            case 1:
                // Toggling back and forth across local midnight, with attempts in between.
                let other = random.chance(0.5) ? catalog.draw(&random) : (Self.dateLinePairs.isEmpty ? catalog.draw(&random) : TimeZoneRules.named(random.pick(Self.dateLinePairs).1) ?? zone)
                let midnight = zone.nextDateStart(after: t)
                var at = midnight.adding(milliseconds: -Int64(random.int(in: 60...180)) * Self.second)
                var here = zone, there = other
                for _ in 0..<random.int(in: 2...5) {
                    add(at, .setZone(there))
                    add(at.adding(milliseconds: Int64(random.int(in: 0...20)) * Self.second), .capture(drawKind()))
                    swap(&here, &there)
                    at = at.adding(milliseconds: Int64(random.int(in: 25...70)) * Self.second)
                }
                zone = here
                t = at
            default:
                let next = catalog.draw(&random)
                add(t, .setZone(next))
                zone = next
            }
        }
    }

    private mutating func drawReinstalls(startZone: TimeZoneRules, trialEnd: Instant, changes: [FlagshipEntitlementChange]) {
        for _ in 0..<random.int(in: 1...6) {
            let at: Instant
            switch random.below(5) {
            case 0: at = trialEnd.adding(milliseconds: random.pick([-1, 0, 1]))
            case 1: at = startZone.nextDateStart(after: randomInstant()).adding(milliseconds: random.pick([-Self.second, 0, 1]))
            case 2 where !changes.isEmpty: at = random.pick(changes).at
            default: at = randomInstant()
            }
            guard add(at, .reinstall) else { continue }
            // Now and then the new install is on a phone set to another zone (a backup
            // restored abroad): the zone changes right after the reinstall.
            if random.chance(0.2) { add(at.adding(milliseconds: random.pick([0, 1, Self.second, Milliseconds.minute])), .setZone(catalog.draw(&random))) }
        }
    }

    // MARK: The trial's StoreKit situations

    /// One purchase made in the trial in five is refunded before the trial ends:
    /// StoreKit ends access at once, and with no entitlement the trial is back until
    /// `trialEnd` (P1). The lifecycle is cut at the refund; half the time the user buys
    /// again later, as after any refund. Only a lifecycle whose first purchase falls in
    /// the trial (and in the timeline) with room for a later instant there is touched.
    private mutating func drawRefundInTrial(_ changes: inout [FlagshipEntitlementChange], trialEnd: Instant) {
        let last = min(trialEnd, end).millisecondsSince1970 - 1 // the last instant of the trial in the timeline
        guard let purchase = changes.first, purchase.kind == .purchase,
              purchase.at.millisecondsSince1970 < last, random.chance(0.2) else { return }
        let at = Instant(millisecondsSince1970: random.int64(in: purchase.at.millisecondsSince1970 + 1...last))
        changes.removeAll { $0.at >= at }
        changes.append(FlagshipEntitlementChange(at: at, tier: nil, kind: .refund))
        guard random.chance(0.5) else { return }
        var again = FlagshipStoreKitLifecycle.changes(&random, purchaseFrom: at.adding(milliseconds: random.int64(in: 1...90 * Self.day)), end: end)
        if !again.isEmpty { again[0].kind = .resubscription }
        changes += again
    }

    /// Now and then a user taps Restore Purchases during the trial with nothing to
    /// restore (a new phone, a purchase misremembered): StoreKit reports no entitlement
    /// while none is in force, which changes nothing (the trial goes on). Some tap it
    /// twice. Only instants inside the trial (and the timeline) with no entitlement of
    /// `changes` in force are kept.
    private mutating func drawEmptyRestoresInTrial(trialEnd: Instant, changes: [FlagshipEntitlementChange]) {
        guard random.chance(persona == .subscriber ? 0.1 : 0.025) else { return }
        let last = min(trialEnd, end).millisecondsSince1970 - 1
        guard last > start.millisecondsSince1970 else { return }
        var at = Instant(millisecondsSince1970: random.int64(in: start.millisecondsSince1970 + 1...last))
        for tap in 0..<(random.chance(0.3) ? 2 : 1) {
            if tap > 0 { at = at.adding(milliseconds: random.int64(in: Self.second...30 * Self.second)) }
            // A change at the same instant was added first, so it is in force by then.
            guard at.millisecondsSince1970 <= last, changes.last(where: { $0.at <= at })?.tier == nil else { return }
            add(at, .setEntitlement(nil))
        }
    }

    private mutating func randomInstant() -> Instant {
        Instant(millisecondsSince1970: random.int64(in: start.millisecondsSince1970...end.millisecondsSince1970 - 1))
    }

    private mutating func drawKind() -> CaptureKind {
        switch random.below(3) {
        case 0: .meal
        case 1: .recipePhoto
        default: .recipeLink
        }
    }

    // MARK: Everyday attempts

    /// How many attempts the persona makes on one local day (`Persona.usesOnADay`).
    @inline(__always)
    private mutating func attemptsToday(hasPlan: Bool) -> Int {
        persona.usesOnADay(hasPlan: hasPlan, random: &random)
    }

    /// Sorts a day's few extra moments (at most a dozen) in place.
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

    /// A moment of the day packed as `ms << 2 | what`, so that plain integers sort in
    /// time order: `what` is a capture kind (0, 1, 2) or 3 for a look.
    private static func pack(_ at: Instant, _ what: Int) -> Int64 { at.millisecondsSince1970 << 2 | Int64(what) }
    private static let lookCode = 3

    private mutating func kindCode() -> Int {
        switch drawKind() {
        case .meal: 0
        case .recipePhoto: 1
        case .recipeLink: 2
        }
    }

    /// The action a packed moment stands for.
    @inline(__always)
    private static func action(_ packed: Int64) -> FlagshipEvent.Action {
        switch packed & 3 {
        case 0: .capture(.meal)
        case 1: .capture(.recipePhoto)
        case 2: .capture(.recipeLink)
        default: .look
        }
    }

    /// Lays out the everyday attempts local day by local day and merges the rare
    /// events in. A day's `n` attempts are stratified: one uniform in each of `n` equal
    /// slices of the local day (the last takes the few ms of remainder), so they come
    /// out in time order with no sort (the day is still covered evenly, and two
    /// attempts can still fall close together at a slice's edge); its few extra moments
    /// (a look, an edge walker's boundaries) are sorted apart and merged in.
    mutating func layOutDays(startZone: TimeZoneRules) {
        out.append(FlagshipEvent(at: start, .install))
        clock = ZoneClock(zone: startZone)
        nextRareAt = rare.first?.event.at.millisecondsSince1970 ?? .max
        let trialEnd = start.adding(milliseconds: trialLength)
        // A day's extra moments (at most 11: an edge walker's 3 + 3 + 4 and a look; and a
        // calendar-edge burst's captures, with the one the day before left) in a fixed
        // buffer: no copy-on-write check per day.
        let extras = UnsafeMutablePointer<Int64>.allocate(capacity: 16 + Self.largestEdgeBurst + 1)
        defer { extras.deallocate() }
        var extraCount = 0
        func addExtra(_ packed: Int64) {
            extras[extraCount] = packed
            extraCount += 1
        }

        var dayStart = start
        while dayStart < end {
            let dayEnd = min(clock.nextDateStart(after: dayStart), end)
            let width = dayEnd.millisecondsSince1970 - dayStart.millisecondsSince1970
            let attempts = Int64(attemptsToday(hasPlan: entitled || dayStart < trialEnd))
            extraCount = 0
            if persona == .edgeWalker {
                // The last moments before the local date advances and the first after.
                for offset: Int64 in [1, Self.second, 59 * Self.second] where random.chance(0.4) && offset < width {
                    addExtra(Self.pack(dayEnd.adding(milliseconds: -offset), kindCode()))
                }
                if dayStart > start {
                    for offset: Int64 in [0, 1, Self.second] where random.chance(0.4) && offset < width {
                        addExtra(Self.pack(dayStart.adding(milliseconds: offset), kindCode()))
                    }
                }
                if let change = clock.nextChange(after: dayStart), change < dayEnd {
                    for offset: Int64 in [-Self.second, -1, 0, Self.second] where random.chance(0.6) {
                        let at = change.adding(milliseconds: offset)
                        if at >= dayStart, at < dayEnd { addExtra(Self.pack(at, kindCode())) }
                    }
                }
            }
            if random.chance(0.25) { addExtra(Self.pack(dayStart.adding(milliseconds: random.int64(in: 0...width - 1)), Self.lookCode)) }
            // A calendar-edge burst's captures (in time order) and the one it left for today.
            if pendingEdgeCapture >= 0 {
                if pendingEdgeCapture >> 2 < dayEnd.millisecondsSince1970 { addExtra(pendingEdgeCapture) }
                pendingEdgeCapture = -1
            }
            if dayEnd < end, let burst = calendarEdgeBurst(dayStart: dayStart, dayEnd: dayEnd, trialEnd: trialEnd) {
                let slice = (dayEnd.millisecondsSince1970 &- burst.from) / Int64(burst.count)
                for k in 0..<Int64(burst.count) {
                    addExtra(Self.pack(Instant(millisecondsSince1970: burst.from &+ slice &* k &+ edgeRandom.int64(in: 0...max(0, slice &- 1))), edgeKindCode()))
                }
                pendingEdgeCapture = Self.pack(Instant(millisecondsSince1970: burst.next), edgeKindCode())
            }
            Self.insertionSort(extras, count: extraCount)
            var e = 0
            // Slice k is [k·w, (k+1)·w) with w = ⌊width / n⌋, the last one running to the
            // day's end: one division a day, none per attempt.
            let slice = attempts > 0 ? width / attempts : 0
            for k in 0..<attempts {
                let low = slice &* k
                let span = k == attempts - 1 ? width &- low : slice
                // One draw gives the instant (its high bits) and the capture kind (its low bits).
                let bits = random.next()
                let at = dayStart.millisecondsSince1970 &+ low &+ Int64(bits.multipliedFullWidth(by: UInt64(span)).high)
                let packed = at << 2 | Int64(((bits & 0xFFFF_FFFF) &* 3) >> 32) // (`>>` binds tighter than `&*`)
                while e < extraCount, extras[e] <= packed {
                    emit(extras[e])
                    e += 1
                }
                emit(packed)
            }
            while e < extraCount {
                emit(extras[e])
                e += 1
            }
            if nextRareAt < dayEnd.millisecondsSince1970 { appendRare(before: dayEnd.millisecondsSince1970) }
            dayStart = dayEnd
        }
        appendRare(before: .max)
    }

    // MARK: Calendar edges

    /// The most captures a calendar-edge burst makes: Unlimited's 50 and three past it.
    private static var largestEdgeBurst: Int { 53 }

    /// A capture kind from the edge stream, packed as a moment's code.
    private mutating func edgeKindCode() -> Int {
        edgeRandom.below(3)
    }

    /// A burst at the end of the local day `dayStart ..< dayEnd` when it is a calendar
    /// edge of the analyses' day window (`CalendarEdge`), drawn from the edge stream with
    /// the policy generator's chances (`LifeBuilder.edgeBurstChance`): under a plan
    /// that lasts past midnight, the plan's limit and one to three past it within the
    /// day's last ten minutes to three hours (from `from`, ms), then a capture at `next`,
    /// within half an hour after midnight.
    private mutating func calendarEdgeBurst(dayStart: Instant, dayEnd: Instant, trialEnd: Instant) -> (count: Int, from: Int64, next: Int64)? {
        guard entitled || dayEnd < trialEnd else { return nil }
        let midnight = dayEnd.millisecondsSince1970
        let today = Int(clock.localDate(at: dayStart).daysSince1970)
        if today < monthStart || today >= nextMonthStart {
            let (year, month, _) = LocalDate.civil(days: today)
            monthStart = LocalDate.days(year: year, month: month, day: 1)
            nextMonthStart = month == 12 ? LocalDate.days(year: year + 1, month: 1, day: 1) : LocalDate.days(year: year, month: month + 1, day: 1)
        }
        let day = LocalDate(daysSince1970: Int32(today))
        var edges: CalendarEdge.Edges = today &+ 2 >= nextMonthStart ? CalendarEdge.dateEdges(of: day) : []
        if let change = clock.nextChange(after: dayStart.adding(milliseconds: -1)), change < dayEnd {
            edges.formUnion(CalendarEdge.daylightEdges(of: day, wholeMonth: false, near: midnight &- 1, zone: clock.zone, calendar: .device))
        }
        let offset = clock.offsetMilliseconds(at: Instant(millisecondsSince1970: midnight &- 1))
        edges.formUnion(CalendarEdge.zoneEdges(offset, offset))
        guard !edges.isEmpty, edgeRandom.chance(LifeBuilder.edgeBurstChance(edges)) else { return nil }
        let limit = tier == .unlimited ? 50 : 10
        let from = max(dayStart.millisecondsSince1970, midnight &- edgeRandom.int64(in: 10 * Milliseconds.minute...3 * Milliseconds.hour))
        return (limit + edgeRandom.int(in: 1...3), from, midnight &+ edgeRandom.int64(in: 0...30 * Milliseconds.minute))
    }

    /// Appends one everyday moment, after the rare events due by then.
    @inline(__always)
    private mutating func emit(_ packed: Int64) {
        let at = packed >> 2
        if nextRareAt <= at { appendRare(before: at &+ 1) }
        out.append(FlagshipEvent(at: Instant(millisecondsSince1970: at), Self.action(packed)))
    }

    /// Appends the rare events strictly before `limit` (ms), following the zone and
    /// the entitlement they set.
    @inline(never)
    private mutating func appendRare(before limit: Int64) {
        while nextRareAt < limit {
            let event = rare[nextRare].event
            switch event.action {
            case .setZone(let moved): clock.set(moved)
            case .setEntitlement(let tier):
                entitled = tier != nil
                self.tier = tier
            default: break
            }
            out.append(event)
            nextRare += 1
            nextRareAt = nextRare < rare.count ? rare[nextRare].event.at.millisecondsSince1970 : .max
        }
    }
}

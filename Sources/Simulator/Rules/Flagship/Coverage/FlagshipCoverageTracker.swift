import SubscriptionModel
import SimulatorCore

/// Finds the edge categories one timeline reaches, from its events alone (instants,
/// zones and the zone tables): what the clock and the calendar did between events,
/// where attempts fell, and what StoreKit reported inside the trial. Entitlement kinds
/// come from the generator, which knows what StoreKit did; a `set-entitlement` event
/// alone cannot tell a lapse from a refund. Inside the trial it can: no monthly period
/// bought in it ends before the trial does, so access ending there is a refund.
///
/// The captures-by-minute counts live in a block a tracker's copies share (a run keeps
/// one tracker per worker, inside its `FlagshipRunObserver`).
package struct FlagshipCoverageTracker {
    /// What was reached so far.
    package var counts: FlagshipCoverageCounts {
        var all = reached
        all[.lastMinuteBeforeReset] += minutes.pointer[Self.minutesPerDay - 1]
        all[.firstMinuteAfterReset] += minutes.pointer[0]
        return all
    }
    private var reached = FlagshipCoverageCounts()
    /// Captures by local minute of the day (0 is 00:00–00:01). Counted for every
    /// capture, so kept in a flat block and incremented in place; the last and first
    /// minute categories, and the run observer's time-of-day charts, are read from it.
    private let minutes = CounterBlock(count: minutesPerDay)
    private static var minutesPerDay: Int { Int(Milliseconds.twentyFourHours / Milliseconds.minute) }

    private var clock = ZoneClock(zone: .utc)
    /// The UTC instant of the previous event, in ms.
    private var previousAt: Int64 = 0
    /// The offset in force at the previous event; `noEvent` before the first (the
    /// clock can only jump between two events).
    private var previousOffset = Self.noEvent
    private static var noEvent: Int64 { .min }
    /// `I + trial length` in ms once installed; `.max` before.
    private var trialEnd = Int64.max
    private let trialLength: Int64
    /// The previous capture's instant in ms; `.max` before the first.
    private var lastAttempt = Int64.max
    /// The last zone change that moved the local date: when, and the zone it left.
    private var pendingToggle: (at: Instant, from: TimeZoneRules)?
    /// Whether the timeline's last `set-entitlement` set a tier (none before the first).
    private var entitled = false
    /// The last capture blocked by the day's limit, waiting for the next capture
    /// (`CalendarEdge`'s rule for the analyses' day window).
    private var calendarWatch = CalendarEdgeWatch()

    /// A tracker for a policy whose trial lasts `trialLength` ms.
    package init(trialLength: Int64) {
        self.trialLength = trialLength
    }

    /// A new timeline starting in `zone`.
    package mutating func begin(zone: TimeZoneRules) {
        clock.set(zone)
        previousOffset = Self.noEvent
        trialEnd = .max
        lastAttempt = .max
        pendingToggle = nil
        entitled = false
        calendarWatch.reset()
    }

    /// Adds counts reached elsewhere (the generator's StoreKit changes).
    package mutating func add(_ other: FlagshipCoverageCounts) {
        reached.add(other)
    }

    private static var day: Int64 { Milliseconds.twentyFourHours }

    /// Captures by local minute of the day, 1,440 counts from 00:00.
    package var capturesByMinute: [Int] {
        Array(UnsafeBufferPointer(start: minutes.pointer, count: Self.minutesPerDay))
    }

    /// One event. Captures and looks, nearly every event, take a short path; the rest
    /// (install, zone and entitlement changes, reinstalls) go through `observeOther`.
    @inline(__always)
    package mutating func observe(_ event: FlagshipEvent) {
        let at = event.at.millisecondsSince1970
        var switchedFrom: TimeZoneRules?
        let isCapture: Bool
        switch event.action {
        case .capture:
            isCapture = true
            if lastAttempt < trialEnd, at >= trialEnd { reached[.trialEndsBetweenAttempts] += 1 }
            lastAttempt = at
        case .look:
            isCapture = false
        default:
            isCapture = false
            switchedFrom = observeOther(event)
        }
        let offset = clock.offsetMilliseconds(at: event.at)
        let local = at &+ offset
        if isCapture {
            // Local wall-clock ms are UTC ms plus the offset, so the minute of the day is
            // a remainder: days of 23 or 25 hours still have minutes 0 to 1439 only.
            let timeOfDay = local &- Int64(LocalDate(localMilliseconds: local).daysSince1970) &* Self.day
            minutes.pointer[Int(truncatingIfNeeded: timeOfDay / Milliseconds.minute)] &+= 1
        }
        if switchedFrom != nil || offset != previousOffset {
            observeClockChange(at: event.at, switchedFrom: switchedFrom, offset: offset, local: local)
        }
        previousAt = at
        previousOffset = offset
    }

    /// A capture's output, after `observe(_:)` saw its event: `CalendarEdge`'s rule for
    /// the analyses' day window, from the outputs alone. A capture blocked under a plan is
    /// blocked by the day's limit (the capture table); under no plan it is blocked by
    /// none, and ends any wait as any capture does.
    @inline(__always)
    package mutating func observeCapture(at instant: Instant, _ output: FlagshipOutput) {
        let blocked = output.outcome != .captured && output.plan != .none
        guard blocked || calendarWatch.isWaiting else { return }
        observeCalendarEdge(at: instant, output, blocked: blocked)
    }

    @inline(never)
    private mutating func observeCalendarEdge(at instant: Instant, _ output: FlagshipOutput, blocked: Bool) {
        let offset = clock.offsetMilliseconds(at: instant)
        guard let (_, edges) = calendarWatch.use(day: output.day, at: instant.millisecondsSince1970, allowed: output.outcome == .captured,
                                                 blockedBy: blocked ? .day : nil, offset: offset, zone: clock.zone, calendar: .device, dayStart: 0) else { return }
        for edge in edges.members { reached[edge] += 1 }
    }

    /// An install, zone change, entitlement change or reinstall; returns the zone left.
    @inline(never)
    private mutating func observeOther(_ event: FlagshipEvent) -> TimeZoneRules? {
        switch event.action {
        case .install: if trialEnd == .max { trialEnd = event.at.millisecondsSince1970 &+ trialLength }
        case .setZone(let next):
            let from = clock.zone
            clock.set(next)
            return from
        case .reinstall: reached[.reinstall] += 1
        case .setEntitlement(let tier): observeEntitlement(tier, at: event.at.millisecondsSince1970)
        case .capture, .look: break
        }
        return nil
    }

    /// StoreKit's current entitlement, as reported at `at` (ms): inside the trial
    /// `[I, I + trial length)`, "none" with none in force is an empty restore, and
    /// "none" with one in force is a refund of a purchase made in the trial.
    private mutating func observeEntitlement(_ tier: PaidTier?, at: Int64) {
        if tier == nil, at < trialEnd { reached[entitled ? .refundInTrial : .emptyRestoreInTrial] += 1 }
        entitled = tier != nil
    }

    /// The local clock jumped: a zone change, or a transition crossed in the same zone.
    @inline(never)
    private mutating func observeClockChange(at: Instant, switchedFrom: TimeZoneRules?, offset: Int64, local: Int64) {
        if let from = switchedFrom {
            observeSwitch(at: at, from: from, offset: offset, date: LocalDate(localMilliseconds: local))
        } else if previousOffset != Self.noEvent { // (the first event has nothing to jump from)
            observeTransition(offset: offset, date: LocalDate(localMilliseconds: local))
        }
    }

    /// A zone change: date-line travel, dates skipped or repeated, toggles.
    private mutating func observeSwitch(at: Instant, from: TimeZoneRules, offset: Int64, date: LocalDate) {
        let oldOffset = from.offsetMilliseconds(at: at)
        let oldDate = LocalDate(localMilliseconds: at.millisecondsSince1970 + oldOffset)
        if abs(offset - oldOffset) > 12 * Milliseconds.hour { reached[.dateLineTravel] += 1 }
        guard date != oldDate else { return }
        if date < oldDate { reached[.repeatedDate] += 1 }
        if date.daysSince1970 - oldDate.daysSince1970 >= 2 { reached[.skippedDate] += 1 }
        if let pending = pendingToggle, pending.from == clock.zone, pending.at.milliseconds(to: at) <= Milliseconds.hour {
            reached[.zoneToggleAcrossDate] += 1
            pendingToggle = nil
        } else {
            pendingToggle = (at, from)
        }
    }

    /// The offset changed between two events in the same zone: a transition was crossed.
    private mutating func observeTransition(offset: Int64, date: LocalDate) {
        reached[offset > previousOffset ? .dstSpringForward : .dstFallBack] += 1
        if date < LocalDate(localMilliseconds: previousAt + previousOffset) { reached[.repeatedDate] += 1 }
        guard let change = clock.zone.nextChange(after: Instant(millisecondsSince1970: previousAt)) else { return }
        let before = change.at.millisecondsSince1970 + change.before // the wall clock as it changes, from…
        let after = change.at.millisecondsSince1970 + change.after // …to
        let lastBefore = LocalDate(localMilliseconds: before - 1), lastAfter = LocalDate(localMilliseconds: after - 1)
        if after > before {
            // Wall times [before, after) never happen. A midnight among them is missing
            // (Sao Paulo 2018-11-04); a whole date among them is skipped (Apia 2011-12-30).
            if lastAfter > lastBefore { reached[.missingMidnight] += 1 }
            if LocalDate(localMilliseconds: after).daysSince1970 - lastBefore.daysSince1970 >= 2 { reached[.skippedDate] += 1 }
        } else if lastBefore > lastAfter {
            // Wall times [after, before) happen twice, and a midnight is among them
            // (Havana in November, St. John's 2006-10-29).
            reached[.fallBackAcrossMidnight] += 1
        }
    }
}

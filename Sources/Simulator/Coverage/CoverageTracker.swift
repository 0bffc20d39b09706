import SubscriptionModel

/// Finds the edge categories one timeline reaches, from its events alone (instants,
/// zones and the zone tables): what the clock and the calendar did between events,
/// and where attempts fell. Entitlement kinds come from the generator, which knows
/// what StoreKit did; a `set-entitlement` event alone cannot tell a lapse from a refund.
public struct CoverageTracker {
    /// What was reached so far.
    public var counts: CoverageCounts {
        var all = reached
        all[.lastMinuteBeforeReset] += lastMinuteAttempts
        all[.firstMinuteAfterReset] += firstMinuteAttempts
        return all
    }
    private var reached = CoverageCounts()
    /// Attempts in the last and first minute of a local day: counted for nearly every
    /// capture, so kept as plain integers and added without a branch.
    private var lastMinuteAttempts = 0, firstMinuteAttempts = 0

    private var clock = ZoneClock(zone: .utc)
    private var previousAt: Instant?
    private var previousOffset: Int64 = 0
    /// The local wall time of the previous event, in ms (its date only matters when the offset changed).
    private var previousLocal: Int64 = 0
    private var installedAt = Instant(millisecondsSince1970: 0)
    private var trialLength: Int64
    private var lastAttempt: Instant?
    /// The last zone change that moved the local date: when, and the zone it left.
    private var pendingToggle: (at: Instant, from: TimeZoneRules)?

    /// A tracker for a policy whose trial lasts `trialLength` ms.
    public init(trialLength: Int64) {
        self.trialLength = trialLength
    }

    /// A new timeline starting in `zone`.
    public mutating func begin(zone: TimeZoneRules) {
        clock.set(zone)
        previousAt = nil
        lastAttempt = nil
        pendingToggle = nil
    }

    /// Adds counts reached elsewhere (the generator's StoreKit changes).
    public mutating func add(_ other: CoverageCounts) {
        reached.add(other)
    }

    private static let day = Milliseconds.twentyFourHours

    /// Where in its local day the last capture fell, in ms since local midnight (for
    /// the run observer's time-of-day counts).
    public private(set) var lastTimeOfDay: Int64 = 0

    /// One event. Captures and looks, nearly every event, take a short path; the rest
    /// (install, zone and entitlement changes, reinstalls) go through `observeOther`.
    @inline(__always)
    public mutating func observe(_ event: Event) {
        let at = event.at
        var switchedFrom: TimeZoneRules?
        let isCapture: Bool
        switch event.action {
        case .capture:
            isCapture = true
            if let last = lastAttempt {
                let trialEnd = installedAt.adding(milliseconds: trialLength)
                if last < trialEnd, at >= trialEnd { reached[.trialEndsBetweenAttempts] += 1 }
            }
            lastAttempt = at
        case .look:
            isCapture = false
        default:
            isCapture = false
            switchedFrom = observeOther(event)
        }
        let offset = clock.offsetMilliseconds(at: at)
        let local = at.millisecondsSince1970 &+ offset
        if isCapture {
            let timeOfDay = local &- Int64(LocalDate(localMilliseconds: local).daysSince1970) &* Self.day
            lastTimeOfDay = timeOfDay
            lastMinuteAttempts &+= timeOfDay >= Self.day - Milliseconds.minute ? 1 : 0
            firstMinuteAttempts &+= timeOfDay < Milliseconds.minute ? 1 : 0
        }
        if switchedFrom != nil || (offset != previousOffset && previousAt != nil) {
            observeClockChange(at: at, switchedFrom: switchedFrom, offset: offset, local: local)
        }
        previousAt = at
        previousOffset = offset
        previousLocal = local
    }

    /// An install, zone change, entitlement change or reinstall; returns the zone left.
    @inline(never)
    private mutating func observeOther(_ event: Event) -> TimeZoneRules? {
        switch event.action {
        case .install: installedAt = event.at
        case .setZone(let next):
            let from = clock.zone
            clock.set(next)
            return from
        case .reinstall: reached[.reinstall] += 1
        case .capture, .look, .setEntitlement: break
        }
        return nil
    }

    /// The local clock jumped: a zone change, or a transition crossed in the same zone.
    @inline(never)
    private mutating func observeClockChange(at: Instant, switchedFrom: TimeZoneRules?, offset: Int64, local: Int64) {
        if let from = switchedFrom {
            observeSwitch(at: at, from: from, offset: offset, date: LocalDate(localMilliseconds: local))
        } else {
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
        if date < LocalDate(localMilliseconds: previousLocal) { reached[.repeatedDate] += 1 }
        guard let previousAt, let change = clock.zone.nextChange(after: previousAt) else { return }
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

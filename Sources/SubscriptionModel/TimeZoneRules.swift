/// One time zone's UTC offsets as a table of changes, built once from Foundation.
///
/// U2 defines the local date as the calendar date in the device's zone "as Foundation's
/// `TimeZone` reports it". Asking `Calendar` at every event costs about a microsecond;
/// this table answers the same question with a bucketed lookup and integer arithmetic,
/// so the model's step makes no Foundation call and no allocation. The table is read
/// from Foundation itself (every transition `nextDaylightSavingTimeTransition(after:)`
/// reports, which on Linux includes non-DST offset changes such as Asia/Kathmandu 1986
/// or Pacific/Apia 2011), and `Tests/Properties` checks it against `Calendar` in every
/// zone, at random instants and at every transition ±1 s, so a platform whose
/// Foundation reported fewer changes would fail there rather than drift silently.
///
/// The local date is taken from the instant's own wall-clock reading (UTC plus the
/// offset in force), never from "start of day + 24 h", so days of 23, 25 or 0 hours
/// (Pacific/Apia 2011-12-30), midnights that do not exist or happen twice, and dates
/// that go backward all come out as Foundation's calendar has them.
///
/// A `TimeZoneRules` is a plain pointer to its table, which the process keeps for
/// its whole life (tables are built once per zone and never freed), so states and
/// events that carry a zone copy without reference counting: worker threads never
/// contend on a shared counter.
public struct TimeZoneRules: Hashable, Sendable, CustomStringConvertible {
    /// The table, owned for the life of the process by `ZoneTable`'s registries;
    /// reached without retaining it (`withTable`).
    @usableFromInline let handle: Unmanaged<ZoneTable>

    /// The table, retained (for the cold paths).
    @usableFromInline var table: ZoneTable { handle.takeUnretainedValue() }

    /// Calls `body` with the table, without reference counting (the hot path).
    @inlinable
    func withTable<R>(_ body: (ZoneTable) -> R) -> R {
        handle._withUnsafeGuaranteedRef(body)
    }

    /// The first and last years the table is built for; lookups outside clamp to
    /// the nearest offset, which covers everything the timeline format can express.
    package static let coveredYears = ZoneTable.coveredYears

    /// Builds a zone from explicit transitions (used by tests and by zones made up
    /// for experiments). `offsets` (ms) has one more element than `transitions` (ms).
    package init(identifier: String, transitions: [Int64], offsets: [Int64]) {
        self.handle = Unmanaged.passUnretained(ZoneTable.keep(ZoneTable(identifier: identifier, transitions: transitions, offsets: offsets)))
    }

    private init(table: ZoneTable) {
        self.handle = Unmanaged.passUnretained(table)
    }

    /// The rules of a zone Foundation's `TimeZone(identifier:)` accepts, or nil.
    ///
    /// Tables are built once per identifier and shared by every thread.
    public static func named(_ identifier: String) -> TimeZoneRules? {
        ZoneTable.named(identifier).map(TimeZoneRules.init(table:))
    }

    /// UTC: a zone with no offset changes (also the placeholder zone of a fresh state).
    public static let utc = TimeZoneRules.named("UTC")!

    /// The identifier the zone was created with, as written in a timeline.
    public var identifier: String { table.identifier }

    /// The identifier's `FNV1a` hash, read from the table (worked out when it was built).
    @inlinable
    package var identifierHash: UInt64 { withTable { $0.identifierHash } }

    /// The offset from UTC, in milliseconds, in force at `instant`.
    @inlinable
    public func offsetMilliseconds(at instant: Instant) -> Int64 {
        withTable { $0.offset(at: instant.millisecondsSince1970) }
    }

    /// The local calendar date at `instant` (U2).
    @inlinable
    public func localDate(at instant: Instant) -> LocalDate {
        LocalDate(localMilliseconds: instant.millisecondsSince1970 + withTable { $0.offset(at: instant.millisecondsSince1970) })
    }

    /// The offset in force at `instant` and the span of instants (ms, half-open) it
    /// stays in force for: what `ZoneClock` caches.
    @inlinable
    package func offsetSpan(at instant: Instant) -> (offset: Int64, from: Int64, until: Int64) {
        withTable { table in
            let i = table.index(at: instant.millisecondsSince1970)
            let from = i > 0 ? table.transitions[i - 1] : Int64.min
            let until = i < table.transitions.count ? table.transitions[i] : Int64.max
            return (table.offsets[i], from, until)
        }
    }

    /// The first offset change strictly after `instant`, with the offsets around it.
    package func nextChange(after instant: Instant) -> (at: Instant, before: Int64, after: Int64)? {
        withTable { table in
            let i = table.index(at: instant.millisecondsSince1970)
            guard i < table.transitions.count else { return nil }
            return (Instant(millisecondsSince1970: table.transitions[i]), table.offsets[i], table.offsets[i + 1])
        }
    }

    /// The instant of the first local midnight after `instant`, or the instant the
    /// local date next advances when that midnight does not exist (a DST change at
    /// 00:00 or a skipped day). Found from the table, so it is exact.
    public func nextDateStart(after instant: Instant) -> Instant {
        // Most days: no offset change before the wall clock reaches the next midnight.
        let span = offsetSpan(at: instant)
        let midnight = LocalDate(localMilliseconds: instant.millisecondsSince1970 + span.offset).endMilliseconds(offset: span.offset)
        if midnight < span.until { return Instant(millisecondsSince1970: midnight) }
        let today = localDate(at: instant)
        // The wall clock reaches the next date at `dayEnd - offset` unless the offset
        // changes first; step across changes until the date has advanced.
        var candidate = instant
        for _ in 0..<8 {
            let offset = offsetMilliseconds(at: candidate)
            var next = Instant(millisecondsSince1970: localDate(at: candidate).endMilliseconds(offset: offset))
            if let change = nextChange(after: candidate), change.at < next { next = change.at }
            if localDate(at: next) > today { return next }
            candidate = next
        }
        return candidate
    }

    /// Every offset change, as (instant, offset before, offset after) in milliseconds.
    package var changes: [(at: Instant, before: Int64, after: Int64)] {
        table.transitions.indices.map { (Instant(millisecondsSince1970: table.transitions[$0]), table.offsets[$0], table.offsets[$0 + 1]) }
    }

    /// The zone whose dates are this zone's counted from `dayStart` ms after midnight: its
    /// offsets are this zone's less `dayStart`, its changes at the same instants, so its
    /// local date at an instant is the date this zone's wall clock showed `dayStart`
    /// earlier, and its midnights fall where this zone's clock reads `dayStart`. Named
    /// `ZONE@HH:MM` (no zone Foundation knows); built once per zone and day start.
    package func dayStarting(at dayStart: Int64) -> TimeZoneRules {
        guard dayStart != 0 else { return self }
        return TimeZoneRules(table: ZoneTable.shifted(table, by: dayStart))
    }

    /// Whether the zone's offset ever changes within the table.
    package var hasTransitions: Bool { !table.transitions.isEmpty }

    /// Zones are equal when their identifiers are (the same table, nearly always, which
    /// is compared inline).
    @inlinable
    public static func == (lhs: TimeZoneRules, rhs: TimeZoneRules) -> Bool {
        lhs.handle.toOpaque() == rhs.handle.toOpaque() || sameIdentifier(lhs, rhs)
    }

    /// Whether two zones with different tables have the same identifier.
    @usableFromInline
    static func sameIdentifier(_ lhs: TimeZoneRules, _ rhs: TimeZoneRules) -> Bool {
        lhs.table.identifier == rhs.table.identifier
    }

    /// Hashes the identifier.
    public func hash(into hasher: inout Hasher) { hasher.combine(table.identifier) }

    /// The identifier.
    public var description: String { table.identifier }
}

/// A zone with the offset it last looked up and the span that offset holds for: local
/// dates of nearby instants (a timeline's next event, usually) cost two comparisons
/// and a division, until a transition is crossed.
public struct ZoneClock: Hashable, Sendable {
    /// The zone.
    public private(set) var zone: TimeZoneRules
    @usableFromInline var offset: Int64 = 0
    @usableFromInline var from: Int64 = .max
    @usableFromInline var until: Int64 = .min

    /// A clock for `zone`.
    public init(zone: TimeZoneRules) {
        self.zone = zone
    }

    /// Clocks are equal when their zones are (the cache aside).
    public static func == (lhs: ZoneClock, rhs: ZoneClock) -> Bool { lhs.zone == rhs.zone }

    /// Hashes the zone.
    public func hash(into hasher: inout Hasher) { hasher.combine(zone) }

    /// Moves to another zone.
    public mutating func set(_ zone: TimeZoneRules) {
        self.zone = zone
        from = .max
        until = .min
    }

    /// The offset from UTC in force at `instant`, in ms.
    @inlinable @inline(__always)
    public mutating func offsetMilliseconds(at instant: Instant) -> Int64 {
        let ms = instant.millisecondsSince1970
        if ms >= from, ms < until { return offset }
        return refresh(at: instant)
    }

    /// Looks the offset up in the table and caches its span (out of line: the rare path).
    @usableFromInline @inline(never)
    mutating func refresh(at instant: Instant) -> Int64 {
        (offset, from, until) = zone.offsetSpan(at: instant)
        return offset
    }

    /// The instant of the first offset change strictly after `instant`, or nil when the
    /// offset never changes again: the end of the cached span, so a day walk asks the
    /// table only when it crosses a change (the same answer as
    /// `TimeZoneRules.nextChange(after:)`).
    @inlinable
    public mutating func nextChange(after instant: Instant) -> Instant? {
        _ = offsetMilliseconds(at: instant)
        return until == .max ? nil : Instant(millisecondsSince1970: until)
    }

    /// The local date at `instant` (U2).
    @inlinable @inline(__always)
    public mutating func localDate(at instant: Instant) -> LocalDate {
        LocalDate(localMilliseconds: instant.millisecondsSince1970 + offsetMilliseconds(at: instant))
    }

    /// The instant the local date next advances after `instant`: the same answer as
    /// `TimeZoneRules.nextDateStart(after:)`, from the cached span when the next
    /// midnight falls inside it (a day walk's usual case), from the table otherwise.
    @inlinable
    public mutating func nextDateStart(after instant: Instant) -> Instant {
        let offset = offsetMilliseconds(at: instant)
        let midnight = LocalDate(localMilliseconds: instant.millisecondsSince1970 + offset).endMilliseconds(offset: offset)
        if midnight < until { return Instant(millisecondsSince1970: midnight) }
        return zone.nextDateStart(after: instant)
    }
}

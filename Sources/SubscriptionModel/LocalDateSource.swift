/// Where the model gets the local date of an instant in a zone (U2).
///
/// The model is generic over it so that the same rules can run on the fast offset
/// tables (`ZoneTableDates`, the default) or on a baseline that asks Foundation's
/// `Calendar` at every event (the simulator's benchmark and cross-check).
public protocol LocalDateSource: Sendable {
    /// The calendar date at `instant` in `zone`.
    func localDate(at instant: Instant, in zone: TimeZoneRules) -> LocalDate
    /// The calendar date at `instant` in `clock`'s zone; a source may use (and refresh)
    /// the clock's cached offset span.
    func localDate(at instant: Instant, clock: inout ZoneClock) -> LocalDate
}

extension LocalDateSource {
    /// By default, ignores the cache.
    @inlinable
    public func localDate(at instant: Instant, clock: inout ZoneClock) -> LocalDate {
        localDate(at: instant, in: clock.zone)
    }
}

/// Local dates from each zone's table of offset changes: no Foundation call, no allocation.
public struct ZoneTableDates: LocalDateSource {
    /// Creates the source.
    @inlinable
    public init() {}

    /// The table's local date.
    @inlinable
    public func localDate(at instant: Instant, in zone: TimeZoneRules) -> LocalDate {
        zone.localDate(at: instant)
    }

    /// The table's local date, through the clock's cached offset span.
    @inlinable @inline(__always)
    public func localDate(at instant: Instant, clock: inout ZoneClock) -> LocalDate {
        clock.localDate(at: instant)
    }
}

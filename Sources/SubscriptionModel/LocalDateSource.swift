/// Where the model gets the local date of an instant in a zone (U2).
///
/// The model is generic over it so that the same rules can run on the fast offset
/// tables (`ZoneTableDates`, the default) or on a baseline that asks Foundation's
/// `Calendar` at every event (the simulator's benchmark and cross-check).
public protocol LocalDateSource: Sendable {
    /// The calendar date at `instant` in `zone`.
    func localDate(at instant: Instant, in zone: TimeZoneRules) -> LocalDate
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
}

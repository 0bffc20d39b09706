/// Everything a policy's rules remember about one user (G1–G4, G12): the generic
/// engine's whole state.
///
/// Counts live with the identity, like `I`: nothing here is reset by a reinstall (G1).
/// The device's zone is a `ZoneClock`, whose offset cache is not part of what a state
/// *is* (equality ignores it).
public struct SubscriptionState: Hashable, Sendable {
    /// The first install instant `I` (G1); nil before the install event.
    public var installedAt: Instant?
    /// Whether the guest has signed in (G1: once registered, always registered).
    public var isRegistered: Bool
    /// The device's current zone.
    public var clock: ZoneClock
    /// StoreKit's current entitlement with its display details (P1, G12).
    public var entitlement: Entitlement?
    /// Each meter's counts as written on `usageDay` (G4), by meter index.
    public var counts: MeterCounts
    /// The counted uses a rolling window still holds (a policy with a `rolling` limit).
    package var rollingLog = RollingLog()

    /// The usage day written with the last counted use (G3); nil before any.
    package var usageDay: LocalDate? {
        get { storedDay }
        set { setUsageDay(newValue) }
    }

    /// `usageDay`'s storage.
    private(set) var storedDay: LocalDate?
    /// The first day (since 1970) of `usageDay`'s month, and of the month after it: from
    /// that usage day on, the month counts read 0 (G3). Kept with the day so that a step
    /// compares two integers instead of converting dates to months.
    private(set) var monthStart: Int32 = .max, nextMonthStart: Int32 = .max

    /// A user who has not installed yet, whose device is in `zone`, with `meters` meters
    /// (at most `MeterCounts.capacity`).
    package init(zone: TimeZoneRules, meters: Int) {
        self.installedAt = nil
        self.isRegistered = false
        self.clock = ZoneClock(zone: zone)
        self.entitlement = nil
        self.storedDay = nil
        self.counts = MeterCounts(meters: meters)
    }

    /// The device's current zone.
    public var zone: TimeZoneRules {
        get { clock.zone }
        set { clock.set(newValue) }
    }

    /// Writes the usage day, and the span of its month when it is in another month.
    @inline(__always)
    mutating func setUsageDay(_ day: LocalDate?) {
        storedDay = day
        guard let day else {
            (monthStart, nextMonthStart) = (.max, .max)
            return
        }
        if day.daysSince1970 < monthStart || day.daysSince1970 >= nextMonthStart { (monthStart, nextMonthStart) = Self.month(of: day) }
    }

    /// The first day of `day`'s month and of the month after it.
    static func month(of day: LocalDate) -> (start: Int32, next: Int32) {
        let (year, month, _) = day.components
        let next = month == 12 ? LocalDate(year: year + 1, month: 1, day: 1) : LocalDate(year: year, month: month + 1, day: 1)
        return (LocalDate(year: year, month: month, day: 1).daysSince1970, next.daysSince1970)
    }
}

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
    /// The day of the month (1–31) this user's months start on (G3): 1 for calendar
    /// months; under a policy whose months run from the purchase, the day the current
    /// subscription began (the install's before any), a shorter month's last day when it
    /// has no such day.
    private(set) var monthAnchor: Int8 = 1

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
        if day.daysSince1970 < monthStart || day.daysSince1970 >= nextMonthStart { (monthStart, nextMonthStart) = Self.month(of: day, anchor: Int(monthAnchor)) }
    }

    /// G3 under months that run from the purchase: a new subscription (or the install)
    /// on usage day `day`, written as a counted use writes it (the caller has read the
    /// counts as on `day`), starts a month there: the months start on `day`'s day of
    /// the month from now on, and every `month` count is 0. (Out of line: a policy with
    /// calendar months never calls it.)
    @inline(never)
    mutating func startMonth(on day: LocalDate) {
        monthAnchor = Int8(day.components.day)
        counts.resetMonths()
        storedDay = day
        (monthStart, nextMonthStart) = Self.month(of: day, anchor: Int(monthAnchor))
    }

    /// The first day of `day`'s month and of the month after it, months starting on day
    /// `anchor` of each calendar month (`AnchoredMonth`).
    @inline(__always)
    static func month(of day: LocalDate, anchor: Int) -> (start: Int32, next: Int32) {
        let month = AnchoredMonth.of(day, anchor: anchor)
        return (Int32(truncatingIfNeeded: month.start), Int32(truncatingIfNeeded: month.next))
    }
}

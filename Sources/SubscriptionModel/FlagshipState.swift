/// Everything the rules remember about one user: the model's whole state.
///
/// A plain value, so a step can be replayed, compared and copied freely. The device's
/// zone is kept as a `ZoneClock`, which also remembers the offset last looked up;
/// that cache is not part of what a state *is*: equality and hashing ignore it.
public struct FlagshipState: Hashable, Sendable {
    /// The first install instant `I` (T1); nil before the install event.
    public var installedAt: Instant?
    /// The device's current time zone, with its cached offset span.
    public var clock: ZoneClock
    /// StoreKit's current entitlement (P1).
    public var entitlement: PaidTier?
    /// The usage day of the last counted analysis, written only when one is counted (U3).
    public var counterDay: LocalDate?
    /// Analyses counted on `counterDay` (U1, U4).
    public var counterValue: Int

    /// The device's current time zone (U2).
    public var zone: TimeZoneRules {
        get { clock.zone }
        set { clock.set(newValue) }
    }

    /// A user who has not installed yet, whose device is in `zone`.
    public init(zone: TimeZoneRules) {
        self.installedAt = nil
        self.clock = ZoneClock(zone: zone)
        self.entitlement = nil
        self.counterDay = nil
        self.counterValue = 0
    }

    /// States are equal when everything the rules remember is (the offset cache aside).
    public static func == (lhs: FlagshipState, rhs: FlagshipState) -> Bool {
        lhs.installedAt == rhs.installedAt && lhs.zone == rhs.zone && lhs.entitlement == rhs.entitlement
            && lhs.counterDay == rhs.counterDay && lhs.counterValue == rhs.counterValue
    }

    /// Hashes what the rules remember.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(installedAt)
        hasher.combine(zone)
        hasher.combine(entitlement)
        hasher.combine(counterDay)
        hasher.combine(counterValue)
    }
}

/// Everything the rules remember about one user: the model's whole state.
///
/// A plain value, so a step can be replayed, compared and copied freely. The device's
/// zone is kept as a `ZoneClock`, which also remembers the offset last looked up;
/// that cache is not part of what a state *is*: equality and hashing ignore it.
package struct State: Hashable, Sendable {
    /// The first install instant `I` (T1); nil before the install event.
    package var installedAt: Instant?
    /// The device's current time zone, with its cached offset span.
    package var clock: ZoneClock
    /// StoreKit's current entitlement (P1).
    package var entitlement: PaidTier?
    /// The usage day of the last counted analysis, written only when one is counted (U3).
    package var counterDay: LocalDate?
    /// Analyses counted on `counterDay` (U1, U4).
    package var counterValue: Int

    /// The device's current time zone (U2).
    package var zone: TimeZoneRules {
        get { clock.zone }
        set { clock.set(newValue) }
    }

    /// A user who has not installed yet, whose device is in `zone`.
    package init(zone: TimeZoneRules) {
        self.installedAt = nil
        self.clock = ZoneClock(zone: zone)
        self.entitlement = nil
        self.counterDay = nil
        self.counterValue = 0
    }

    /// States are equal when everything the rules remember is (the offset cache aside).
    package static func == (lhs: State, rhs: State) -> Bool {
        lhs.installedAt == rhs.installedAt && lhs.zone == rhs.zone && lhs.entitlement == rhs.entitlement
            && lhs.counterDay == rhs.counterDay && lhs.counterValue == rhs.counterValue
    }

    /// Hashes what the rules remember.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(installedAt)
        hasher.combine(zone)
        hasher.combine(entitlement)
        hasher.combine(counterDay)
        hasher.combine(counterValue)
    }
}

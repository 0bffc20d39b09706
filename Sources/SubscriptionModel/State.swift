/// Everything the rules remember about one user: the model's whole state.
///
/// A plain value, so a step can be replayed, compared and copied freely.
public struct State: Hashable, Sendable {
    /// The first install instant `I` (T1); nil before the install event.
    public var installedAt: Instant?
    /// The device's current time zone (U2).
    public var zone: TimeZoneRules
    /// StoreKit's current entitlement (P1).
    public var entitlement: PaidTier?
    /// The usage day of the last counted analysis, written only when one is counted (U3).
    public var counterDay: LocalDate?
    /// Analyses counted on `counterDay` (U1, U4).
    public var counterValue: Int

    /// A user who has not installed yet, whose device is in `zone`.
    public init(zone: TimeZoneRules) {
        self.installedAt = nil
        self.zone = zone
        self.entitlement = nil
        self.counterDay = nil
        self.counterValue = 0
    }
}

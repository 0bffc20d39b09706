/// Everything a policy's rules remember about one user (G1–G4, G12): the generic
/// engine's whole state.
///
/// Counts live with the identity, like `I`: nothing here is reset by a reinstall (G1).
/// The device's zone is a `ZoneClock`, whose offset cache is not part of what a state
/// *is* (equality ignores it).
public struct PolicyState: Hashable, Sendable {
    /// The first install instant `I` (G1); nil before the install event.
    public var installedAt: Instant?
    /// Whether the guest has signed in (G1: once registered, always registered).
    public var isRegistered: Bool
    /// The device's current zone.
    public var clock: ZoneClock
    /// StoreKit's current entitlement with its display details (P1, G12).
    public var entitlement: PolicyEntitlement?
    /// The usage day written with the last counted use (G3); nil before any.
    public var usageDay: LocalDate?
    /// Each meter's counts as written on `usageDay` (G4), by meter index.
    public var counts: [PolicyCounts]

    /// A user who has not installed yet, whose device is in `zone`, with `meters` meters.
    public init(zone: TimeZoneRules, meters: Int) {
        self.installedAt = nil
        self.isRegistered = false
        self.clock = ZoneClock(zone: zone)
        self.entitlement = nil
        self.usageDay = nil
        self.counts = Array(repeating: PolicyCounts(), count: meters)
    }

    /// The device's current zone.
    public var zone: TimeZoneRules {
        get { clock.zone }
        set { clock.set(newValue) }
    }
}

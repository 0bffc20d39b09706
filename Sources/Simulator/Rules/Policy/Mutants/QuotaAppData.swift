import SubscriptionModel
import SimulatorCore

/// What policy logic written the way an app writes it keeps about one user: its own
/// copy of the install, identity, entitlement, zone and counters, independent of the
/// reference engine's state.
///
/// Counts are kept as written with the last counted use (G3, G4), like a row a server
/// or `UserDefaults` would hold: `usageDay` and, per meter, the day, month, total,
/// stock and week counts on it.
public struct QuotaAppData: Sendable {
    /// The rules the app follows.
    public let policy: SubscriptionPolicy
    /// The device's current zone.
    public var zone: TimeZoneRules
    /// The first install (G1).
    public var installedAt: Instant?
    /// Whether the guest has signed in (G1).
    public var isRegistered = false
    /// StoreKit's current entitlement (P1, G12).
    public var entitlement: Entitlement?
    /// The usage day of the last counted use (G3); nil before any.
    public var usageDay: LocalDate?
    /// Each meter's counts as written on `usageDay`, by meter index.
    public var counts: [UsageCounts]
    /// Each meter's credits from credit packs, by meter index (G13): kept apart from the
    /// counts, which reset with the day.
    public var credits: [Int]
    /// Under a policy whose months run from the purchase (format 10): the usage day the
    /// current subscription began (the install's before any), whose day of the month every
    /// month starts on; nil for calendar months.
    public var monthStartedOn: LocalDate?
    /// Each meter's counted uses, instant and cost, under a policy with a rolling window
    /// (format 7): the window's count is the cost of those it still holds.
    public var rollingUses: [[(at: Instant, cost: Int)]]

    /// A fresh store for a user of `policy` whose device is in `zone`.
    public init(policy: SubscriptionPolicy, zone: TimeZoneRules) {
        self.policy = policy
        self.zone = zone
        self.counts = Array(repeating: UsageCounts(), count: policy.meters.count)
        self.credits = Array(repeating: 0, count: policy.meters.count)
        self.rollingUses = Array(repeating: [], count: policy.meters.count)
    }
}

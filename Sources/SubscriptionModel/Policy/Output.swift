/// What one event leads to under a policy, observed right after it: one line of the
/// generic replay contract, as plain data.
///
/// Plans, meters and products are indices into the policy; `SubscriptionMachine.screens(of:)`
/// computes the screen values and `ReplayLine` (in the simulator) writes the line,
/// so a step itself builds no strings.
public struct Output: Hashable, Sendable {
    /// The plan in force (G5), by index; nil for no plan (`none`).
    public var plan: Int?
    /// The usage day (G3), in the policy's calendar.
    public var day: LocalDate
    /// For a use: whether it was allowed; nil for every other event.
    public var outcome: Outcome?
    /// For a blocked use: why (G6).
    public var reason: BlockReason?
    /// For a blocked use: what the app shows (G7).
    public var response: BlockResponse?
    /// For a use blocked by `day` or `month`: when that count resets (G8).
    public var resetAt: Instant?
    /// For a blocked use: the paid plans that would allow it (G9).
    public var upgrade: PlanSet?
    /// Each meter's counts in force (G3), by meter index.
    public var counts: MeterCounts
    /// The entitlement after the event (for screens).
    public var entitlement: Entitlement?
    /// The device's zone after the event (expiry dates are shown in it, X5).
    public var zone: TimeZoneRules

    /// Creates an output.
    @inlinable
    public init(plan: Int?, day: LocalDate, outcome: Outcome?, reason: BlockReason?, response: BlockResponse?,
                resetAt: Instant?, upgrade: PlanSet?, counts: MeterCounts, entitlement: Entitlement?, zone: TimeZoneRules) {
        self.plan = plan
        self.day = day
        self.outcome = outcome
        self.reason = reason
        self.response = response
        self.resetAt = resetAt
        self.upgrade = upgrade
        self.counts = counts
        self.entitlement = entitlement
        self.zone = zone
    }

    /// Creates an output whose counts were gathered in an array (one element per meter).
    @inlinable
    package init(plan: Int?, day: LocalDate, outcome: Outcome?, reason: BlockReason?, response: BlockResponse?,
                resetAt: Instant?, upgrade: PlanSet?, counts: [UsageCounts], entitlement: Entitlement?, zone: TimeZoneRules) {
        self.init(plan: plan, day: day, outcome: outcome, reason: reason, response: response, resetAt: resetAt, upgrade: upgrade,
                  counts: MeterCounts(counts), entitlement: entitlement, zone: zone)
    }

    /// For an `alert` response, the alert.
    public var alert: Alert? { response?.alert }

    /// Equal when every field is. The plain fields are compared first, the zone by its
    /// table before its identifier, and the response (an enum whose alert's texts are
    /// compared by their interned ids) last:
    /// the simulator compares two outputs at most events (the look-free shadow's), and
    /// nearly always finds them equal.
    @inlinable @inline(__always)
    public static func == (lhs: Output, rhs: Output) -> Bool {
        lhs.plan == rhs.plan && lhs.day == rhs.day && lhs.outcome == rhs.outcome && lhs.reason == rhs.reason
            && lhs.resetAt == rhs.resetAt && lhs.upgrade == rhs.upgrade && lhs.counts == rhs.counts
            && lhs.entitlement == rhs.entitlement && lhs.zone == rhs.zone && lhs.response == rhs.response
    }
}

/// What a use did.
public enum Outcome: String, Hashable, Sendable {
    /// The use went ahead (and counted, for a consuming feature).
    case allowed
    /// The use was refused (G6); nothing changed.
    case blocked
}

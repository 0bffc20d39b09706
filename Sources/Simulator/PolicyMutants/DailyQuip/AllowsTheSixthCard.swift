import SubscriptionModel

/// Allows one card too many (G6.4): `viewed <= 5` instead of `viewed < 5`.
public struct AllowsTheSixthCard: PolicyMutant {
    public static let name = "allows-the-sixth-card"
    public static let mistake = "an off-by-one limit check: the sixth card of the day is allowed"
    public static let policyName = "daily-quip"
    /// The install, five cards and the sixth.
    public static let smallestCounterexample = 7
    public static var counterexample: PolicyTimeline {
        sketch(zone: "UTC", [("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .uses(6, "view-card"))])
    }
    public var store = Self.freshStore
    public init() {}

    public func limitReached(count: Int, limit: PolicyLimit) -> Bool {
        count > limit.value
    }
}

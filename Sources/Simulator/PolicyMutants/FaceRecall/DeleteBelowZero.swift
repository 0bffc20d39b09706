import SubscriptionModel

/// Lets a delete take the count below zero (G4): `count -= 1` without a floor, so an
/// existing user who deletes people added before the counter existed earns a slot for
/// each.
public struct DeleteBelowZero: PolicyMutant {
    public static let name = "delete-below-zero"
    public static let mistake = "a delete subtracts from a stock already at 0, which goes negative"
    public static let policyName = "face-recall"
    /// The install and a delete.
    public static let smallestCounterexample = 2
    public static var counterexample: PolicyTimeline {
        sketch(zone: "UTC", [("2026-04-01T12:00:00Z", .install), ("2026-04-01T12:01:00Z", .use("remove-tag"))])
    }
    public var store = Self.freshStore
    public init() {}

    public mutating func release(meter: Int, at instant: Instant) {
        store.counts[meter].stock -= 1
    }
}

import SubscriptionModel

/// Restarts the trial on a reinstall (G1, T1): the install date lives in
/// `UserDefaults`, which a delete wipes, so deleting the app buys another 72 hours.
public struct TrialRestartsOnReinstallUnderPolicy: PolicyMutant {
    public static let name = "trial-restarts-on-reinstall"
    public static let mistake = "the install instant is recorded again on a reinstall, so the trial restarts"
    public static let policyName = "meal-capture"
    /// The install and a reinstall after the trial.
    public static let smallestCounterexample = 2
    public static var counterexample: PolicyTimeline {
        sketch(zone: "UTC", [("2026-01-10T00:00:00Z", .install), ("2026-01-13T00:00:00Z", .reinstall)])
    }
    public var store = Self.freshStore
    public init() {}

    public mutating func reinstalled(at instant: Instant) {
        store.installedAt = instant
    }
}

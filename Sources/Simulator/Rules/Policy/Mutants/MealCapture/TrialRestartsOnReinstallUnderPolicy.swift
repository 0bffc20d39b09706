import SubscriptionModel
import SimulatorCore

/// Restarts the trial on a reinstall (G1, T1): the install date lives in
/// `UserDefaults`, which a delete wipes, so deleting the app buys another 72 hours.
package struct TrialRestartsOnReinstallUnderPolicy: Mutant {
    package static let name = "trial-restarts-on-reinstall"
    package static let mistake = "the install instant is recorded again on a reinstall, so the trial restarts"
    package static let policyName = "meal-capture"
    /// The install and a reinstall after the trial.
    package static let smallestCounterexample = 2
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-10T00:00:00Z", .install), ("2026-01-13T00:00:00Z", .reinstall)])
    }
    package var store = Self.freshStore
    package init() {}

    package mutating func reinstalled(at instant: Instant) {
        store.installedAt = instant
    }
}

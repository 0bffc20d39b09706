import SubscriptionModel
import SimulatorCore

/// Restarts the counts on a reinstall (G1, U5): the counter lives in `UserDefaults`,
/// which a delete wipes, so deleting the app buys another 10 analyses.
package struct CountsRestartOnReinstall: Mutant {
    package static let name = "counts-restart-on-reinstall"
    package static let mistake = "the counts are kept on the device and lost on a reinstall"
    package static let policyName = "meal-capture"
    /// The install, an analysis and a reinstall.
    package static let smallestCounterexample = 3
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .use("meal")), ("2026-01-10T12:02:00Z", .reinstall)])
    }
    package var store = Self.freshStore
    package init() {}

    package mutating func reinstalled(at instant: Instant) {
        store.counts = store.counts.map { _ in UsageCounts() }
        store.usageDay = nil
    }
}

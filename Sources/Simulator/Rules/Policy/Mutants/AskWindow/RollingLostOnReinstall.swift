import SubscriptionModel
import SimulatorCore

/// Keeps the window's questions in the app's container (`UserDefaults`), which a
/// reinstall empties (G1: counts live with the identity): deleting the app buys ten
/// more questions.
package struct RollingLostOnReinstall: Mutant {
    package static let name = "rolling-lost-on-reinstall"
    package static let mistake = "the rolling window's uses are kept where a reinstall deletes them"
    package static let policyName = "ask-window"
    /// The install, a question, and a reinstall.
    package static let smallestCounterexample = 3
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-10T09:00:00Z", .install), ("2026-01-10T10:00:00Z", .use("ask")), ("2026-01-10T11:00:00Z", .reinstall)])
    }
    package var store = Self.freshStore
    package init() {}

    package mutating func reinstalled(at instant: Instant) {
        for meter in store.rollingUses.indices { store.rollingUses[meter] = [] }
        for meter in store.counts.indices { store.counts[meter].rolling = 0 }
    }
}

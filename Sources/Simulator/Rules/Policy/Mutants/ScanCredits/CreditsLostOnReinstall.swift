import SubscriptionModel
import SimulatorCore

/// Keeps the credit balance on the device (G1, G13): deleting the app loses credits the
/// user paid for, as a balance in `UserDefaults` is lost.
package struct CreditsLostOnReinstall: Mutant {
    package static let name = "credits-lost-on-reinstall"
    package static let mistake = "the credit balance is kept on the device and lost on a reinstall"
    package static let policyName = "scan-credits"
    /// The install, a pack and a reinstall.
    package static let smallestCounterexample = 3
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .purchase("scanner.credits.10")),
                             ("2026-01-10T12:02:00Z", .reinstall)])
    }
    package var store = Self.freshStore
    package init() {}

    package mutating func reinstalled(at instant: Instant) {
        store.credits = store.credits.map { _ in 0 }
    }
}

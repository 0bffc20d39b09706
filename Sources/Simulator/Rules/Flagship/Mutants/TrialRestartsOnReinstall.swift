import SubscriptionModel
import SimulatorCore

/// Records the install instant in UserDefaults, which a reinstall wipes, instead of
/// the Keychain: every reinstall starts a new trial (T1).
package struct TrialRestartsOnReinstall: FlagshipMutant {
    package static let name = "trial-restarts-on-reinstall"
    package static let mistake = "the trial restarts on reinstall (install date not kept in the Keychain)"
    package static let smallestCounterexample = 2 // install, a reinstall after the trial
    package var store = Self.freshStore
    package init() {}

    package mutating func reinstalled(at instant: Instant) {
        store.installedAt = instant
    }
}

import SubscriptionModel
import SimulatorCore

/// Keeps the day's counter in UserDefaults, which a reinstall wipes (U5): deleting the
/// app resets the limit.
package struct CounterRestartsOnReinstall: FlagshipMutant {
    package static let name = "counter-restarts-on-reinstall"
    package static let mistake = "the counter restarts on reinstall (kept in UserDefaults)"
    package static let smallestCounterexample = 3 // install, capture, reinstall
    package var store = Self.freshStore
    package init() {}

    package mutating func reinstalled(at instant: Instant) {
        store.counterDay = nil
        store.counterValue = 0
    }
}

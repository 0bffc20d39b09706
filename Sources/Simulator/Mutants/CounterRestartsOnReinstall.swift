import SubscriptionModel

/// Keeps the day's counter in UserDefaults, which a reinstall wipes (U5): deleting the
/// app resets the limit.
public struct CounterRestartsOnReinstall: Mutant {
    public static let name = "counter-restarts-on-reinstall"
    public static let mistake = "the counter restarts on reinstall (kept in UserDefaults)"
    public static let smallestCounterexample = 3 // install, capture, reinstall
    public var store = Self.freshStore
    public init() {}

    public mutating func reinstalled(at instant: Instant) {
        store.counterDay = nil
        store.counterValue = 0
    }
}

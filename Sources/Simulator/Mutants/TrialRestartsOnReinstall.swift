import SubscriptionModel

/// Records the install instant in UserDefaults, which a reinstall wipes, instead of
/// the Keychain: every reinstall starts a new trial (T1).
public struct TrialRestartsOnReinstall: Mutant {
    public static let name = "trial-restarts-on-reinstall"
    public static let mistake = "the trial restarts on reinstall (install date not kept in the Keychain)"
    public static let smallestCounterexample = 2 // install, a reinstall after the trial
    public var store = Self.freshStore
    public init() {}

    public mutating func reinstalled(at instant: Instant) {
        store.installedAt = instant
    }
}

/// A moment of the app's life the harness tells the team's code about, one for each
/// timeline event that is not a feature use (`docs/timeline-format.md`).
///
/// The app object is made (by the adapter's factory) just before `install` and again
/// just before `reinstall`: those two are launches, a new process with nothing in
/// memory. Nothing else relaunches it: the harness plays the worst case, an app kept
/// alive across days, zone changes and purchases, so a reset that runs only at launch
/// is found (Q1).
public enum AppMoment: String, Hashable, Sendable, CaseIterable {
    /// The first launch after the first install (G1): the device's stores are empty.
    case install
    /// A launch after the app was deleted and installed again: `defaults` was emptied,
    /// the keychain and the entitlements are as they were (G1, G11).
    case reinstall
    /// The user opens the app and looks at its screens; nothing may change (G11).
    case look
    /// The guest signs in (G1): the app's own sign-in flow finished.
    case signIn
    /// The device's zone changed (`NSSystemTimeZoneDidChange`); read `device.timeZone`.
    case timeZoneChanged
    /// StoreKit's current entitlements changed (`Transaction.updates`); read
    /// `device.currentEntitlements`.
    case entitlementsChanged

    /// Whether the app was just launched (a new process): `install` or `reinstall`.
    public var isLaunch: Bool { self == .install || self == .reinstall }
}

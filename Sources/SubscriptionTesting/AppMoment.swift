/// A moment of the app's life the harness tells the team's code about, one for each
/// timeline event that is not a feature use (`docs/timeline-format.md`).
///
/// The app object is made (by the adapter's factory) just before `install`, `reinstall`
/// and `relaunch`: those are launches, a new process with nothing in memory. Between
/// launches the harness keeps the app alive across days, zone changes and purchases, so
/// a reset that runs only at launch is found (Q1); the generated relaunches, trips to
/// the background and timers come at the moments of a real user's day.
public enum AppMoment: String, Hashable, Sendable, CaseIterable {
    /// The first launch after the first install (G1): the device's stores are empty.
    case install
    /// A launch after the app was deleted and installed again: `defaults` was emptied,
    /// the keychain and the entitlements are as they were (G1, G11).
    case reinstall
    /// A launch after the app's process ended (the user swiped it away, or the system
    /// ended it in the background): memory is gone, `defaults`, the keychain and the
    /// entitlements are as they were.
    case relaunch
    /// The user opens the app and looks at its screens; nothing may change (G11).
    case look
    /// The guest signs in (G1): the app's own sign-in flow finished.
    case signIn
    /// The device's zone changed (`NSSystemTimeZoneDidChange`); read `device.timeZone`.
    case timeZoneChanged
    /// StoreKit's current entitlements changed; read `device.currentEntitlements`. Told
    /// of every change: a purchase, a renewal, a refund or a revocation (as
    /// `Transaction.updates` delivers them) and a subscription lapsing at the end of its
    /// period, which `Transaction.updates` does not deliver (`Product.SubscriptionInfo
    /// .Status.updates` does, or the app's own look at the expiration date). So an app
    /// that hears only `Transaction.updates` and finds a lapse only at its next refresh
    /// is not told apart from one that finds it at once. A change that came while the
    /// app was in the background, or not running, is told when it returns to the screen
    /// or is launched, after that moment (the entitlements themselves change at once).
    case entitlementsChanged
    /// The app left the screen for the background (`scenePhase` `.background`): the
    /// harness reads no screen and asks for no use until it returns.
    case background
    /// The app returned to the screen from the background (`scenePhase` `.active`).
    case foreground
    /// A timer the app keeps fired while it is on the screen (an hourly entitlement
    /// check, say): time passed with the app open, at a moment the harness picks. A timer
    /// set for an instant (a midnight reset) is scheduled with
    /// `SimulatedDevice.scheduleTimer(at:_:)`, which runs it at that instant instead.
    case timer
    /// The device's local date changed while the app was running, as iOS posts
    /// `NSCalendarDayChanged` (`significantTimeChangeNotification` at a midnight too; the
    /// harness tells no DST change or carrier time update of its own): at
    /// each start of a day in the device's zone that the clock passes while the app is on
    /// the screen, with `device.now` at that instant (local midnight, or the first instant
    /// of a day whose midnight a DST change skips), before the next event; after
    /// `timeZoneChanged` when a zone change moves the local date, forward or back; once,
    /// after `foreground`, when a day began or a zone change moved the date while the app
    /// was in the background (then `device.now` is the return's instant). A launch is told none: the new process reads
    /// the date. Run here what the app runs when it observes that notification: code that
    /// reads the date again. A `Timer` of the app's own belongs in `scheduleTimer(at:_:)`,
    /// so that the instant it was scheduled for is what is checked.
    case dayChanged
    /// A consumable (a credit pack) was bought, or a purchase of one refunded
    /// (`Transaction.updates`); read `device.consumableTransactions`. A refund that came
    /// while the app was in the background, or not running, is told when it returns to
    /// the screen or is launched.
    case consumablesChanged

    /// Whether the app was just launched (a new process): `install`, `reinstall` or
    /// `relaunch`.
    public var isLaunch: Bool { self == .install || self == .reinstall || self == .relaunch }
}

import Foundation

/// What the quota code reads from the device: the clock, the calendar, StoreKit's current
/// entitlements and two stores. In the app it is `live`; in tests, the harness's
/// simulated device.
public struct QuotaEnvironment {
    /// The current instant (`Date()` in the app).
    public var now: () -> Date
    /// The calendar now (`Calendar.current` in the app, read at every use: a kept one goes
    /// stale when the user travels).
    public var calendar: () -> Calendar
    /// The product identifiers of StoreKit's current entitlements.
    public var entitlements: () -> [String]
    /// The app container's store (`UserDefaults.standard`): deleted with the app.
    public var defaults: any QuotaStorage
    /// The keychain: kept when the app is deleted and installed again.
    public var keychain: any QuotaStorage

    /// An environment of the given parts.
    public init(now: @escaping () -> Date, calendar: @escaping () -> Calendar, entitlements: @escaping () -> [String],
                defaults: any QuotaStorage, keychain: any QuotaStorage) {
        self.now = now
        self.calendar = calendar
        self.entitlements = entitlements
        self.defaults = defaults
        self.keychain = keychain
    }

    /// The real device: the system clock and calendar, `UserDefaults.standard`, and the
    /// app's keychain wrapper and entitlement observer.
    public static func live(keychain: any QuotaStorage, entitlements: @escaping () -> [String]) -> QuotaEnvironment {
        QuotaEnvironment(now: { Date() }, calendar: { Calendar.current }, entitlements: entitlements,
                         defaults: UserDefaults.standard, keychain: keychain)
    }
}

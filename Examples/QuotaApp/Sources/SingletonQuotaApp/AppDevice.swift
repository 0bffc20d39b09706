import Foundation

/// What `CardQuota` read inline from the device, gathered in one value: the one seam a
/// singleton needs for its tests. Each member stands for the call it replaced; the app
/// keeps `system`, a test hands in a simulated device.
public struct AppDevice {
    /// The clock: `Date()`.
    public var now: () -> Date
    /// The calendar in the zone in force now: `Calendar.current`, read at every use.
    public var calendar: () -> Calendar
    /// The app container's store: `UserDefaults.standard`, deleted with the app.
    public var defaults: any CardStore
    /// The product identifiers of StoreKit's current entitlements: the app's cache of
    /// them, `PurchasedProducts.shared.ids`.
    public var entitlements: () -> [String]

    /// A device of the given parts.
    public init(now: @escaping () -> Date, calendar: @escaping () -> Calendar, defaults: any CardStore, entitlements: @escaping () -> [String]) {
        self.now = now
        self.calendar = calendar
        self.defaults = defaults
        self.entitlements = entitlements
    }

    /// The real device. A computed property, not a `static let`: a stored static of a
    /// non-`Sendable` type does not compile in Swift 6.
    public static var system: AppDevice {
        AppDevice(now: { Date() }, calendar: { Calendar.current }, defaults: UserDefaults.standard,
                  entitlements: { MainActor.assumeIsolated { Array(PurchasedProducts.shared.ids) } })
    }
}

/// The app's cache of the product identifiers StoreKit reports as current entitlements,
/// kept up to date from `Transaction.currentEntitlements` at launch and from
/// `Transaction.updates` (StoreKit's part of the app, not shown: it is not in this
/// example's platforms' every SDK).
@MainActor
public final class PurchasedProducts {
    /// The app's one cache.
    public static let shared = PurchasedProducts()
    /// The products in force.
    public var ids: Set<String> = []
}

/// The `UserDefaults` methods `CardQuota` uses, so `UserDefaults.standard` and a test's
/// store both serve.
public protocol CardStore: AnyObject {
    /// The value for `key`, or nil.
    func object(forKey key: String) -> Any?
    /// The value for `key` as an integer, 0 when missing.
    func integer(forKey key: String) -> Int
    /// Stores `value` for `key`; nil removes it.
    func set(_ value: Any?, forKey key: String)
    /// Stores an integer for `key`.
    func set(_ value: Int, forKey key: String)
}

/// The app's container store.
extension UserDefaults: CardStore {}

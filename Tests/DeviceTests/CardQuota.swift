import Foundation
import SubscriptionModel
import SubscriptionTesting

/// Daily-quip's five cards a day written the way an app writes it, against the simulated
/// device, with one switch per realistic mistake: the test suite's app under test.
final class CardQuota: @unchecked Sendable {
    /// A mistake the app can be built with.
    enum Mistake: String, CaseIterable, Sendable {
        /// The count lives in `UserDefaults`, so a reinstall restores five cards.
        case countInDefaults
        /// The count resets only at launch, not when the date changes.
        case resetsOnlyAtLaunch
        /// `startOfDay` instants compared for equality: any zone change resets the count.
        case startOfDayEquality
        /// The calendar read once at launch: after travel, days are counted in the old zone.
        case cachedCalendar
        /// Premium ends at the entitlement's expiration date, though StoreKit still reports it.
        case premiumEndsAtExpiry
        /// Premium uses are not counted, so a lapse the same day gives five fresh cards.
        case premiumUsesNotCounted
        /// The label says "1 cards remaining today".
        case pluralLabel
        /// The count lives in the app object's memory, so a relaunch restores five cards.
        case countInMemory
    }

    static let limit = 5
    static let premiumProducts: Set<String> = ["dailyquip.monthly", "dailyquip.annual", "dailyquip.lifetime"]

    let device: SimulatedDevice
    let mistake: Mistake?
    private let launchCalendar: Calendar
    /// The store of `countInMemory`: gone with the process.
    private let memory = DeviceStore()

    init(device: SimulatedDevice, mistake: Mistake? = nil) {
        self.device = device
        self.mistake = mistake
        self.launchCalendar = device.calendar
    }

    private var store: DeviceStore {
        switch mistake {
        case .countInDefaults: device.defaults
        case .countInMemory: memory
        default: device.keychain
        }
    }
    private var calendar: Calendar { mistake == .cachedCalendar ? launchCalendar : device.calendar }

    /// Today's date in the device's calendar, as an integer yyyymmdd.
    private var today: Int {
        let parts = calendar.dateComponents([.year, .month, .day], from: device.now)
        return parts.year! * 10_000 + parts.month! * 100 + parts.day!
    }

    var isPremium: Bool {
        device.currentEntitlements.contains { entitlement in
            guard Self.premiumProducts.contains(entitlement.productID) else { return false }
            if mistake == .premiumEndsAtExpiry, let expires = entitlement.expirationDate { return expires > device.now }
            return true
        }
    }

    /// The cards viewed on the current usage day.
    var viewedToday: Int {
        switch mistake {
        case .resetsOnlyAtLaunch:
            return store.integer(forKey: "cardsViewedToday")
        case .startOfDayEquality:
            let saved = store.object(forKey: "lastCardsResetDate") as? Date
            return saved == calendar.startOfDay(for: device.now) ? store.integer(forKey: "cardsViewedToday") : 0
        default:
            return today > store.integer(forKey: "usageDay") ? 0 : store.integer(forKey: "cardsViewedToday")
        }
    }

    func launch() {
        guard mistake == .resetsOnlyAtLaunch else { return }
        if today > store.integer(forKey: "usageDay") {
            store.set(0, forKey: "cardsViewedToday")
            store.set(today, forKey: "usageDay")
        }
    }

    func viewCard() -> UseResult {
        if !isPremium, viewedToday >= Self.limit { return .blocked(.day, showing: .paywall) }
        if mistake == .premiumUsesNotCounted, isPremium { return .allowed }
        let count = viewedToday + 1
        store.set(count, forKey: "cardsViewedToday")
        store.set(max(today, store.integer(forKey: "usageDay")), forKey: "usageDay")
        if mistake == .startOfDayEquality { store.set(calendar.startOfDay(for: device.now), forKey: "lastCardsResetDate") }
        return .allowed
    }

    var cardsLabel: String {
        if isPremium { return "Unlimited cards" }
        let remaining = max(0, Self.limit - viewedToday)
        return remaining == 1 && mistake != .pluralLabel ? "1 card remaining today" : "\(remaining) cards remaining today"
    }

    var planLabel: String { isPremium ? "Premium" : "Free" }

    /// The adapter for this app, with `mistake`; `report` rewrites what a use reports
    /// (to leave a field out, or get it wrong), and `readsScreens` says whether the
    /// screens are read.
    static func adapter(_ mistake: Mistake? = nil, readsScreens: Bool = true,
                        report: @escaping @Sendable (UseResult) -> UseResult = { $0 }) -> AppAdapter<CardQuota> {
        let adapter = AppAdapter { device in CardQuota(device: device, mistake: mistake) }
            .use("view-card") { quota, _ in report(quota.viewCard()) }
            .lifecycle { quota, moment in if moment.isLaunch { quota.launch() } }
            .named("CardQuota" + (mistake.map { "(\($0.rawValue))" } ?? ""))
        guard readsScreens else { return adapter }
        return adapter
            .screen("cards") { quota in .text(quota.cardsLabel) }
            .screen("plan") { quota in .text(quota.planLabel) }
    }
}

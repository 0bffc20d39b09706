import Foundation

/// A daily-card quota written the way much app code is: a `shared` singleton reading
/// `Date()`, `Calendar.current` and `UserDefaults.standard` where it needs them. It is
/// shown after the fewest changes that let the harness drive it (docs/testing-your-app.md,
/// "Code written with singletons"); each changed line says what it was. Its logic is
/// left as it was written, with the bugs the harness finds in it:
///
/// - the count lives in `UserDefaults`, which a reinstall empties (G1);
/// - "is the last card's instant today?" asks `isDate(_:inSameDayAs:)` of the calendar
///   in the zone in force now, so after a flight west the new zone's midnight comes
///   between the last card and now, and resets the count though the usage day has not
///   moved on (U3);
/// - Premium's views are not counted, so a lapse the same day gives five fresh cards (G4).
@MainActor // was: none; a `static let` of a non-Sendable class does not compile in Swift 6 without it
public final class CardQuota {
    /// The app's one instance.
    public static let shared = CardQuota(device: .system) // was: CardQuota()

    /// The device read (added: the seam).
    private let device: AppDevice

    /// A quota on `device` (added: the app calls `shared`, a test makes one per user).
    public init(device: AppDevice) {
        self.device = device
    }

    private var defaults: any CardStore { device.defaults } // was: UserDefaults.standard
    private static let countKey = "cardsViewedToday", dateKey = "lastCardDate"

    /// Whether StoreKit reports a Premium product.
    public var isPremium: Bool {
        // was: PurchasedProducts.shared.ids.contains { … }
        device.entitlements().contains { ["dailyquip.monthly", "dailyquip.annual", "dailyquip.lifetime"].contains($0) }
    }

    /// The cards viewed today, as the code reckons it.
    public var cardsViewedToday: Int {
        guard let last = defaults.object(forKey: Self.dateKey) as? Date,
              device.calendar().isDate(last, inSameDayAs: device.now()) else { return 0 } // was: Calendar.current.isDateInToday(last)
        return defaults.integer(forKey: Self.countKey)
    }

    /// The user asks for the next card: true when it is shown.
    public func viewCard() -> Bool {
        if isPremium { return true }
        let viewed = cardsViewedToday
        guard viewed < 5 else { return false }
        defaults.set(viewed + 1, forKey: Self.countKey)
        defaults.set(device.now(), forKey: Self.dateKey) // was: Date()
        return true
    }

    /// The remaining-cards label.
    public var remainingText: String {
        if isPremium { return "Unlimited cards" }
        let remaining = max(0, 5 - cardsViewedToday)
        return remaining == 1 ? "1 card remaining today" : "\(remaining) cards remaining today"
    }

    /// The plan's name.
    public var planName: String { isPremium ? "Premium" : "Free" }
}

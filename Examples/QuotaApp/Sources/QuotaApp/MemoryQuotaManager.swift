import Foundation

/// The fixed manager with one bug planted on purpose, to show what the harness does with
/// it: the count and the day it belongs to are kept in the object's own properties
/// instead of the keychain, so they last as long as the process.
///
/// In a simulator session that never ends it looks right all day; the first relaunch
/// (the user swipes the app away, or the system ends it in the background) gives five
/// fresh cards. `MemoryQuotaManagerTests` shows the harness finding it among generated
/// users and shrinking it to an install, a card and a relaunch.
@MainActor
public final class MemoryQuotaManager {
    private let environment: QuotaEnvironment
    /// The planted bug: in memory, not in `environment.keychain`.
    private var usageDay = 0, cardsViewed = 0

    /// A manager on `environment`.
    public init(environment: QuotaEnvironment) {
        self.environment = environment
    }

    /// Today's local date as an integer YYYYMMDD, ordered as dates are.
    private var today: Int {
        let parts = environment.calendar().dateComponents([.year, .month, .day], from: environment.now())
        return parts.year! * 10_000 + parts.month! * 100 + parts.day!
    }

    /// The cards viewed on the usage day: the later of the stored day and today (G3).
    public var cardsViewedToday: Int { today > usageDay ? 0 : cardsViewed }

    /// Whether StoreKit reports a Premium product.
    public var isPremium: Bool {
        environment.entitlements().contains { DailyQuip.premiumProducts.contains($0) }
    }

    /// The user asks for the next card.
    public func viewCard() -> CardAccess {
        let viewed = cardsViewedToday
        if !isPremium, viewed >= DailyQuip.freeCardsPerDay { return .paywall }
        usageDay = max(today, usageDay)
        cardsViewed = viewed + 1
        return .granted
    }

    /// The remaining-cards label.
    public var remainingCardsText: String {
        DailyQuip.remainingText(isPremium: isPremium, viewed: cardsViewedToday)
    }

    /// The plan's name.
    public var planName: String { isPremium ? "Premium" : "Free" }
}

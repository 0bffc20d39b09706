import Foundation

/// The fixed quota manager: what `DescribedQuotaManager` should have been.
///
/// - The count and the day it belongs to live in the keychain, which survives deleting
///   the app (G1).
/// - The day is the local calendar date now, read from a fresh calendar at every use and
///   every label, so no launch is needed to see a new day (Q1).
/// - Dates, not `startOfDay` instants, are compared, and the stored day never moves back:
///   a zone change to the same date, or back to yesterday, keeps the count (G3, U3).
/// - Every view counts, Premium's too, so a lapse during the day leaves the day's count
///   (G4).
@MainActor
public final class QuotaManager {
    private let environment: QuotaEnvironment
    private static let dayKey = "dailyQuip.usageDay", countKey = "dailyQuip.cardsViewed"

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
    public var cardsViewedToday: Int {
        let stored = environment.keychain.integer(forKey: Self.dayKey)
        return today > stored ? 0 : environment.keychain.integer(forKey: Self.countKey)
    }

    /// Whether StoreKit reports a Premium product (its expiry is StoreKit's business: G12).
    public var isPremium: Bool {
        environment.entitlements().contains { DailyQuip.premiumProducts.contains($0) }
    }

    /// The user asks for the next card.
    public func viewCard() -> CardAccess {
        let viewed = cardsViewedToday
        if !isPremium, viewed >= DailyQuip.freeCardsPerDay { return .paywall }
        environment.keychain.set(max(today, environment.keychain.integer(forKey: Self.dayKey)), forKey: Self.dayKey)
        environment.keychain.set(viewed + 1, forKey: Self.countKey)
        return .granted
    }

    /// The remaining-cards label.
    public var remainingCardsText: String {
        DailyQuip.remainingText(isPremium: isPremium, viewed: cardsViewedToday)
    }

    /// The plan's name.
    public var planName: String { isPremium ? "Premium" : "Free" }
}

import Foundation

/// The quota manager as the DailyQuip product describes it: `cardsViewedToday` and
/// `lastCardsResetDate` in `UserDefaults`, and `resetDailyCountIfNeeded()` when the app
/// becomes active (launch, and back to the foreground), comparing
/// `Calendar.startOfDay` dates for equality. Premium views are not counted.
///
/// Kept as written so its tests can show, as known issues, the bugs this design has
/// (`QuotaManager` is the fixed one):
/// - the count lives in `UserDefaults`, which deleting the app wipes: a reinstall gives
///   five more cards (G1);
/// - the reset runs only when the app becomes active: a user who keeps it open past
///   midnight is refused cards on the new day (Q1, G3);
/// - a `startOfDay` is an instant, so after a zone change the same date has another one
///   and the count resets: every flight buys five more cards (Q1, U3);
/// - Premium views are not counted, so a subscription that lapses during the day gives
///   five fresh cards (G4: counts are shared by all plans).
@MainActor
public final class DescribedQuotaManager {
    private let environment: QuotaEnvironment

    /// A manager on `environment`.
    public init(environment: QuotaEnvironment) {
        self.environment = environment
    }

    private var cardsViewedToday: Int {
        get { environment.defaults.integer(forKey: "cardsViewedToday") }
        set { environment.defaults.set(newValue, forKey: "cardsViewedToday") }
    }

    private var lastCardsResetDate: Date? {
        get { environment.defaults.object(forKey: "lastCardsResetDate") as? Date }
        set { environment.defaults.set(newValue, forKey: "lastCardsResetDate") }
    }

    /// Called when the app becomes active (`scenePhase == .active`).
    public func resetDailyCountIfNeeded() {
        let today = environment.calendar().startOfDay(for: environment.now())
        if lastCardsResetDate != today {
            cardsViewedToday = 0
            lastCardsResetDate = today
        }
    }

    /// Whether StoreKit reports a Premium product.
    public var isPremium: Bool {
        environment.entitlements().contains { DailyQuip.premiumProducts.contains($0) }
    }

    /// The user asks for the next card.
    public func viewCard() -> CardAccess {
        if isPremium { return .granted }
        guard cardsViewedToday < DailyQuip.freeCardsPerDay else { return .paywall }
        cardsViewedToday += 1
        return .granted
    }

    /// The remaining-cards label.
    public var remainingCardsText: String {
        DailyQuip.remainingText(isPremium: isPremium, viewed: cardsViewedToday)
    }

    /// The plan's name.
    public var planName: String { isPremium ? "Premium" : "Free" }
}

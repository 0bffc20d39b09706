/// DailyQuip's product numbers and texts, shared by both managers.
public enum DailyQuip {
    /// Free cards a day.
    public static let freeCardsPerDay = 5
    /// The products that unlock Premium.
    public static let premiumProducts: Set<String> = ["dailyquip.monthly", "dailyquip.annual", "dailyquip.lifetime"]

    /// The remaining-cards label.
    public static func remainingText(isPremium: Bool, viewed: Int) -> String {
        if isPremium { return "Unlimited cards" }
        let remaining = max(0, freeCardsPerDay - viewed)
        return remaining == 1 ? "1 card remaining today" : "\(remaining) cards remaining today"
    }
}

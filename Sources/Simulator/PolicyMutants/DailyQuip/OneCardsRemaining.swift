import SubscriptionModel

/// Shows "1 cards remaining today" (G10): the label is `"\(n) cards remaining today"`
/// with no singular form.
public struct OneCardsRemaining: PolicyMutant {
    public static let name = "one-cards-remaining"
    public static let mistake = "the remaining-cards label has no singular: \"1 cards remaining today\""
    public static let policyName = "daily-quip"
    /// The install and four cards, which leave one.
    public static let smallestCounterexample = 5
    public static var counterexample: PolicyTimeline {
        sketch(zone: "UTC", [("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .uses(4, "view-card"))])
    }
    /// A wrong screen text from right counts: only the mutant's own screens show it.
    public static let showsOnlyInItsOwnScreens = true
    public var store = Self.freshStore
    public init() {}

    public func isOne(_ number: Int) -> Bool { false }
}

import SubscriptionModel
import SimulatorCore

/// Shows "1 cards remaining today" (G10): the label is `"\(n) cards remaining today"`
/// with no singular form.
package struct OneCardsRemaining: Mutant {
    package static let name = "one-cards-remaining"
    package static let mistake = "the remaining-cards label has no singular: \"1 cards remaining today\""
    package static let policyName = "daily-quip"
    /// The install and four cards, which leave one.
    package static let smallestCounterexample = 5
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .uses(4, "view-card"))])
    }
    /// A wrong screen text from right counts: only the mutant's own screens show it.
    package static let showsOnlyInItsOwnScreens = true
    package var store = Self.freshStore
    package init() {}

    package func isOne(_ number: Int) -> Bool { false }
}

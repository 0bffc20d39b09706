import SubscriptionModel
import SimulatorCore

/// Does not enforce Premium's hidden daily caps (X4): the limits are hidden from the
/// screens, and the code that reads "Unlimited" in the UI model skips the check too, so
/// the abuse cap of 10 recipes a day is never applied.
package struct HiddenCapsNotEnforced: Mutant {
    package static let name = "hidden-caps-not-enforced"
    package static let mistake = "a hidden limit (shown as unlimited) is not enforced"
    package static let policyName = "oxalate"
    /// The install, a purchase, the 10 recipes the cap allows and the 11th.
    package static let smallestCounterexample = 13
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [
            ("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .entitle("premium_yearly")),
            ("2026-01-10T13:00:00Z", .uses(11, "create-recipe")),
        ])
    }
    package var store = Self.freshStore
    package init() {}

    package func limitReached(count: Int, cost: Int, limit: Limit) -> Bool {
        !limit.isHidden && count + cost > limit.value
    }
}

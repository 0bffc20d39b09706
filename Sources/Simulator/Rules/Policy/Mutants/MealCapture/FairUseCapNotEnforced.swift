import SubscriptionModel
import SimulatorCore

/// Does not enforce Unlimited's hidden fair-use cap of 50 a day (`docs/policies.md`,
/// meal-capture): the cap is hidden from the screens, and the check reads the same
/// "unlimited" flag.
package struct FairUseCapNotEnforced: Mutant {
    package static let name = "fair-use-cap-not-enforced"
    package static let mistake = "a hidden limit (shown as unlimited) is not enforced"
    package static let policyName = "meal-capture"
    /// The install, the purchase of Unlimited, 50 analyses and the 51st.
    package static let smallestCounterexample = 53
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [
            ("2026-01-10T08:00:00Z", .install), ("2026-01-10T08:01:00Z", .entitle("unlimited")),
            ("2026-01-10T09:00:00Z", .uses(51, "meal")),
        ])
    }
    package var store = Self.freshStore
    package init() {}

    package func limitReached(count: Int, cost: Int, limit: Limit) -> Bool {
        !limit.isHidden && count + cost > limit.value
    }
}

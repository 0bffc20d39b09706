import SubscriptionModel
import SimulatorCore

/// Says "Renews on" after a cancellation (X5, G12): the screen reads the subscription's
/// state (still subscribed until the period ends) instead of `willAutoRenew`, so a user
/// who cancelled is told they will be charged again.
package struct BillingAlwaysRenews: Mutant {
    package static let name = "billing-always-renews"
    package static let mistake = "the billing screen says \"Renews on\" even when the subscription will not renew"
    package static let policyName = "oxalate"
    /// The install and a cancelled subscription's report.
    package static let smallestCounterexample = 2
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [
            ("2026-01-10T12:00:00Z", .install),
            ("2026-01-10T12:01:00Z", .entitle("premium_monthly", expires: "2026-02-10T12:00:00Z", renews: false)),
        ])
    }
    package var store = Self.freshStore
    package init() {}

    /// The app's model of the entitlement has no `willAutoRenew` and says it renews (the
    /// output's entitlement details are read only by the expiry screen), so the bug
    /// shows however screens are rendered.
    package mutating func handle(_ event: Event) -> Output {
        var output = handleWithHooks(event)
        output.entitlement?.renews = true
        return output
    }
}

import SubscriptionModel
import SimulatorCore

/// Shows the next billing date in UTC (X5): the date is formatted with an
/// `ISO8601DateFormatter` (UTC by default) instead of the user's calendar, so in Tokyo a
/// renewal at 05:00 on the 11th reads "Renews on" the 10th.
package struct BillingDateInUTC: Mutant {
    package static let name = "billing-date-in-utc"
    package static let mistake = "the billing date shown as its UTC date instead of the date in the device's zone"
    package static let policyName = "oxalate"
    /// The install and a purchase whose period ends on another date in Tokyo than in UTC.
    package static let smallestCounterexample = 2
    package static var counterexample: Timeline {
        sketch(zone: "Asia/Tokyo", [
            ("2026-01-10T00:00:00Z", .install),
            ("2026-01-10T00:01:00Z", .entitle("premium_monthly", expires: "2026-02-10T20:00:00Z")), // 05:00 on Feb 11 in Tokyo
        ])
    }
    package var store = Self.freshStore
    package init() {}

    /// The app's view model hands the screens UTC as the zone to show dates in (output
    /// `zone` is read only by the expiry screen), so the bug shows however screens are rendered.
    package mutating func handle(_ event: Event) -> Output {
        var output = handleWithHooks(event)
        output.zone = .utc
        return output
    }
}

import SubscriptionModel
import SimulatorCore

/// Keeps the months running from the install when the user subscribes: the new
/// subscriber's month neither starts on the purchase's day nor starts afresh.
package struct AnchorKeptOnNewSubscription: Mutant {
    package static let name = "anchor-kept-on-new-subscription"
    package static let mistake = "a new subscription keeps the months (and the month's count) of the install instead of starting a month on the purchase's day"
    package static let policyName = "billing-month"
    /// The install on 1 March, an export on 5 March, and Pro bought on 10 March: the month
    /// starts again there and the count reads 0, the mutant's 1.
    package static let smallestCounterexample = 3
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2027-03-01T09:00:00Z", .install), ("2027-03-05T10:00:00Z", .use("export")),
                             ("2027-03-10T10:00:00Z", .entitle("ledger.pro.monthly", expires: "2027-04-10T10:00:00Z"))])
    }
    package var store = Self.freshStore
    package init() {}

    package mutating func entitlementChanged(to entitlement: Entitlement?, at instant: Instant) {
        store.entitlement = entitlement
    }
}

import SubscriptionModel
import SimulatorCore

/// Restarts the overall count when a plan is bought (D4): the server opens a fresh
/// usage row for the new subscription, so a user who spent Core's 100 questions buys
/// Core again, or any plan, and gets the overall limit back.
package struct OverallCountRestartsOnPurchase: Mutant {
    package static let name = "overall-count-restarts-on-purchase"
    package static let mistake = "the overall question count restarts from 0 when a product is bought"
    package static let policyName = "daa-tiers"
    /// The install, a question, a purchase.
    package static let smallestCounterexample = 3
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [
            ("2026-05-04T09:00:00Z", .install), ("2026-05-04T09:01:00Z", .use("chat")),
            ("2026-05-04T09:02:00Z", .entitle("com.daa.core.monthly", expires: "2026-06-04T09:02:00Z")),
        ])
    }
    package var store = Self.freshStore
    package init() {}

    package mutating func entitlementChanged(to entitlement: Entitlement?, at instant: Instant) {
        if let entitlement, entitlement.product != store.entitlement?.product {
            for meter in store.counts.indices { store.counts[meter].total = 0 }
        }
        store.entitlement = entitlement
    }
}

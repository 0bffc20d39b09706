import SubscriptionModel
import SimulatorCore

/// Gives a subscriber in a free introductory offer the Free plan (G5): the app reads the
/// transaction's introductory offer as "not paying yet" and keeps the free limits until
/// the first payment, where StoreKit reports the subscription, and so its plan, from the
/// purchase on. The offer is told apart as the app would from the report alone: the first
/// subscription of the user's life, reported with the offer's end as its `expires`.
package struct FreeOfferAsFreePlan: Mutant {
    package static let name = "free-offer-as-free-plan"
    package static let mistake = "while a subscription's free introductory week runs, the user keeps the Free plan's limits"
    package static let policyName = "study-week"
    /// The install and a purchase of the monthly plan with its free week.
    package static let smallestCounterexample = 2
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-10T10:00:00Z", .install),
                             ("2026-01-10T10:05:00Z", .entitle("study.pro.monthly", expires: "2026-01-17T10:05:00Z"))])
    }
    package var store = Self.freshStore
    /// The end of the free offer the current report is in, if any.
    var offerEnds: Instant?
    /// Whether the user ever subscribed (an offer is for a first subscription only).
    var subscribedBefore = false
    package init() {}

    package mutating func forgetOwnState() {
        offerEnds = nil
        subscribedBefore = false
    }

    package mutating func entitlementChanged(to entitlement: Entitlement?, at instant: Instant) {
        if let entitlement, !subscribedBefore, let offer = store.policy.products[entitlement.product].introductoryOffer, offer.payment == .free,
           let period = ProductPeriod(iso: offer.period), entitlement.expires == period.end(after: instant, count: 1) {
            offerEnds = entitlement.expires
        } else if entitlement?.expires != offerEnds {
            offerEnds = nil
        }
        if entitlement != nil { subscribedBefore = true }
        store.entitlement = entitlement
    }

    package func plan(at instant: Instant) -> Int? {
        if let offerEnds, store.entitlement?.expires == offerEnds { return store.policy.guestDefault }
        return standardPlan(at: instant, entitlement: store.entitlement)
    }
}

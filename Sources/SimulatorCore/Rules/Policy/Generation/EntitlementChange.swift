import SubscriptionModel

/// One report of StoreKit's current entitlement under a policy, as the app would be
/// told of it, with what happened in StoreKit's terms.
package struct EntitlementChange: Hashable, Sendable {
    /// When the app hears of it.
    package var at: Instant
    /// When StoreKit made it: `at`, unless the device was offline then and the app heard
    /// of it later (a period's end, `StoreKitLifecycle`).
    package var due: Instant
    /// The current entitlement from then on (product, `expires`, `renews`), or none.
    package var entitlement: Entitlement?
    /// What happened.
    package var kind: Kind

    /// Creates a change the app hears of at `at`, made by StoreKit at `due` (by default then).
    package init(at: Instant, due: Instant? = nil, entitlement: Entitlement?, kind: Kind) {
        self.at = at
        self.due = due ?? at
        self.entitlement = entitlement
        self.kind = kind
    }

    /// What StoreKit did.
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A first purchase.
        case purchase
        /// The period renewed: the same product, a later `expires`.
        case renewal
        /// To a higher-ranked plan's product: at once, a new period from that moment.
        case upgrade
        /// To a lower-ranked plan's product: at the end of the current period.
        case downgrade
        /// To another product of the same plan (another period): at the end of the period.
        case crossgrade
        /// Auto-renew turned off: the same product and `expires`, `renews` false.
        case cancellation
        /// Auto-renew turned on again before the period ended.
        case reenable
        /// The period ended without a renewal (after a cancellation): no entitlement.
        case expiry
        /// A renewal failed and the billing grace (if any) ran out: no entitlement.
        case lapse
        /// Billing retry succeeded: the product again, a new period from that moment.
        case recovery
        /// Refunded or revoked: no entitlement, at once (a lifetime purchase too).
        case refund
        /// A new purchase after access ended.
        case resubscription
    }
}

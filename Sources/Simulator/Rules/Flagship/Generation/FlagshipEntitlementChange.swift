import SubscriptionModel
import SimulatorCore

/// One change of StoreKit's current entitlement, as the app would be told of it.
package struct FlagshipEntitlementChange: Hashable, Sendable {
    /// When StoreKit reports it.
    package var at: Instant
    /// The current entitlement from then on.
    package var tier: PaidTier?
    /// What happened in StoreKit's terms.
    package var kind: Kind

    /// Creates a change.
    package init(at: Instant, tier: PaidTier?, kind: Kind) {
        self.at = at
        self.tier = tier
        self.kind = kind
    }

    /// The StoreKit events the lifecycle produces.
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A first purchase, during or after the trial.
        case purchase
        /// A renewal that StoreKit reports again (same entitlement).
        case renewal
        /// Premium to Unlimited: at once, a new period from that moment.
        case upgrade
        /// Unlimited to Premium: at the end of the current period.
        case downgrade
        /// Auto-renew was turned off: access ends with the period.
        case cancellation
        /// A renewal failed: access ends (at once, or after the billing grace period).
        case lapse
        /// Billing retry succeeded within 60 days: access returns.
        case recovery
        /// Apple refunded or revoked the purchase: access ends at once.
        case refund
        /// A new purchase after access ended.
        case resubscription
    }
}

import Foundation
import SubscriptionModel

/// One of StoreKit's current entitlements as the simulated device reports it: what an
/// app reads from a verified `Transaction` in `Transaction.currentEntitlements`.
///
/// The expiration date is StoreKit's last report (G12): the harness keeps an
/// entitlement in the list until a `set-entitlement` replaces it, as StoreKit does when
/// the device is offline past the date, so code that ends a plan at `expirationDate`
/// by itself is judged against the rule that only the product decides the plan (P1).
public struct DeviceEntitlement: Hashable, Sendable {
    /// The product identifier (`Transaction.productID`).
    public var productID: String
    /// When the current period ends (`Transaction.expirationDate`); nil for a
    /// non-consumable (a lifetime purchase) or when StoreKit gave none.
    public var expirationDate: Date?
    /// Whether the subscription renews at `expirationDate`
    /// (`Product.SubscriptionInfo.RenewalInfo.willAutoRenew`); false for a non-consumable.
    public var willAutoRenew: Bool
    /// The kind of product.
    public var productType: ProductType
    /// The offer the current period was sold with (`Transaction.offerType`): `.introductory`
    /// while a subscription's introductory offer runs, nil otherwise. StoreKit's rules for
    /// who gets it, as the harness applies them: the policy's products are one subscription
    /// group, a user is eligible once (the first subscription of their life), and the
    /// offer's period is the one the first report's `expires` ends (the whole offer, for a
    /// pay-as-you-go one). The plan is the product's all the same (G5): code that gives a
    /// user in a free week less than the plan is caught by what it shows. (A report cannot
    /// tell an offer as long as the product's own period, such as a pay-up-front `P1M`
    /// offer on a `P1M` product, from a first purchase at full price: the device reports
    /// the offer for both.)
    public var offerType: OfferType?
    /// When the subscription to this product began (`Transaction.purchaseDate` of the
    /// transaction that started it: the first purchase, a resubscription after a lapse, or
    /// the move from another product), as StoreKit reported it; a renewal keeps it. Nil
    /// when not known. An app whose months run from the purchase (policy format 10) counts
    /// them from this date, not from when it heard of the subscription, which may be a
    /// launch later.
    public var purchaseDate: Date?

    /// The offers StoreKit sells with a transaction that the harness reports.
    public enum OfferType: String, Hashable, Sendable {
        /// An introductory offer: a free trial, or a reduced price paid as you go or up front.
        case introductory
    }

    /// StoreKit's product types the policies sell.
    public enum ProductType: String, Hashable, Sendable {
        /// An auto-renewable subscription.
        case autoRenewable
        /// A one-time purchase that never lapses.
        case nonConsumable
    }

    /// Creates an entitlement.
    public init(productID: String, expirationDate: Date?, willAutoRenew: Bool, productType: ProductType, offerType: OfferType? = nil,
                purchaseDate: Date? = nil) {
        self.productID = productID
        self.expirationDate = expirationDate
        self.willAutoRenew = willAutoRenew
        self.productType = productType
        self.offerType = offerType
        self.purchaseDate = purchaseDate
    }

    /// The entitlement a `set-entitlement` event reports under `policy`, sold with
    /// `offerType`, its subscription begun at `purchaseDate`.
    public init(_ entitlement: Entitlement, policy: SubscriptionPolicy, offerType: OfferType? = nil, purchaseDate: Date? = nil) {
        let product = policy.products[entitlement.product]
        let isSubscription: Bool
        switch product.kind {
        case .autoRenewable: isSubscription = true
        case .nonConsumable: isSubscription = false
        }
        self.init(productID: product.id, expirationDate: entitlement.expires.map(SimulatedDevice.date),
                  willAutoRenew: isSubscription && entitlement.renews, productType: isSubscription ? .autoRenewable : .nonConsumable,
                  offerType: offerType, purchaseDate: purchaseDate)
    }
}

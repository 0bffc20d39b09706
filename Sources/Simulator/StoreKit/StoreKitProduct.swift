import SimulatorCore
/// One product of a StoreKit configuration file, whatever list it is in: `products`
/// (consumables and non-consumables), `nonRenewingSubscriptions`, a group's
/// `subscriptions` (auto-renewable), or a suite group's `subscriptions` (format 6.x's
/// subscription suites).
package struct StoreKitProduct: Hashable, Sendable {
    /// The `productID`, as StoreKit and the policy name it.
    package var id: String
    /// How it is bought.
    package var kind: Kind
    /// Where the file lists it (`$.products[2]`), for messages.
    package var path: String
    /// Its `displayPrice` as shown (`StoreKitPrice.shown`), if the file gives one.
    package var price: String?
    /// A subscription's offers, in file order: introductory, promotional, offer codes,
    /// win-back (listed by `simulate storekit FILE`; only a free introductory one is a trial).
    package var offers: [StoreKitOffer]
    /// A subscription's billing plans (`billingPlans`, 5.0 on) other than the ordinary
    /// upfront one at the product's own price.
    package var billingPlans: [StoreKitBillingPlan]

    /// How a StoreKit product is bought.
    package enum Kind: Hashable, Sendable {
        /// Used up once bought (`Consumable`): gives no plan.
        case consumable
        /// Bought once, kept for good (`NonConsumable`): a lifetime plan.
        case nonConsumable
        /// A subscription that does not renew by itself (`NonRenewingSubscription`):
        /// a policy has no such kind.
        case nonRenewing
        /// An auto-renewable subscription (`RecurringSubscription`).
        case autoRenewable(StoreKitSubscription)
        /// A subscription suite (`SubscriptionSuite`, in `subscriptionSuiteGroups` from
        /// format 6.x): renews every `duration`; a policy has no such kind.
        case suite(StoreKitSubscription)
    }

    /// Creates a product.
    package init(id: String, kind: Kind, path: String, price: String? = nil, offers: [StoreKitOffer] = [], billingPlans: [StoreKitBillingPlan] = []) {
        self.id = id
        self.kind = kind
        self.path = path
        self.price = price
        self.offers = offers
        self.billingPlans = billingPlans
    }

    /// The subscription, when the product is auto-renewable.
    package var subscription: StoreKitSubscription? {
        if case .autoRenewable(let subscription) = kind { return subscription }
        return nil
    }

    /// `auto-renewable P1M`, `non-consumable`, `consumable` or `non-renewing
    /// subscription`, in the words of `docs/policy-file.md`.
    package var kindText: String {
        switch kind {
        case .consumable: "consumable"
        case .nonConsumable: "non-consumable"
        case .nonRenewing: "non-renewing subscription"
        case .autoRenewable(let subscription): "auto-renewable \(subscription.period)"
        case .suite(let subscription): "subscription suite \(subscription.period)"
        }
    }
}

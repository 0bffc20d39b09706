/// One product of a StoreKit configuration file, whatever list it is in: `products`
/// (consumables and non-consumables), `nonRenewingSubscriptions`, or a group's
/// `subscriptions` (auto-renewable).
package struct StoreKitProduct: Hashable, Sendable {
    /// The `productID`, as StoreKit and the policy name it.
    package var id: String
    /// How it is bought.
    package var kind: Kind
    /// Where the file lists it (`$.products[2]`), for messages.
    package var path: String

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
    }

    /// Creates a product.
    package init(id: String, kind: Kind, path: String) {
        self.id = id
        self.kind = kind
        self.path = path
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
        }
    }
}

/// A StoreKit product the app sells that no rule reads (a policy file's `otherProducts`,
/// format 9): a tip, a non-renewing subscription, a subscription suite. It gives no plan
/// and adds no credits; the policy lists it so that `simulate storekit` finds every
/// product of the app's file in the policy, and compares its kind.
package struct OtherProduct: Hashable, Sendable {
    /// What StoreKit sells it as.
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A consumable bought again and again (a tip).
        case consumable
        /// A subscription for a period that does not renew.
        case nonRenewing = "non-renewing"
        /// A subscription suite's subscription (StoreKit files of format 6.x).
        case subscriptionSuite = "subscription-suite"
    }

    /// The StoreKit product id.
    package var id: String
    /// Its kind.
    package var kind: Kind

    /// A product `id` of `kind`.
    package init(id: String, kind: Kind) {
        self.id = id
        self.kind = kind
    }
}

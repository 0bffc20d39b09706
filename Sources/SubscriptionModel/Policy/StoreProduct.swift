/// A StoreKit product a paid plan sells (P1: the entitlement names it, the plan follows).
public struct StoreProduct: Hashable, Sendable {
    /// The StoreKit product id.
    public var id: String
    /// How the product is bought.
    package var kind: Kind
    /// The index of the plan the product gives, in the policy's plans.
    public var plan: Int
    /// The introductory offer StoreKit sells with it (an auto-renewable product), if any.
    package var introductoryOffer: IntroductoryOffer?

    /// How a product is bought; the period is ISO 8601 as StoreKit states it.
    package enum Kind: Hashable, Sendable, CustomStringConvertible {
        /// A subscription renewed every period (`P1M`, `P1Y`, ...).
        case autoRenewable(period: String)
        /// A one-time purchase that never expires (a lifetime plan).
        case nonConsumable

        /// `auto-renewable P1M` or `non-consumable`, as a reviewer reads it.
        package var description: String {
            switch self {
            case .autoRenewable(let period): "auto-renewable \(period)"
            case .nonConsumable: "non-consumable"
            }
        }
    }

    /// Creates a product.
    package init(id: String, kind: Kind, plan: Int, introductoryOffer: IntroductoryOffer? = nil) {
        self.id = id
        self.kind = kind
        self.plan = plan
        self.introductoryOffer = introductoryOffer
    }
}

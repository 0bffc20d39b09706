/// StoreKit's current entitlement with the details screens show (G12).
///
/// Only `product` decides the plan (P1); `expires` and `renews` feed screens such as a
/// billing date, so a paid plan lasts until StoreKit reports otherwise.
public struct Entitlement: Hashable, Sendable {
    /// The product's index in the policy's products.
    public var product: Int
    /// When the current period ends, if known.
    public var expires: Instant?
    /// Whether it renews then.
    public var renews: Bool

    /// Creates an entitlement.
    @inlinable
    public init(product: Int, expires: Instant? = nil, renews: Bool = true) {
        self.product = product
        self.expires = expires
        self.renews = renews
    }
}

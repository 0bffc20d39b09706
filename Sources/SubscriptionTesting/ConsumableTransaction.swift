import Foundation

/// One purchase of a consumable (a credit pack) as the simulated device reports it: what
/// an app reads from a verified `Transaction` of `Transaction.updates` or `Transaction.all`.
///
/// The app credits a transaction it has not counted yet and takes back what a refunded
/// one added (`revocationDate` set); `id` tells transactions apart as
/// `Transaction.id` does, so an app that counts one twice, or never, is found.
public struct ConsumableTransaction: Hashable, Sendable {
    /// The transaction's id (`Transaction.id`): unique on the device, growing with time.
    public var id: UInt64
    /// The product identifier (`Transaction.productID`).
    public var productID: String
    /// When it was bought (`Transaction.purchaseDate`).
    public var purchaseDate: Date
    /// When Apple refunded it (`Transaction.revocationDate`); nil while it stands.
    public var revocationDate: Date?

    /// Creates a transaction.
    public init(id: UInt64, productID: String, purchaseDate: Date, revocationDate: Date? = nil) {
        self.id = id
        self.productID = productID
        self.purchaseDate = purchaseDate
        self.revocationDate = revocationDate
    }
}

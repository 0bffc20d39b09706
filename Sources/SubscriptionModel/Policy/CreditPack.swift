/// A consumable StoreKit product that adds credits to a meter (a policy file's
/// `creditPacks`, format 3): a use that the plan's limit on the meter would block goes
/// ahead instead when the user holds a credit, and takes it.
///
/// Credits live with the identity, as counts do (G1): they survive a reinstall, a
/// relaunch and a sign-in, and never expire. A refund takes back the pack's credits that
/// are still held (all of them, or the whole balance when fewer remain); uses already
/// made with them stay made.
package struct CreditPack: Hashable, Sendable {
    /// The StoreKit product id of the consumable.
    package var id: String
    /// The index of the meter the credits are for, in the policy's meters.
    package var meter: Int
    /// How many credits one purchase adds (at least 1).
    package var credits: Int

    /// A pack of `credits` credits for meter `meter`.
    package init(id: String, meter: Int, credits: Int) {
        self.id = id
        self.meter = meter
        self.credits = credits
    }
}

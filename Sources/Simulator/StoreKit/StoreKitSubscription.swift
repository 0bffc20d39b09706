import SimulatorCore
/// What a StoreKit configuration says of an auto-renewable subscription: its billing
/// period, its group and level, and its free trial.
package struct StoreKitSubscription: Hashable, Sendable {
    /// The `recurringSubscriptionPeriod`, as the file writes it (`P1W`, `P1M`, `P1Y`).
    package var period: String
    /// The index of its group in the configuration's `groups`.
    package var group: Int
    /// Its level in the group (`groupNumber`): 1 is the highest; products of equal
    /// level are crossgrades of each other.
    package var level: Int
    /// Its free introductory offer, if it has one (offers that cost something are no trial).
    package var freeTrial: StoreKitFreeTrial?

    /// Creates a subscription.
    package init(period: String, group: Int, level: Int, freeTrial: StoreKitFreeTrial?) {
        self.period = period
        self.group = group
        self.level = level
        self.freeTrial = freeTrial
    }

    /// The billing period as the generator counts it (the reader has checked that it reads).
    package var billingPeriod: ProductPeriod { ProductPeriod(iso: period) ?? ProductPeriod(months: 1) }
}

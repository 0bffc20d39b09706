import SubscriptionModel

/// Takes "Unlimited" literally and never applies the hidden fair-use cap of 50.
public struct UnlimitedWithoutFairUseCap: Mutant {
    public static let name = "unlimited-without-fair-use-cap"
    public static let mistake = "Unlimited without the fair-use cap of 50"
    public static let smallestCounterexample = 53 // install, set-entitlement unlimited, 51 captures
    public var store = Self.freshStore
    public init() {}

    public func allows(_ plan: Plan, used: Int) -> Bool {
        if plan == .unlimited { return true }
        guard let limit = store.rules.dailyLimit(of: plan) else { return false }
        return used < limit
    }
}

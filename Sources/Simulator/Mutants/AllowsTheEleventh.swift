import SubscriptionModel

/// Checks `used <= limit` instead of `used < limit`: the 11th analysis goes through.
public struct AllowsTheEleventh: Mutant {
    public static let name = "allows-the-11th"
    public static let mistake = "an off-by-one (used <= limit) allows the 11th analysis"
    public static let smallestCounterexample = 12 // install, 11 captures
    public var store = Self.freshStore
    public init() {}

    public func allows(_ plan: Plan, used: Int) -> Bool {
        guard let limit = store.rules.dailyLimit(of: plan) else { return false }
        return used <= limit
    }
}

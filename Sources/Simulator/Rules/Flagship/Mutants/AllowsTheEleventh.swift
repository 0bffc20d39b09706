import SubscriptionModel
import SimulatorCore

/// Checks `used <= limit` instead of `used < limit`: the 11th analysis goes through.
package struct AllowsTheEleventh: FlagshipMutant {
    package static let name = "allows-the-11th"
    package static let mistake = "an off-by-one (used <= limit) allows the 11th analysis"
    package static let smallestCounterexample = 12 // install, 11 captures
    package var store = Self.freshStore
    package init() {}

    package func allows(_ plan: FlagshipPlan, used: Int) -> Bool {
        guard let limit = store.rules.dailyLimit(of: plan) else { return false }
        return used <= limit
    }
}

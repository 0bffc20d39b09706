import SubscriptionModel
import SimulatorCore

/// Takes "Unlimited" literally and never applies the hidden fair-use cap of 50.
package struct UnlimitedWithoutFairUseCap: FlagshipMutant {
    package static let name = "unlimited-without-fair-use-cap"
    package static let mistake = "Unlimited without the fair-use cap of 50"
    package static let smallestCounterexample = 53 // install, set-entitlement unlimited, 51 captures
    package var store = Self.freshStore
    package init() {}

    package func allows(_ plan: FlagshipPlan, used: Int) -> Bool {
        if plan == .unlimited { return true }
        guard let limit = store.rules.dailyLimit(of: plan) else { return false }
        return used < limit
    }
}

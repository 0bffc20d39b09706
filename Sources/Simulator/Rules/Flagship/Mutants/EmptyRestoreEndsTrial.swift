import SubscriptionModel
import SimulatorCore

/// Reads StoreKit's "no entitlement" as the end of the trial: after a Restore Purchases
/// that finds nothing (none was in force), the app marks the trial used up and shows
/// the paywall, although the 72 hours have not run out (T2, P1).
package struct EmptyRestoreEndsTrial: FlagshipMutant {
    package static let name = "empty-restore-ends-trial"
    package static let mistake = "an empty Restore Purchases in the trial ends the trial"
    package static let smallestCounterexample = 2 // install, set-entitlement null in the trial
    /// Through a blocked attempt: install, the empty restore, a capture in the trial.
    package static func smallestCounterexample(through invariant: FlagshipInvariant) -> Int? {
        invariant == .noOverBlocking ? 3 : nil
    }
    package var store = Self.freshStore
    private var trialUsedUp = false
    package init() {}

    package mutating func forgetOwnState() {
        trialUsedUp = false
    }

    package mutating func entitlementChanged(to tier: PaidTier?, at instant: Instant) {
        if tier == nil, store.entitlement == nil { trialUsedUp = true }
        store.entitlement = tier
    }

    package func plan(at instant: Instant) -> FlagshipPlan {
        if let tier = store.entitlement { return tier.plan }
        guard !trialUsedUp, let installed = store.installedAt, installed.milliseconds(to: instant) < store.rules.trialLengthMilliseconds else { return .none }
        return .trial
    }
}

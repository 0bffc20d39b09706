import SubscriptionModel
import SimulatorCore

/// Gives the existing users' grace to everyone until it ends (F1, G5.3): the check is
/// `now < release + 30 days` without asking when the user installed, so new users get
/// a month without limits.
package struct GraceForNewInstalls: Mutant {
    package static let name = "grace-for-new-installs"
    package static let mistake = "the grace for existing users also given to users installed after the release"
    package static let policyName = "face-recall"
    /// One event: an install after the release, inside the grace's 30 days.
    package static let smallestCounterexample = 1
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-03-05T00:00:00Z", .install)])
    }
    package var store = Self.freshStore
    package init() {}

    package func plan(at instant: Instant) -> Int? {
        if store.entitlement == nil, let grace = store.policy.grace, let cutoff = grace.cutoff,
           instant < cutoff.adding(milliseconds: grace.lengthMilliseconds) {
            return grace.plan
        }
        return standardPlan(at: instant, entitlement: store.entitlement)
    }
}

import SubscriptionModel
import SimulatorCore

/// Counts the existing users' 30 days from their install instead of from the release
/// (F1, G5.3): `installDate + 30 days`, so a user installed a month before the release
/// loses the grace the day it arrives.
package struct GraceCountedFromInstall: Mutant {
    package static let name = "grace-counted-from-install"
    package static let mistake = "the grace of existing users counted from their install instead of from the release"
    package static let policyName = "face-recall"
    /// The install a month before the release and a look after its 30 days from the install.
    package static let smallestCounterexample = 2
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-02-01T00:00:00Z", .install), ("2026-03-04T00:00:00Z", .look)])
    }
    package var store = Self.freshStore
    package init() {}

    package func plan(at instant: Instant) -> Int? {
        let policy = store.policy
        if store.entitlement == nil, let grace = policy.grace, let cutoff = grace.cutoff, let installed = store.installedAt, installed < cutoff {
            if instant < installed.adding(milliseconds: grace.lengthMilliseconds) { return grace.plan }
            return standardPlan(at: cutoff.adding(milliseconds: grace.lengthMilliseconds), entitlement: nil) // the grace is over
        }
        return standardPlan(at: instant, entitlement: store.entitlement)
    }
}

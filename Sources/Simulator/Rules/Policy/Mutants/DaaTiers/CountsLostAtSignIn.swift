import SubscriptionModel
import SimulatorCore

/// Loses the guest's counts at sign-in (G1, D4: "Carry over questions_asked"): the
/// registered account starts a new usage record, so a guest who spent 3 questions signs
/// in and asks 10 more than the overall limit allows.
package struct CountsLostAtSignIn: Mutant {
    package static let name = "counts-lost-at-sign-in"
    package static let mistake = "the guest's counts are not carried over at sign-in: the account starts from 0"
    package static let policyName = "daa-tiers"
    /// The install, a question, the sign-in.
    package static let smallestCounterexample = 3
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-05-04T09:00:00Z", .install), ("2026-05-04T09:01:00Z", .use("chat")), ("2026-05-04T09:02:00Z", .signIn)])
    }
    package var store = Self.freshStore
    package init() {}

    package mutating func signedIn(at instant: Instant) {
        if !store.isRegistered {
            store.counts = store.counts.map { _ in UsageCounts() }
            store.usageDay = nil
        }
        store.isRegistered = true
    }
}

import SubscriptionModel
import SimulatorCore

/// Returns a registered user to the guest plan when a subscription ends (D3): the
/// expiry handler assigns the plan marked `is_default_guest`, so a registered user who
/// let Core lapse gets `free_guest`'s 3 questions instead of `free_registered`'s 10.
package struct LapseToGuestPlan: Mutant {
    package static let name = "lapse-to-guest-plan"
    package static let mistake = "a registered user whose subscription ends is put on the guest plan"
    package static let policyName = "daa-tiers"
    /// The install, the sign-in, a purchase and its end.
    package static let smallestCounterexample = 4
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [
            ("2026-05-04T09:00:00Z", .install), ("2026-05-04T09:01:00Z", .signIn),
            ("2026-05-04T09:02:00Z", .entitle("com.daa.core.monthly", expires: "2026-06-04T09:02:00Z")),
            ("2026-06-04T09:02:00Z", .entitle(nil)),
        ])
    }
    package var store = Self.freshStore
    /// Whether the expiry handler last put the user on the guest plan.
    private var lapsed = false
    package init() {}

    package mutating func forgetOwnState() {
        lapsed = false
    }

    package func plan(at instant: Instant) -> Int? {
        if store.entitlement == nil, lapsed { return store.policy.guestDefault }
        return standardPlan(at: instant, entitlement: store.entitlement)
    }

    package mutating func signedIn(at instant: Instant) {
        if !store.isRegistered { lapsed = false } // "auto-assign on login" runs at the first sign-in only
        store.isRegistered = true
    }

    package mutating func entitlementChanged(to entitlement: Entitlement?, at instant: Instant) {
        if entitlement == nil, store.entitlement != nil { lapsed = true }
        if entitlement != nil { lapsed = false }
        store.entitlement = entitlement
    }
}

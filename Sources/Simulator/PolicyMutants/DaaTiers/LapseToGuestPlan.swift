import SubscriptionModel

/// Returns a registered user to the guest plan when a subscription ends (D3): the
/// expiry handler assigns the plan marked `is_default_guest`, so a registered user who
/// let Core lapse gets `free_guest`'s 3 questions instead of `free_registered`'s 10.
public struct LapseToGuestPlan: PolicyMutant {
    public static let name = "lapse-to-guest-plan"
    public static let mistake = "a registered user whose subscription ends is put on the guest plan"
    public static let policyName = "daa-tiers"
    /// The install, the sign-in, a purchase and its end.
    public static let smallestCounterexample = 4
    public static var counterexample: PolicyTimeline {
        sketch(zone: "UTC", [
            ("2026-05-04T09:00:00Z", .install), ("2026-05-04T09:01:00Z", .signIn),
            ("2026-05-04T09:02:00Z", .entitle("com.daa.core.monthly", expires: "2026-06-04T09:02:00Z")),
            ("2026-06-04T09:02:00Z", .entitle(nil)),
        ])
    }
    public var store = Self.freshStore
    /// Whether the expiry handler last put the user on the guest plan.
    private var lapsed = false
    public init() {}

    public mutating func forgetOwnState() {
        lapsed = false
    }

    public func plan(at instant: Instant) -> Int? {
        if store.entitlement == nil, lapsed { return store.policy.guestDefault }
        return standardPlan(at: instant, entitlement: store.entitlement)
    }

    public mutating func signedIn(at instant: Instant) {
        if !store.isRegistered { lapsed = false } // "auto-assign on login" runs at the first sign-in only
        store.isRegistered = true
    }

    public mutating func entitlementChanged(to entitlement: PolicyEntitlement?, at instant: Instant) {
        if entitlement == nil, store.entitlement != nil { lapsed = true }
        if entitlement != nil { lapsed = false }
        store.entitlement = entitlement
    }
}

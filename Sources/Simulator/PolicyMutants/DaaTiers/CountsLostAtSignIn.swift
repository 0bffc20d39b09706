import SubscriptionModel

/// Loses the guest's counts at sign-in (G1, D4: "Carry over questions_asked"): the
/// registered account starts a new usage record, so a guest who spent 3 questions signs
/// in and asks 10 more than the overall limit allows.
public struct CountsLostAtSignIn: PolicyMutant {
    public static let name = "counts-lost-at-sign-in"
    public static let mistake = "the guest's counts are not carried over at sign-in: the account starts from 0"
    public static let policyName = "daa-tiers"
    /// The install, a question, the sign-in.
    public static let smallestCounterexample = 3
    public static var counterexample: PolicyTimeline {
        sketch(zone: "UTC", [("2026-05-04T09:00:00Z", .install), ("2026-05-04T09:01:00Z", .use("chat")), ("2026-05-04T09:02:00Z", .signIn)])
    }
    public var store = Self.freshStore
    public init() {}

    public mutating func signedIn(at instant: Instant) {
        if !store.isRegistered {
            store.counts = store.counts.map { _ in PolicyCounts() }
            store.usageDay = nil
        }
        store.isRegistered = true
    }
}

import SubscriptionModel

/// Policy logic with every hook at its correct default: agrees with `PolicyMachine` on
/// every output and every screen, for any policy.
public struct StraightforwardPolicyApp: PolicyApp {
    /// The app's storage.
    public var store: PolicyAppStore

    /// An app for `policy` (a new user is started with `start(policy:zone:)` anyway).
    public init(policy: SubscriptionPolicy = .mealCapture) {
        store = PolicyAppStore(policy: policy, zone: .utc)
    }
}

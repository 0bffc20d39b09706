import SubscriptionModel
import SimulatorCore

/// Policy logic with every hook at its correct default: agrees with `SubscriptionMachine` on
/// every output and every screen, for any policy.
public struct StraightforwardApp: QuotaApp {
    /// The app's storage.
    public var store: QuotaAppData

    /// An app for `policy` (a new user is started with `start(policy:zone:)` anyway).
    public init(policy: SubscriptionPolicy = .mealCapture) {
        store = QuotaAppData(policy: policy, zone: .utc)
    }
}

/// The plan the rules apply at a moment (P1, P2). There is no free plan.
public enum FlagshipPlan: String, Hashable, Sendable, CaseIterable {
    /// No entitlement, within `[I, I + 72 h)` (T2, T3).
    case trial
    /// StoreKit reports the Premium product.
    case premium
    /// StoreKit reports the Unlimited product.
    case unlimited
    /// No entitlement and the trial is over: nothing is allowed.
    case none
}

/// The paid products the policy knows, as StoreKit's current entitlement names them.
///
/// The model works with tiers; the product ids that map to them live in
/// `CaptureRules` so that another app's ids are a different policy value.
public enum PaidTier: Hashable, Sendable, CaseIterable {
    /// The 10-a-day plan (`PremiumStandardSub` in the flagship policy).
    case premium
    /// The plan shown as unlimited, with a hidden fair-use cap (`unlimited`).
    case unlimited

    /// The plan this entitlement gives (P1).
    @inlinable
    public var plan: FlagshipPlan {
        switch self {
        case .premium: .premium
        case .unlimited: .unlimited
        }
    }
}

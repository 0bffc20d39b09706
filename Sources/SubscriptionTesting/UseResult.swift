import SubscriptionModel

/// What the team's code did with one feature use, in the policy's vocabulary: allowed,
/// or blocked and why, with what the user was shown.
///
/// Only what is reported is checked (`docs/testing-your-app.md`): a blocked use whose
/// reason is nil is checked for being blocked at all; one whose `showing` is nil is not
/// checked for its paywall or alert.
public enum UseResult: Hashable, Sendable {
    /// The use went ahead (and counted, for a feature that consumes a meter).
    case allowed
    /// The use was refused: `reason` as G6 names it (`.day`, `.week`, `.month`, `.rolling`,
    /// `.total`, `.stock`, `.history`, `.notInPlan`, `.noPlan`) when the code knows it, and
    /// `showing` the paywall or the alert the user saw (G7) when the code can tell.
    case blocked(BlockReason?, showing: BlockResponse? = nil)

    /// Whether the use went ahead.
    public var isAllowed: Bool { self == .allowed }
}

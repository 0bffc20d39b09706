import SubscriptionModel

/// An implementation under test of some rule set, the type a `Campaign` is generic
/// over. `FlagshipImplementation` (the flagship's rules) and `SubscriptionImplementation`
/// (any policy) refine it and supply its one requirement, so an implementation conforms
/// to one of those and writes only `start` and `handle`.
public protocol RuleImplementation: SendableMetatype {
    /// The rules it implements.
    associatedtype Rules: CampaignRules
    /// Runs `campaign`'s users through implementations of this type: the harness's loop
    /// for `Rules`, supplied by `FlagshipImplementation` and `SubscriptionImplementation`.
    static func runCampaign(_ campaign: Campaign<Self>, progress: (@Sendable (Int) -> Void)?) -> RunResult<Rules>
}

/// A rule set a `Campaign` runs: what a campaign of it holds besides its options and what
/// a run of it counts besides what every run counts (`RunResult`).
public protocol CampaignRules: RuleSet {
    /// The rules' values a campaign holds (the policy, its generator).
    associatedtype RunSetup: Sendable
    /// Checks or violations per invariant.
    associatedtype InvariantCounts: InvariantCounting where InvariantCounts.Invariant == Invariant
    /// What a run counts that only these rules count (`RunResult.counts`).
    associatedtype RunCounts: RuleRunCounts
}

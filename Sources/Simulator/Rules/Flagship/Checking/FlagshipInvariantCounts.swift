import SimulatorCore
/// A count per invariant in plain stored integers: incremented on every event, so it
/// avoids an array's uniqueness and bounds checks.
public struct FlagshipInvariantCounts: InvariantCounting {
    // One stored counter per invariant, incremented directly on the hot path.
    var limitRespected = 0, noFreePlan = 0, usageDay = 0, noOverBlocking = 0, exactTexts = 0
    var lookAndReinstallChangeNothing = 0, deterministic = 0, planFollowsEntitlement = 0, usedCountsAnalyses = 0, matchesReference = 0

    /// All zero.
    public init() {}

    /// The count of one invariant.
    @inlinable
    public subscript(_ invariant: FlagshipInvariant) -> Int {
        get { read(invariant) }
        set { write(invariant, newValue) }
    }

    @usableFromInline
    func read(_ invariant: FlagshipInvariant) -> Int {
        switch invariant {
        case .limitRespected: limitRespected
        case .noFreePlan: noFreePlan
        case .usageDay: usageDay
        case .noOverBlocking: noOverBlocking
        case .exactTexts: exactTexts
        case .lookAndReinstallChangeNothing: lookAndReinstallChangeNothing
        case .deterministic: deterministic
        case .planFollowsEntitlement: planFollowsEntitlement
        case .usedCountsAnalyses: usedCountsAnalyses
        case .matchesReference: matchesReference
        }
    }

    @usableFromInline
    mutating func write(_ invariant: FlagshipInvariant, _ value: Int) {
        switch invariant {
        case .limitRespected: limitRespected = value
        case .noFreePlan: noFreePlan = value
        case .usageDay: usageDay = value
        case .noOverBlocking: noOverBlocking = value
        case .exactTexts: exactTexts = value
        case .lookAndReinstallChangeNothing: lookAndReinstallChangeNothing = value
        case .deterministic: deterministic = value
        case .planFollowsEntitlement: planFollowsEntitlement = value
        case .usedCountsAnalyses: usedCountsAnalyses = value
        case .matchesReference: matchesReference = value
        }
    }

    /// Adds another set of counts.
    public mutating func add(_ other: FlagshipInvariantCounts) {
        for invariant in FlagshipInvariant.allCases { self[invariant] += other[invariant] }
    }
}

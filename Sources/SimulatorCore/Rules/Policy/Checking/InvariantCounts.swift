/// How many times each policy invariant was checked, for a run's summary: proof that
/// no invariant passed only because nothing exercised it.
public struct InvariantCounts: InvariantCounting {
    /// One count per invariant, in declaration order.
    private var counts = [Int](repeating: 0, count: Invariant.allCases.count)

    /// All zero.
    public init() {}

    /// The count of one invariant.
    public subscript(_ invariant: Invariant) -> Int {
        get { counts[Self.position(invariant)] }
        set { counts[Self.position(invariant)] = newValue }
    }

    /// Adds another set of counts.
    public mutating func add(_ other: InvariantCounts) {
        for index in counts.indices { counts[index] += other.counts[index] }
    }

    private static func position(_ invariant: Invariant) -> Int {
        switch invariant {
        case .limitsRespected: 0
        case .nothingBeyondPlan: 1
        case .usageDay: 2
        case .noOverBlocking: 3
        case .exactResponses: 4
        case .exactScreens: 5
        case .lookAndReinstallChangeNothing: 6
        case .deterministic: 7
        case .planInForce: 8
        case .countsFollowUses: 9
        case .resetAt: 10
        case .upgradeOffer: 11
        case .creditsKept: 12
        case .matchesReference: 13
        }
    }
}

import SubscriptionModel

/// The uses whose G6 is one vector comparison, per plan and feature, for the trace
/// checker's commonest events.
///
/// A feature is *plain* when it consumes one meter, counts no diary day and draws on no
/// second meter, in a policy without week or rolling counts. Under a plan that enables
/// it, G6 allows a use of it exactly when no count in force (`day`, `month`, `total`,
/// `stock`) is above the plan's limit less the use's cost: the *room*, the largest count
/// where a window has no limit. Under a plan that does not, G6 blocks it (`not-in-plan`).
/// So whether a use is allowed (`allows`), and which plans would allow it (G9,
/// `upgradeOffer`), are a comparison of four lanes per plan instead of a walk through
/// the plan's limits in order. A *plain gate* counts nothing and has no diary day: what
/// G6, G7 and G9 give its use reads the plan alone (`gate(plan:feature:)`); a use that
/// releases an item is never blocked (G4). The tables are the checker's own, built from
/// the policy's data (each plan's room, `Plan.room(meter:cost:)`, as the engine's tables
/// take it too); a property test holds them to the `Oracle`'s walk through the limits.
package struct PlainUses {
    /// A plain feature's use under one plan.
    struct Entry {
        /// The meter, or −1 when the plan does not enable the feature or it is not plain.
        var meter = -1
        /// The units a use costs.
        var cost: Int32 = 0
        /// `day`, `month`, `total`, `stock`: the largest counts in force at which a use fits.
        var room = SIMD4<Int32>()
    }

    /// What G6, G7 and G9 give a use that no count decides: of a plain gate (a feature
    /// that counts nothing and has no diary day) under a plan or none, whatever the counts.
    package struct Verdict {
        /// Why it is blocked (`no-plan`, `not-in-plan`); nil: allowed.
        package var reason: BlockReason?
        /// The response to it (G7); nil when allowed.
        package var response: BlockResponse?
        /// The paid plans that would allow it (G9); nil when allowed.
        package var upgrade: PlanSet?
    }

    /// `meter(of:)` of a plain gate.
    package static let gate = -2

    /// `meter(of:)` of a feature that releases `meter` (−3 for meter 0, −4 for meter 1, …).
    package static func release(_ meter: Int) -> Int { -3 - meter }

    /// The meter a `meter(of:)` below `gate` releases.
    @inline(__always)
    static func released(_ code: Int) -> Int { -3 - code }

    private let entries: [Entry]
    private let featureCount: Int
    /// Per feature: the meter of a plain consuming one, `gate` for a plain gate,
    /// `release(meter)` for a feature that releases one, −1 for anything else.
    private let meters: [Int]
    /// Per plan + 1 (0: no plan) and feature, a plain gate's verdict.
    private let gates: [Verdict]
    /// Per plan + 1 (0: no plan), the paid plans G9 may offer under it: those above it, or
    /// every one under an unpaid plan or none.
    private let candidates: [UInt64]

    /// The tables of `policy`; none under a policy that keeps week or rolling counts.
    package init(policy: SubscriptionPolicy) {
        let plain = policy.features.map { feature in
            if case .consumes = feature.effect { !feature.hasHistory && feature.then == nil } else { false }
        }
        let hasTables = !policy.countsWeeks && !policy.countsRolling
        self.featureCount = policy.features.count
        self.meters = policy.features.indices.map { index in
            let feature = policy.features[index]
            guard hasTables else { return -1 }
            if plain[index], case .consumes(let meter) = feature.effect { return meter }
            if case .gate = feature.effect, !feature.hasHistory { return Self.gate }
            if case .releases(let meter) = feature.effect { return Self.release(meter) }
            return -1
        }
        let candidates = (-1..<policy.plans.count).map { Self.candidates(above: $0 < 0 ? nil : $0, in: policy) }
        self.candidates = candidates
        let refusals = [policy.noPlanResponse] + policy.plans.map { $0.response(to: .notInPlan) }
        // G9 for a gate: the plans G9 offers that enable it.
        self.gates = (-1..<policy.plans.count).flatMap { plan in
            policy.features.indices.map { feature -> Verdict in
                if plan >= 0, policy.plans[plan].enables(feature: feature) { return Verdict() }
                var offer = PlanSet()
                for candidate in PlanSet(bits: candidates[plan + 1]) where policy.plans[candidate].enables(feature: feature) { offer.insert(candidate) }
                return Verdict(reason: plan < 0 ? .noPlan : .notInPlan, response: refusals[plan + 1], upgrade: offer)
            }
        }
        self.entries = !hasTables ? [] : policy.plans.flatMap { plan in
            policy.features.indices.map { index -> Entry in
                let feature = policy.features[index]
                guard plain[index], plan.enables(feature: index), case .consumes(let meter) = feature.effect else { return Entry() }
                return Entry(meter: meter, cost: Int32(clamping: feature.cost), room: plan.room(meter: meter, cost: feature.cost))
            }
        }
    }

    /// Whether the policy has no tables: it keeps week or rolling counts (or has no plan
    /// or no feature).
    package var isEmpty: Bool { entries.isEmpty }

    /// Whether `feature` is plain.
    package func isPlain(feature: Int) -> Bool { meters[feature] >= 0 }

    /// The meter a use of `feature` counts on when the feature is plain, `gate` when it is
    /// a plain gate, `release(meter)` when it releases a meter (under a policy with tables),
    /// else −1.
    @inline(__always)
    package func meter(of feature: Int) -> Int { meters[feature] }

    /// A plain gate's verdict under `plan` (nil: none).
    @inline(__always)
    package func gate(plan: Int?, feature: Int) -> Verdict {
        gates[((plan ?? -1) &+ 1) &* featureCount &+ feature]
    }

    /// The entry of `feature` under `plan` (a policy with tables).
    @inline(__always)
    func entry(plan: Int, feature: Int) -> Entry {
        entries[plan &* featureCount &+ feature]
    }

    /// G6 for a plain feature under `plan`: whether a use with `counts` in force (`day`,
    /// `month`, `total`, `stock`) is allowed.
    package func allows(plan: Int, feature: Int, counts: SIMD4<Int32>) -> Bool {
        let entry = entry(plan: plan, feature: feature)
        return entry.meter >= 0 && all(counts .<= entry.room)
    }

    /// G9 for a use of a plain feature blocked under `plan` (nil: none) with `counts` in
    /// force: the paid plans above it (every paid plan under an unpaid one, or none)
    /// that would allow it.
    package func upgradeOffer(plan: Int?, feature: Int, counts: SIMD4<Int32>) -> PlanSet {
        var left = candidates[(plan ?? -1) &+ 1], offer = PlanSet()
        while left != 0 {
            let candidate = left.trailingZeroBitCount
            left &= left &- 1
            if allows(plan: candidate, feature: feature, counts: counts) { offer.insert(candidate) }
        }
        return offer
    }

    /// G9's rule: the paid plans, in the policy's order, ranked above `plan` (every one
    /// above an unpaid plan or none), as `PlanSet` bits.
    private static func candidates(above plan: Int?, in policy: SubscriptionPolicy) -> UInt64 {
        var offer = PlanSet()
        var above = plan.map { !policy.plans[$0].isPaid } ?? true
        for candidate in policy.plans.indices where policy.plans[candidate].isPaid {
            if !above {
                if candidate == plan { above = true }
                continue
            }
            offer.insert(candidate)
        }
        return offer.bits
    }
}

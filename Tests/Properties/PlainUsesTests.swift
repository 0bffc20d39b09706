import Foundation
import Simulator
import SubscriptionModel
import Testing

/// The trace checker's one-comparison tables for plain uses (`PlainUses`) give the
/// answers of the oracle's walk through each plan's limits in order: whether G6 allows a
/// use, and which paid plans G9 offers for a blocked one; for a gate, G6, G7 and G9
/// under each plan; and they class as plain exactly the features the rules say. Every shipped and built-in policy,
/// `PlainUsesTests.cases` random cases per policy (a random plain feature, and counts
/// with each lane near some plan's limit less the cost half the time, anywhere up to past
/// the largest limit otherwise) under every plan, from seed `PropertySettings.seed`
/// (`PROPERTY_SEED`). A failure names the policy, the case, the plan, the feature and the
/// counts.
@Suite("The checker's plain-use tables agree with the oracle's walk")
struct PlainUsesTests {
    static let cases = 2_000

    @Test("G6 and G9 for random counts under every plan", arguments: SubscriptionPolicy.shippedNames + ExamplePolicies.names)
    func agreesWithOracle(name: String) throws {
        let policy = try #require(PolicyLoader.builtIn(name))
        let tables = PlainUses(policy: policy)
        // Plain: a feature consuming one meter, counting no diary day and drawing on no second
        // meter, in a policy without week or rolling counts (which takes every use the whole way).
        let extras = policy.countsWeeks || policy.countsRolling
        #expect(tables.isEmpty == extras, "\(name)")
        for (index, feature) in policy.features.enumerated() {
            let expected: Bool = switch feature.effect {
            case .consumes: !extras && !feature.hasHistory && feature.then == nil
            case .gate, .releases: false
            }
            #expect(tables.isPlain(feature: index) == expected, "\(name), feature \(feature.id)")
            // What the checker's shortcut is told of each feature: its meter, a gate, a release, or nothing.
            let code: Int = switch feature.effect {
            case .consumes(let meter): expected ? meter : -1
            case .gate: !extras && !feature.hasHistory ? PlainUses.gate : -1
            case .releases(let meter): extras ? -1 : PlainUses.release(meter)
            }
            #expect(tables.meter(of: index) == code, "\(name), feature \(feature.id)")
        }
        let plain = policy.features.indices.filter { tables.isPlain(feature: $0) }
        guard !tables.isEmpty else { return }
        try #require(!plain.isEmpty, "\(name): no plain feature to compare")
        let oracle = Oracle(policy: policy)
        let usageDay = LocalDate(year: 2026, month: 6, day: 10)
        var random = SeededRandom(seed: PropertySettings.seed, stream: 39)
        var allowed = 0, blocked = 0
        for index in 0..<Self.cases {
            let feature = plain[random.below(plain.count)]
            let counts = Self.counts(policy, feature: feature, &random)
            let lanes = SIMD4<Int32>(truncatingIfNeeded: SIMD4(counts.day, counts.month, counts.total, counts.stock))
            let where_ = "\(name), case \(index) of \(Self.cases) (seed \(PropertySettings.seed)), feature \(policy.features[feature].id), counts \(counts)"
            for plan in policy.plans.indices {
                let walked = oracle.blockReason(plan: plan, feature: feature, day: nil, usageDay: usageDay, meterCounts: counts) == nil
                #expect(tables.allows(plan: plan, feature: feature, counts: lanes) == walked, "\(where_), plan \(policy.plans[plan].id)")
                if walked { allowed += 1 } else { blocked += 1 }
            }
            for plan in policy.plans.indices.map(Optional.some) + [nil] {
                #expect(tables.upgradeOffer(plan: plan, feature: feature, counts: lanes)
                        == oracle.upgradeOffer(plan: plan, feature: feature, day: nil, usageDay: usageDay, meterCounts: counts),
                        "\(where_), plan \(plan.map { policy.plans[$0].id } ?? "none")")
            }
        }
        // Both answers came up, so the comparison could tell the two apart.
        #expect(allowed > 0 && blocked > 0, "\(name): \(allowed) allowed, \(blocked) blocked")
    }

    /// Counts for a use of `feature`: each lane, half the time, within one of some plan's
    /// limit on it less the use's cost (the edge of the room), else anywhere from 0 to
    /// past the largest such limit.
    static func counts(_ policy: SubscriptionPolicy, feature: Int, _ random: inout SeededRandom) -> UsageCounts {
        guard case .consumes(let meter) = policy.features[feature].effect else { return UsageCounts() }
        let cost = policy.features[feature].cost
        func lane(_ window: LimitWindow) -> Int {
            let limits = policy.plans.compactMap { $0.limit(meter: meter, window)?.value }
            if !limits.isEmpty, random.below(2) == 0 {
                return max(0, limits[random.below(limits.count)] - cost + random.int(in: -1...1))
            }
            return random.int(in: 0...((limits.max() ?? 3) + cost + 2))
        }
        return UsageCounts(day: lane(.day), month: lane(.month), total: lane(.total), stock: lane(.stock))
    }

    @Test("a plain gate's verdict under every plan and none is the oracle's", arguments: SubscriptionPolicy.shippedNames + ExamplePolicies.names)
    func gatesAgreeWithOracle(name: String) throws {
        Self.gateVerdictsAgree(try #require(PolicyLoader.builtIn(name)), name: name)
    }

    @Test("a gate a paid plan lacks is offered only under the paid plans ranked above it, when the plans are not nested")
    func gatesUnderPlansNotNested() throws {
        // `team` is ranked above `pro` and lacks `export`, which `pro` has: blocked under
        // `team`, export is offered under no plan; blocked under `free`, under `pro`.
        let policy = try SubscriptionPolicy(data: Data(#"""
            {"policy": "tools", "calendar": "device", "defaults": {"guest": "free"}, "meters": ["q"],
             "features": [{"id": "read", "consumes": "q"}, {"id": "export"}, {"id": "share"}],
             "plans": [
               {"id": "free", "name": "Free", "features": ["read"], "limits": {"q": {"day": 5}}, "responses": {"any": "paywall"}},
               {"id": "pro", "name": "Pro", "products": [{"id": "pro.monthly", "kind": "auto-renewable", "period": "P1M"}],
                "features": ["read", "export"], "responses": {"any": "paywall"}},
               {"id": "team", "name": "Team", "products": [{"id": "team.monthly", "kind": "auto-renewable", "period": "P1M"}],
                "features": ["read", "share"], "responses": {"any": "paywall"}}],
             "screens": {}}
            """#.utf8), file: "tools.json")
        Self.gateVerdictsAgree(policy, name: "tools")
        let tables = PlainUses(policy: policy)
        #expect(tables.gate(plan: 2, feature: 1).upgrade == PlanSet())
        #expect(tables.gate(plan: 0, feature: 1).upgrade == PlanSet(bits: 1 << 1))
    }

    static func gateVerdictsAgree(_ policy: SubscriptionPolicy, name: String) {
        let tables = PlainUses(policy: policy)
        let extras = policy.countsWeeks || policy.countsRolling
        let oracle = Oracle(policy: policy)
        let usageDay = LocalDate(year: 2026, month: 6, day: 10)
        for (feature, definition) in policy.features.enumerated() {
            // A gate: a feature that counts nothing and has no diary day (under a policy with tables).
            let isGate = if case .gate = definition.effect { !definition.hasHistory && !extras } else { false }
            #expect((tables.meter(of: feature) == PlainUses.gate) == isGate, "\(name), feature \(definition.id)")
            guard isGate else { continue }
            for plan in policy.plans.indices.map(Optional.some) + [nil] {
                let reason = oracle.blockReason(plan: plan, feature: feature, day: nil, usageDay: usageDay, meterCounts: UsageCounts())
                let verdict = tables.gate(plan: plan, feature: feature)
                let where_ = "\(name), feature \(definition.id), plan \(plan.map { policy.plans[$0].id } ?? "none")"
                #expect(verdict.reason == reason, "\(where_)")
                #expect(verdict.response == reason.flatMap { oracle.response(plan: plan, reason: $0) }, "\(where_)")
                #expect(verdict.upgrade == reason.map { _ in
                    oracle.upgradeOffer(plan: plan, feature: feature, day: nil, usageDay: usageDay, meterCounts: UsageCounts())
                }, "\(where_)")
            }
        }
    }
}

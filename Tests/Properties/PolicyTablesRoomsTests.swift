import Simulator
@testable import SubscriptionModel
import Testing

/// The engine's one-comparison rooms (`PolicyTables.rooms`) give the answers of its walk
/// through each plan's limits in order (`limitReason`): whether a use of a consuming
/// feature fits a plan (`fits`, the step's shortcut for an allowed use), and which
/// paid plans G9 offers for a blocked one (`upgradeOffer`). Every shipped and built-in
/// policy and `every-window` (`SubscriptionMachineOracleTests`: a plan that does not
/// enable every consuming feature), `PolicyTablesRoomsTests.cases` random cases per policy (a random consuming
/// feature, and counts with each lane near some plan's limit less the cost half the
/// time: `PlainUsesTests.counts`) under every plan and none, from seed
/// `PropertySettings.seed` (`PROPERTY_SEED`). A failure names the policy, the case, the
/// plan, the feature and the counts.
@Suite("The engine's rooms agree with its walk through the limits")
struct PolicyTablesRoomsTests {
    static let cases = 2_000

    @Test("G6.4 and G9 for random counts under every plan and none",
          arguments: SubscriptionPolicy.shippedNames + ExamplePolicies.names + ["every-window"])
    func roomsAgreeWithWalk(name: String) throws {
        let policy = SubscriptionMachineOracleTests.policy(name)
        let tables = PolicyTables(policy)
        // Rooms are exact only without week or rolling counts; a policy with them has none.
        #expect(tables.rooms.isEmpty == (policy.countsWeeks || policy.countsRolling || policy.plans.isEmpty), "\(name)")
        guard !tables.rooms.isEmpty else { return }
        let consuming = policy.features.indices.filter {
            if case .consumes = tables.featureKinds[$0] { true } else { false }
        }
        guard !consuming.isEmpty else { return }
        // A plan that does not enable a feature has no room for it: every use falls to the walk (`not-in-plan`).
        for plan in policy.plans.indices {
            for feature in consuming where !policy.plans[plan].enables(feature: feature) {
                #expect(tables.rooms[plan * policy.features.count + feature] == SIMD4(repeating: -1), "\(name), plan \(policy.plans[plan].id), feature \(policy.features[feature].id)")
            }
        }
        let usageDay = LocalDate(year: 2026, month: 6, day: 10)
        var random = SeededRandom(seed: PropertySettings.seed, stream: 48)
        var fitting = 0, refused = 0
        for index in 0..<Self.cases {
            let feature = consuming[random.below(consuming.count)]
            guard case .consumes(let meter, let cost) = tables.featureKinds[feature] else { continue }
            let counts = PlainUsesTests.counts(policy, feature: feature, &random)
            let where_ = "\(name), case \(index) of \(Self.cases) (seed \(PropertySettings.seed)), feature \(policy.features[feature].id), counts \(counts)"
            for plan in -1..<policy.plans.count {
                let plan_ = plan < 0 ? "none" : policy.plans[plan].id
                let walked = tables.blockReason(plan: plan, feature: feature, day: nil, usageDay: usageDay, counts: counts) == nil
                #expect(tables.fits(plan: plan, feature: feature, counts: counts) == walked, "\(where_), plan \(plan_)")
                if walked { fitting += 1 } else { refused += 1 }
                // G9 by the walk: the candidates that enable the feature and whose limits take the use.
                var offer = PlanSet()
                for candidate in PlanSet(bits: tables.upgradeCandidates[plan + 1] & tables.enabledBy[feature])
                where tables.limitReason(plan: candidate, meter: meter, cost: cost, usageDay: usageDay, counts: counts) == nil {
                    offer.insert(candidate)
                }
                #expect(tables.upgradeOffer(from: plan, feature: feature, day: nil, usageDay: usageDay, counts: counts) == offer,
                        "\(where_), plan \(plan_)")
            }
        }
        // Both answers came up, so the comparison could tell the two apart.
        #expect(fitting > 0 && refused > 0, "\(name): \(fitting) fitting, \(refused) refused")
    }
}

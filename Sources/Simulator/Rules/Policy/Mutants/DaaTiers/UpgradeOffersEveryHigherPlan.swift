import SubscriptionModel
import SimulatorCore

/// Offers every higher tier on a blocked use (G9): a guest who taps Muhurta is sold Core,
/// which does not include Muhurta either. An offer that cannot help is a bug users report.
package struct UpgradeOffersEveryHigherPlan: Mutant {
    package static let name = "upgrade-offers-every-higher-plan"
    package static let mistake = "the upgrade offer lists every higher paid plan, including ones without the feature"
    package static let policyName = "daa-tiers"
    /// The install and a use of a feature only the top two plans have.
    package static let smallestCounterexample = 2
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-05-04T09:00:00Z", .install), ("2026-05-04T09:01:00Z", .use("muhurta"))])
    }
    package var store = Self.freshStore
    package init() {}

    package func upgradeOffer(from plan: Int?, feature: Int, day: LocalDate?, at instant: Instant, counts: [UsageCounts]) -> PlanSet {
        let plans = store.policy.plans
        var offer = PlanSet()
        for candidate in plans.indices where plans[candidate].isPaid && (plan.map { !plans[$0].isPaid || candidate > $0 } ?? true) {
            offer.insert(candidate)
        }
        return offer
    }
}

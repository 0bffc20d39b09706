import SubscriptionModel
import SimulatorCore

/// Counts every feature as a question (D5): `recordUsage(feature:)` is called after
/// every allowed feature, not only chat and compatibility, so a registered user who
/// opens Dasha analysis loses a question.
package struct EveryFeatureCountsAQuestion: Mutant {
    package static let name = "every-feature-counts-a-question"
    package static let mistake = "gated features that count nothing are counted as questions"
    package static let policyName = "daa-tiers"
    /// The install, the sign-in (the guest plan has no gated feature) and a Dasha analysis.
    package static let smallestCounterexample = 3
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-05-04T09:00:00Z", .install), ("2026-05-04T09:01:00Z", .signIn), ("2026-05-04T09:02:00Z", .use("dasha_analysis"))])
    }
    package var store = Self.freshStore
    package init() {}

    package func meterCounted(by feature: Int) -> Int? {
        let definition = store.policy.features[feature]
        switch definition.effect {
        case .consumes(let meter): return definition.hasHistory ? nil : meter
        case .gate: return definition.hasHistory || store.policy.meters.isEmpty ? nil : 0
        case .releases: return nil
        }
    }
}

import SubscriptionModel
import SimulatorCore

/// Offers the plans that include the feature without checking their limits against the
/// counts (G9): a user whose Core lapsed after 20 questions today is offered Core again,
/// whose daily 20 is already spent.
package struct UpgradeIgnoresCounts: Mutant {
    package static let name = "upgrade-ignores-counts"
    package static let mistake = "the upgrade offer checks features but not limits: it offers a plan whose limit the counts already reach"
    package static let policyName = "daa-tiers"
    /// Core's daily 20 must be spent for Core not to help, which takes a plan that allows
    /// 20 questions, then a free plan to be blocked under: the install, a purchase,
    /// 20 questions, the lapse and the blocked question.
    package static let smallestCounterexample = 24
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [
            ("2026-05-04T09:00:00Z", .install),
            ("2026-05-04T09:01:00Z", .entitle("com.daa.core.monthly")),
            ("2026-05-04T10:00:00Z", .uses(20, "chat")),
            ("2026-05-04T11:00:00Z", .entitle(nil)),
            ("2026-05-04T11:01:00Z", .use("chat")),
        ])
    }
    package var store = Self.freshStore
    package init() {}

    package func upgradeOffer(from plan: Int?, feature: Int, day: LocalDate?, at instant: Instant, counts: [UsageCounts]) -> PlanSet {
        paidPlansAllowing(from: plan, feature: feature, day: day, at: instant, counts: counts.map { _ in UsageCounts() })
    }
}

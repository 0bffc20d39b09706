import SubscriptionModel
import SimulatorCore

/// Shows the warning banner only above 80 % (F1: "Soft limit (80% = 20 people)"):
/// `count > limit * 0.8`, so at exactly 20 people, or 4 tags, there is no banner.
package struct BannerAboveEightyPercent: Mutant {
    package static let name = "banner-above-80-percent"
    package static let mistake = "the warning banner shown above 80 % of the limit instead of from 80 %"
    package static let policyName = "face-recall"
    /// The install (after the release: no grace) and the 4 tags that make 80 % of 5.
    package static let smallestCounterexample = 5
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-04-01T12:00:00Z", .install), ("2026-04-01T12:01:00Z", .uses(4, "add-tag"))])
    }
    /// A wrong screen text from right counts: only the mutant's own screens show it.
    package static let showsOnlyInItsOwnScreens = true
    package var store = Self.freshStore
    package init() {}

    package func inWarning(used: Int, limit: Int, percent: Int) -> Bool {
        used * 100 > limit * percent
    }
}

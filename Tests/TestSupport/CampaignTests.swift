import Foundation

/// Whether the campaign-sized tests run: thousands of users, every mutant hunted, whole
/// runs sharded and merged. `swift test` skips them so that it stays quick;
/// `SIMULATE_CAMPAIGN_TESTS=1 swift test` runs them too, as `.ci/run` does. Each such
/// test says so with `.enabled(if: CampaignTests.enabled, "campaign-sized: …")` beside its
/// name, and `swift test` lists it as skipped with that reason.
public enum CampaignTests {
    /// The name of the environment variable that turns them on (`1`).
    public static let variable = "SIMULATE_CAMPAIGN_TESTS"
    /// True when `SIMULATE_CAMPAIGN_TESTS` is `1`.
    public static let enabled = ProcessInfo.processInfo.environment[variable] == "1"
}

import SubscriptionModel
import SimulatorCore

/// The behaviour baseline committed under `reports/`: a fixed seed and size whose
/// report (without timings) `swift test` reproduces. A rule change that moves any
/// count fails the test; regenerating the baseline makes the pull request's diff of
/// `reports/baseline.json` and `reports/baseline.md` show reviewers what moved.
package enum Baseline {
    /// The baseline run's options (jobs do not matter).
    package static let options = CampaignOptions(seed: 20_261_121, users: 2_000, years: 3)
    /// Where it is committed, relative to the package root.
    package static let jsonPath = "reports/baseline.json"
    /// Its markdown, relative to the package root.
    package static let markdownPath = "reports/baseline.md"
    /// The documented command that regenerates it.
    package static let command = ShellText.simulate + " baseline"

    /// Where a shipped policy's baseline is committed, relative to the package root.
    package static func jsonPath(policy: String) -> String { "reports/baselines/\(policy).json" }
    /// Its markdown.
    package static func markdownPath(policy: String) -> String { "reports/baselines/\(policy).md" }
    /// The policies with a committed baseline of their own (the flagship's is `jsonPath`).
    package static var policies: [String] { SubscriptionPolicy.shippedNames.filter { $0 != "meal-capture" } }

    /// Runs the baseline campaign of a shipped policy on the generic engine (same seed
    /// and size) and returns its report, without timings.
    package static func report(policy name: String, jobs: Int = CampaignOptions.coreCount) -> RunReport {
        var options = Self.options
        options.jobs = jobs
        let policy = SubscriptionPolicy.named(name)!
        let result = Campaign(options: options, policy: policy, policyName: name).run()
        return RunReport(result: result, failures: []).withoutTiming
    }

    /// Runs the baseline campaign on the reference model and returns its report, without timings.
    package static func report(jobs: Int = CampaignOptions.coreCount) -> RunReport {
        var options = Self.options
        options.jobs = jobs
        let result = ReferenceCampaign(options: options).runReference()
        return RunReport(result: result, failures: []).withoutTiming
    }
}

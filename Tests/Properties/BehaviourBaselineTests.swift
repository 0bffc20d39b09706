import Foundation
import Simulator
import Testing

/// The model's behaviour matches the committed baseline (`reports/baseline.json`):
/// every outcome, label and plan count by persona, every coverage category, every
/// invariant's checks. A rule change fails here until the baseline is regenerated,
/// so the pull request shows reviewers exactly what moved.
///
/// The other shipped policies' baselines are reproduced by `.ci/run` (release build).
///
/// Local dates come from the machine's tz data, so the comparison is made only where
/// that data is the baseline's version (the report records it); elsewhere the test is
/// skipped with the reason and the command that makes a baseline for this machine.
@Suite("Behaviour baseline")
struct BehaviourBaselineTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let committed = try? RunReport.read(path: root.appendingPathComponent(Baseline.jsonPath).path)
    /// Whether this machine's tz data is the version the baseline was made with.
    static let sameTzData = committed?.options.tzData == ZoneCatalog.tzDataVersion

    @Test("the committed baseline can be read and names its tz data version")
    func baselineReadable() throws {
        let committed = try #require(Self.committed, "reports/baseline.json is readable")
        #expect(!committed.options.tzData.isEmpty)
    }

    @Test("the reference model reproduces reports/baseline.json",
          .enabled(if: BehaviourBaselineTests.sameTzData,
                   "this machine's tz data is not the baseline's version: zone histories, and so local dates, may differ. To compare here, run `swift run -c release simulate baseline --report /tmp/b` and `simulate diff reports/baseline.json /tmp/b/baseline.json`"))
    func matchesBaseline() throws {
        let committed = try #require(Self.committed)
        #expect(committed.options.seed == Baseline.options.seed && committed.options.users == Baseline.options.users)
        let now = Baseline.report()
        let difference = ReportDiff.markdown(old: committed, new: now, oldName: "reports/baseline.json", newName: "this build")
        if now != committed {
            Issue.record("the model's behaviour moved; if intended, run `\(Baseline.command)` and commit reports/baseline.*\n\(difference)")
        }
        #expect(committed.passed)
    }

    @Test("the committed markdown is the baseline's report")
    func markdownMatches() throws {
        let committed = try RunReport.read(path: Self.root.appendingPathComponent(Baseline.jsonPath).path)
        let markdown = try String(contentsOf: Self.root.appendingPathComponent(Baseline.markdownPath), encoding: .utf8)
        #expect(markdown == MarkdownReport.text(committed), "run `\(Baseline.command)`")
    }

    /// Reproducing each policy's baseline (2,000 users through the policy engine) takes
    /// minutes in a debug build: `.ci/run` regenerates every baseline with the release
    /// binary and requires each file to be the committed one, byte for byte. Here, each
    /// committed policy baseline reads, passed, and its markdown is its report's.
    @Test("each shipped policy's committed reports/baselines/POLICY.json reads, passed, and its markdown is its report", arguments: Baseline.policies)
    func policyBaselineReadable(policy: String) throws {
        let committed = try RunReport.read(path: Self.root.appendingPathComponent(Baseline.jsonPath(policy: policy)).path)
        #expect(committed.options.policy == policy && committed.options.seed == Baseline.options.seed && committed.options.users == Baseline.options.users)
        #expect(committed.passed)
        let markdown = try String(contentsOf: Self.root.appendingPathComponent(Baseline.markdownPath(policy: policy)), encoding: .utf8)
        #expect(markdown == MarkdownReport.text(committed), "run `\(Baseline.command) --policy \(policy)`")
    }
}

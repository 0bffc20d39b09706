import Foundation
import Simulator
import Testing

/// The model's behaviour matches the committed baseline (`reports/baseline.json`):
/// every outcome, label and plan count by persona, every edge category, every
/// invariant's checks. A rule change fails here until the baseline is regenerated,
/// so the pull request shows reviewers exactly what moved.
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

    @Test("each shipped policy's engine reproduces its reports/baselines/POLICY.json", .enabled(if: BehaviourBaselineTests.sameTzData,
          "this machine's tz data is not the baseline's version: zone histories, and so local dates, may differ"),
          arguments: Baseline.policies)
    func policyMatchesBaseline(policy: String) throws {
        let committed = try RunReport.read(path: Self.root.appendingPathComponent(Baseline.jsonPath(policy: policy)).path)
        #expect(committed.options.policy == policy && committed.options.seed == Baseline.options.seed)
        let now = Baseline.report(policy: policy)
        if now != committed {
            let difference = ReportDiff.markdown(old: committed, new: now, oldName: Baseline.jsonPath(policy: policy), newName: "this build")
            Issue.record("\(policy)'s behaviour moved; if intended, run `\(Baseline.command) --policy \(policy)` and commit reports/baselines/\(policy).*\n\(difference)")
        }
        #expect(committed.passed)
        let markdown = try String(contentsOf: Self.root.appendingPathComponent(Baseline.markdownPath(policy: policy)), encoding: .utf8)
        #expect(markdown == MarkdownReport.text(committed), "run `\(Baseline.command) --policy \(policy)`")
    }
}

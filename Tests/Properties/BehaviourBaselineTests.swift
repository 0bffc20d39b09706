import Foundation
import Simulator
import Testing

/// The model's behaviour matches the committed baseline (`reports/baseline.json`):
/// every outcome, label and plan count by persona, every edge category, every
/// invariant's checks. A rule change fails here until the baseline is regenerated,
/// so the pull request shows reviewers exactly what moved.
@Suite("Behaviour baseline")
struct BehaviourBaselineTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("the reference model reproduces reports/baseline.json")
    func matchesBaseline() throws {
        let path = Self.root.appendingPathComponent(Baseline.jsonPath).path
        let committed = try RunReport.read(path: path)
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
}

import Foundation
import Simulator
import SubscriptionModel
import Testing

/// The reports a run writes: complete, self-contained, and comparable.
@Suite("Reports")
struct ReportTests {
    static let report = RunReport(result: SharedCampaign.result, failures: [])

    @Test("report.json round-trips and carries seed, options, tool, counts, invariants and coverage")
    func jsonRoundTrip() throws {
        let report = Self.report
        let decoded = try JSONDecoder().decode(RunReport.self, from: Data(report.json().utf8))
        #expect(decoded == report)
        #expect(report.tool == RunReport.toolVersion)
        #expect(report.options.seed == PropertySettings.seed)
        #expect(report.invariants.map(\.name) == Invariant.traceInvariants.map(\.rawValue))
        #expect(report.coverage.map(\.category) == EdgeCategory.allCases.map(\.rawValue))
        #expect(report.counts.events == SharedCampaign.result.tally.events)
        #expect(report.json() == report.json(), "the same report encodes to the same bytes")
    }

    @Test("report.html is one self-contained page with an SVG chart per section")
    func htmlSelfContained() {
        let page = HTMLReport.page(Self.report)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.components(separatedBy: "http://").count == page.components(separatedBy: "xmlns=\"http://www.w3.org/2000/svg\"").count,
                "no http link other than the SVG namespace")
        #expect(!page.contains("https://") && !page.contains("<script") && !page.contains("<link") && !page.contains("src="))
        for title in ["Attempt outcomes by plan", "Attempts per local minute around midnight", "Edge coverage against floors", "Violations by invariant"] {
            #expect(page.contains("aria-label=\"\(title)\""), "chart \(title)")
        }
        #expect(page.components(separatedBy: "<svg").count - 1 == 5)
    }

    @Test("the verdict names each broken invariant and each category below its floor")
    func verdictNamesFailures() {
        var report = Self.report
        #expect(report.verdictLines() == ["All invariants held.", "Every coverage category reached its floor."])
        report.invariants[1].violations = 2
        report.coverage[0].exercised = false
        report.coverage[2].exercised = false
        #expect(report.verdictLines() == ["1 invariant broke: \(report.invariants[1].name).",
                                          "2 coverage categories were not exercised: \(report.coverage[0].category), \(report.coverage[2].category)."])
        #expect(report.verdictLines(judgingCoverage: false) == ["1 invariant broke: \(report.invariants[1].name)."])
    }

    @Test("report.md names every invariant and edge category, and marks one below its floor")
    func markdownMarksUnexercised() {
        var report = Self.report
        #expect(MarkdownReport.text(report).contains("Every edge category reached its floor."))
        report.coverage[0].reached = 0
        report.coverage[0].exercised = false
        let text = MarkdownReport.text(report)
        #expect(text.contains("**Not exercised:** dst-spring-forward."))
        for invariant in Invariant.traceInvariants { #expect(text.contains("`\(invariant.rawValue)`")) }
    }

    @Test("diff names what moved, and nothing when nothing did")
    func diffNamesMoves() {
        let old = Self.report
        #expect(ReportDiff.markdown(old: old, new: old).contains("No behaviour changed."))
        var new = old
        new.behaviour.outcomesByPlan["premium"]?["captured"] = (old.behaviour.outcomesByPlan["premium"]?["captured"] ?? 0) + 7
        new.coverage[2].reached += 1
        let text = ReportDiff.markdown(old: old, new: new)
        #expect(text.contains("outcome `captured` under premium"))
        #expect(text.contains("(+7)"))
        #expect(text.contains("`missing-midnight`"))
        #expect(!text.contains("No behaviour changed."))
    }
}

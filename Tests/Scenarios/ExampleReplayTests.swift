import Foundation
import Simulator
import SubscriptionModel
import Testing

/// Every example timeline, of either form, replayed through the command's code path
/// (`Replay.jsonLines(path:)`, which sends a v1 timeline to the flagship's engine and one
/// naming a policy to the generic engine) and compared as JSON with its
/// `.expected.jsonl`: the flagship's v1 examples (`Tests/Scenarios/Examples`, those of
/// `docs/timeline-format.md`) and the policy examples (`Examples/policies`: the first five
/// come with the generic contract; the rest were written for this package, their
/// expected lines worked out by hand from the rules they name).
@Suite("Examples, of either form")
struct ExampleReplayTests {
    static let specNames = ["meal-capture-as-policy", "daa-guest-signs-in", "oxalate-month-and-billing", "quip-five-a-day", "face-grace-and-stock"]
    /// The flagship's v1 examples, those of `docs/timeline-format.md`.
    static let v1Names = ["premium-limit", "santiago-fallback", "trial-basics", "unlimited-fair-use", "upgrade-midday", "zone-toggle"]

    static var folder: URL { PackagePaths.examples.appendingPathComponent("policies") }

    /// Every example in `folder`, the spec's and the package's.
    static var allNames: [String] { names(in: folder) }

    static func names(in folder: URL) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".expected.jsonl") }.map { String($0.dropLast(".expected.jsonl".count)) }.sorted()
    }

    /// One example: its folder and name.
    struct Example: Sendable, CustomTestStringConvertible {
        let folder: URL
        let name: String
        var testDescription: String { name }
    }

    /// Every example of either form: the flagship's, then the policies'.
    static var everyExample: [Example] {
        names(in: PackagePaths.examples).map { Example(folder: PackagePaths.examples, name: $0) } + allNames.map { Example(folder: folder, name: $0) }
    }

    @Test("replays to the expected JSON Lines, whichever form the timeline is in", arguments: everyExample)
    func replaysToExpected(_ example: Example) throws {
        let name = example.name
        let got = try Replay.jsonLines(path: example.folder.appendingPathComponent(name + ".json").path)
        let expected = try String(contentsOf: example.folder.appendingPathComponent(name + ".expected.jsonl"), encoding: .utf8)
        let gotLines = got.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? NSDictionary }
        let expectedLines = expected.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? NSDictionary }
        #expect(gotLines.count == expectedLines.count, "\(name): line count")
        for (index, (a, b)) in zip(gotLines, expectedLines).enumerated() {
            #expect(a != nil && a == b, "line \(index) of \(name):\n got \(a.map { "\($0)" } ?? "nil")\nwant \(b.map { "\($0)" } ?? "nil")")
        }
    }

    @Test("each example's expected lines are read back by the checker's strict reader as the reference's outputs (what simulate check takes from a program)",
          arguments: allNames)
    func expectedLinesReadStrictly(name: String) throws {
        let timeline = try TimelineReader().read(path: Self.folder.appendingPathComponent(name + ".json").path)
        let expected = try Data(contentsOf: Self.folder.appendingPathComponent(name + ".expected.jsonl"))
        let parsed = try OutputParser(policy: timeline.policy).parse(Array(expected), events: timeline.events)
        let machine = SubscriptionMachine(policy: timeline.policy)
        var state = machine.initialState(zone: timeline.zone)
        for (index, event) in timeline.events.enumerated() {
            let output = machine.apply(event, to: &state)
            // What a line does not show is left for the checker to fill: the entitlement,
            // the zone, and the counts of windows no plan limits.
            var read = parsed.outputs[index]
            read.entitlement = output.entitlement
            read.zone = output.zone
            for meter in timeline.policy.meters.indices {
                for window in LimitWindow.allCases where !timeline.policy.meterWindows[meter].contains(window) {
                    read.counts[meter][window] = output.counts[meter][window]
                }
            }
            #expect(read == output, "\(name), line \(index + 1)")
            #expect(parsed.screens[index] == machine.screens(of: output), "\(name), line \(index + 1): screens")
        }
        #expect(parsed.limitProblem == nil, "\(name)")
    }

    @Test("the contracts' examples are all here: the v1 contract's six and the generic contract's five")
    func specExamplesPresent() {
        #expect(Set(Self.specNames).isSubset(of: Set(Self.allNames)))
        #expect(Set(Self.v1Names).isSubset(of: Set(Self.names(in: PackagePaths.examples))))
    }
}

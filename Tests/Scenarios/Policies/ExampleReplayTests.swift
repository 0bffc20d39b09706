import Foundation
import Simulator
import SubscriptionModel
import Testing

/// The policy examples (`Tests/Scenarios/Examples/policies`), replayed through the
/// command's code path (`Replay.jsonLines(path:)`, which routes a timeline naming a policy to the generic engine) and compared as JSON with their
/// `.expected.jsonl`. The first five come with the generic contract; the rest were written
/// for this package, their expected lines worked out by hand from the rules they name.
@Suite("Policy examples")
struct ExampleReplayTests {
    static let specNames = ["meal-capture-as-policy", "daa-guest-signs-in", "oxalate-month-and-billing", "quip-five-a-day", "face-grace-and-stock"]

    static var folder: URL { PackagePaths.examples.appendingPathComponent("policies") }

    /// Every example in the folder, the spec's and the package's.
    static var allNames: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".expected.jsonl") }.map { String($0.dropLast(".expected.jsonl".count)) }.sorted()
    }

    @Test("replays to the expected JSON Lines", arguments: allNames)
    func replaysToExpected(name: String) throws {
        let got = try Replay.jsonLines(path: Self.folder.appendingPathComponent(name + ".json").path)
        let expected = try String(contentsOf: Self.folder.appendingPathComponent(name + ".expected.jsonl"), encoding: .utf8)
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

    @Test("the contract's five examples are all here")
    func specExamplesPresent() {
        #expect(Set(Self.specNames).isSubset(of: Set(Self.allNames)))
    }
}

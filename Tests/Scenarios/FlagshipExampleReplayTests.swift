import Foundation
import Simulator
import Testing

/// Every example timeline of the replay contract (`docs/timeline-format.md`, kept in
/// `Tests/Scenarios/Examples`) replayed through the command's code path
/// (`Replay.jsonLines(path:)`) and compared as JSON with its `.expected.jsonl`.
@Suite("Spec examples")
struct FlagshipExampleReplayTests {
    static let names = ["premium-limit", "santiago-fallback", "trial-basics", "unlimited-fair-use", "upgrade-midday", "zone-toggle"]

    @Test("replays to the expected JSON Lines", arguments: names)
    func replaysToExpected(name: String) throws {
        let path = PackagePaths.examples.appendingPathComponent(name + ".json").path
        let got = try Replay.jsonLines(path: path)
        let expected = try String(contentsOf: PackagePaths.examples.appendingPathComponent(name + ".expected.jsonl"), encoding: .utf8)
        let gotLines = got.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? NSDictionary }
        let expectedLines = expected.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? NSDictionary }
        #expect(gotLines.count == expectedLines.count)
        for (index, (a, b)) in zip(gotLines, expectedLines).enumerated() {
            #expect(a != nil && a == b, "line \(index) of \(name)")
        }
    }
}

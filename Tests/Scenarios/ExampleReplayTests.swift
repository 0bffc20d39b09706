import Foundation
import Simulator
import Testing

/// Every example of `shared/spec/examples` replayed through the command's code path
/// (`Replay.jsonLines(path:)`) and compared as JSON with its `.expected.jsonl`.
@Suite("Spec examples")
struct ExampleReplayTests {
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

    @Test("the copies in the package are the shared spec's examples", arguments: names)
    func copiesMatchShared(name: String) throws {
        let shared = PackagePaths.sharedExamples.appendingPathComponent(name + ".json")
        try #require(FileManager.default.fileExists(atPath: shared.path), "shared/ sits beside the package, as in CI")
        for suffix in [".json", ".expected.jsonl"] {
            let ours = try Data(contentsOf: PackagePaths.examples.appendingPathComponent(name + suffix))
            let theirs = try Data(contentsOf: PackagePaths.sharedExamples.appendingPathComponent(name + suffix))
            #expect(ours == theirs, "\(name)\(suffix)")
        }
    }
}

import Foundation
import Simulator
import SubscriptionModel
import Testing

/// `simulate replay FILE --mutant NAME`: a kill matrix's counterexample replayed through
/// its mutant shows the bug next to the reference's replay, without writing Swift.
@Suite("simulate replay --mutant")
struct MutantReplayTests {
    @Test("each policy mutant's catalogued counterexample replays like the reference up to its last event, and differs there",
          arguments: MutantCatalogue.all.filter { !$0.showsOnlyInItsOwnScreens }.map(\.name))
    func policyCounterexampleShowsBug(name: String) throws {
        let entry = try #require(MutantCatalogue.all.first { $0.name == name })
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/c.json"
        try TimelineWriter().text(entry.counterexample).write(toFile: path, atomically: true, encoding: .utf8)
        let reference = try runSimulate(["replay", path]), mutant = try runSimulate(["replay", path, "--mutant", name])
        #expect(reference.status == 0 && mutant.status == 0, "\(mutant.err)")
        let a = reference.out.split(separator: "\n"), b = mutant.out.split(separator: "\n")
        #expect(a.count == entry.smallestCounterexample && b.count == a.count)
        #expect(Array(a.dropLast()) == Array(b.dropLast()), "\(name): the same until the last event")
        #expect(a.last != b.last, "\(name): the bug shows on the last event")
    }

    @Test("a mutant that shows its bug only in its own screens shows it in the screens --mutant prints")
    func ownScreensShown() throws {
        let entry = try #require(MutantCatalogue.all.first { $0.name == "one-cards-remaining" })
        #expect(entry.showsOnlyInItsOwnScreens)
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/c.json"
        try TimelineWriter().text(entry.counterexample).write(toFile: path, atomically: true, encoding: .utf8)
        let reference = try runSimulate(["replay", path]), mutant = try runSimulate(["replay", path, "--mutant", entry.name])
        let last = try #require(reference.out.split(separator: "\n").last), got = try #require(mutant.out.split(separator: "\n").last)
        #expect(last != got)
        // Only the screens differ: everything up to "screens" is the reference's.
        #expect(String(last).components(separatedBy: #""screens""#).first == String(got).components(separatedBy: #""screens""#).first)
    }

    @Test("a v1 timeline goes to the v1 mutants: allows-the-11th captures the trial's 11th meal")
    func v1Mutant() throws {
        let path = PackagePaths.examples.appendingPathComponent("trial-basics.json").path
        let reference = try runSimulate(["replay", path]), mutant = try runSimulate(["replay", path, "--mutant", "allows-the-11th"])
        #expect(mutant.status == 0)
        let a = reference.out.split(separator: "\n"), b = mutant.out.split(separator: "\n")
        let first = try #require(a.indices.first { $0 < b.count && a[$0] != b[$0] })
        #expect(a[first].contains(#""outcome":"plan-sheet""#) && b[first].contains(#""outcome":"captured","alert":null,"used":11"#), "\(b[first])")
    }

    @Test("an unknown mutant is one error line listing the mutants of the timeline's rules; --mutant needs a FILE")
    func refusals() throws {
        let policy = try runSimulate(["replay", PackagePaths.examples.appendingPathComponent("policies/quip-five-a-day.json").path, "--mutant", "nope"])
        #expect(policy.status == 2 && policy.out.isEmpty)
        #expect(policy.err == "error: --mutant: no mutant of daily-quip is named \"nope\"; its mutants are "
                + MutantCatalogue.entries(for: "daily-quip").map(\.name).joined(separator: ", ") + "\n", "\(policy.err)")
        let v1 = try runSimulate(["replay", PackagePaths.examples.appendingPathComponent("trial-basics.json").path, "--mutant", "nope"])
        #expect(v1.status == 2 && v1.err == "error: --mutant: no mutant of the meal-capture rules' v1 path is named \"nope\"; its mutants are "
                + FlagshipMutantCatalogue.all.map(\.name).joined(separator: ", ") + "\n", "\(v1.err)")
        let seeded = try runSimulate(["replay", "--seed", "1", "--user", "0", "--mutant", "allows-the-11th"])
        #expect(seeded.status == 2 && seeded.err.hasPrefix("error: --mutant replays a timeline FILE"), "\(seeded.err)")
        // A team's own policy has none; the message says who has them (the examples too).
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let own = try String(contentsOf: PackagePaths.root.appendingPathComponent("Sources/SubscriptionModel/Policies/daily-quip.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"policy\": \"daily-quip\"", with: "\"policy\": \"notes\"")
        try own.write(toFile: folder + "/notes.json", atomically: true, encoding: .utf8)
        try #"{"policy": "notes.json", "zone": "UTC", "events": [{"at": "2026-01-01T00:00:00Z", "do": "install"}]}"#.write(toFile: folder + "/t.json", atomically: true, encoding: .utf8)
        let none = try runSimulate(["replay", folder + "/t.json", "--mutant", "nope"])
        #expect(none.status == 2 && none.err == "error: --mutant: notes has no mutants (the shipped policies and the examples have them; simulate policies lists them)\n", "\(none.err)")
        #expect(!MutantCatalogue.entries(for: "chat-pool").isEmpty, "an example has mutants, as the message says")
    }
}

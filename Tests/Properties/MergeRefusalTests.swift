import Foundation
import Simulator
import SubscriptionModel
import Testing

/// `simulate merge` refuses anything but every shard, once, of one run: one line
/// naming the offending folder (or the missing shard), and nothing written.
@Suite("Merge refuses what is not one run's shards")
struct MergeRefusalTests {
    /// Shards of seed 5, 30 users, 1 year, in `root/shard-1` … `shard-3`, and the folder
    /// the refusals must not write.
    struct Fixture {
        let root: String
        let shards: [String]
        var output: String { root + "/merged" }
        static let options = CampaignOptions(seed: 5, users: 30, years: 1)

        init() throws {
            root = try ShardRuns.temporaryFolder()
            shards = try ShardRuns.shards(Self.options, count: 3, root: root) { try ShardRuns.run($0, into: $1) }
        }

        /// A copy of shard `index`'s folder (from 1) whose report `change` edits.
        func edited(_ index: Int, _ name: String, _ change: (inout RunReport) -> Void) throws -> String {
            let path = root + "/" + name
            try FileManager.default.copyItem(atPath: shards[index - 1], toPath: path)
            var report = try RunReport.read(path: path + "/report.json")
            change(&report)
            try report.json().write(toFile: path + "/report.json", atomically: true, encoding: .utf8)
            return path
        }

        /// Shard `index` of another run of these options changed by `change`.
        func other(_ index: Int, _ name: String, _ change: (inout CampaignOptions) -> Void) throws -> String {
            var options = Self.options
            change(&options)
            options.shard = Shard(index: index, count: 3)
            _ = try ShardRuns.run(options, into: root + "/" + name)
            return root + "/" + name
        }

        /// The refusal of merging `folders`, after checking nothing was written.
        func refusal(_ folders: [String]) throws -> String {
            let folder = try ReportFolder(path: output)
            var message = "merged"
            do {
                _ = try ReportMerge.run(folders: folders, into: folder)
            } catch let refusal as MergeRefusal {
                message = refusal.message
            }
            folder.discard()
            #expect(!FileManager.default.fileExists(atPath: output), "nothing written for: \(message)")
            #expect(!message.contains("\n"), "one line: \(message)")
            return message
        }
    }

    @Test("the three shards merge; any two of them are refused, naming the missing shard")
    func missingShard() throws {
        let fixture = try Fixture()
        let folder = try ReportFolder(path: fixture.output)
        #expect(try ReportMerge.run(folders: fixture.shards, into: folder).report.counts.users == 30)
        folder.discard()
        #expect(try fixture.refusal([fixture.shards[0], fixture.shards[2]])
            == "shard 2/3 of `swift run -c release simulate run --seed 5 --users 30 --years 1` is missing; give the report folder of each of the 3 shards")
        #expect(try fixture.refusal([fixture.shards[1], fixture.shards[2]]).hasPrefix("shard 1/3 of"))
        #expect(try fixture.refusal([]) == "no report folders to merge; give every shard's")
    }

    @Test("a shard given twice, as the same folder or a copy, is refused naming the second")
    func doubledShard() throws {
        let fixture = try Fixture()
        #expect(try fixture.refusal(fixture.shards + [fixture.shards[1]]) == "\(ErrorText.quotedPath(fixture.shards[1])): shard 2/3 again (also \(ErrorText.quotedPath(fixture.shards[1]))); give each shard once")
        let copy = try fixture.edited(3, "copy") { _ in }
        #expect(try fixture.refusal(fixture.shards + [copy]) == "\(ErrorText.quotedPath(copy)): shard 3/3 again (also \(ErrorText.quotedPath(fixture.shards[2]))); give each shard once")
    }

    @Test("a shard of another seed, size, span, persona mix or policy is refused, naming its folder and the difference")
    func anotherRun() throws {
        let fixture = try Fixture()
        let first = "as in \(ErrorText.quotedPath(fixture.shards[0])); shards of one run only"
        let seed = try fixture.other(2, "seed6") { $0.seed = 6 }
        #expect(try fixture.refusal([fixture.shards[0], seed, fixture.shards[2]]) == "\(ErrorText.quotedPath(seed)): seed 6, not 5 \(first)")
        let users = try fixture.other(2, "users31") { $0.users = 31 }
        #expect(try fixture.refusal([fixture.shards[0], users, fixture.shards[2]]) == "\(ErrorText.quotedPath(users)): --users 31, not 30 \(first)")
        let years = try fixture.other(2, "years2") { $0.years = 2 }
        #expect(try fixture.refusal([fixture.shards[0], years, fixture.shards[2]]) == "\(ErrorText.quotedPath(years)): --years 2, not 1 \(first)")
        let personas = try fixture.other(2, "light") { $0.personas = [.light, .heavy] }
        #expect(try fixture.refusal([fixture.shards[0], personas, fixture.shards[2]]) == "\(ErrorText.quotedPath(personas)): personas light,heavy, not light,heavy,edge-walker,traveller,subscriber,reinstaller \(first)")
        var quipOptions = Fixture.options
        quipOptions.shard = Shard(index: 2, count: 3)
        _ = try ShardRuns.run(quipOptions, policy: "daily-quip", into: fixture.root + "/quip")
        #expect(try fixture.refusal([fixture.shards[0], fixture.root + "/quip", fixture.shards[2]]) == "\(ErrorText.quotedPath("\(fixture.root)/quip")): policy daily-quip, not meal-capture \(first)")
        var fourOptions = Fixture.options
        fourOptions.shard = Shard(index: 2, count: 4)
        _ = try ShardRuns.run(fourOptions, into: fixture.root + "/two-of-four")
        #expect(try fixture.refusal([fixture.shards[0], fixture.root + "/two-of-four", fixture.shards[2]]) == "\(ErrorText.quotedPath("\(fixture.root)/two-of-four")): one of 4 shards, not 3 \(first)")
    }

    @Test("a shard written by another tool version or with other tz data, or of another command, or whose personas do not add up to its users, is refused")
    func anotherToolOrTzData() throws {
        let fixture = try Fixture()
        let first = "as in \(ErrorText.quotedPath(fixture.shards[0])); shards of one run only"
        let tool = try fixture.edited(2, "tool") { $0.tool = "simulate 0.0.9" }
        #expect(try fixture.refusal([fixture.shards[0], tool, fixture.shards[2]]) == "\(ErrorText.quotedPath(tool)): a report of simulate 0.0.9, not \(RunReport.toolVersion) \(first)")
        let tz = try fixture.edited(2, "tz") { $0.options.tzData = "2019c" }
        #expect(try fixture.refusal([fixture.shards[0], tz, fixture.shards[2]]) == "\(ErrorText.quotedPath(tz)): tz data 2019c, not \(fixture.tzData) \(first)")
        let mutants = try fixture.edited(2, "kind") { $0.kind = .mutants }
        #expect(try fixture.refusal([fixture.shards[0], mutants, fixture.shards[2]]) == "\(ErrorText.quotedPath(mutants)): a report of 'simulate mutants', not 'simulate run' \(first)")
        let personas = try fixture.edited(2, "personas") { report in
            let persona = report.counts.personas.keys.sorted()[0]
            report.counts.personas[persona]! += 5
        }
        #expect(try fixture.refusal([fixture.shards[0], personas, fixture.shards[2]])
                == "\(ErrorText.quotedPath(personas)): counts.personas add up to 15 users, where counts.users is 10: not a report this tool wrote")
        let short = try fixture.edited(2, "short") { $0.counts.users -= 1 }
        #expect(try fixture.refusal([fixture.shards[0], short, fixture.shards[2]]) == "\(ErrorText.quotedPath(short)): 9 users, but shard 2/3 of 30 users has 10")
    }

    @Test("a folder that is not a report, and a whole run's report, are refused naming the folder")
    func notAShardReport() throws {
        let fixture = try Fixture()
        let empty = fixture.root + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        #expect(try fixture.refusal(fixture.shards + [empty]) == "\(ErrorText.quotedPath(empty)): not a report folder (no report.json)")
        #expect(try fixture.refusal([fixture.root + "/nowhere"] + fixture.shards) == "\(ErrorText.quotedPath("\(fixture.root)/nowhere")): no such folder")
        #expect(try fixture.refusal([fixture.shards[0] + "/report.json"]) == "\(ErrorText.quotedPath("\(fixture.shards[0])/report.json")): a file, not a report folder")
        let garbage = try fixture.edited(1, "garbage") { _ in }
        try "{\"tool\": 1}".write(toFile: garbage + "/report.json", atomically: true, encoding: .utf8)
        let message = try fixture.refusal([garbage, fixture.shards[1], fixture.shards[2]])
        #expect(message.hasPrefix("\(ErrorText.path(Array((garbage + "/report.json").utf8))): not a report.json of \(RunReport.toolVersion)"), "\(message)")
        let whole = fixture.root + "/whole"
        _ = try ShardRuns.run(Fixture.options, into: whole)
        #expect(try fixture.refusal([whole]) == "\(ErrorText.quotedPath(whole)): the report of a whole run, not of a shard (a shard's run has --shard I/N)")
        let bogus = try fixture.edited(1, "bogus") { $0.shard?.index = 4 }
        let refused = try fixture.refusal([bogus, fixture.shards[1], fixture.shards[2]])
        #expect(refused.hasPrefix("\(ErrorText.path(Array((bogus + "/report.json").utf8))): not a report.json") && refused.hasSuffix("shard.index is 4 of 3, not a shard that exists"), "\(refused)")
    }
}

extension MergeRefusalTests.Fixture {
    /// The tz data version the fixture's shards recorded.
    var tzData: String { (try? RunReport.read(path: shards[0] + "/report.json").options.tzData) ?? "?" }
}

import Foundation
import Simulator
import SubscriptionModel
import Testing
import TestSupport

/// `--shard I/N` and `simulate merge` as a user meets them: bad values and bad folders
/// are one `error:` line with exit status 2 and nothing written; the merged report of a
/// run's shards is the whole run's; exit 1 when the merged run failed.
@Suite("Shards and merge on the command line")
struct ShardCommandLineTests {
    @Test("a bad --shard on run and mutants (v1 and --policy) is one error line, exit 2, nothing on standard output",
          arguments: [["run"], ["mutants"], ["run", "--policy", "daily-quip"], ["mutants", "--policy", "daily-quip"]])
    func badShard(command: [String]) throws {
        let folder = try temporaryFolder()
        let cases = [
            ("0/3", "error: --shard \"0/3\": expected I/N with 1 <= I <= N (shard 0 of 3 does not exist)"),
            ("4/3", "error: --shard \"4/3\": expected I/N with 1 <= I <= N (shard 4 of 3 does not exist)"),
            ("a/b", "error: --shard \"a/b\": expected I/N, shard I of N, with 1 <= I <= N (such as 2/3)"),
            ("4/5", "error: --shard \"4/5\": 5 shards of 3 users would leave a shard with no users; use at most 3"),
        ]
        for (value, message) in cases {
            let result = try runSimulate(command + ["--users", "3", "--shard", value, "--report", folder + "/r"])
            #expect(result.status == 2, "\(command) --shard \(value)")
            #expect(result.out.isEmpty)
            #expect(result.err == message + "\n", "\(result.err)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/r"))
        }
    }

    @Test("three shards of a run merged by the command give the whole run's report.json, but its timing (v1, a policy, a policy without swarm)",
          .enabled(if: CampaignTests.enabled, "campaign-sized: SIMULATE_CAMPAIGN_TESTS=1 runs it, as .ci/run does"), arguments: [[], ["--policy", "daily-quip"], ["--policy", "oxalate", "--no-swarm"]])
    func mergeMatchesWholeRun(policy: [String]) throws {
        let folder = try temporaryFolder()
        let run = ["run"] + policy + ["--seed", "3", "--users", "90", "--years", "1", "--quiet"]
        var shards: [String] = []
        for index in 1...3 {
            let result = try runSimulate(run + ["--shard", "\(index)/3", "--report", folder + "/s\(index)"])
            #expect(result.status == 0, "\(result.err)")
            #expect(result.out.contains("shard       \(index)/3: users \(index - 1), \(index + 2), \(index + 5), … of 90"), "\(result.out)")
            shards.append(folder + "/s\(index)")
        }
        let whole = try runSimulate(run + ["--report", folder + "/whole"])
        #expect(whole.status == 0)
        let merged = try runSimulate(["merge", "--report", folder + "/merged"] + shards.reversed())
        #expect(merged.status == 0, "\(merged.err)")
        #expect(merged.err.isEmpty)
        let command = "swift run -c release simulate run" + policy.map { " " + $0 }.joined() + " --seed 3 --users 90 --years 1"
        #expect(merged.out.hasPrefix("simulate merge: 3 shards of `\(command)`"), "\(merged.out)")
        let a = try RunReport.read(path: folder + "/merged/report.json"), b = try RunReport.read(path: folder + "/whole/report.json")
        #expect(b.options.command == command, "the report's command reproduces the run")
        #expect(try RunReport.read(path: folder + "/s2/report.json").options.command == command + " --shard 2/3", "a shard's names its shard once")
        #expect(a.withoutTiming == b.withoutTiming)
        #expect(a.timing?.jobs == shards.count * CampaignOptions.coreCount, "jobs of the shards added up")
        let shardRates: [Double] = try shards.map { try RunReport.read(path: $0 + "/report.json").timing?.eventsPerSecond ?? 0 }
        // (Typed apart: as one expression, the comparison took the type checker 8 s.)
        let mergedRate: Double = a.timing?.eventsPerSecond ?? .infinity, together: Double = shardRates.reduce(0, +)
        #expect(mergedRate <= together * 1.01 + 1,
                "the merged rate is no more than the shards' together (a time rounded to 0 is not divided by): \(String(describing: a.timing)) \(shardRates)")
        for name in ["report.md", "report.html", "summary.txt"] { #expect(FileManager.default.fileExists(atPath: folder + "/merged/" + name)) }
        // The merged summary's tables are laid out as the whole run's (the flagship's calendar
        // edges a table of their own), line for line.
        func tables(_ path: String) throws -> [Substring] {
            let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            let start = try #require(lines.firstIndex { $0.hasPrefix("  invariant ") })
            let end = lines[start...].firstIndex { !$0.isEmpty && !$0.hasPrefix("  ") } ?? lines.endIndex
            return Array(lines[start..<end])
        }
        #expect(try tables(folder + "/merged/summary.txt") == tables(folder + "/whole/summary.txt"))
        let shardMarkdown = try String(contentsOfFile: folder + "/s2/report.md", encoding: .utf8)
        #expect(shardMarkdown.contains("Shard 2 of 3: 30 of the run's 90 users"))
        #expect(!(try String(contentsOfFile: folder + "/merged/report.md", encoding: .utf8)).contains("Shard "))
    }

    @Test("a shard's line lists only users the run has")
    func shardLineListsRealUsers() throws {
        let folder = try temporaryFolder()
        for (users, shard, listed) in [("10", "10/10", "user 9 of 10"), ("4", "2/3", "user 1 of 4"), ("12", "2/3", "users 1, 4, 7, … of 12"), ("7", "1/3", "users 0, 3, 6 of 7")] {
            let result = try runSimulate(["run", "--seed", "1", "--users", users, "--years", "1", "--quiet", "--shard", shard, "--report", folder + "/r"])
            #expect(result.status == 0 && result.out.contains("shard       \(shard): \(listed) (merge every"), "\(result.out)")
        }
    }

    @Test("merge exits 1 when the merged run failed: mutants surviving two users")
    func mergedFailureExitsOne() throws {
        let folder = try temporaryFolder()
        for index in 1...2 {
            let shard = try runSimulate(["mutants", "--users", "2", "--years", "1", "--shard", "\(index)/2", "--report", folder + "/m\(index)"])
            #expect(shard.status == 1)
        }
        let merged = try runSimulate(["merge", "--report", folder + "/merged", folder + "/m1", folder + "/m2"])
        #expect(merged.status == 1, "\(merged.err)")
        #expect(merged.out.contains("SURVIVED"))
        #expect(try RunReport.read(path: folder + "/merged/report.json").passed == false)
    }

    @Test("a refused merge is one error line naming the folder, exit 2, and leaves the earlier report as it was")
    func refusedMergeWritesNothing() throws {
        let folder = try temporaryFolder()
        for index in 1...2 {
            _ = try runSimulate(["run", "--seed", "3", "--users", "20", "--years", "1", "--quiet", "--shard", "\(index)/2", "--report", folder + "/s\(index)"])
        }
        _ = try runSimulate(["run", "--seed", "4", "--users", "20", "--years", "1", "--quiet", "--shard", "2/2", "--report", folder + "/other"])
        try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
        try "earlier".write(toFile: folder + "/out/report.md", atomically: true, encoding: .utf8)
        try "{}".write(toFile: folder + "/out/report.json", atomically: true, encoding: .utf8)  // an earlier report's
        try "<p>earlier</p>".write(toFile: folder + "/out/report.html", atomically: true, encoding: .utf8)
        let cases = [
            ([folder + "/s1"], "error: shard 2/2 of `swift run -c release simulate run --seed 3 --users 20 --years 1` is missing; give the report folder of each of the 2 shards"),
            ([folder + "/s1", folder + "/other"], "error: \(ErrorText.quotedPath("\(folder)/other")): seed 4, not 3 as in \(ErrorText.quotedPath("\(folder)/s1")); shards of one run only"),
            ([folder + "/s1", folder + "/s1", folder + "/s2"], "error: \(ErrorText.quotedPath("\(folder)/s1")): shard 1/2 again (also \(ErrorText.quotedPath("\(folder)/s1"))); give each shard once"),
            ([folder + "/s1", folder + "/nothing"], "error: \(ErrorText.quotedPath("\(folder)/nothing")): no such folder"),
            ([], "error: merge needs the report folder of every shard; see 'simulate merge --help'"),
        ]
        for (folders, message) in cases {
            let result = try runSimulate(["merge", "--report", folder + "/out"] + folders)
            #expect(result.status == 2)
            #expect(result.out.isEmpty)
            #expect(result.err == message + "\n", "\(result.err)")
            #expect(try String(contentsOfFile: folder + "/out/report.md", encoding: .utf8) == "earlier")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["other", "out", "s1", "s2"], "no staging folder left")
        }
    }

    @Test("a report folder that is or holds a merge's shard, or the folder the command runs in, is refused before anything is replaced")
    func reportFolderHoldingInputsRefused() throws {
        let folder = try temporaryFolder()
        for index in 1...2 {
            let shard = try runSimulate(["run", "--seed", "3", "--users", "20", "--years", "1", "--quiet", "--shard", "\(index)/2", "--report", folder + "/s\(index)"])
            #expect(shard.status == 0)
        }
        let holds = { (out: String, shard: String) in
            "error: --report \(ErrorText.quotedPath(out)): holds \(ErrorText.quotedPath(shard)), which this command reads and replacing the folder would delete; name another folder\n"
        }
        for (out, message) in [(folder, holds(folder, folder + "/s1")), (folder + "/s1", holds(folder + "/s1", folder + "/s1")),
                               (folder + "/s2/..", holds(folder + "/s2/..", folder + "/s1"))] {
            let result = try runSimulate(["merge", "--report", out, folder + "/s1", folder + "/s2"])
            #expect(result.status == 2 && result.out.isEmpty)
            #expect(result.err == message, "\(result.err)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["s1", "s2"], "the shards are where they were")
            #expect(FileManager.default.fileExists(atPath: folder + "/s1/report.json"))
        }
        // A run whose report folder would be the one it runs in (or hold it), run in a
        // folder inside this test's own, so that nothing else is at stake.
        let work = folder + "/work"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        for out in [".", work, folder, "../work/."] {
            let process = Process()
            process.executableURL = PackagePaths.simulate
            process.arguments = ["run", "--users", "3", "--years", "1", "--quiet", "--report", out]
            process.currentDirectoryURL = URL(fileURLWithPath: work)
            let err = Pipe()
            process.standardError = err
            process.standardOutput = Pipe()
            try process.run()
            let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 2)
            #expect(text == "error: --report \(ErrorText.quotedPath(out)): holds the folder this command runs in, which replacing it would delete; name a folder of its own\n", "\(text)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["s1", "s2", "work"])
        }
    }

    @Test("a report folder that holds the policy file a run or a merge reads is refused, and the file stays")
    func reportFolderHoldingPolicyFileRefused() throws {
        let folder = try temporaryFolder()
        let policy = folder + "/pol/my.json"
        try FileManager.default.createDirectory(atPath: folder + "/pol", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: PackagePaths.root.appendingPathComponent("Sources/SubscriptionModel/Policies/daily-quip.json").path, toPath: policy)
        for index in 1...2 {
            let shard = try runSimulate(["run", "--policy", policy, "--seed", "3", "--users", "20", "--years", "1", "--quiet", "--shard", "\(index)/2",
                                         "--report", folder + "/s\(index)"])
            #expect(shard.status == 0, "\(shard.err)")
        }
        let message = "error: --report \(ErrorText.quotedPath("\(folder)/pol")): holds \(ErrorText.quotedPath(policy)), which this command reads and replacing the folder would delete; name another folder\n"
        let merge = try runSimulate(["merge", "--report", folder + "/pol", folder + "/s1", folder + "/s2"])
        #expect(merge.status == 2 && merge.err == message, "\(merge.err)")
        let run = try runSimulate(["run", "--policy", policy, "--users", "3", "--years", "1", "--quiet", "--report", folder + "/pol"])
        #expect(run.status == 2 && run.err == message, "\(run.err)")
        #expect(FileManager.default.fileExists(atPath: policy), "the policy file is still there")
    }

    /// The shipped daily-quip policy file's text, to copy into folders of a test's own.
    static func dailyQuipText() throws -> String {
        try String(contentsOf: PackagePaths.root.appendingPathComponent("Sources/SubscriptionModel/Policies/daily-quip.json"), encoding: .utf8)
    }

    /// Writes each of `files` (a name and its text) into `folder/place` and runs
    /// `arguments` there as shard `shard`, into report folder `report`, expecting exit 0.
    static func runShard(_ arguments: [String], files: [(name: String, text: String)], shard: String, report: String = "s",
                         in folder: String, place: String) throws {
        try FileManager.default.createDirectory(atPath: "\(folder)/\(place)", withIntermediateDirectories: true)
        for file in files { try file.text.write(toFile: "\(folder)/\(place)/\(file.name)", atomically: true, encoding: .utf8) }
        let run = try runSimulate(arguments + ["--shard", shard, "--report", report], in: "\(folder)/\(place)")
        #expect(run.status == 0, "\(place): \(run.err)")
    }

    @Test("the shards of a policy file's run, each run in a folder of its own with a copy of the file, merge into the whole run; copies with other bytes are refused")
    func policyFileFromTwoFolders() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let rules = try Self.dailyQuipText()
        let other = rules.replacingOccurrences(of: "\"limits\": {\"cards\": {\"day\": 5}}", with: "\"limits\": {\"cards\": {\"day\": 6}}")
        #expect(other != rules)
        // The second shard names its copy by its absolute path, in a folder whose name needs quotes in a command.
        for (place, text, shard) in [("m1", rules, "1/2"), ("m 2", rules, "2/2"), ("m3", other, "2/2"), ("m4", rules + " ", "2/2")] {
            try Self.runShard(["run", "--policy", place == "m 2" ? "\(folder)/\(place)/p.json" : "p.json", "--seed", "3", "--users", "20", "--years", "1", "--quiet"],
                              files: [("p.json", text)], shard: shard, in: folder, place: place)
        }
        let recorded = try RunReport.read(path: "\(folder)/m1/s/report.json").options
        #expect(recorded.policyDigest == Figures.hex(FNV1a.hash(bytes: Array(rules.utf8))), "report.json records the file's digest")
        #expect(try RunReport.read(path: "\(folder)/m 2/s/report.json").options.policy != recorded.policy, "the two shards recorded other paths")
        let merged = try runSimulate(["merge", "--report", "merged", "m1/s", "m 2/s"], in: folder)
        #expect(merged.status == 0, "\(merged.err)")
        let whole = try runSimulate(["run", "--policy", "m1/p.json", "--seed", "3", "--users", "20", "--years", "1", "--quiet", "--report", "whole"], in: folder)
        #expect(whole.status == 0, "\(whole.err)")
        let report = { (name: String) in try RunReport.read(path: "\(folder)/\(name)/report.json") }
        #expect(try report("merged").counts == report("whole").counts, "the merged counts are the whole run's")
        #expect(try report("merged").coverage == report("whole").coverage, "the floors are set again from the file")
        // Other rules, and the same rules written otherwise (a space at the end): other bytes.
        for place in ["m3", "m4"] {
            let refused = try runSimulate(["merge", "--report", "refused", "m1/s", "\(place)/s"], in: folder)
            let path = try RunReport.read(path: "\(folder)/\(place)/s/report.json").options.policy ?? ""
            #expect(refused.status == 2 && refused.err == "error: \"\(place)/s\": policy \(path) holds other bytes than \(recorded.policy ?? "") in \"m1/s\" (the files differ); shards of one run only\n",
                    "\(refused.err)")
            #expect(!FileManager.default.fileExists(atPath: "\(folder)/refused"))
        }
        // The file's value is left out of the commands compared, nothing else: a shard of a copy without swarm is another run.
        try Self.runShard(["run", "--policy", "p.json", "--no-swarm", "--seed", "3", "--users", "20", "--years", "1", "--quiet"], files: [("p.json", rules)], shard: "2/2",
                          in: folder, place: "m5")
        let noSwarm = try runSimulate(["merge", "--report", "refused", "m1/s", "m5/s"], in: folder)
        #expect(noSwarm.status == 2 && noSwarm.err.hasPrefix("error: \"m5/s\": a shard of `swift run -c release simulate run --policy p.json --no-swarm "), "\(noSwarm.err)")
        // A shipped policy's shard and a copy of its file's are two runs (a shipped name records no hash).
        try Self.runShard(["run", "--policy", "daily-quip", "--seed", "3", "--users", "20", "--years", "1", "--quiet"], files: [], shard: "1/2", in: folder, place: "m6")
        let shipped = try runSimulate(["merge", "--report", "refused", "m6/s", "m 2/s"], in: folder)
        let copy = try RunReport.read(path: "\(folder)/m 2/s/report.json").options.policy ?? ""
        #expect(shipped.status == 2 && shipped.err == "error: \"m 2/s\": policy \(copy), not daily-quip as in \"m6/s\"; shards of one run only\n", "\(shipped.err)")
    }

    @Test("a policy file edited between two shards at the same path is refused: its bytes differ, whatever its description says")
    func policyFileEditedBetweenShards() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let rules = try Self.dailyQuipText()
        let run = ["run", "--policy", "p.json", "--seed", "3", "--users", "20", "--years", "1", "--quiet"]
        try Self.runShard(run, files: [("p.json", rules)], shard: "1/2", report: "s1", in: folder, place: "m1")
        try Self.runShard(run, files: [("p.json", rules + " ")], shard: "2/2", report: "s2", in: folder, place: "m1")
        let refused = try runSimulate(["merge", "--report", "refused", "m1/s1", "m1/s2"], in: folder)
        let path = try RunReport.read(path: "\(folder)/m1/s1/report.json").options.policy ?? ""
        #expect(refused.status == 2 && refused.err == "error: \"m1/s2\": policy \(path) holds other bytes than in \"m1/s1\" (the file changed between shards); shards of one run only\n",
                "\(refused.err)")
    }

    @Test("a merge whose policy file changed after the shards ran is refused, naming the file; a copy elsewhere that still holds the bytes is read instead")
    func policyFileChangedSince() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let rules = try Self.dailyQuipText()
        for (place, shard) in [("m1", "1/2"), ("m2", "2/2")] {
            try Self.runShard(["run", "--policy", "p.json", "--seed", "3", "--users", "20", "--years", "1", "--quiet"], files: [("p.json", rules)], shard: shard,
                              in: folder, place: place)
        }
        // The first shard's copy changes (a space at the end: the same rules, other bytes); the second's still holds what ran.
        try (rules + " ").write(toFile: "\(folder)/m1/p.json", atomically: true, encoding: .utf8)
        let merged = try runSimulate(["merge", "--report", "merged", "m1/s", "m2/s"], in: folder)
        #expect(merged.status == 0, "\(merged.err)")
        // Both changed: refused, saying what became of each copy.
        try (rules + " ").write(toFile: "\(folder)/m2/p.json", atomically: true, encoding: .utf8)
        let refused = try runSimulate(["merge", "--report", "refused", "m1/s", "m2/s"], in: folder)
        let first = try RunReport.read(path: "\(folder)/m1/s/report.json").options.policy ?? ""
        let second = try RunReport.read(path: "\(folder)/m2/s/report.json").options.policy ?? ""
        let changed = { (path: String) in "\(ErrorText.quotedPath(path)) has other bytes now than when the shards ran (the file changed)" }
        #expect(refused.status == 2
                && refused.err == "error: \"m1/s\": its policy cannot be loaded to set the floors again: no copy the shards recorded holds the bytes they read (\(changed(first)); \(changed(second))); give the merge one with --policy FILE\n",
                "\(refused.err)")
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/refused"))
        // A copy given to the merge: taken when it holds the bytes, refused naming it when not.
        try rules.write(toFile: "\(folder)/kept.json", atomically: true, encoding: .utf8)
        let given = try runSimulate(["merge", "--report", "given", "--policy", "kept.json", "m1/s", "m2/s"], in: folder)
        #expect(given.status == 0, "\(given.err)")
        let wrong = try runSimulate(["merge", "--report", "wrong", "--policy", "m1/p.json", "m1/s", "m2/s"], in: folder)
        #expect(wrong.status == 2
                && wrong.err == "error: --policy \"m1/p.json\": holds other bytes than the file the shards read\n",
                "\(wrong.err)")
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/wrong"))
        // A copy that cannot be read is the merge's own input: named by its flag, as a run names it.
        let unreadable = try runSimulate(["merge", "--report", "unreadable", "--policy", "nope.json", "m1/s", "m2/s"], in: folder)
        let run = try runSimulate(["run", "--policy", "nope.json", "--users", "1"], in: folder)
        #expect(unreadable.status == 2 && run.status == 2 && unreadable.err.hasPrefix("error: --policy: ") && unreadable.err == run.err, "\(unreadable.err)")
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/unreadable"))
        // Shards of one folder whose file is gone (the merge on another machine): the one
        // path's fate, and the flag that gives a copy.
        for shard in ["1/2", "2/2"] {
            try Self.runShard(["run", "--policy", "p.json", "--seed", "3", "--users", "20", "--years", "1", "--quiet"], files: [("p.json", rules)], shard: shard,
                              report: "s\(shard.prefix(1))", in: folder, place: "m3")
        }
        try FileManager.default.removeItem(atPath: "\(folder)/m3/p.json")
        let gone = try runSimulate(["merge", "--report", "gone", "m3/s1", "m3/s2"], in: folder)
        let recorded = try RunReport.read(path: "\(folder)/m3/s1/report.json").options.policy ?? ""
        #expect(gone.status == 2 && gone.err.hasPrefix("error: \"m3/s1\": its policy cannot be loaded to set the floors again: ")
                && gone.err.contains(ErrorText.quotedPath(recorded)) && gone.err.hasSuffix("; give the merge a copy with --policy FILE\n"), "\(gone.err)")
        #expect(try runSimulate(["merge", "--report", "gone", "--policy", "kept.json", "m3/s1", "m3/s2"], in: folder).status == 0)
        // A copy for shards that read no such file is a mistake: refused.
        for (place, shard) in [("v1", "1/2"), ("v1", "2/2")] {
            try Self.runShard(["run", "--seed", "3", "--users", "4", "--years", "1", "--quiet"], files: [], shard: shard, report: "s\(shard.prefix(1))", in: folder, place: place)
        }
        let noFile = try runSimulate(["merge", "--report", "nofile", "--policy", "kept.json", "v1/s1", "v1/s2"], in: folder)
        #expect(noFile.status == 2 && noFile.err == "error: --policy \"kept.json\": the shards read no such file (policy meal-capture); leave it out\n", "\(noFile.err)")
        let noStoreKit = try runSimulate(["merge", "--report", "nofile", "--storekit", "kept.json", "m1/s", "m2/s"], in: folder)
        #expect(noStoreKit.status == 2 && noStoreKit.err == "error: --storekit \"kept.json\": the shards read no such file (--storekit absent); leave it out\n", "\(noStoreKit.err)")
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/nofile"))
    }

    @Test("a shard whose report.json an older simulate wrote (no hash of the policy file) merges with a new one of the same path, and one of another path is refused saying why")
    func policyFileOlderReport() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let rules = try Self.dailyQuipText()
        for (place, shard, report) in [("m1", "1/2", "s1"), ("m1", "2/2", "s2"), ("m2", "2/2", "s2")] {
            try Self.runShard(["run", "--policy", "p.json", "--seed", "3", "--users", "20", "--years", "1", "--quiet"], files: [("p.json", rules)], shard: shard,
                              report: report, in: folder, place: place)
        }
        // The first shard's report as an older simulate wrote it: no policyDigest.
        let path = "\(folder)/m1/s1/report.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let older = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("\"policyDigest\"") }.joined(separator: "\n")
        #expect(older != text)
        try older.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try RunReport.read(path: path).options.policyDigest == nil)
        let same = try runSimulate(["merge", "--report", "same", "m1/s1", "m1/s2"], in: folder)
        #expect(same.status == 0, "\(same.err)")
        let other = try runSimulate(["merge", "--report", "other", "m1/s1", "m2/s2"], in: folder)
        #expect(other.status == 2 && other.err.hasPrefix("error: \"m2/s2\": policy ")
                && other.err.hasSuffix(" as in \"m1/s1\", and the report.json in \"m1/s1\", from an older simulate, records no hash of the file to tell whether the two are copies of one file; run that shard again\n"),
                "\(other.err)")
    }

    @Test("report.json records no policy digest for a shipped policy")
    func shippedPolicyNoDigest() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try runSimulate(["run", "--policy", "daily-quip", "--seed", "3", "--users", "5", "--years", "1", "--quiet", "--report", folder + "/r"])
        #expect(run.status == 0, "\(run.err)")
        let options = try RunReport.read(path: folder + "/r/report.json").options
        #expect(options.policy == "daily-quip" && options.policyDigest == nil)
    }

    @Test("help: merge has its own, run and mutants name --shard")
    func help() throws {
        let merge = try runSimulate(["help", "merge"])
        #expect(merge.status == 0 && merge.out.contains("simulate merge [--report OUT] [--policy FILE] [--storekit FILE] DIR..."))
        #expect(try runSimulate(["merge", "--help"]).out == merge.out)
        for command in ["run", "mutants"] { #expect(try runSimulate(["help", command]).out.contains("--shard I/N")) }
        #expect(try runSimulate(["--help"]).out.contains("simulate merge [--report OUT] DIR..."))
    }
}

import Foundation
import Simulator
import Testing
import TestSupport

/// `simulate check --shard I/N` and `simulate merge` of a check's shards: a passing
/// check's shards merge into the unsharded check's report.json (timings aside), v1 and
/// under a policy, one process per timeline and batch; a failing check's merged report
/// names the lowest failing user of all shards, with that shard's shrunk timeline.
@Suite("simulate check --shard and merging check shards")
struct CheckShardTests {
    /// `simulate check` of `command` on seed 3, `users` users of one year, into `report`.
    func check(_ command: String, users: Int, report: String, _ extra: [String]) throws -> (status: Int32, out: String, err: String) {
        try runSimulate(["check", "--command", command, "--seed", "3", "--users", "\(users)", "--years", "1", "--report", report] + extra)
    }

    @Test("check --help lists --shard I/N")
    func helpListsShard() throws {
        let result = try runSimulate(["check", "--help"])
        #expect(result.status == 0)
        #expect(result.out.contains("[--shard I/N]"))
        #expect(result.out.contains("--shard I/N      check shard I of N's users only"))
    }

    @Test("a bad --shard on check is one error line, exit 2, nothing written")
    func badShard() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try check("true", users: 3, report: folder + "/r", ["--shard", "4/3"])
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.err == "error: --shard \"4/3\": expected I/N with 1 <= I <= N (shard 4 of 3 does not exist)\n", "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/r"))
    }

    @Test("three shards of a passing check (60 users) merge into the unsharded check's report.json, timing aside",
          .enabled(if: CampaignTests.enabled, "campaign-sized: SIMULATE_CAMPAIGN_TESTS=1 runs it, as .ci/run does"), arguments: [(program: "replay", flags: [String]()), (program: "replay --batch", flags: ["--batch", "--policy", "daily-quip"])])
    func passingShardsMergeIntoWholeCheck(program: String, flags: [String]) throws {
        let simulate = try #require(PackagePaths.simulate)
        let command = "'\(simulate.path)' \(program)"
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var shards: [String] = []
        for index in 1...3 {
            let result = try check(command, users: 60, report: folder + "/s\(index)", flags + ["--shard", "\(index)/3"])
            #expect(result.status == 0, "\(result.out)\(result.err)")
            #expect(result.out.contains("  shard       \(index)/3: 20 of 60 users\n"), "\(result.out)")
            let report = try RunReport.read(path: folder + "/s\(index)/report.json")
            #expect(report.shard?.index == index && report.shard?.count == 3)
            #expect(report.counts.users == 20)
            #expect(report.options.command.hasSuffix(" --shard \(index)/3"))
            shards.append(folder + "/s\(index)")
        }
        let whole = try check(command, users: 60, report: folder + "/whole", flags)
        #expect(whole.status == 0, "\(whole.out)\(whole.err)")
        #expect(!whole.out.contains("\n  shard "), "no shard line without --shard")
        let merged = try runSimulate(["merge", "--report", folder + "/merged"] + shards.reversed())
        #expect(merged.status == 0, "\(merged.err)")
        #expect(merged.out.contains("(the shards' digests combined, as the whole run in one process gives it)"))
        let a = try RunReport.read(path: folder + "/merged/report.json"), b = try RunReport.read(path: folder + "/whole/report.json")
        #expect(a.kind == .check && a.passed)
        #expect(a.shard == nil)
        #expect(a.withoutTiming == b.withoutTiming)
    }

    @Test("a merge in another folder than the shards' names the policy file it read, so that the regenerate command runs there; in the same folder, as given")
    func mergeElsewhereNamesThePolicyFile() throws {
        let simulate = try #require(PackagePaths.simulate)
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A team's folder: its policy file and a program whose "1 card remaining today" is worded otherwise.
        let team = folder + "/team", elsewhere = folder + "/elsewhere"
        for path in [team, elsewhere] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        try Data(contentsOf: PackagePaths.root.appendingPathComponent("Sources/SubscriptionModel/Policies/daily-quip.json")).write(to: URL(fileURLWithPath: team + "/my.json"))
        try Data("\(ShellText.word(simulate.path)) replay \"$1\" | sed 's/\"1 card remaining today\"/\"1 card left today\"/'\n".utf8)
            .write(to: URL(fileURLWithPath: team + "/program.sh"))
        for index in 1...2 {
            let shard = try runSimulate(["check", "--command", "sh program.sh", "--policy", "my.json", "--seed", "3", "--users", "2", "--years", "1",
                                         "--shard", "\(index)/2", "--quiet", "--report", "s\(index)"], in: team)
            #expect(shard.status == 1, "\(shard.out)\(shard.err)")
        }
        let shards = [team + "/s1", team + "/s2"]
        let policy = URL(fileURLWithPath: team + "/my.json").standardizedFileURL.path
        let report = try RunReport.read(path: team + "/s1/report.json")
        #expect(report.options.policy == policy, "a report names a policy file by its absolute path")
        let regenerate = "replay --policy \(ShellText.word(policy)) --seed 3 --user 0 --years 1"
        #expect(try #require(report.failures.first).regenerateCommand.hasSuffix("replay --policy my.json --seed 3 --user 0 --years 1"))

        let there = try runSimulate(["merge", "--report", "merged"] + shards, in: elsewhere)
        #expect(there.status == 1, "\(there.err)")
        #expect(there.out.contains("  regenerate:     swift run -c release simulate \(regenerate)\n"), "\(there.out)")
        // The failure's lines as simulate check labels them, and no line of spaces alone.
        #expect(there.out.contains("\n  the program:    sh program.sh ") && there.out.contains("\n  the reference:  swift run -c release simulate replay "), "\(there.out)")
        #expect(!there.out.split(separator: "\n").contains { $0.allSatisfy { $0 == " " } }, "\(there.out)")
        #expect(try RunReport.read(path: elsewhere + "/merged/report.json").failures.first?.regenerateCommand.hasSuffix(regenerate) == true)
        // And it runs there: the user it regenerates is the failure's.
        let regenerated = try runSimulate(ShellText.words(regenerate) + ["--out", "user0.json"], in: elsewhere)
        #expect(regenerated.status == 0, "\(regenerated.err)")

        // Given a copy of the file (as for shards from another machine), it names the copy as given.
        try FileManager.default.copyItem(atPath: team + "/my.json", toPath: elsewhere + "/copy.json")
        let copied = try runSimulate(["merge", "--policy", "copy.json", "--report", "merged-copy"] + shards, in: elsewhere)
        #expect(copied.out.contains("  regenerate:     swift run -c release simulate replay --policy copy.json --seed 3 --user 0 --years 1\n"), "\(copied.out)")

        let here = try runSimulate(["merge", "--report", "merged"] + shards, in: team)
        #expect(here.out.contains("  regenerate:     swift run -c release simulate replay --policy my.json --seed 3 --user 0 --years 1\n"), "\(here.out)")
    }

    @Test("a merge of failing check shards names the lowest failing user of all shards, the unsharded check's, with its shrunk timeline", .enabled(if: CampaignTests.enabled, "campaign-sized: SIMULATE_CAMPAIGN_TESTS=1 runs it, as .ci/run does"))
    func failingShardsNameLowestUser() throws {
        let simulate = try #require(PackagePaths.simulate)
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Every line that names the premium plan says free instead: many users fail.
        let script = folder + "/program.sh"
        try Data("SIMULATE='\(simulate.path)'\n\"$SIMULATE\" replay \"$1\" | sed 's/\"plan\":\"premium\"/\"plan\":\"free\"/'\n".utf8).write(to: URL(fileURLWithPath: script))
        let command = "sh '\(script)'"
        let flags = ["--policy", "daily-quip"]
        var shards: [String] = []
        var failingUsers: [Int] = []
        for index in 1...3 {
            let result = try check(command, users: 60, report: folder + "/s\(index)", flags + ["--shard", "\(index)/3"])
            #expect(result.status == 1, "\(result.out)\(result.err)")
            let report = try RunReport.read(path: folder + "/s\(index)/report.json")
            let failure = try #require(report.failures.first)
            #expect(failure.user % 3 == index - 1, "shard \(index)/3's failing user \(failure.user) is one of its own")
            failingUsers.append(failure.user)
            shards.append(folder + "/s\(index)")
        }
        let whole = try check(command, users: 60, report: folder + "/whole", flags)
        #expect(whole.status == 1)
        let unsharded = try #require(try RunReport.read(path: folder + "/whole/report.json").failures.first)

        let merged = try runSimulate(["merge", "--report", folder + "/merged"] + shards)
        #expect(merged.status == 1, "\(merged.err)")
        let report = try RunReport.read(path: folder + "/merged/report.json")
        #expect(!report.passed)
        #expect(report.failures.count == 1)
        let failure = try #require(report.failures.first)
        #expect(failure.user == failingUsers.min())
        #expect(failure.user == unsharded.user, "the lowest failing user is the one the unsharded check stops at")
        #expect(failure.invariant == unsharded.invariant)
        let shardFailure = try RunReport.read(path: shards[failure.user % 3] + "/report.json").failures[0]
        #expect(failure.timeline == shardFailure.timeline, "the shrunk timeline of the shard that found it")
        #expect(failure.timelineFile == folder + "/merged/failures/check-user\(failure.user).json")
        #expect(try String(contentsOfFile: failure.timelineFile, encoding: .utf8) == shardFailure.timeline)
        #expect(shardFailure.programCommand == "\(command) \(shardFailure.timelineFile)")
        #expect(failure.programCommand == "\(command) \(failure.timelineFile)", "the program is given the merged folder's file")
        #expect(merged.out.contains("  the program:    \(command) \(failure.timelineFile)\n"), "\(merged.out)")
        #expect(try String(contentsOfFile: shardFailure.timelineFile, encoding: .utf8) == shardFailure.timeline,
                "a check's report shows the very file it wrote, so the merged file is that file too")
        #expect(merged.out.contains("FAILED \(failure.invariant)"))
        // The summary says what a failing check's figures are, and does not judge coverage.
        #expect(merged.out.contains("(of what the shards checked before each stopped at its first failure)"))
        #expect(!merged.out.contains("NOT EXERCISED") && merged.out.contains("Coverage is counted, not judged, for a check"))

        // A shard of another program's check is refused, naming its folder.
        let other = try check("'\(simulate.path)' replay", users: 60, report: folder + "/other", flags + ["--shard", "2/3"])
        #expect(other.status == 0)
        let refused = try runSimulate(["merge", "--report", folder + "/refused", shards[0], folder + "/other", shards[2]])
        #expect(refused.status == 2)
        #expect(refused.err.hasPrefix("error: \(ErrorText.quotedPath(folder + "/other")): a shard of `"), "\(refused.err)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/refused"))
    }
}

import Foundation
import Simulator
import SubscriptionModel
import Testing

/// `simulate merge` adds up the shards' figures; a shard's figures are each at most
/// `Int.max` (the reader refuses a negative or fractional count), but two of them can
/// add up past it. Every sum the merge makes refuses that, naming the shard's folder
/// and the field, and writes nothing, instead of trapping.
@Suite("Merge refuses sums past Int.max")
struct MergeOverflowTests {
    /// Half of `Int.max` and one: two of them pass it.
    static let half = Int.max / 2 + 1

    /// Shards 2 and 3 of a fixture each edited by `change`, merged with shard 1: the refusal.
    func refusal(_ fixture: MergeRefusalTests.Fixture, _ name: String, _ change: (inout RunReport) -> Void) throws -> (message: String, folder: String) {
        let second = try fixture.edited(2, name + "-2", change)
        let third = try fixture.edited(3, name + "-3", change)
        return (try fixture.refusal([fixture.shards[0], second, third]), third)
    }

    /// Expects `message` to be the refusal of `field` in `folder`, the shard whose figure
    /// took the sum past `max`.
    func expectRefusal(_ message: String, folder: String, field: String, max: String = "\(Int.max)") {
        #expect(message.hasPrefix(ErrorText.quotedPath(folder) + ": \(field) is "), "\(field): \(message)")
        #expect(message.contains("past \(max)"), "\(field): \(message)")
    }

    @Test("counts, invariants, coverage, behaviour, personas, jobs and simulated time that add up past the most a count holds are refused")
    func runFigures() throws {
        let fixture = try MergeRefusalTests.Fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.root) }
        let half = Self.half
        let cases: [(field: String, change: (inout RunReport) -> Void)] = [
            ("counts.events", { $0.counts.events = half }),
            ("counts.personas.light", { $0.counts.personas["light"] = half }),
            ("invariants[0].checks", { $0.invariants[0].checks = half }),
            ("invariants[1].violations", { $0.invariants[1].violations = half }),
            ("coverage[2].reached", { $0.coverage[2].reached = half }),
            ("behaviour.outcomesByPlan.trial.captured", { $0.behaviour.outcomesByPlan["trial", default: [:]]["captured"] = half }),
            ("behaviour.byPersona.heavy.outcomes.captured", { $0.behaviour.byPersona["heavy"]?.outcomes["captured"] = half }),
            ("behaviour.byPersona.light.labels.Below limit", { $0.behaviour.byPersona["light"]?.labels["Below limit"] = half }),
            ("behaviour.byPersona.subscriber.plans.premium", { $0.behaviour.byPersona["subscriber"]?.plans["premium"] = half }),
            ("behaviour.attemptsByHour[5]", { $0.behaviour.attemptsByHour[5] = half }),
            ("behaviour.attemptsAroundMidnight[59]", { $0.behaviour.attemptsAroundMidnight[59] = half }),
            ("timing.jobs", { $0.timing?.jobs = half }),
        ]
        for (index, (field, change)) in cases.enumerated() {
            let (message, folder) = try refusal(fixture, "case\(index)", change)
            expectRefusal(message, folder: folder, field: field)
        }
        let (message, folder) = try refusal(fixture, "milliseconds") { $0.shard?.simulatedMilliseconds = Int64.max / 2 + 1 }
        expectRefusal(message, folder: folder, field: "shard.simulatedMilliseconds", max: "\(Int64.max)")
    }

    @Test("a sum of Int.max - 1 is no refusal: the merge holds it")
    func largestSum() throws {
        let fixture = try MergeRefusalTests.Fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.root) }
        // The other shards count no violation of it, and no shard names a failing user.
        let loud = try fixture.edited(2, "loud") { $0.invariants[1].violations = Int.max - 1 }
        let folder = try ReportFolder(path: fixture.output)
        defer { folder.discard() }
        let merged = try ReportMerge.run(folders: [fixture.shards[0], loud, fixture.shards[2]], into: folder)
        #expect(merged.report.invariants[1].violations == Int.max - 1)
    }

    @Test("a merged report whose counts each fit but add up past Int.max on a chart is written")
    func chartTotals() throws {
        let fixture = try MergeRefusalTests.Fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.root) }
        // Two invariants' checks, and one plan's two outcomes, of half of Int.max each.
        let big = try fixture.edited(2, "big") { report in
            report.invariants[0].checks = Self.half
            report.invariants[1].checks = Self.half
            report.behaviour.outcomesByPlan["trial"]?["captured"] = Self.half
            report.behaviour.outcomesByPlan["trial"]?["plan-sheet"] = Self.half
        }
        let folder = try ReportFolder(path: fixture.output)
        defer { folder.discard() }
        let merged = try ReportMerge.run(folders: [fixture.shards[0], big, fixture.shards[2]], into: folder)
        #expect(merged.report.invariants[0].checks > Self.half)
        #expect(HTMLReport.page(merged.report).contains("<title>trial: captured \(Figures.grouped(merged.report.behaviour.outcomesByPlan["trial"]!["captured"]!))</title>"))
    }

    @Test("a kill matrix's events before a kill that add up past Int.max are refused, in the shard's events per user or the mutant's row")
    func killMatrix() throws {
        let root = try ShardRuns.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let options = CampaignOptions(seed: 5, users: 30, years: 1)
        let shards = try ShardRuns.shards(options, count: 3, root: root) { try ShardRuns.mutants($0, into: $1) }
        let reports = try shards.map { try RunReport.read(path: $0 + "/report.json") }
        // A mutant whose earliest kill comes after every shard's first user, so that
        // every shard counts events before it.
        let rows = reports[0].mutants ?? []
        let killed: [(index: Int, user: Int, shard: Int)] = rows.indices.compactMap { index in
            let kills = reports.enumerated().compactMap { shard, report in report.shard?.killUsers?[rows[index].name].map { (user: $0, shard: shard) } }
            return kills.min { $0.user < $1.user }.map { (index, $0.user, $0.shard) }
        }
        let (index, user, killer) = try #require(killed.first { $0.user >= 3 }, "a mutant killed after user 2: \(killed)")
        let other = (killer + 1) % 3

        func edited(_ shard: Int, _ name: String, _ change: (inout RunReport) -> Void) throws -> [String] {
            let path = root + "/" + name
            try FileManager.default.copyItem(atPath: shards[shard], toPath: path)
            var report = reports[shard]
            change(&report)
            try report.json().write(toFile: path + "/report.json", atomically: true, encoding: .utf8)
            var folders = shards
            folders[shard] = path
            return folders
        }
        func refusal(_ folders: [String]) throws -> String {
            let output = root + "/merged"
            let folder = try ReportFolder(path: output)
            defer { folder.discard() }
            do {
                _ = try ReportMerge.run(folders: folders, into: folder)
                return "merged"
            } catch let refusal as MergeRefusal {
                return refusal.message
            }
        }

        // Two of a shard's users before the kill with half of Int.max events each.
        let perUser = try edited(other, "per-user") { report in
            report.shard?.eventsPerUser?[0] = Self.half
            report.shard?.eventsPerUser?[1] = Self.half
        }
        #expect(Shard(index: other + 1, count: 3)!.size(of: user) >= 2, "the shard has two users before user \(user)")
        expectRefusal(try refusal(perUser), folder: perUser[other], field: "shard.eventsPerUser")

        // The killing shard's events until the kill at Int.max: with the other shards'
        // events before the killing user, the whole run's count passes it.
        let untilKill = try edited(killer, "until-kill") { $0.mutants?[index].eventsUntilKill = Int.max }
        expectRefusal(try refusal(untilKill), folder: untilKill[killer], field: "mutants[\(index)].eventsUntilKill")
        #expect(!FileManager.default.fileExists(atPath: root + "/merged"))
    }

    @Test("a shard of a run larger than any run (whose floors a merge would compute) is refused as it is read")
    func runTooLarge() throws {
        let fixture = try MergeRefusalTests.Fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.root) }
        // Every shard edited alike, with its share of the run's users: the run is one run.
        let huge = try (1...3).map { index in
            try fixture.edited(index, "huge-\(index)") { report in
                report.options.users = Int.max
                report.counts.users = Shard(index: index, count: 3)!.size(of: Int.max)
            }
        }
        let message = try fixture.refusal(huge)
        // The file as the reader names it, cut as every message cuts a long path.
        #expect(message.hasPrefix(ErrorText.path(Array((huge[0] + "/report.json").utf8)) + ": not a report.json of"), "\(message)")
        #expect(message.hasSuffix("options.users is \(Int.max), not 1 to 100,000,000 as a run's"), "\(message)")
        let long = try fixture.edited(1, "long") { $0.options.years = 1_000_000 }
        #expect(try fixture.refusal([long, fixture.shards[1], fixture.shards[2]]).hasSuffix("options.years is 1000000, not 1 to 60 as a run's"))
    }

    @Test("a shard of a run of Int.max users has a size, not a trap")
    func hugeRun() {
        #expect(Shard(index: 2, count: 3)!.size(of: Int.max) == (Int.max - 2) / 3 + 1)
        #expect(Shard(index: 1, count: 1)!.size(of: Int.max) == Int.max)
        #expect(Shard(index: 3, count: 3)!.size(of: 2) == 0)
        #expect(Shard(index: 3, count: 3)!.size(of: 3) == 1)
    }
}

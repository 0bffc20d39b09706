import Foundation
import Simulator
import SubscriptionModel
import Testing
import TestSupport

/// `--shard I/N` and `simulate merge`: a run split three ways and merged is the run
/// made in one process, field for field but its wall-clock figures, for the flagship's
/// rules, a policy, the kill matrices and an implementation that fails (so the first
/// failure of each invariant, its shrunk timeline and the earliest kill of each mutant
/// are merged by user order). oxalate's sharded kill matrix, where a mutant survives
/// one shard and dies in another, is `.ci/run`'s (release build, `scripts/campaign`).
///
/// Each test writes the whole run's report into a folder, then merges the shards into
/// that same folder, so the failure files' paths agree too. Seeds and sizes are stated
/// in each test; a failure names the command that reproduces the difference.
@Suite("Sharded runs merge to the whole run")
struct ShardMergeTests {
    /// Compares a merged report with the whole run's, naming the first field that differs.
    static func expectSame(_ merged: RunReport, _ whole: RunReport, _ reproduce: String) {
        let a = ShardRuns.withoutClocks(merged), b = ShardRuns.withoutClocks(whole)
        #expect(a.counts == b.counts, "counts; \(reproduce)")
        #expect(a.invariants == b.invariants, "invariants; \(reproduce)")
        #expect(a.coverage == b.coverage, "coverage and floors; \(reproduce)")
        #expect(a.behaviour == b.behaviour, "behaviour; \(reproduce)")
        #expect(a.failures == b.failures, "failures; \(reproduce)")
        #expect(a.mutants == b.mutants, "kill matrix; \(reproduce)")
        #expect(a.options == b.options && a.passed == b.passed && a.shard == nil, "options, verdict; \(reproduce)")
        #expect(a.json() == b.json(), "report.json but timings; \(reproduce)")
    }

    @Test("the flagship's rules: 3 shards of the baseline run (seed 20261121, 2,000 users) merge to its report", .enabled(if: CampaignTests.enabled, "campaign-sized: SIMULATE_CAMPAIGN_TESTS=1 runs it, as .ci/run does"))
    func flagshipRun() throws {
        let root = try ShardRuns.temporaryFolder()
        let options = Baseline.options
        let folders = try ShardRuns.shards(options, count: 3, root: root) { try ShardRuns.run($0, into: $1) }
        let whole = try ShardRuns.run(options, into: root + "/report")
        let merged = try ShardRuns.merge(folders.reversed(), into: root + "/report")
        Self.expectSame(merged, whole, "simulate run --seed \(options.seed) --users \(options.users) --shard I/3, then simulate merge")
        #expect(merged.withoutTiming == Baseline.report(), "the merged shards reproduce the behaviour baseline")
        let shares = try folders.map { try RunReport.read(path: $0 + "/report.json").counts.users }
        #expect(shares == [667, 667, 666], "interleaved shares of 2,000 users")
    }

    @Test("a policy (daa-tiers, seed 7, 600 users) sharded 3 ways merges to the whole run, floors judged at the whole size", .enabled(if: CampaignTests.enabled, "campaign-sized: SIMULATE_CAMPAIGN_TESTS=1 runs it, as .ci/run does"))
    func policyRun() throws {
        let root = try ShardRuns.temporaryFolder()
        let options = CampaignOptions(seed: 7, users: 600, years: 3)
        let folders = try ShardRuns.shards(options, count: 3, root: root) { try ShardRuns.run($0, policy: "daa-tiers", into: $1) }
        let whole = try ShardRuns.run(options, policy: "daa-tiers", into: root + "/report")
        let merged = try ShardRuns.merge(folders, into: root + "/report")
        Self.expectSame(merged, whole, "simulate run --policy daa-tiers --seed 7 --users 600 --shard I/3, then simulate merge")
        // Floors depend on the run's size: some category judged for 600 users is not judged for a shard's 200.
        let shard = try RunReport.read(path: folders[0] + "/report.json")
        #expect(zip(shard.coverage, merged.coverage).contains { $0.floor < $1.floor }, "a shard's floors are its share's, the merge's the whole run's")
    }

    @Test("a policy's outcome columns: a blocked reason seen in one shard only is a column of the merged report (daa-tiers, seed 1, 12 users, 1 year)")
    func outcomeColumns() throws {
        let root = try ShardRuns.temporaryFolder()
        let options = CampaignOptions(seed: 1, users: 12, years: 1)
        let folders = try ShardRuns.shards(options, count: 3, root: root) { try ShardRuns.run($0, policy: "daa-tiers", into: $1) }
        let whole = try ShardRuns.run(options, policy: "daa-tiers", into: root + "/report")
        let merged = try ShardRuns.merge(folders, into: root + "/report")
        Self.expectSame(merged, whole, "simulate run --policy daa-tiers --seed 1 --users 12 --years 1 --shard I/3, then simulate merge")
        let columns = try folders.map { try RunReport.read(path: $0 + "/report.json").behaviour.outcomeNames }
        #expect(columns.contains { $0.count < merged.behaviour.outcomeNames.count }, "a shard lacks a column the merge shows: \(columns)")
    }

    @Test("an implementation that fails: each invariant's first failing user and its shrunk failure come from the shard that holds the user")
    func failingImplementation() throws {
        let root = try ShardRuns.temporaryFolder()
        // seed 7, 240 users, 1 year: a rolling 24-hour window breaks at least two invariants.
        // Which users fail first is the generator's doing, so the whole run says, and it is
        // split into the fewest shards (3 or more) that hold each first failure in a shard of its own.
        let options = CampaignOptions(seed: 7, users: 240, years: 1)
        let make: @Sendable () -> RollingTwentyFourHours = { RollingTwentyFourHours() }
        let whole = try ShardRuns.run(options, into: root + "/report", implementation: "rolling-24-hour-window", expression: "RollingTwentyFourHours()", make: make)
        let wholeFiles = ShardRuns.failureFiles(root + "/report")
        let firstUsers = Set(whole.failures.map(\.user))
        #expect(firstUsers.count >= 2, "first failures at two users or more: \(whole.failures.map(\.user))")
        let count = try #require((3...options.users).first { count in Set(firstUsers.map { $0 % count }).count == firstUsers.count })
        let folders = try ShardRuns.shards(options, count: count, root: root) {
            try ShardRuns.run($0, into: $1, implementation: "rolling-24-hour-window", expression: "RollingTwentyFourHours()", make: make)
        }
        let merged = try ShardRuns.merge(folders, into: root + "/report")
        Self.expectSame(merged, whole, "Campaign(options: seed 7, 240 users, 1 year) { RollingTwentyFourHours() } sharded \(count) ways")
        #expect(ShardRuns.failureFiles(root + "/report") == wholeFiles, "the same failure files, byte for byte")
        #expect(!merged.passed && merged.failures.count >= 2, "the mutant breaks at least two invariants: \(merged.failures.map(\.invariant))")
        #expect(Set(merged.failures.map { $0.user % count }).count == Set(merged.failures.map(\.user)).count,
                "each user's first failures from a shard of its own (\(count) shards): users \(merged.failures.map(\.user))")
        // Each shard's own first failure of an invariant is never before the whole run's.
        for folder in folders {
            let shard = try RunReport.read(path: folder + "/report.json")
            for (mine, all) in zip(shard.invariants, merged.invariants) where mine.firstFailingUser != nil {
                #expect(mine.firstFailingUser! >= all.firstFailingUser!)
            }
        }
    }

    @Test("the kill matrix (seed 7, 600 users): each mutant's earliest kill by user, its events counted over every shard's earlier users", .enabled(if: CampaignTests.enabled, "campaign-sized: SIMULATE_CAMPAIGN_TESTS=1 runs it, as .ci/run does"))
    func killMatrix() throws {
        let root = try ShardRuns.temporaryFolder()
        let options = CampaignOptions(seed: 7, users: 600, years: 3)
        let folders = try ShardRuns.shards(options, count: 3, root: root) { try ShardRuns.mutants($0, into: $1) }
        let whole = try ShardRuns.mutants(options, into: root + "/report")
        let wholeFiles = ShardRuns.failureFiles(root + "/report")
        let merged = try ShardRuns.merge(folders, into: root + "/report")
        Self.expectSame(merged, whole, "simulate mutants --seed 7 --users 600 --shard I/3, then simulate merge")
        #expect(ShardRuns.failureFiles(root + "/report") == wholeFiles, "the same counterexample files")
        let shards = try folders.map { try RunReport.read(path: $0 + "/report.json") }
        let killers = Set(merged.mutants!.compactMap { row in shards.firstIndex { $0.mutants?.first { $0.name == row.name }?.regressionTest == row.regressionTest } })
        #expect(killers.count >= 2, "kills from at least two shards")
        // A shard counts only its own users' events: its events-until-kill are fewer than the whole run's.
        for shard in shards {
            for (mine, all) in zip(shard.mutants!, merged.mutants!) where mine.killed && mine.regressionTest == all.regressionTest {
                #expect(mine.eventsUntilKill! <= all.eventsUntilKill!)
            }
        }
    }

    @Test("merging does not depend on the order the shards are given in, and a single 1/1 shard is the whole run")
    func orderAndSingleShard() throws {
        let root = try ShardRuns.temporaryFolder()
        let options = CampaignOptions(seed: 11, users: 90, years: 1)
        let folders = try ShardRuns.shards(options, count: 3, root: root) { try ShardRuns.run($0, into: $1) }
        let one = try ShardRuns.merge(folders, into: root + "/a")
        let other = try ShardRuns.merge([folders[2], folders[0], folders[1]], into: root + "/a")
        #expect(one.withoutTiming == other.withoutTiming)
        #expect(try String(contentsOfFile: root + "/a/summary.txt", encoding: .utf8).contains("3 shards of `swift run -c release simulate run --seed 11 --users 90 --years 1`"))
        let single = try ShardRuns.shards(options, count: 1, root: root + "/single") { try ShardRuns.run($0, into: $1) }
        let whole = try ShardRuns.run(options, into: root + "/report")
        Self.expectSame(try ShardRuns.merge(single, into: root + "/report"), whole, "simulate run --seed 11 --users 90 --years 1 --shard 1/1")
    }
}

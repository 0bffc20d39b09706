import Foundation
import Simulator
import SubscriptionModel
import TestSupport

/// Runs as `simulate run`, `simulate run --policy` and `simulate mutants` do (whole or
/// one shard), each report written into a report folder the way the command writes it,
/// for the sharding tests to merge and compare.
enum ShardRuns {
    /// A new empty folder in the tests' scratch folder (removed when the tests end).
    static func temporaryFolder() throws -> String { try Scratch.folder("shards") }

    /// `simulate run` with the implementations `make` builds (the reference model when
    /// nil), its failures shrunk into `path`'s failures/, its report written to `path`.
    static func run<I: FlagshipImplementation>(_ options: CampaignOptions, into path: String, implementation: String, expression: String,
                                                   make: @escaping @Sendable () -> I) throws -> RunReport {
        var campaign = Campaign(options: options, makeImplementation: make)
        campaign.comparesWithReference = implementation != "reference"
        let folder = try ReportFolder(path: path)
        let result = campaign.run()
        let failures = try result.writeFailures(into: folder, shrink: campaign.shrinkFailure)
        let report = RunReport(result: result, failures: failures, implementation: implementation, implementationExpression: expression)
        try folder.write(report)
        try folder.commit()
        return report
    }

    /// `simulate run` of the reference model.
    static func run(_ options: CampaignOptions, into path: String) throws -> RunReport {
        try run(options, into: path, implementation: "reference", expression: "FlagshipReferenceImplementation()") { FlagshipReferenceImplementation() }
    }

    /// `simulate run --policy NAME`.
    static func run(_ options: CampaignOptions, policy name: String, into path: String) throws -> RunReport {
        let policy = SubscriptionPolicy.named(name)!
        let campaign = Campaign(options: options, policy: policy, policyName: name)
        let folder = try ReportFolder(path: path)
        let result = campaign.run()
        let failures = try result.writeFailures(into: folder, shrink: campaign.shrinkFailure)
        let report = RunReport(result: result, failures: failures)
        try folder.write(report)
        try folder.commit()
        return report
    }

    /// `simulate mutants` (the v1 catalogue), or `--policy NAME`'s catalogue.
    static func mutants(_ options: CampaignOptions, policy name: String? = nil, into path: String) throws -> RunReport {
        let folder = try ReportFolder(path: path)
        var report: RunReport
        let matrix: KillMatrixResult
        if let name {
            let policy = SubscriptionPolicy.named(name)!
            report = RunReport(result: Campaign(options: options, policy: policy, policyName: name).run(), failures: [], kind: .mutants,
                               command: "swift run -c release simulate mutants --policy \(name) --seed \(options.seed) --users \(options.users) --years \(options.years)")
            matrix = KillMatrix.hunt(options: options, policy: policy, policyName: name)
        } else {
            report = RunReport(result: ReferenceCampaign(options: options).runReference(), failures: [], kind: .mutants,
                               command: "swift run -c release simulate mutants --seed \(options.seed) --users \(options.users) --years \(options.years)")
            matrix = FlagshipKillMatrix.hunt(options: options)
        }
        report.add(matrix)
        for row in report.mutants ?? [] {
            if let counterexample = row.counterexample { try folder.write(counterexample, as: "failures/mutant-\(row.name).json") }
        }
        try folder.write(report)
        try folder.commit()
        return report
    }

    /// Runs `body` for each of `count` shards of `options` into `root/shard-I`, and
    /// returns the folders.
    static func shards(_ options: CampaignOptions, count: Int, root: String, _ body: (CampaignOptions, String) throws -> RunReport) throws -> [String] {
        try (1...count).map { index in
            var shard = options
            shard.shard = Shard(index: index, count: count)
            let path = root + "/shard-\(index)"
            _ = try body(shard, path)
            return path
        }
    }

    /// Merges `folders` into `path` as `simulate merge` does.
    static func merge(_ folders: [String], into path: String) throws -> RunReport {
        let folder = try ReportFolder(path: path)
        let merged = try ReportMerge.run(folders: folders, into: folder)
        try folder.commit()
        return merged.report
    }

    /// A report as compared across processes: no wall-clock figures (`timing`, and a
    /// kill matrix's seconds until each kill).
    static func withoutClocks(_ report: RunReport) -> RunReport {
        var copy = report.withoutTiming
        copy.mutants = copy.mutants?.map { row in
            var row = row
            row.secondsUntilKill = nil
            return row
        }
        return copy
    }

    /// The files under `path`/failures, by name, with their text.
    static func failureFiles(_ path: String) -> [String: String] {
        let folder = path + "/failures"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return Dictionary(uniqueKeysWithValues: names.map { ($0, (try? String(contentsOfFile: folder + "/" + $0, encoding: .utf8)) ?? "") })
    }
}

import Foundation
import SubscriptionModel
import SimulatorCore

/// One shard's report as `simulate merge` reads it: the report folder it came from
/// (what a refusal names) and its `report.json`, which must be a shard's.
package struct ShardReport: Sendable {
    /// The report folder, as given.
    package var folder: String
    /// Its report.
    package var report: RunReport
    /// Its shard record (`report.shard`).
    package var record: ShardRecord
    /// Its shard.
    package var shard: Shard

    /// A shard's report from `folder`, refused unless it carries a valid shard record.
    package init(folder: String, report: RunReport) throws(MergeRefusal) {
        guard let record = report.shard else {
            throw .folder(folder, "the report of a whole run, not of a shard (a shard's run has --shard I/N)")
        }
        guard let shard = record.shard else {
            throw .folder(folder, "shard \(record.index) of \(record.count) does not exist")
        }
        self.folder = folder
        self.report = report
        self.record = record
        self.shard = shard
    }

    /// The files a merge of `folders` reads again besides their reports: each shard's
    /// policy file (not a shipped name) and StoreKit file, as far as the folders hold
    /// readable reports (a merge refuses the others anyway).
    package static func filesRead(by folders: [String]) -> [String] {
        var files: [String] = []
        for folder in folders {
            guard let report = try? RunReport.read(path: (folder as NSString).appendingPathComponent("report.json")) else { continue }
            if let policy = report.options.policy, PolicyLoader.builtIn(policy) == nil { files.append(policy) }
            if let storeKit = report.options.storeKit { files.append(storeKit) }
        }
        return files
    }

    /// Reads the report folder `folder` (its `report.json`), refusing a path that is not
    /// a report folder, a file that is not a report, and a whole run's report.
    package static func read(folder: String) throws(MergeRefusal) -> ShardReport {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            throw .folder(folder, "no such folder")
        }
        guard isDirectory.boolValue else { throw .folder(folder, "a file, not a report folder") }
        let path = (folder as NSString).appendingPathComponent("report.json")
        guard FileManager.default.fileExists(atPath: path) else {
            throw .folder(folder, "not a report folder (no report.json)")
        }
        let report: RunReport
        do {
            report = try RunReport.read(path: path)
        } catch {
            throw MergeRefusal("\(error.place): \(error.problem)")
        }
        return try ShardReport(folder: folder, report: report)
    }

    /// How many of this shard's users come before user `user` of the whole run.
    func usersBefore(_ user: Int) -> Int { shard.size(of: user) }
}

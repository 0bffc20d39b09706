import Foundation
import Simulator
import Testing

/// A report that cannot be written once the work is done (a full disk) ends the
/// command with exit status 2 and one `error:` line, prints nothing on standard output
/// (no summary of a run whose report does not exist), and leaves the earlier report as
/// it was, with no staging folder behind.
///
/// The disk fills for real at the write step: the command runs under a file-size limit
/// (`ulimit -f`, which holds for root too, with SIGXFSZ ignored so that a write past it
/// fails with EFBIG as a write to a full disk fails with ENOSPC), which lets the up-front
/// checks of the report folder pass and the run finish, and fails the first report
/// file bigger than the limit. Standard output is a pipe, which the limit does not touch.
@Suite("a report that cannot be written")
struct FullDiskTests {
    /// `simulate ARGUMENTS` with files limited to about a kilobyte.
    func runWithFullDisk(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let simulate = try #require(PackagePaths.simulate)
        return try run("/bin/sh", ["-c", "ulimit -f 2 && trap '' XFSZ && exec \"$0\" \"$@\"", simulate.path] + arguments)
    }

    /// Every file under `folder`, by relative path, with its bytes.
    func contents(_ folder: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for name in (FileManager.default.subpaths(atPath: folder) ?? []) {
            if let data = FileManager.default.contents(atPath: folder + "/" + name) { files[name] = data }
        }
        return files
    }

    /// Runs `arguments` (which write into `folder/out`) with a full disk, over an earlier
    /// report made by `earlier`, and expects the refusal.
    func expectRefused(_ arguments: [String], in folder: String, earlier: [String]) throws {
        let first = try runSimulate(earlier)
        #expect(first.status == 0 || first.status == 1, "the earlier report: \(first.err)")
        let before = contents(folder + "/out")
        #expect(!before.isEmpty)
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()

        let result = try runWithFullDisk(arguments)
        #expect(result.status == 2, "\(arguments[0]): \(result.err)")
        #expect(result.out.isEmpty, "\(arguments[0]) printed: \(result.out)")
        #expect(result.err.hasPrefix("error: ") && result.err.hasSuffix("\n") && result.err.filter { $0 == "\n" }.count == 1, "one line: \(result.err)")
        #expect(result.err.contains("cannot write"), "\(result.err)")
        #expect(contents(folder + "/out") == before, "\(arguments[0]): the earlier report as it was")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == entries, "no staging folder left")
    }

    @Test("run, run --policy, mutants and check --batch print nothing and keep the earlier report when the report cannot be written",
          arguments: [["run"], ["run", "--policy", "daily-quip"], ["mutants"], ["check", "--batch", "--command", "SIMULATE replay --batch"]])
    func runs(command: [String]) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let simulate = try #require(PackagePaths.simulate).path
        let command = command.map { $0.replacingOccurrences(of: "SIMULATE", with: ShellText.quoted(simulate)) }
        let arguments = command + ["--seed", "3", "--users", "3", "--years", "1", "--quiet", "--report", folder + "/out"]
        try expectRefused(arguments, in: folder, earlier: arguments)
    }

    @Test("merge prints nothing and keeps the earlier report when the merged report cannot be written")
    func merge() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for index in 1...2 {
            let shard = try runSimulate(["run", "--seed", "3", "--users", "4", "--years", "1", "--quiet", "--shard", "\(index)/2", "--report", folder + "/s\(index)"])
            #expect(shard.status == 0, "\(shard.err)")
        }
        let arguments = ["merge", "--report", folder + "/out", folder + "/s1", folder + "/s2"]
        try expectRefused(arguments, in: folder, earlier: arguments)
    }

    @Test("baseline prints nothing and keeps the earlier baselines when they cannot be written")
    func baseline() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
        for name in ["baseline.json", "baseline.md"] { try "earlier \(name)".write(toFile: folder + "/out/" + name, atomically: true, encoding: .utf8) }
        let before = contents(folder + "/out")
        let result = try runWithFullDisk(["baseline", "--policy", "meal-capture", "--report", folder + "/out"])
        #expect(result.status == 2, "\(result.err)")
        #expect(result.out.isEmpty, "\(result.out)")
        #expect(result.err.hasPrefix("error: --report ") && result.err.contains("cannot write"), "\(result.err)")
        #expect(contents(folder + "/out") == before, "the earlier baselines as they were")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/out").sorted() == ["baseline.json", "baseline.md"], "no temporary file left")
    }

    @Test("files written all or none: when the second cannot be written, the first is as it was")
    func writeFilesAllOrNone() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "earlier a".write(toFile: folder + "/a.txt", atomically: true, encoding: .utf8)
        // The second file's folder has a name longer than a file system takes: nothing
        // up front refuses it, and making it fails after the first file was written.
        let tooLong = folder + "/" + String(repeating: "x", count: 300) + "/b.txt"
        #expect(ReportFolder.refusal(toWrite: tooLong) == nil)
        #expect(throws: ReportFolder.WriteError.self) {
            try ReportFolder.writeFiles([("new a", folder + "/a.txt"), ("new b", tooLong)])
        }
        #expect(try String(contentsOfFile: folder + "/a.txt", encoding: .utf8) == "earlier a")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["a.txt"], "no temporary file left")
        try ReportFolder.writeFiles([("new a", folder + "/a.txt"), ("new b", folder + "/sub/b.txt")])
        #expect(try String(contentsOfFile: folder + "/a.txt", encoding: .utf8) == "new a")
        #expect(try String(contentsOfFile: folder + "/sub/b.txt", encoding: .utf8) == "new b")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.txt", "sub"], "no temporary file left")
    }
}

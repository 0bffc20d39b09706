import Foundation
import Simulator
import Testing

/// `simulate merge` given shards whose counts add up past `Int.max` (each a valid
/// count on its own) refuses them as it refuses any other bad shard: one `error:` line
/// naming the folder and the field, exit status 2, nothing on standard output, and the
/// earlier report left as it was.
@Suite("merge of counts past Int.max on the command line")
struct MergeOverflowCommandLineTests {
    @Test("two shards of Int.max events each: exit 2, one line naming the folder and counts.events, nothing written")
    func eventsPastIntMax() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for index in 1...3 {
            let shard = try runSimulate(["run", "--seed", "3", "--users", "20", "--years", "1", "--quiet", "--shard", "\(index)/3", "--report", folder + "/s\(index)"])
            #expect(shard.status == 0, "\(shard.err)")
        }
        for index in [2, 3] {
            var report = try RunReport.read(path: folder + "/s\(index)/report.json")
            report.counts.events = Int.max
            try report.json().write(toFile: folder + "/s\(index)/report.json", atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
        for name in ["report.md", "report.json", "report.html"] { try "earlier".write(toFile: folder + "/out/" + name, atomically: true, encoding: .utf8) }

        let result = try runSimulate(["merge", "--report", folder + "/out", folder + "/s1", folder + "/s2", folder + "/s3"])
        #expect(result.status == 2, "\(result.err)")
        #expect(result.out.isEmpty)
        // Shard 1's events and shard 2's Int.max already pass it: shard 2 is named.
        #expect(result.err.hasPrefix("error: \(ErrorText.quotedPath(folder + "/s2")): counts.events is \(Int.max), "), "\(result.err)")
        #expect(result.err.filter { $0 == "\n" }.count == 1 && result.err.hasSuffix("\n"), "one line: \(result.err)")
        for name in ["report.md", "report.json", "report.html"] {
            #expect(try String(contentsOfFile: folder + "/out/" + name, encoding: .utf8) == "earlier")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["out", "s1", "s2", "s3"], "no staging folder left")
    }
}

import Foundation
import Simulator
import Testing

/// `simulate check --command`: other implementations, as programs speaking the replay
/// contract, checked against the reference model; crashes, time-outs and malformed
/// output are reported as such, with the timeline.
@Suite("simulate check")
struct ExternalCheckTests {
    func check(_ command: String, users: Int = 6, _ extra: [String] = []) throws -> (status: Int32, out: String, err: String) {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        return try runSimulate(["check", "--command", command, "--seed", "3", "--users", "\(users)", "--years", "1", "--report", report] + extra)
    }

    @Test("the reference's own replay, as an external program, matches everywhere")
    func referenceMatches() throws {
        let simulate = try #require(PackagePaths.simulate)
        let result = try check("'\(simulate.path)' replay")
        #expect(result.status == 0, "\(result.out)\(result.err)")
        #expect(result.out.contains("No divergence"))
    }

    @Test("a crashing program is reported as crashed, with a shrunk timeline")
    func crash() throws {
        let result = try check("false")
        #expect(result.status == 1)
        #expect(result.out.contains("crashed (exit status 1)"))
        #expect(result.out.contains("\"do\": \"install\""))
    }

    @Test("a hanging program is reported as timed out")
    func timeout() throws {
        let result = try check("sh -c 'sleep 5' sh", users: 1, ["--timeout", "0.3"])
        #expect(result.status == 1)
        #expect(result.out.contains("timed out after 0.3 s"))
    }

    @Test("malformed output is reported with the offending line")
    func malformed() throws {
        let result = try check("sh -c 'echo not-json' sh")
        #expect(result.status == 1)
        #expect(result.out.contains("printed malformed output"))
    }

    @Test("a missing --command is a usage error")
    func missingCommand() throws {
        let result = try runSimulate(["check", "--users", "3"])
        #expect(result.status == 2 && result.out.isEmpty)
        #expect(result.err.contains("--command"))
    }
}

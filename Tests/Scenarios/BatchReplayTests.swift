import Foundation
import Simulator
import SubscriptionModel
import Testing

/// `simulate replay --batch`, the package's side of the batch protocol
/// (`docs/batch-protocol.md`): one timeline per input line, each answered with exactly
/// the lines `replay FILE` prints and `{"end":"ok"}`, or with the error marker carrying
/// `replay FILE`'s error; a bad line never ends the session; each answer is flushed
/// before the next line is read.
@Suite("replay --batch: the batch protocol")
struct BatchReplayTests {
    /// Every example timeline, v1 and generic.
    static let examples: [URL] = {
        let folders = [PackagePaths.examples, PackagePaths.examples.appendingPathComponent("policies")]
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
                .filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
        }
    }()

    /// Runs `simulate ARGUMENTS` with `input` on standard input; status, output, error.
    func runWithInput(_ arguments: [String], input: String) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = PackagePaths.simulate
        process.arguments = arguments
        let stdin = Pipe(), out = Pipe(), err = Pipe()
        process.standardInput = stdin
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Written from another thread, so a large answer cannot block both sides.
        let data = Data(input.utf8)
        let writer = Thread {
            stdin.fileHandleForWriting.write(data)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    /// A timeline file's text as one request line (without its line break).
    func requestLine(_ file: URL) throws -> String {
        String(decoding: BatchProtocol.requestLine(try String(contentsOf: file, encoding: .utf8)).dropLast(), as: UTF8.self)
    }

    @Test("a policy of null is not a string: refused as the generic contract refuses it, not read as the v1 form")
    func nullPolicyIsRefused() {
        let v1 = #""zone": "UTC", "events": [{"at": "2026-01-10T21:00:00Z", "do": "install"}, {"at": "2026-01-10T21:01:00Z", "do": "capture", "kind": "meal"}]}"#
        func answer(_ line: String) -> String {
            var bytes: [UInt8] = []
            Array(line.utf8).withUnsafeBufferPointer { BatchReplay().answer($0, into: &bytes) }
            return String(decoding: bytes, as: UTF8.self)
        }
        let plain = answer("{" + v1)
        #expect(plain.contains(BatchProtocol.endMarker) && plain.contains(#""label":"#), "the v1 output")
        #expect(answer(#"{"policy": null, "# + v1) == BatchProtocol.errorMarker("policy: expected a shipped policy's name or a policy file's path, got null") + "\n")
        #expect(answer(#"{"policy": "oxalate", "# + v1).contains("error"), "a named policy reads the generic form, which has no capture")
    }

    @Test("every example timeline, sent in one session, is answered with replay FILE's lines and the end marker")
    func roundTrip() throws {
        let files = Self.examples
        #expect(files.count >= 20)
        var expected = ""
        for file in files {
            expected += try Replay.jsonLines(path: file.path) + BatchProtocol.endMarker + "\n"
        }
        let input = try files.map(requestLine).joined(separator: "\n") + "\n"
        let result = try runWithInput(["replay", "--batch"], input: input)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.isEmpty)
        #expect(result.out == expected)
    }

    @Test("a bad timeline is answered with replay FILE's error, without output lines, and the session goes on")
    func badLineAnswered() throws {
        let good = try requestLine(PackagePaths.examples.appendingPathComponent("trial-basics.json"))
        let lines = [good, #"{"zone":"Mars/Olympus","events":[{"at":"2026-01-01T00:00:00Z","do":"install"}]}"#, "", "not json", good,
                     #"{"policy":"daily-quip","zone":"UTC","events":[{"at":"2026-01-01T00:00:00Z","do":"use","feature":"view-card"}]}"#]
        let result = try runWithInput(["replay", "--batch"], input: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 0)
        let answers = result.out.components(separatedBy: "\n").filter { $0.contains(#""end""#) }
        #expect(answers == [
            BatchProtocol.endMarker,
            #"{"end":"error","error":"zone: unknown time zone \"Mars/Olympus\""}"#,
            #"{"end":"error","error":"file: not JSON (unexpected end of text at line 1, column 1)"}"#,
            #"{"end":"error","error":"file: not JSON (expected a value at line 1, column 1)"}"#,
            BatchProtocol.endMarker,
            #"{"end":"error","error":"event 0: the first event must be \"install\", not \"use\""}"#,
        ])
        // The error carries exactly what replay FILE prints on standard error, less `error: `.
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try lines[1].write(toFile: folder + "/mars.json", atomically: true, encoding: .utf8)
        let single = try runSimulate(["replay", folder + "/mars.json"])
        #expect(single.err == "error: zone: unknown time zone \"Mars/Olympus\"\n")
        // Nothing but the error marker answers a refused timeline.
        let expectedGood = try Replay.jsonLines(path: PackagePaths.examples.appendingPathComponent("trial-basics.json").path)
        #expect(result.out.hasPrefix(expectedGood + BatchProtocol.endMarker + "\n" + answers[1] + "\n" + answers[2] + "\n" + answers[3] + "\n" + expectedGood))
    }

    @Test("a last line without its line break is answered too")
    func lastLineWithoutBreak() throws {
        let good = try requestLine(PackagePaths.examples.appendingPathComponent("zone-toggle.json"))
        let result = try runWithInput(["replay", "--batch"], input: good)
        #expect(result.status == 0)
        #expect(result.out == (try Replay.jsonLines(path: PackagePaths.examples.appendingPathComponent("zone-toggle.json").path)) + BatchProtocol.endMarker + "\n")
    }

    @Test("--batch takes no FILE or --seed: one error line, exit 2, nothing on standard output")
    func usage() throws {
        for arguments in [["replay", "--batch", "x.json"], ["replay", "--batch", "--seed", "1", "--user", "2"], ["replay", "--batch", "--policy", "daily-quip"]] {
            let result = try runSimulate(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.out.isEmpty)
            #expect(result.err.hasPrefix("error: --batch reads its timelines from standard input"), "\(result.err)")
            #expect(result.err.split(separator: "\n").count == 1)
        }
    }

    @Test("the help of replay and check names the batch flags and the protocol's document")
    func help() throws {
        let replay = try runSimulate(["replay", "--help"])
        #expect(replay.status == 0)
        #expect(replay.out.contains("--batch") && replay.out.contains("docs/batch-protocol.md"))
        let check = try runSimulate(["check", "--help"])
        #expect(check.status == 0)
        for flag in ["--batch", "--policy", "--no-swarm", "docs/batch-protocol.md", "report.json"] {
            #expect(check.out.contains(flag), "check --help names \(flag)")
        }
    }
}

/// The end marker, read strictly: only `{"end":"ok"}` and `{"end":"error","error":S}`
/// (as JSON values, member order and white space free) are markers; a line is taken
/// for one by its first member alone.
@Suite("batch protocol: end markers")
struct BatchMarkerTests {
    func marker(_ text: String) -> Result<BatchProtocol.Marker, BatchProtocol.MarkerProblem> {
        Array(text.utf8).withUnsafeBufferPointer { BatchProtocol.marker($0) }
    }

    func isMarker(_ text: String) -> Bool {
        Array(text.utf8).withUnsafeBufferPointer { BatchProtocol.isEndMarker($0) }
    }

    @Test("the two markers, in any layout")
    func accepted() throws {
        #expect(try marker(#"{"end":"ok"}"#).get() == .ok)
        #expect(try marker(#" { "end" : "ok" } "#).get() == .ok)
        #expect(try marker(#"{"end":"error","error":"zone: missing"}"#).get() == .error("zone: missing"))
        #expect(try marker(#"{"error":"x","end":"error"}"#).get() == .error("x"))
        #expect(try marker(BatchProtocol.errorMarker("event 1: \"at\" \"x\"\n")).get() == .error("event 1: \"at\" \"x\"\n"))
    }

    @Test("anything else that starts like a marker is refused, quoting the line")
    func refused() {
        for text in [#"{"end":"done"}"#, #"{"end":true}"#, #"{"end":"ok","i":0}"#, #"{"end":"error"}"#, #"{"end":"error","error":3}"#,
                     #"{"end":"ok""#, #"{"end":"error","error":"a","note":"b"}"#, #"{"end":"ok","end":"ok"}"#, #"{"end":"error","error":"a","error":"a"}"#] {
            guard case .failure(let problem) = marker(text) else { Issue.record("accepted \(text)"); continue }
            #expect(problem.description.contains("\"{\\\"end\\\""), "\(problem)")
        }
    }

    @Test("a line is a marker by its first member: output lines are not")
    func recognised() {
        #expect(isMarker(#"{"end":"ok"}"#))
        #expect(isMarker(" \t{ \"end\":1}"))
        #expect(!isMarker(#"{"i":0,"do":"install"}"#))
        #expect(!isMarker(#"{"i":0,"end":"ok"}"#))
        #expect(!isMarker(""))
        #expect(!isMarker("{"))
    }

    @Test("a request line is the timeline's text without its line breaks, then one")
    func requestLine() throws {
        let text = try String(contentsOf: PackagePaths.examples.appendingPathComponent("trial-basics.json"), encoding: .utf8)
        let line = BatchProtocol.requestLine(text)
        #expect(line.last == UInt8(ascii: "\n"))
        #expect(line.dropLast().allSatisfy { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") })
        let timeline = try FlagshipTimelineReader().read(data: Data(line))
        #expect(timeline == (try FlagshipTimelineReader().read(data: Data(text.utf8))))
    }
}

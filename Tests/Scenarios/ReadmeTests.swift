import Foundation
import Simulator
import Testing

/// The README cannot drift from the package: every JSON block in it is a timeline that
/// replays, and every `simulate` command in its shell blocks runs and succeeds (run
/// with the test build's `simulate`, from the package root). A command marked `# long`
/// in its comment is not run; each of its flags must then appear in its command's help.
@Suite("README examples")
struct ReadmeTests {
    static let text = (try? String(contentsOf: PackagePaths.root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    /// The fenced blocks of one language, in order.
    static func blocks(_ language: String) -> [String] {
        var blocks: [String] = [], current: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```" + language { current = [] } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else { current?.append(String(line)) }
        }
        return blocks
    }

    /// Every line of a shell block that runs `simulate`.
    static let commands: [String] = blocks("sh").flatMap { $0.split(separator: "\n").map(String.init) }
        .filter { $0.hasPrefix("swift run") || $0.contains(".build/release/simulate") }

    @Test("the README starts with the two commands a newcomer needs")
    func startsWithTheTwoCommands() throws {
        let first = try #require(Self.blocks("sh").first)
        let lines = first.split(separator: "\n").map { $0.split(separator: "#")[0].trimmingCharacters(in: .whitespaces) }
        #expect(lines == ["swift run -c release simulate", "swift test"])
    }

    @Test("the Swift blocks that run a campaign are ReadmeSwiftExampleTests' code, line for line")
    func swiftCampaignBlocksRun() throws {
        let blocks = Self.blocks("swift").filter { $0.contains("Campaign(") }
        #expect(blocks.count == 2, "the flagship's block and the policy's")
        let tests = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ReadmeSwiftExampleTests.swift"), encoding: .utf8)
        let testLines = Set(tests.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        for line in blocks.joined(separator: "\n").split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            #expect(testLines.contains(line.trimmingCharacters(in: .whitespaces)), "README line not run by ReadmeSwiftExampleTests: \(line)")
        }
    }

    @Test("every JSON block is a timeline that replays (v1, or under the policy it names)")
    func jsonBlocksReplay() throws {
        let blocks = Self.blocks("json")
        #expect(blocks.count >= 2)
        let folder = try temporaryFolder()
        for (index, block) in blocks.enumerated() {
            let path = folder + "/block\(index).json"
            try block.write(toFile: path, atomically: true, encoding: .utf8)
            let lines = try Replay.jsonLines(path: path).split(separator: "\n")
            let events = block.components(separatedBy: "\"do\":").count - 1
            #expect(lines.count == events, "block \(index)")
        }
    }

    @Test("the error line the README quotes is the one its own timeline gives with the zone it names")
    func quotedErrorLine() throws {
        let timeline = try #require(Self.blocks("json").first)
        let quoted = #"`error: event 3: unknown time zone "Mars/Olympus"`"#
        #expect(Self.text.contains("one line such as " + quoted))
        let path = try temporaryFolder() + "/mars.json"
        try timeline.replacingOccurrences(of: #""zone": "Asia/Tokyo""#, with: #""zone": "Mars/Olympus""#).write(toFile: path, atomically: true, encoding: .utf8)
        let result = try runSimulate(["replay", path])
        #expect(result.status == 2 && result.out.isEmpty)
        #expect("`" + result.err.trimmingCharacters(in: .newlines) + "`" == quoted, "\(result.err)")
    }

    @Test("every simulate command runs and succeeds, in the README's order", .serialized, arguments: commands)
    func commandRuns(line: String) throws {
        let binary = try #require(PackagePaths.simulate).path
        let comment = line.split(separator: "#", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
        var command = line
        for prefix in ["swift run -c release simulate", "swift run simulate", "/usr/bin/time -v .build/release/simulate", ".build/release/simulate"] {
            command = command.replacingOccurrences(of: prefix, with: "'\(binary)'")
        }
        if comment.trimmingCharacters(in: .whitespaces).hasPrefix("long") {
            let words = command.split(separator: "#")[0].split(separator: " ").map(String.init)
            let second = words.dropFirst().first ?? ""
            let subcommand = second.isEmpty || second.hasPrefix("-") ? "run" : second
            let help = try runSimulate(["help", subcommand])
            #expect(help.status == 0, "\(line)")
            // A flag ending a quoted --command ("... replay --batch") keeps its closing quote.
            for word in words where word.hasPrefix("--") {
                let flag = word.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
                #expect(help.out.contains(flag), "\(flag) of `\(line)` is in `simulate help \(subcommand)`")
            }
            return
        }
        let result = try shell(command)
        #expect(result.status == 0, "`\(line)` exited \(result.status): \(result.err.suffix(600))")
    }

    /// Runs a command line with /bin/sh from the package root.
    func shell(_ command: String) throws -> (status: Int32, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command + " > /dev/null"]
        process.currentDirectoryURL = PackagePaths.root
        let err = Pipe()
        process.standardError = err
        try process.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

import Foundation
import Simulator
import Testing

/// The README cannot drift from the package: every JSON block in it is a timeline that
/// replays, its policy block is the policy file it names, and every `simulate` command
/// in its shell blocks names a command and flags that command's help lists (a program
/// named inside a quoted `--command` is held to its own command's help).
/// `scripts/readme-commands` runs every command with the release binary.
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
        .filter { $0.hasPrefix("swift run") || $0.hasPrefix("/usr/bin/time -v .build/release/simulate") || $0.hasPrefix(".build/release/simulate") }

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

    /// Expects the `simulate` command in `words` to exist and each of its flags to be in
    /// its help; a quoted program that is `simulate` itself (`--command "…/simulate replay
    /// --batch"`) is held to its own command's help.
    static func expectFlagsInHelp(_ words: [String], line: String) throws {
        let start = words.firstIndex { $0.hasSuffix("simulate") }.map { $0 + 1 } ?? words.count
        let second = start < words.count ? words[start] : ""
        let subcommand = second.isEmpty || second.hasPrefix("-") ? "run" : second
        let help = try runSimulate(["help", subcommand])
        #expect(help.status == 0, "`simulate help \(subcommand)` for `\(line)`: \(help.err)")
        for word in words[start...] {
            if word.contains(" ") {
                let inner = ShellText.words(word)
                if inner.first?.hasSuffix("simulate") == true { try expectFlagsInHelp(inner, line: line) }
            } else if word.hasPrefix("--") && word != "--help" {
                #expect(help.out.contains(word), "\(word) of `\(line)` is in `simulate help \(subcommand)`")
            }
        }
    }

    /// Each README command's flags are in its command's help. Running every command (the
    /// default 20,000-user run, the shards, the baseline) is `scripts/readme-commands`'
    /// work, on the release binary in `.ci/run`: it would take minutes in a debug build.
    @Test("every simulate command of the README names a command and flags its help lists", arguments: commands)
    func commandFlagsExist(line: String) throws {
        try Self.expectFlagsInHelp(ShellText.words(line.split(separator: "#", omittingEmptySubsequences: false)[0]), line: line)
    }

    @Test("the README's policy block is docs/quotes.json, which its commands read, and the strict reader takes it")
    func policyBlockIsTheExampleFile() throws {
        let blocks = Self.blocks("json policy")
        #expect(blocks.count == 1)
        let path = PackagePaths.root.appendingPathComponent("docs/quotes.json").path
        let file = try String(contentsOfFile: path, encoding: .utf8)
        #expect(blocks.first.map { $0 + "\n" } == file)
        #expect(Self.commands.contains { $0.contains("simulate policy show docs/quotes.json") })
        #expect(Self.commands.contains { $0.contains("simulate run --policy docs/quotes.json") })
        let shown = try runSimulate(["policy", "show", path])
        #expect(shown.status == 0 && shown.out.hasPrefix("policy quotes\n"), "\(shown.err)")
    }

    @Test("scripts/readme-commands runs exactly the commands this suite reads from the README")
    func scriptReadsTheSameCommands() throws {
        let script = try String(contentsOf: PackagePaths.root.appendingPathComponent("scripts/readme-commands"), encoding: .utf8)
        #expect(script.contains(#"grep -E '^(swift run|/usr/bin/time -v \.build/release/simulate|\.build/release/simulate)'"#))
        #expect(Self.commands.count >= 10, "the README's simulate commands")
    }
}

import Foundation
import Simulator
import SubscriptionModel
import TestSupport
import Testing

/// `simulate check --command`: other implementations, as programs speaking the replay
/// contract, checked against the reference model; crashes, time-outs, endless output
/// and malformed output are reported as such, with the timeline, in bounded time, and
/// the check leaves nothing behind.
@Suite("simulate check")
struct ExternalCheckTests {
    func check(_ command: String, users: Int = 6, _ extra: [String] = []) throws -> (status: Int32, out: String, err: String) {
        let report = URL(fileURLWithPath: Scratch.root).appendingPathComponent("check-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        return try runSimulate(["check", "--command", command, "--seed", "3", "--users", "\(users)", "--years", "1", "--report", report] + extra)
    }

    /// A shell script in a fresh folder (removed by the caller), run as `sh SCRIPT`; in
    /// it `$SIMULATE` is the built command and `$1` the timeline file.
    func script(_ body: String) throws -> (command: String, folder: URL) {
        let simulate = try #require(PackagePaths.simulate)
        let folder = URL(fileURLWithPath: Scratch.root).appendingPathComponent("check-program-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("program.sh")
        try Data("SIMULATE='\(simulate.path)'\n\(body)\n".utf8).write(to: file)
        return ("sh '\(file.path)'", folder)
    }

    @Test("the reference's own replay, as an external program, matches everywhere; the verdict and report.md name the invariant a check cannot check")
    func referenceMatches() throws {
        let simulate = try #require(PackagePaths.simulate)
        let report = try temporaryFolder() + "/r"
        let result = try runSimulate(["check", "--command", "'\(simulate.path)' replay", "--seed", "3", "--users", "6", "--years", "1", "--report", report])
        #expect(result.status == 0, "\(result.out)\(result.err)")
        let unchecked = "(deterministic was not checked: a check gives each timeline to the program once)"
        #expect(result.out.contains("\nNo divergence: every output matched the reference model and every invariant checked held \(unchecked).\n"), "\(result.out)")
        let markdown = try String(contentsOfFile: report + "/report.md", encoding: .utf8)
        #expect(markdown.contains("\nAll 9 invariants checked held \(unchecked).\n"), "\(markdown)")
        let json = try RunReport.read(path: report + "/report.json")
        #expect(json.invariants.count == 10 && json.invariants.filter { $0.checks == 0 }.map(\.name) == ["deterministic"])
    }

    @Test("output lines ending in \\r\\n match")
    func carriageReturns() throws {
        let program = try script(#""$SIMULATE" replay "$1" | awk '{ printf "%s\r\n", $0 }'"#)
        defer { try? FileManager.default.removeItem(at: program.folder) }
        let result = try check(program.command)
        #expect(result.status == 0, "\(result.out)\(result.err)")
        #expect(result.out.contains("No divergence"))
    }

    @Test("a count printed as 0.0 is a failure, quoted as printed, not a match")
    func wrongNumberForm() throws {
        let program = try script(#""$SIMULATE" replay "$1" | sed 's/"used":\([0-9]*\),/"used":\1.0,/'"#)
        defer { try? FileManager.default.removeItem(at: program.folder) }
        let result = try check(program.command, users: 2)
        #expect(result.status == 1)
        #expect(result.out.contains(#"the program printed malformed output: line 1: "used" is 0.0, not an integer"#), "\(result.out)")
    }

    @Test("a crashing program is reported as crashed, with a shrunk timeline")
    func crash() throws {
        let result = try check("false")
        #expect(result.status == 1)
        #expect(result.out.contains("the program exited with status 1"), "\(result.out)")
        #expect(result.out.contains("\"do\": \"install\""))
    }

    @Test("a program still running at --timeout is stopped there, with what it started, long before its own end; the hang is shrunk")
    func timeout() throws {
        let sleep = RunningProcesses.uniqueSleep(300)
        let started = Date()
        let result = try check("sleep \(sleep); echo", users: 4, ["--timeout", "0.1"])
        // Far below the program's own 300 s: stopped, not waited for, at the check and at
        // each smaller timeline shrinking tried. (Not a measure of speed.)
        #expect(Date().timeIntervalSince(started) < 60)
        #expect(result.status == 1)
        #expect(result.out.contains("timed out after 0.1 s"))
        // It hangs on any timeline: shrunk to the install alone.
        #expect(result.out.contains(" to 1 event:\n"), "\(result.out)")
        #expect(result.out.contains("; the shrunk timeline in failures/"), "\(result.out)")
        #expect(RunningProcesses.matching("sleep \(sleep)").isEmpty, "the program's sleep outlived the check")
    }

    @Test("a program that hangs only on a zone change is shrunk to the install and that zone change")
    func hangShrunk() throws {
        // It hangs on a timeline with a set-zone and crashes at once on any other (a
        // crash is not a time-out, so such a candidate does not fail the same way).
        let sleep = RunningProcesses.uniqueSleep(300)
        let program = try script(#"grep -q '"set-zone"' "$1" && sleep "# + sleep + #"; exit 1"#)
        defer { try? FileManager.default.removeItem(at: program.folder) }
        let policy = SubscriptionPolicy.dailyQuip
        let generator = TimelineGenerator(policy: policy, maxYears: 1)
        let timeline = try #require((0..<200).lazy.map { generator.user(seed: 3, user: $0).timeline }
            .first { $0.events.contains { if case .setZone = $0.action { true } else { false } } })
        let check = ExternalCheck(program: ExternalProgram(command: program.command, timeoutSeconds: 0.3), options: CampaignOptions(seed: 3, users: 1), policy: policy)
        let shrunk = check.shrink(timeline, finding: .failure(.timedOut(seconds: 0.3)))
        #expect(!shrunk.stoppedAtLimit)
        #expect(shrunk.timeline.events.count == 2, "\(shrunk.timeline.events.count) of \(timeline.events.count) events")
        if case .setZone = shrunk.timeline.events.last?.action {} else { Issue.record("the last event is no set-zone: \(String(describing: shrunk.timeline.events.last))") }
        if case .failure(.timedOut)? = shrunk.finding {} else { Issue.record("the timeline found still times out: \(String(describing: shrunk.finding))") }
        #expect(RunningProcesses.matching("sleep \(sleep)").isEmpty, "the program's sleep outlived the shrinking")
    }

    @Test("shrinking a time-out stops at the program's limit, with the smallest failing timeline found by then; a crash's has no limit")
    func hangShrinkLimit() throws {
        let policy = SubscriptionPolicy.dailyQuip
        let timeline = TimelineGenerator(policy: policy, maxYears: 1).user(seed: 3, user: 0).timeline
        // A limit already reached: no smaller timeline is tried, and the failing one is kept.
        let limited = ExternalCheck(program: ExternalProgram(command: "sleep 300; echo", timeoutSeconds: 0.2, shrinkLimitSeconds: 0),
                                    options: CampaignOptions(seed: 3, users: 1), policy: policy)
        let shrunk = limited.shrink(timeline, finding: .failure(.timedOut(seconds: 0.2)))
        #expect(shrunk.stoppedAtLimit && shrunk.timeline.events.count == timeline.events.count, "\(shrunk.timeline.events.count) of \(timeline.events.count) events")
        if case .failure(.timedOut)? = shrunk.finding {} else { Issue.record("the timeline kept still times out: \(String(describing: shrunk.finding))") }
        // A time-out as long as the limit: not even run again.
        let long = ExternalCheck(program: ExternalProgram(command: "sleep 300; echo", timeoutSeconds: 5, shrinkLimitSeconds: 5),
                                 options: CampaignOptions(seed: 3, users: 1), policy: policy)
        let started = Date()
        let kept = long.shrink(timeline, finding: .failure(.timedOut(seconds: 5)))
        #expect(kept.stoppedAtLimit && kept.timeline.events.count == timeline.events.count && Date().timeIntervalSince(started) < 4)
        // What the check prints for each.
        #expect(ShrinkingText.check(from: 1_927, to: 40, reproduced: true, batch: false, stoppedAt: 120)
                == "shrunk from 1,927 to 40 events, then stopped at 120 s, the limit for shrinking a time-out or a flood of output (each smaller timeline that still fails takes the whole --timeout, or prints up to the whole output limit, again)")
        #expect(ShrinkingText.check(from: 1_927, to: 1_927, reproduced: true, batch: false, stoppedAt: 0.5)
                == "not shrunk (1,927 events): shrinking a time-out or a flood of output stops at 0.5 s, and each smaller timeline that still fails takes the whole --timeout, or prints up to the whole output limit, again")
        #expect(ShrinkingText.check(from: 1_927, to: 3, reproduced: true, batch: false) == "shrunk from 1,927 to 3 events")
        // Shrunk, then passing on its own: a program whose answers vary; never "not shrunk".
        #expect(ShrinkingText.check(from: 1_927, to: 3, reproduced: false, batch: false)
                == "shrunk from 1,927 to 3 events, but the program passed that timeline when given it on its own: its answers vary from run to run, or depend on events after the one that failed")
        #expect(ShrinkingText.check(from: 1_927, to: 1_927, reproduced: false, batch: false)
                == "not shrunk: this timeline passed when the program ran it again, so its answers vary from run to run (1,927 events)")
        // The same limit does not hold a crash back: shrunk to the install alone.
        let crashing = ExternalCheck(program: ExternalProgram(command: "false", shrinkLimitSeconds: 0), options: CampaignOptions(seed: 3, users: 1), policy: policy)
        let crash = crashing.shrink(timeline, finding: .failure(.crashed(status: 1, standardError: "")))
        #expect(!crash.stoppedAtLimit && crash.timeline.events.count == 1, "\(crash.timeline.events.count) events")
    }

    @Test("the command a check's report records keeps a --timeout other than the default, so it reproduces the check")
    func recordedTimeout() {
        let options = CampaignOptions(seed: 7, users: 4, years: 1)
        func recorded(_ seconds: Double) -> String { CheckReport.command(program: ExternalProgram(command: "prog", timeoutSeconds: seconds), options: options) }
        #expect(recorded(ExternalProgram.defaultTimeoutSeconds) == "swift run -c release simulate check --command 'prog' --seed 7 --users 4 --years 1")
        #expect(recorded(0.2) == "swift run -c release simulate check --command 'prog' --timeout 0.2 --seed 7 --users 4 --years 1")
        #expect(recorded(30) == "swift run -c release simulate check --command 'prog' --timeout 30 --seed 7 --users 4 --years 1")
    }

    @Test("a program that writes forever is stopped at the output limit")
    func endlessWriter() throws {
        let result = try check("yes", users: 1)
        #expect(result.status == 1)
        // Stopped at the output limit, not at the 10 s --timeout ("timed out after"), and
        // shrunk without reaching the limit for shrinking a flood: said by the output, not
        // by a clock (the whole check takes 1.3 s alone and took 11.8 s beside the suite).
        #expect(result.out.contains("printed more than 67,108,864 bytes on standard output and was stopped"))
        #expect(!result.out.contains("timed out after") && !result.out.contains("the limit for shrinking"), "\(result.out.prefix(2_000))")
        #expect(result.out.contains(" to 1 event:\n"), "it floods on any timeline: shrunk to the install alone\n\(result.out.prefix(2_000))")
    }

    @Test("what a program starts in the background is gone when the check ends")
    func noOrphans() throws {
        let sleep = RunningProcesses.uniqueSleep(300)
        let simulate = try #require(PackagePaths.simulate)
        let result = try check("sh -c 'sleep \(sleep); :' & '\(simulate.path)' replay", users: 2)
        #expect(result.status == 0, "\(result.out)\(result.err)")
        #expect(RunningProcesses.matching(sleep).isEmpty)
    }

    @Test("the scratch folders of the timeline files are gone when the check ends")
    func scratchFolders() throws {
        let program = try script(#"echo "$1" >> "$(dirname "$0")/files"; "$SIMULATE" replay "$1""#)
        defer { try? FileManager.default.removeItem(at: program.folder) }
        let result = try check(program.command, users: 3)
        #expect(result.status == 0, "\(result.out)\(result.err)")
        let files = try String(contentsOf: program.folder.appendingPathComponent("files"), encoding: .utf8).split(separator: "\n")
        #expect(files.count >= 3)
        for file in files {
            let folder = (String(file) as NSString).deletingLastPathComponent
            #expect(folder.contains("simulate-check-"))
            #expect(!FileManager.default.fileExists(atPath: folder), "\(folder) is left")
        }
    }

    @Test("malformed output is reported with the offending line")
    func malformed() throws {
        let result = try check("sh -c 'echo not-json' sh")
        #expect(result.status == 1)
        #expect(result.out.contains(#"printed malformed output: line 1: not JSON"#))
        #expect(result.out.contains(#""not-json""#))
    }

    @Test("a missing --command is a usage error")
    func missingCommand() throws {
        let result = try runSimulate(["check", "--users", "3"])
        #expect(result.status == 2 && result.out.isEmpty)
        #expect(result.err.contains("--command"))
    }
}

import Foundation
@testable import Simulator
import SubscriptionModel
import Synchronization
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One run of an external program is owned until nothing of it is left: a hung
/// program is stopped at the time limit, an endless writer at the output limit, what
/// it started in the background dies with it, its standard error is quoted short and
/// on one line, and `ExternalPrograms.stopAll()` (the command line's Ctrl-C) stops
/// every run at once. Serialized: `stopAll()` reaches every program in this process.
@Suite("external programs, supervised", .serialized)
struct ExternalProgramTests {
    /// A timeline of one event, for runs that are about the program, not the rules.
    static let install = FlagshipTimeline(zone: zone("Europe/Dublin"), events: [FlagshipEvent(at: instant("2026-04-03T20:00:00Z"), .install)])

    /// Runs `program` on the one-event timeline; the result and the seconds it took.
    func run(_ program: ExternalProgram) -> (result: Result<[FlagshipOutput], ExternalProgram.Failure>, seconds: Double) {
        let started = Date()
        let result = program.outputs(for: Self.install, name: "test")
        return (result, Date().timeIntervalSince(started))
    }

    @Test("a failure of the run without the events that change nothing is said of the whole timeline: a malformed line at the event it answered, any other failure as that run's")
    func failureOfTheRunWithoutLooks() {
        // Events 1 and 4 of the whole timeline change nothing (a look, a relaunch): that run had 0, 2, 3 and 5.
        let kept = [0, 2, 3, 5]
        let third = ExternalProgram.Failure.malformed(ReplayOutputParser.Malformed(line: 3, event: 2, problem: "not JSON")).inWholeTimeline(kept: kept)
        let placed = ExternalFinding<Invariant>.failure(third).asViolation(events: 6)
        #expect(placed.eventIndex == 3, "line 3 of that run answered event 3 of the whole timeline, not event 2")
        #expect(placed.detail == "the program printed malformed output: line 3 of the output for the timeline without the events that change nothing: not JSON")
        // After a blank line, line 4 answers that run's event 2 too.
        let afterBlank = ExternalProgram.Failure.malformed(ReplayOutputParser.Malformed(line: 4, event: 2, problem: "not JSON")).inWholeTimeline(kept: kept)
        #expect(ExternalFinding<Invariant>.failure(afterBlank).asViolation(events: 6).eventIndex == 3)
        // A line past that run's events is the output's as a whole: at the last event.
        let extra = ExternalProgram.Failure.malformed(ReplayOutputParser.Malformed(line: 5, problem: "one line too many")).inWholeTimeline(kept: kept)
        #expect(ExternalFinding<Invariant>.failure(extra).asViolation(events: 6).eventIndex == 5)
        #expect(extra.description == "printed malformed output: line 5 of the output for the timeline without the events that change nothing: one line too many")
        // A problem of that output as a whole says whose output it is.
        let short = ExternalProgram.Failure.malformed(ReplayOutputParser.Malformed(line: nil, problem: "3 lines for 4 events")).inWholeTimeline(kept: kept)
        #expect(short.description == "printed malformed output: in the output for the timeline without the events that change nothing: 3 lines for 4 events")
        // Any other failure of that run says it was that run's, and is still the same kind of failure.
        let slow = ExternalProgram.Failure.timedOut(seconds: 2).inWholeTimeline(kept: kept)
        #expect(slow.description == "(given the timeline without the events that change nothing) timed out after 2.0 s")
        #expect(slow.kind == "timed out" && ExternalFinding<Invariant>.failure(slow).hasShrinkLimit)
        #expect(ExternalFinding<Invariant>.failure(.crashed(status: 3, standardError: "")).asViolation(events: 6).detail
                == "the program exited with status 3 (the run as a whole failed; placed at the timeline's last event)")
        #expect(ExternalFinding<Invariant>.failure(ExternalProgram.Failure.crashed(status: 3, standardError: "").inWholeTimeline(kept: kept)).asViolation(events: 6).detail
                == "the program (given the timeline without the events that change nothing) exited with status 3 (the run as a whole failed; placed at the timeline's last event)")
        // An interruption is the check's, whichever run it stopped.
        #expect(ExternalProgram.Failure.interrupted.inWholeTimeline(kept: kept).description == "was stopped: the check was interrupted")
    }

    @Test("a program still running at the time limit is stopped there, with what it started")
    func timeout() throws {
        let sleep = RunningProcesses.uniqueSleep(30)
        let (result, seconds) = run(ExternalProgram(command: "sleep \(sleep); echo", timeoutSeconds: 1))
        guard case .failure(.timedOut(let limit)) = result else { Issue.record("not a time-out: \(result)"); return }
        #expect(limit == 1)
        #expect(seconds >= 1 && seconds < 2.5)
        #expect(RunningProcesses.matching("sleep \(sleep)").isEmpty)
    }

    @Test("a program that writes forever is stopped at the output limit")
    func endlessWriter() throws {
        let (result, seconds) = run(ExternalProgram(command: "yes", timeoutSeconds: 10, outputLimit: 1 << 20))
        guard case .failure(let failure) = result, case .printedTooMuch(let limit) = failure else { Issue.record("not stopped at the limit: \(result)"); return }
        #expect(limit == 1 << 20)
        #expect(failure.description == "printed more than 1,048,576 bytes on standard output and was stopped")
        #expect(seconds < 2)
    }

    @Test("what a program starts in the background does not outlive it, even holding its output open")
    func noOrphans() throws {
        let sleep = RunningProcesses.uniqueSleep(300)
        // The background shell keeps the program's standard output open, and forks its sleep.
        let (result, seconds) = run(ExternalProgram(command: "sh -c 'sleep \(sleep); :' & true", timeoutSeconds: 10))
        guard case .failure(.malformed(let problem)) = result else { Issue.record("not malformed: \(result)"); return }
        #expect(problem.description == "0 lines for 1 event")
        #expect(seconds < 1.5)
        #expect(RunningProcesses.matching(sleep).isEmpty)
    }

    @Test("standard error is quoted on one line, cut, with its escapes")
    func standardError() throws {
        let program = ExternalProgram(command: #"printf 'first\nsecond\033[2J\342\200\256' >&2; head -c 100000 /dev/zero | tr '\0' x >&2; echo >&2; exit 3"#)
        guard case .failure(let failure) = run(program).result, case .crashed(status: 3, _) = failure else { Issue.record("not a crash"); return }
        // 300 characters: "first", a newline, "second", ESC, "[2J", U+202E (right-to-left override), 283 x's;
        // 6 + 6 + 4 + 3 + 100,000 + 1 = 100,020 bytes in all.
        let quoted = #""first\nsecond\u{1B}[2J\u{202E}"# + String(repeating: "x", count: 283) + #""… (100,020 bytes in all)"#
        #expect(failure.description == "exited with status 3; standard error: " + quoted)
    }

    @Test("a program killed by a signal is reported with the signal")
    func signal() throws {
        guard case .failure(let failure) = run(ExternalProgram(command: "kill -SEGV $$; :")).result else { Issue.record("not a failure"); return }
        #expect(failure.description == "was killed by signal \(SIGSEGV)")
    }

    @Test("stopAll() kills a running program's whole group, removes its folder and starts no more")
    func stopAll() throws {
        let sleep = RunningProcesses.uniqueSleep(300)
        let log = URL(fileURLWithPath: Scratch.root).appendingPathComponent("stop-all-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let program = ExternalProgram(command: "sh -c 'echo \"$1\" > \(log); sleep \(sleep); :' sh", timeoutSeconds: 60)
        let outcome = Outcome()
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let result = program.outputs(for: Self.install, name: "stop-all")
            outcome.result.withLock { $0 = result }
            finished.signal()
        }
        defer { ExternalPrograms.resume() }
        let started = RunningProcesses.waitFor(sleep, seconds: 5)
        let group = try #require(started.first?.group)
        let file = try String(contentsOfFile: log, encoding: .utf8).trimmingCharacters(in: .newlines)
        let folder = (file as NSString).deletingLastPathComponent
        #expect(FileManager.default.fileExists(atPath: folder))

        ExternalPrograms.stopAll()
        #expect(finished.wait(timeout: .now() + 3) == .success)
        let result = outcome.result.withLock { $0 }
        guard case .failure(.interrupted)? = result else { Issue.record("not interrupted: \(String(describing: result))"); return }
        #expect(RunningProcesses.members(of: group).isEmpty)
        #expect(RunningProcesses.matching(sleep).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder))
        guard case .failure(.interrupted) = run(program).result else { Issue.record("a program started after stopAll()"); return }
    }

    @Test("the timeline's scratch folder is gone when the run ends")
    func scratchFolder() throws {
        let log = URL(fileURLWithPath: Scratch.root).appendingPathComponent("scratch-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        // The program also leaves a file of its own in the folder.
        _ = run(ExternalProgram(command: "sh -c 'echo \"$1\" > \(log); touch \"$1.mine\"' sh"))
        let file = try String(contentsOfFile: log, encoding: .utf8).trimmingCharacters(in: .newlines)
        #expect(file.hasSuffix("/test.json"))
        #expect(!FileManager.default.fileExists(atPath: (file as NSString).deletingLastPathComponent))
    }

    /// A result handed from the thread that ran the program.
    final class Outcome: Sendable {
        let result = Mutex<Result<[FlagshipOutput], ExternalProgram.Failure>?>(nil)
    }
}

import Foundation
import Simulator
import SubscriptionModel
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ExternalProgramTests {
    /// What a program starts that leaves its process group (`setsid`, as a daemon
    /// does) does not outlive it either: on Linux the check adopts it (a child
    /// subreaper) and kills it when the program's run ends, whether the program
    /// exited, timed out, crashed, was interrupted, or the check was done with it.
    /// Nested in the supervised-programs suite, so it is serialized with it: some of
    /// these tests run programs in this process, which its `stopAll()` test would stop.
    @Suite("what a program starts outside its group", .serialized)
    struct OrphanTests {
        /// A fresh folder for the program's notes, and the file the programs append
        /// the ids of their `setsid` children to.
        struct Notes {
            let folder: String
            var file: String { folder + "/pids" }

            init() throws {
                folder = try temporaryFolder()
            }

            /// Shell commands that start `sleep 300` in a session of its own, its output
            /// kept (`inheriting`: it holds the program's output pipes open) or not, which
            /// appends its id to the notes; they wait (5 s at most) until it has, so that
            /// the program goes on only once its orphan has left the group.
            func startOrphan(inheriting: Bool = true) -> String {
                "setsid sh -c 'echo $$ >> \(file); exec sleep 300'" + (inheriting ? "" : " > /dev/null 2>&1") + " & orphan=$!; i=0; "
                    + "until grep -qx \"$orphan\" \(file) 2>/dev/null || [ $i -ge 500 ]; do sleep 0.01; i=$((i + 1)); done;"
            }

            /// The ids written so far.
            var pids: [pid_t] {
                ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { pid_t($0) }
            }

            /// Waits up to 5 s for `count` ids (the orphan writes its id as it starts).
            func waitForPids(_ count: Int) -> [pid_t] {
                for _ in 0..<500 where pids.count < count { usleep(10_000) }
                return pids
            }

            /// Ends whatever is still alive (a failing test leaves nothing behind), and the folder.
            func clean() {
                for pid in pids where kill(pid, 0) == 0 {
                    _ = kill(pid, SIGKILL)
                    var status: Int32 = 0
                    _ = waitpid(pid, &status, 0)
                }
                try? FileManager.default.removeItem(atPath: folder)
            }
        }

        /// Whether `pid` no longer exists: `kill(pid, 0)` fails with ESRCH (a zombie, not
        /// yet reaped, would still be there).
        static func isGone(_ pid: pid_t) -> Bool {
            kill(pid, 0) == -1 && errno == ESRCH
        }

        /// A shell script in the notes' folder: a batch program that first starts an
        /// orphan, then answers as `replay --batch` does (or exits with `status`).
        func batchProgram(_ notes: Notes, exiting status: Int? = nil) throws -> String {
            let simulate = try #require(PackagePaths.simulate)
            let script = notes.folder + "/program.sh"
            let rest = status.map { "exit \($0)" } ?? "exec '\(simulate.path)' replay --batch"
            try Data("\(notes.startOrphan())\n\(rest)\n".utf8).write(to: URL(fileURLWithPath: script))
            return "sh '\(script)'"
        }

        #if os(Linux)
        @Test("check --batch: a program's setsid child is gone when the check returns, passing or failing")
        func batchCheck() throws {
            let notes = try Notes()
            defer { notes.clean() }
            let started = Date()
            for (status, exit) in [(Int32(0), nil), (1, 3)] {
                let report = notes.folder + "/report-\(status)"
                let result = try runSimulate(["check", "--batch", "--command", try batchProgram(notes, exiting: exit), "--seed", "3", "--users", "4", "--years", "1",
                                              "--jobs", "2", "--quiet", "--report", report])
                #expect(result.status == status, "\(result.out)\(result.err)")
                let pids = notes.pids
                #expect(!pids.isEmpty, "the program started its orphans")
                for pid in pids { #expect(Self.isGone(pid), "the orphan \(pid) outlived the check") }
            }
            #expect(Date().timeIntervalSince(started) < 10)
        }

        @Test("a run that ends, times out or is interrupted takes its setsid child with it, even one holding its output open")
        func perTimeline() throws {
            let notes = try Notes()
            defer { notes.clean() }
            // The program exits at once; its orphan holds its output open.
            var started = Date()
            let exited = ExternalProgram(command: "\(notes.startOrphan()) true", timeoutSeconds: 5).outputs(for: ExternalProgramTests.install, name: "exits")
            guard case .failure(.malformed) = exited else { Issue.record("not malformed: \(exited)"); return }
            #expect(Date().timeIntervalSince(started) < 2, "not held until the time limit by the orphan's open output")
            var pids = notes.waitForPids(1)
            #expect(pids.count == 1 && pids.allSatisfy(Self.isGone), "\(pids)")

            // The program runs past its time limit.
            started = Date()
            let late = ExternalProgram(command: "\(notes.startOrphan(inheriting: false)) sleep 30; :", timeoutSeconds: 1).outputs(for: ExternalProgramTests.install, name: "late")
            guard case .failure(.timedOut) = late else { Issue.record("not a time-out: \(late)"); return }
            #expect(Date().timeIntervalSince(started) < 3)
            pids = notes.waitForPids(2)
            #expect(pids.count == 2 && pids.allSatisfy(Self.isGone), "\(pids)")

            // The check is interrupted while the program runs.
            let program = ExternalProgram(command: "\(notes.startOrphan(inheriting: false)) sleep 30; :", timeoutSeconds: 20)
            let finished = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                _ = program.outputs(for: ExternalProgramTests.install, name: "interrupted")
                finished.signal()
            }
            defer { ExternalPrograms.resume() }
            pids = notes.waitForPids(3)
            #expect(pids.count == 3)
            ExternalPrograms.stopAll()
            #expect(finished.wait(timeout: .now() + 3) == .success)
            #expect(pids.allSatisfy(Self.isGone), "\(pids)")
        }

        @Test("a batch program's setsid child is gone once the runner is closed")
        func batchRunner() throws {
            let notes = try Notes()
            defer { notes.clean() }
            let runner = ProgramRunner(ExternalProgram(command: try batchProgram(notes), timeoutSeconds: 5, batch: true))
            let text = try String(contentsOf: PackagePaths.examples.appendingPathComponent("trial-basics.json"), encoding: .utf8)
            guard case .success = runner.standardOutput(timelineText: text, name: "first") else { Issue.record("no answer"); return }
            let pids = notes.waitForPids(1)
            #expect(pids.count == 1 && pids.allSatisfy { kill($0, 0) == 0 }, "alive while the program runs")
            runner.close()
            #expect(pids.allSatisfy(Self.isGone), "\(pids)")
        }
        #endif
    }
}

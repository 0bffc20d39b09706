import Foundation
import Simulator
import SubscriptionModel
import TestSupport
import Testing

extension ExternalProgramTests {
    /// `simulate check --batch`: one program per job, kept alive and given one timeline
    /// per line; supervised per timeline as a single run is: a crash, a hang, garbage, a
    /// broken end marker or a refusal is reported with its timeline, the process is killed
    /// whole, and the next timeline meets a fresh one. Nested in the supervised-programs
    /// suite, so it is serialized with it: some of these tests run programs in this
    /// process, which that suite's `stopAll()` test would stop.
    @Suite("simulate check --batch", .serialized)
    struct BatchCheckTests {
        /// A shell script in a fresh folder (removed by the caller), run as `sh SCRIPT`; in
        /// it `$SIMULATE` is the built command. `answer` is a shell function that answers one
        /// request line ("$1") as `replay --batch` does.
        func script(_ body: String) throws -> (command: String, folder: URL) {
            let simulate = try #require(PackagePaths.simulate)
            let folder = URL(fileURLWithPath: Scratch.root).appendingPathComponent("batch-program-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent("program.sh")
            let text = """
                SIMULATE='\(simulate.path)'
                answer() { printf '%s\\n' "$1" | "$SIMULATE" replay --batch; }
                \(body)

                """
            try Data(text.utf8).write(to: file)
            return ("sh '\(file.path)'", folder)
        }

        /// A batch program that answers as `replay --batch` does, but exits with `status`
        /// at its `request`th request line (first printing `saying` on standard error).
        func dying(atRequest request: Int, status: Int, saying: String? = nil) throws -> (command: String, folder: URL) {
            try script("""
                n=0
                while IFS= read -r line; do
                  n=$((n + 1))
                  if [ "$n" -eq \(request) ]; then \(saying.map { "echo \"\($0)\" >&2; " } ?? "")exit \(status); fi
                  answer "$line"
                done
                """)
        }

        /// `simulate check --batch` on six users of seed 3 over a year.
        func check(_ command: String, users: Int = 6, _ extra: [String] = []) throws -> (status: Int32, out: String, err: String, report: String) {
            let report = URL(fileURLWithPath: Scratch.root).appendingPathComponent("check-batch-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: report) }
            let result = try runSimulate(["check", "--batch", "--command", command, "--seed", "3", "--users", "\(users)", "--years", "1", "--report", report] + extra)
            let json = (try? String(contentsOfFile: report + "/report.json", encoding: .utf8)) ?? ""
            return (result.status, result.out, result.err, json)
        }

        /// The example timelines' texts, for runs that are about the program, not the rules.
        static let timelines: [String] = ["trial-basics", "zone-toggle", "premium-limit", "upgrade-midday", "santiago-fallback"].map {
            (try? String(contentsOf: PackagePaths.examples.appendingPathComponent("\($0).json"), encoding: .utf8)) ?? ""
        }

        /// Each example through one runner of `command` (a batch program).
        func answers(_ command: String, timeout: Double = 10) -> (results: [Result<[UInt8], ExternalProgram.Failure>], starts: Int) {
            let runner = ProgramRunner(ExternalProgram(command: command, timeoutSeconds: timeout, batch: true))
            defer { runner.close() }
            let results = Self.timelines.enumerated().map { runner.standardOutput(timelineText: $1, name: "example\($0)") }
            return (results, runner.starts)
        }

        @Test("the package's own replay --batch matches everywhere, with a report.json of kind check")
        func referenceMatches() throws {
            let simulate = try #require(PackagePaths.simulate)
            let result = try check("'\(simulate.path)' replay --batch")
            #expect(result.status == 0, "\(result.out)\(result.err)")
            #expect(result.out.hasPrefix("simulate check --batch --command "))
            #expect(result.out.contains("No divergence"))
            let report = try JSONDecoder().decode(RunReport.self, from: Data(result.report.utf8))
            #expect(report.kind == .check && report.passed)
            #expect(report.coverage.allSatisfy { $0.floor == 0 && $0.floorRule.hasPrefix("not judged: a check counts coverage") }, "\(report.coverage.map(\.floorRule))")
            #expect(report.counts.users == 6)
            #expect(report.options.command.contains("--batch"))
            #expect(report.invariants.first { $0.name == "matches-reference" }.map { $0.checks > 0 } == true)
        }

        @Test("a check counts what a run counts: same users, same digest, coverage and behaviour as simulate run")
        func sameCountsAsRun() throws {
            let simulate = try #require(PackagePaths.simulate)
            let checked = try JSONDecoder().decode(RunReport.self, from: Data(try check("'\(simulate.path)' replay --batch").report.utf8))
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let run = try runSimulate(["run", "--seed", "3", "--users", "6", "--years", "1", "--quiet", "--report", folder])
            #expect(run.status == 0)
            let ran = try RunReport.read(path: folder + "/report.json")
            #expect(checked.counts == ran.counts)
            // The same categories reached as often and expected alike; a check judges no floor.
            #expect(checked.coverage.map { [$0.category, "\($0.reached)", "\($0.expected)"] } == ran.coverage.map { [$0.category, "\($0.reached)", "\($0.expected)"] })
            #expect(checked.coverage.allSatisfy { $0.floor == 0 && $0.floorRule.hasPrefix("not judged: a check counts coverage") })
            #expect(checked.behaviour == ran.behaviour)
        }

        @Test("the same users give the same report with one process per timeline and with --batch (but the command, the program and timing)")
        func sameReportEitherWay() throws {
            let simulate = try #require(PackagePaths.simulate)
            let batch = try JSONDecoder().decode(RunReport.self, from: Data(try check("'\(simulate.path)' replay --batch").report.utf8))
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let single = try runSimulate(["check", "--command", "'\(simulate.path)' replay", "--seed", "3", "--users", "6", "--years", "1", "--report", folder])
            #expect(single.status == 0)
            var once = try RunReport.read(path: folder + "/report.json").withoutTiming
            once.options.command = batch.options.command
            #expect(once.options.program == "'\(simulate.path)' replay" && batch.options.program == "'\(simulate.path)' replay --batch (batch)")
            once.options.program = batch.options.program
            #expect(once == batch.withoutTiming)
        }

        @Test("a program that crashes on its third timeline: that one is reported crashed, and the fourth meets a fresh process")
        func crashOnThird() throws {
            let program = try dying(atRequest: 3, status: 7, saying: "dying on timeline 3")
            defer { try? FileManager.default.removeItem(at: program.folder) }
            let (results, starts) = answers(program.command)
            #expect(starts == 2)
            for index in [0, 1, 3, 4] {
                guard case .success(let bytes) = results[index] else { Issue.record("timeline \(index): \(results[index])"); continue }
                #expect(!bytes.isEmpty)
            }
            guard case .failure(.crashed(let status, let error)) = results[2] else { Issue.record("timeline 2: \(results[2])"); return }
            #expect(status == 7)
            #expect(error == "\"dying on timeline 3\"")

            // Through the command, one job: the user whose timelines include the program's
            // third (a user with looks or reinstalls is sent twice, again without them)
            // fails, with its timeline; a fresh program passes it, so it is not shrunk and
            // the report says why.
            let generator = FlagshipTimelineGenerator(maxYears: 1)
            var sent = 0, third = -1
            for user in 0..<5 where third < 0 {
                let events = generator.user(seed: 3, user: user).timeline.events
                sent += events.contains { $0.action.isLookOrReinstall } ? 2 : 1
                if sent >= 3 { third = user }
            }
            let result = try check(program.command, users: 5, ["--jobs", "1"])
            #expect(result.status == 1)
            #expect(result.out.contains("FAILED: seed 3, user \(third) ("), "\(result.out)")
            #expect(result.out.contains("the program exited with status 7; standard error: \"dying on timeline 3\" (the run as a whole failed; placed at the timeline's last event)"),
                    "\(result.out)")
            #expect(result.out.contains("not shrunk: on a fresh start of the program this timeline passes"))
            #expect(result.out.contains("\"do\": \"install\""))
            #expect(result.out.contains("{ tr -d '\\n' < "))
        }

        @Test("shrinking gives every candidate a fresh program: one that dies at its second request shrinks to a timeline of two requests, said so beside the command")
        func shrinkingCandidatesEachAlone() throws {
            let program = try dying(atRequest: 2, status: 5)
            defer { try? FileManager.default.removeItem(at: program.folder) }
            // User 0 has looks, so its check is two requests and the program dies at the second.
            try #require(FlagshipTimelineGenerator(maxYears: 1).user(seed: 3, user: 0).timeline.events.contains { $0.action.isLookOrReinstall })
            let result = try check(program.command, users: 2, ["--jobs", "1"])
            #expect(result.status == 1)
            #expect(result.out.contains("FAILED: seed 3, user 0 ("), "\(result.out)")
            // Candidates checked one after another on one program would each be its second
            // request: the install alone would "fail". Alone, only a timeline that still has
            // a look or a reinstall (two requests) fails.
            #expect(result.out.contains("shrunk from "), "\(result.out)")
            #expect(result.out.contains(#""do": "look""#) || result.out.contains(#""do": "reinstall""#), "\(result.out)")
            #expect(result.out.contains("   # the check then sent the same program this timeline without its looks and reinstalls (rules.md #6)\n"), "\(result.out)")
            #expect(result.report.contains("without its looks and reinstalls (rules.md #6)"), "the report's command says it too, citing the v1 rules' own invariant")
        }

        @Test("a program that hangs on a timeline is stopped at --timeout, with what it started, and the hang shrunk")
        func hang() throws {
            let sleep = RunningProcesses.uniqueSleep(300)
            let program = try script("""
                while IFS= read -r line; do sleep \(sleep); answer "$line"; done
                """)
            defer { try? FileManager.default.removeItem(at: program.folder) }
            let started = Date()
            let result = try check(program.command, users: 4, ["--timeout", "0.1", "--jobs", "1"])
            // Each run stopped at its 0.1 s, the check's and every smaller timeline's
            // shrinking tried (each in a fresh process), none waited for the sleep.
            #expect(Date().timeIntervalSince(started) < 6)
            #expect(result.status == 1)
            #expect(result.out.contains("the program timed out after 0.1 s"), "\(result.out)")
            #expect(result.out.contains(" to 1 event:\n"), "it hangs on any timeline: shrunk to the install alone\n\(result.out)")
            #expect(RunningProcesses.matching("sleep \(sleep)").isEmpty)
        }

        @Test("a program that never ends its answer times out for that timeline; the next gets a fresh process")
        func noEndMarker() throws {
            let program = try script("""
                while IFS= read -r line; do printf '%s\\n' "$line" | "$SIMULATE" replay --batch | grep -v '"end"'; done
                """)
            defer { try? FileManager.default.removeItem(at: program.folder) }
            let (results, starts) = answers(program.command, timeout: 0.5)
            #expect(starts == 5)
            for result in results {
                guard case .failure(.timedOut(let seconds)) = result else { Issue.record("\(result.map { String(decoding: $0, as: UTF8.self) })"); continue }
                #expect(seconds == 0.5)
            }
        }

        @Test("garbage is malformed output, quoted with its line")
        func garbage() throws {
            let program = try script("""
                while IFS= read -r line; do echo 'garbage!'; echo '{"end":"ok"}'; done
                """)
            defer { try? FileManager.default.removeItem(at: program.folder) }
            let result = try check(program.command, users: 2)
            #expect(result.status == 1)
            #expect(result.out.contains(#"printed malformed output: line 1: not JSON"#), "\(result.out)")
            #expect(result.out.contains(#""garbage!""#))
        }

        @Test("an end marker that is not one of the two is malformed output naming the marker")
        func badEndMarker() throws {
            let program = try script("""
                while IFS= read -r line; do answer "$line" | sed 's/{"end":"ok"}/{"end":"done"}/'; done
                """)
            defer { try? FileManager.default.removeItem(at: program.folder) }
            let (results, _) = answers(program.command)
            guard case .failure(.malformed(let problem)) = results[0] else { Issue.record("\(results[0])"); return }
            #expect(problem.description.contains(#"an end marker that is neither {"end":"ok"} nor {"end":"error","error":"…"}: "{\"end\":\"done\"}""#), "\(problem)")
            #expect(problem.line == 19) // trial-basics has 18 events: the marker is line 19
        }

        @Test("output after the end marker (in the same write) is malformed output")
        func afterMarker() throws {
            let program = try script("""
                while IFS= read -r line; do out=$(answer "$line"; echo '{"i":99}'); printf '%s\\n' "$out"; done
                """)
            defer { try? FileManager.default.removeItem(at: program.folder) }
            let (results, _) = answers(program.command)
            guard case .failure(.malformed(let problem)) = results[0] else { Issue.record("\(results[0])"); return }
            #expect(problem.description == #"line 20: output after the end marker: "{\"i\":99}""#)
        }

        @Test("a generated timeline answered with an error marker is a finding quoting the program's message")
        func refusal() throws {
            let program = try script("""
                while IFS= read -r line; do echo '{"end":"error","error":"event 3: no thanks"}'; done
                """)
            defer { try? FileManager.default.removeItem(at: program.folder) }
            let result = try check(program.command, users: 2)
            #expect(result.status == 1)
            #expect(result.out.contains(#"the program refused the timeline: "event 3: no thanks""#), "\(result.out)")
        }

        @Test("a program that exits before its end marker is reported as such, standard error quoted")
        func exitsEarly() throws {
            let program = try script("""
                IFS= read -r line; echo "bye" >&2; exit 0
                """)
            defer { try? FileManager.default.removeItem(at: program.folder) }
            let (results, starts) = answers(program.command)
            #expect(starts == 5)
            guard case .failure(let failure) = results[0] else { Issue.record("\(results[0])"); return }
            #expect(failure.description == #"exited (status 0) before the timeline's end marker; standard error: "bye""#)
        }

        @Test("what a batch program starts in the background is gone when the check ends")
        func noOrphans() throws {
            let sleep = RunningProcesses.uniqueSleep(300)
            let program = try script("""
                sh -c 'sleep \(sleep); :' &
                while IFS= read -r line; do answer "$line"; done
                """)
            defer { try? FileManager.default.removeItem(at: program.folder) }
            let result = try check(program.command, users: 3)
            #expect(result.status == 0, "\(result.out)\(result.err)")
            #expect(RunningProcesses.matching(sleep).isEmpty)
        }

        @Test("replay --batch flushes each answer before reading the next line: a checker that waits for each marker gets every answer")
        func answersOneAtATime() throws {
            let simulate = try #require(PackagePaths.simulate)
            // The runner writes a line only after the previous answer's marker has arrived,
            // and gives up after 10 s: an answer held back in a buffer would time out.
            let runner = ProgramRunner(ExternalProgram(command: "'\(simulate.path)' replay --batch", timeoutSeconds: 10, batch: true))
            defer { runner.close() }
            for (index, text) in Self.timelines.enumerated() {
                let answer = runner.standardOutput(timelineText: text, name: "example")
                guard case .success(let bytes) = answer else { Issue.record("timeline \(index): \(answer)"); continue }
                let expected = FlagshipReplay.jsonLines(try FlagshipTimelineReader().read(data: Data(text.utf8)))
                #expect(String(decoding: bytes, as: UTF8.self) == expected, "timeline \(index)")
            }
            #expect(runner.starts == 1)
        }
    }
}

import Foundation
import Simulator
import SubscriptionModel
import TestSupport
import Testing

extension ExternalProgramTests {
    /// `simulate check --command CMD --policy P`: a policy's generated users, written as
    /// generic timelines, through another program; its generic output read strictly and
    /// checked against every policy invariant and the reference engine; the first failure
    /// shrunk with the generic shrinker and written to the report folder with the commands
    /// that reproduce it. Nested in the supervised-programs suite (serialized with its
    /// `stopAll()` test), as one test runs a program in this process.
    @Suite("simulate check --policy", .serialized)
    struct CheckTests {
        static let shipped = ["daa-tiers", "oxalate", "daily-quip", "face-recall"]

        /// `simulate check --policy POLICY` on `users` users of seed 3 over a year; the
        /// report folder is kept for the caller (and removed by it).
        func check(_ command: String, policy: String, users: Int = 4, _ extra: [String] = []) throws -> (status: Int32, out: String, err: String, report: String) {
            let report = URL(fileURLWithPath: Scratch.root).appendingPathComponent("check-policy-\(UUID().uuidString)").path
            let result = try runSimulate(["check", "--command", command, "--policy", policy, "--seed", "3", "--users", "\(users)", "--years", "1", "--report", report] + extra)
            return (result.status, result.out, result.err, report)
        }

        /// A shell script in a fresh folder (removed by the caller), run as `sh SCRIPT`; in
        /// it `$SIMULATE` is the built command.
        func script(_ body: String) throws -> (command: String, folder: URL) {
            let simulate = try #require(PackagePaths.simulate)
            let folder = URL(fileURLWithPath: Scratch.root).appendingPathComponent("policy-program-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent("program.sh")
            try Data("SIMULATE='\(simulate.path)'\n\(body)\n".utf8).write(to: file)
            return ("sh '\(file.path)'", folder)
        }

        @Test("the package's own replay passes for every shipped policy, one process per timeline", arguments: shipped)
        func referencePasses(policy: String) throws {
            let simulate = try #require(PackagePaths.simulate)
            let result = try check("'\(simulate.path)' replay", policy: policy)
            defer { try? FileManager.default.removeItem(atPath: result.report) }
            #expect(result.status == 0, "\(result.out)\(result.err)")
            // The command as a shell reads it back, as the report writes it.
            #expect(result.out.hasPrefix("simulate check --policy \(policy) --command ''\\''\(simulate.path)'\\'' replay'\n"), "\(result.out)")
            #expect(result.out.contains("No divergence: every output matched the reference engine and every invariant of \(policy) checked held (deterministic was not checked: a check gives each timeline to the program once)."))
            let report = try RunReport.read(path: result.report + "/report.json")
            #expect(report.kind == .check && report.passed && report.options.policy == policy)
            // Coverage is counted, not judged: no floor in the report.
            #expect(report.coverage.allSatisfy { $0.floor == 0 && $0.floorRule.hasPrefix("not judged: a check counts coverage") }, "\(report.coverage.map(\.floorRule))")
            #expect(report.counts.users == 4)
            #expect(report.invariants.first { $0.name == "exact-screens" }.map { $0.checks > 0 } == true)
        }

        @Test("the package's own replay --batch passes for every shipped policy, one process per job", arguments: shipped)
        func referencePassesInBatch(policy: String) throws {
            let simulate = try #require(PackagePaths.simulate)
            let result = try check("'\(simulate.path)' replay --batch", policy: policy, users: 12, ["--batch"])
            defer { try? FileManager.default.removeItem(atPath: result.report) }
            #expect(result.status == 0, "\(result.out)\(result.err)")
            #expect(result.out.hasPrefix("simulate check --batch --policy \(policy) --command "))
            #expect(result.out.contains("No divergence"))
        }

        @Test("a check counts what a run counts: same users, same digest, coverage and behaviour as simulate run")
        func sameCountsAsRun() throws {
            let simulate = try #require(PackagePaths.simulate)
            let result = try check("'\(simulate.path)' replay --batch", policy: "daily-quip", users: 20, ["--batch"])
            defer { try? FileManager.default.removeItem(atPath: result.report) }
            #expect(result.status == 0)
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let run = try runSimulate(["run", "--policy", "daily-quip", "--seed", "3", "--users", "20", "--years", "1", "--quiet", "--report", folder])
            #expect(run.status == 0)
            let checked = try RunReport.read(path: result.report + "/report.json"), ran = try RunReport.read(path: folder + "/report.json")
            #expect(checked.counts == ran.counts)
            // The same categories reached as often and expected alike; a check judges no floor.
            #expect(checked.coverage.map { [$0.category, "\($0.reached)", "\($0.expected)"] } == ran.coverage.map { [$0.category, "\($0.reached)", "\($0.expected)"] })
            #expect(checked.coverage.allSatisfy { $0.floor == 0 && $0.floorRule.hasPrefix("not judged: a check counts coverage") })
            #expect(checked.behaviour == ran.behaviour)
        }

        @Test("a program that prints one wrong field fails: exit 1, the invariant named, a shrunk timeline written and the commands to reproduce it")
        func wrongPlan() throws {
            // Every line that names the premium plan says free instead.
            let program = try script(#""$SIMULATE" replay "$1" | sed 's/"plan":"premium"/"plan":"free"/'"#)
            defer { try? FileManager.default.removeItem(at: program.folder) }
            let result = try check(program.command, policy: "daily-quip", users: 40)
            defer { try? FileManager.default.removeItem(atPath: result.report) }
            #expect(result.status == 1)
            #expect(result.out.contains("\n  plan-in-force at event 1 of the shrunk timeline (user 0's own timeline broke at event 19): plan free, expected premium"), "\(result.out)")
            #expect(result.out.contains("[G1, G5]"), "daily-quip's plan-in-force cites the general rules alone: its decisions have none on the plan")
            let path = try #require(result.out.split(separator: "\n").first { $0.contains("written to ") }.map { String($0.split(separator: " ").last!) })
            let shrunk = try TimelineReader().read(path: path)
            #expect(shrunk.policy.name == "daily-quip")
            #expect(shrunk.events.count == 2)
            #expect(try String(contentsOfFile: path, encoding: .utf8).contains("\"about\": \"simulate check --policy daily-quip --seed 3 --years 1: plan-in-force at event 1 of the shrunk timeline (user 0's own timeline broke at event 19): "),
                    "the file says which generated user it came from, with every generator flag, and where each timeline broke")
            #expect(result.out.contains("the reference:  swift run -c release simulate replay \(path)"))
            #expect(result.out.contains("regenerate:     swift run -c release simulate replay --policy daily-quip --seed 3 --user "))
            // The shrunk timeline still fails through the program, and the reference replays it.
            let check = ExternalCheck(program: ExternalProgram(command: program.command), options: CampaignOptions(seed: 3, users: 1), policy: .dailyQuip)
            guard case .violation(let violation)? = check.check(shrunk, name: "again") else { Issue.record("the shrunk timeline passes"); return }
            #expect(violation.invariant == .planInForce)
            let report = try RunReport.read(path: result.report + "/report.json")
            #expect(!report.passed)
            #expect(report.failures.first?.invariant == "plan-in-force")
            #expect(report.failures.first?.regressionTest.contains("ExternalCheck(program: program") == true)
            // The report names the command that shows the failure: the program on the file.
            #expect(report.failures.first?.programCommand == "\(program.command) \(path)")
            #expect(report.options.program == program.command, "the report names the program it checked")
            let markdown = try String(contentsOfFile: result.report + "/report.md", encoding: .utf8)
            #expect(markdown.contains("- the program, given the file as the check gave it: `\(program.command) \(path)`\n- replay (the reference's outputs): `swift run -c release simulate replay \(path)`"),
                    "\(markdown)")
            #expect(markdown.contains("This check stopped at its first failing user"))
            // report.html says the same in its own words.
            let html = try String(contentsOfFile: result.report + "/report.html", encoding: .utf8)
            #expect(html.contains("The program, given the file as the check gave it: <code>\(program.command) \(path)</code><br>Replay (the reference's outputs): <code>swift run -c release simulate replay \(path)</code><br>Regenerate: <code>swift run -c release simulate replay --policy daily-quip --seed 3 --user "),
                    "\(html)")
        }

        @Test("a program wrong at its first event: the report still lists every invariant the check applies, and the failed check counts as a check")
        func wrongAtFirstEvent() throws {
            // The first line of every timeline names the premium plan.
            let program = try script(#""$SIMULATE" replay "$1" | sed '1s/"plan":"[a-z-]*"/"plan":"premium"/'"#)
            defer { try? FileManager.default.removeItem(at: program.folder) }
            let result = try check(program.command, policy: "daily-quip", users: 5)
            defer { try? FileManager.default.removeItem(atPath: result.report) }
            #expect(result.status == 1)
            #expect(result.out.contains("\n  plan-in-force at event 0 of the shrunk timeline (user 0's own timeline broke at event 0): plan premium, expected free"), "\(result.out)")
            let report = try RunReport.read(path: result.report + "/report.json")
            // matches-reference applies to every check, checked or not before the failure.
            #expect(report.invariants.map(\.name) == Invariant.allCases.filter { $0 != .creditsKept }.map(\.rawValue))
            let broken = try #require(report.invariants.first { $0.name == "plan-in-force" })
            #expect(broken.checks == 1 && broken.violations == 1, "a violation is a check that failed: \(broken)")
            // Each event's checks stopped there (look-and-reinstall-change-nothing is counted
            // once a timeline, when its shadow is set up).
            #expect(report.invariants.filter { !["plan-in-force", "look-and-reinstall-change-nothing"].contains($0.name) }.allSatisfy { $0.checks == 0 && $0.violations == 0 },
                    "\(report.invariants)")
            // Under a policy with credit packs, credits-kept is listed as well.
            let credits = try check(program.command, policy: "scan-credits", users: 5)
            defer { try? FileManager.default.removeItem(atPath: credits.report) }
            #expect(credits.status == 1)
            let withCredits = try RunReport.read(path: credits.report + "/report.json")
            #expect(withCredits.invariants.map(\.name) == Invariant.allCases.map(\.rawValue))
            // A program that fails as a whole (a crash) fails matches-reference: a check too.
            let crash = try check("false", policy: "daily-quip", users: 2)
            defer { try? FileManager.default.removeItem(atPath: crash.report) }
            let crashed = try #require(try RunReport.read(path: crash.report + "/report.json").invariants.first { $0.name == "matches-reference" })
            #expect(crash.status == 1 && crashed.checks == 1 && crashed.violations == 1, "\(crashed)")
        }

        @Test("a program whose answers vary: shrunk, then passing on its own, is said to be shrunk and to vary, never 'not shrunk'")
        func variesAfterShrinking() throws {
            // Wrong at the first event for its first four runs, right from then on: the
            // shrunk timeline passes when it is given to the program again.
            let program = try script(#"""
                count="$(dirname "$0")/count"; n=$(($(cat "$count" 2>/dev/null || echo 0) + 1)); echo $n > "$count"
                if [ $n -le 4 ]; then "$SIMULATE" replay "$1" | sed '1s/"plan":"[a-z-]*"/"plan":"premium"/'; else exec "$SIMULATE" replay "$1"; fi
                """#)
            defer { try? FileManager.default.removeItem(at: program.folder) }
            let result = try check(program.command, policy: "daily-quip", users: 1, ["--jobs", "1"])
            defer { try? FileManager.default.removeItem(atPath: result.report) }
            #expect(result.status == 1)
            #expect(result.out.contains(" to 1 event, but the program passed that timeline when given it on its own: its answers vary from run to run, or depend on events after the one that failed:"),
                    "\(result.out)")
            #expect(!result.out.contains("not shrunk"), "\(result.out)")
        }

        @Test("a program whose first output depends on a later event: the timeline shown is one that fails when given to it, not the cut the shrinker never ran")
        func readsAhead() throws {
            // Wrong at the first event whenever the timeline holds a set-entitlement (later on).
            let program = try script(#"""
                if grep -q '"set-entitlement"' "$1"; then "$SIMULATE" replay "$1" | sed '1s/"plan":"[a-z-]*"/"plan":"premium"/'; else "$SIMULATE" replay "$1"; fi
                """#)
            defer { try? FileManager.default.removeItem(at: program.folder) }
            let result = try check(program.command, policy: "daily-quip", users: 1, ["--jobs", "1"])
            defer { try? FileManager.default.removeItem(atPath: result.report) }
            #expect(result.status == 1)
            let path = try #require(result.out.split(separator: "\n").first { $0.contains("written to ") }.map { String($0.split(separator: " ").last!) })
            let written = try String(contentsOfFile: path, encoding: .utf8)
            #expect(written.contains("\"set-entitlement\""), "the file keeps the later event the failure needs: \(written)")
            let shell = Process(), out = Pipe()
            shell.executableURL = URL(fileURLWithPath: "/bin/sh")
            shell.arguments = ["-c", program.command + " " + ShellText.word(path)]
            shell.standardOutput = out
            try shell.run()
            let again = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            shell.waitUntilExit()
            #expect(again.hasPrefix("{\"i\":0,\"do\":\"install\",\"plan\":\"premium\""), "the written timeline still fails through the program: \(again.prefix(200))")
            #expect(!result.out.contains("passed that timeline"), "\(result.out)")
        }

        /// A check of daily-quip's user 0 (seed 3) through a program wrong at the first
        /// event for its first `wrongRuns` runs, then too slow to answer, interrupted once
        /// the run after those has started: the exit status and what it said.
        func interruptedWhileShrinking(wrongRuns: Int) throws -> (status: Int32, said: String) {
            let program = try script(#"""
                count="$(dirname "$0")/count"; n=$(($(cat "$count" 2>/dev/null || echo 0) + 1)); echo $n > "$count"
                if [ $n -le WRONG ]; then "$SIMULATE" replay "$1" | sed '1s/"plan":"[a-z-]*"/"plan":"premium"/'; else sleep 30; fi
                """#.replacing("WRONG", with: "\(wrongRuns)"))
            defer { try? FileManager.default.removeItem(at: program.folder) }
            let report = URL(fileURLWithPath: Scratch.root).appendingPathComponent("check-interrupted-\(UUID().uuidString)").path
            let process = Process(), err = Pipe()
            process.executableURL = try #require(PackagePaths.simulate)
            process.arguments = ["check", "--command", program.command, "--policy", "daily-quip", "--seed", "3", "--users", "1", "--years", "1",
                                 "--jobs", "1", "--quiet", "--report", report]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = err
            try process.run()
            let count = program.folder.appendingPathComponent("count").path
            let deadline = Date().addingTimeInterval(20)
            while (try? String(contentsOfFile: count, encoding: .utf8))?.hasPrefix("\(wrongRuns + 1)") != true, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            Thread.sleep(forTimeInterval: 0.2)
            process.interrupt()
            let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(said.contains("\n  regenerate:   swift run -c release simulate replay --policy daily-quip --seed 3 --user 0 --years 1 --out user0.json\n"), "\(said)")
            #expect(said.contains("\n  the program:  \(program.command) user0.json"), "\(said)")
            #expect(said.hasSuffix("simulate: interrupted; report folders left as they were\n"), "\(said)")
            #expect(!FileManager.default.fileExists(atPath: report), "nothing written")
            return (process.terminationStatus, said)
        }

        @Test("Ctrl-C while a failure is being shrunk: exit 130, and the failing user is still named, with the commands that show it")
        func interruptWhileShrinking() throws {
            // Wrong for the check's two runs (with and without the looks), then hanging: the
            // interrupt comes while the timeline runs again alone, before any candidate.
            let (status, said) = try interruptedWhileShrinking(wrongRuns: 2)
            #expect(status == 130)
            #expect(said.hasPrefix("simulate: found before the interrupt, not shrunk: seed 3: plan-in-force at event 0 of user 0's timeline: plan premium, expected free"), "\(said)")
        }

        @Test("Ctrl-C after a smaller timeline has failed: the smallest failing so far is shown, whole, before the user's commands")
        func interruptShowsTheSmallestSoFar() throws {
            // Wrong for the check's two runs, the whole timeline's two again, and the first
            // candidate, then hanging.
            let (status, said) = try interruptedWhileShrinking(wrongRuns: 5)
            #expect(status == 130)
            let head = "simulate: found before the interrupt, shrinking not finished: seed 3: plan-in-force at event 0 of the shrunk timeline (user 0's own timeline broke at event 0): plan premium, expected free"
            #expect(said.hasPrefix(head), "\(said)")
            // The timeline shown reads back as a valid timeline file, smaller than the user's,
            // and comes before the user's commands.
            let lines = said.split(separator: "\n", omittingEmptySubsequences: false)
            let so = try #require(lines.firstIndex { $0.hasPrefix("  shrunk from ") && $0.hasSuffix(" so far (not written; save it as a file to replay it):") }, "\(said)")
            let end = try #require(lines[so...].firstIndex { $0 == "    }" }, "\(said)")
            let text = lines[(so + 1)...end].map { $0.dropFirst(4) }.joined(separator: "\n")
            let shown = try TimelineReader().read(data: Data(text.utf8))
            let whole = try #require(Int(lines[so].split(separator: " ")[2].filter(\.isNumber)))
            #expect(shown.events.count < whole && lines[so].contains(" to \(Figures.count(shown.events.count, "event")) so far"), "\(lines[so])")
            #expect(shown.isValid && end + 1 < lines.count && lines[end + 1].hasPrefix("  regenerate:   "), "\(said)")
        }

        @Test("a program that reads an absent renews as false is found: the timelines a check writes leave renews out where it is true, some of the time")
        func absentRenewsReadAsFalse() throws {
            // Before the program's own rules run, each report without "renews" gets "renews": false.
            let program = try script(#"sed '/"do": "set-entitlement"/{/"renews"/!{/"product": null/!s/}\(,\{0,1\}\)$/, "renews": false}\1/;};}' "$1" > "$1.read.json" && "$SIMULATE" replay "$1.read.json""#)
            defer { try? FileManager.default.removeItem(at: program.folder) }
            let result = try check(program.command, policy: "oxalate", users: 40)
            defer { try? FileManager.default.removeItem(atPath: result.report) }
            #expect(result.status == 1, "\(result.out)")
            #expect(result.out.contains("exact-screens at event "), "\(result.out)")
            #expect(result.out.contains("\"Expires on ") && result.out.contains("expected \"Renews on "), "\(result.out)")
            #expect(result.out.contains("to 2 events:"), "an install and the report: \(result.out)")
        }

        @Test("a malformed line in the output for the timeline without the events that change nothing is placed at the event it answered in the whole timeline")
        func malformedWithoutLooks() throws {
            // Right for the whole timeline; its last line garbled for the timeline without looks.
            let program = try script(#"case "$1" in *without-looks*) "$SIMULATE" replay "$1" | sed '$s/.*/garbled/' ;; *) "$SIMULATE" replay "$1" ;; esac"#)
            defer { try? FileManager.default.removeItem(at: program.folder) }
            let result = try check(program.command, policy: "daily-quip", users: 10)
            defer { try? FileManager.default.removeItem(atPath: result.report) }
            #expect(result.status == 1, "\(result.out)\(result.err)")
            let path = try #require(result.out.split(separator: "\n").first { $0.contains("written to ") }.map { String($0.split(separator: " ").last!) })
            let shown = try TimelineReader().read(path: path)
            // The garbled line answered the last event that changes something. (Whether events
            // that change nothing come before it is the shrinker's to choose: the mapping itself
            // is ExternalProgramTests.failureOfTheRunWithoutLooks's.)
            let kept = shown.events.indices.filter { !shown.events[$0].action.changesNothing }
            let answered = try #require(kept.last)
            #expect(result.out.contains("\n  matches-reference at event \(answered) of "), "\(result.out)")
            #expect(result.out.contains("printed malformed output: line \(kept.count) of the output for the timeline without the events that change nothing: "),
                    "\(result.out)")
        }

        @Test("in batch mode, a wrong screen is exact-screens and a wrong limit is a divergence naming the plan's limit")
        func wrongScreenAndLimit() throws {
            let screen = try script(#""$SIMULATE" replay --batch | sed -u 's/4 cards remaining today/4 cards left today/'"#)
            defer { try? FileManager.default.removeItem(at: screen.folder) }
            let screens = try check(screen.command, policy: "daily-quip", users: 40, ["--batch"])
            defer { try? FileManager.default.removeItem(atPath: screens.report) }
            #expect(screens.status == 1)
            // The event counted in the shrunk timeline, and where the user's own timeline broke.
            #expect(screens.out.contains(#"exact-screens at event 1 of the shrunk timeline (user 0's own timeline broke at event 1): screen cards "4 cards left today", expected "4 cards remaining today""#), "\(screens.out)")

            let limit = try script(#""$SIMULATE" replay --batch | sed -u 's/"limit":{"day":5}/"limit":{"day":6}/'"#)
            defer { try? FileManager.default.removeItem(at: limit.folder) }
            let limits = try check(limit.command, policy: "daily-quip", users: 40, ["--batch"])
            defer { try? FileManager.default.removeItem(atPath: limits.report) }
            #expect(limits.status == 1)
            #expect(limits.out.contains("\n  matches-reference at event 0 of the shrunk timeline (user 0's own timeline broke at event 0): meters.cards.limit.day is 6, but the plan the line names, free, sets 5"), "\(limits.out)")
            #expect(limits.out.contains("shrunk from ") && limits.out.contains(" to 1 event:"))
            #expect(limits.out.contains("{ tr -d '\\n' < "))
        }

        @Test("a bad --policy is one error line naming it, exit 2, nothing written")
        func badPolicy() throws {
            let result = try runSimulate(["check", "--command", "true", "--policy", "no-such-policy", "--users", "1"])
            #expect(result.status == 2)
            #expect(result.out.isEmpty)
            #expect(result.err.hasPrefix("error: --policy: \"no-such-policy\" is no shipped policy"), "\(result.err)")
            #expect(result.err.split(separator: "\n").count == 1)
        }
    }
}

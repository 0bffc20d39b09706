import Foundation
import Simulator
import SubscriptionModel
import TestSupport
import Testing

/// The command line as a user meets it: flags named when they are wrong, help for
/// every command and none for what is not one, report folders replaced whole, and no
/// crash when standard output cannot be written.
@Suite("The simulate command line")
struct CommandLineTests {
    @Test("an unknown flag is named, with the nearest known flag suggested")
    func unknownFlagNamed() throws {
        let result = try runSimulate(["run", "--user", "5"])
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix("error: unknown option \"--user\" for 'run'; did you mean --users?"), "\(result.err)")
        #expect(result.err.split(separator: "\n").count == 1)
    }

    @Test("replay --user takes the indexes a run can have: 0 to one below the most users a run takes")
    func replayUserInRange() throws {
        let result = try runSimulate(["replay", "--seed", "1", "--user", "100000000"])
        #expect(result.status == 2 && result.out.isEmpty)
        #expect(result.err == "error: --user \"100000000\": expected a whole number from 0 to 99999999\n", "\(result.err)")
        #expect(RunReport.userRange.upperBound == 100_000_000, "the most users a run takes, which the message's bound follows")
    }

    @Test("an unknown flag with no near match points to the command's help")
    func unknownFlagWithoutSuggestion() throws {
        let result = try runSimulate(["run", "--frobnicate-everything"])
        #expect(result.status == 2 && result.out.isEmpty)
        #expect(result.err == "error: unknown option \"--frobnicate-everything\" for 'run'; see 'simulate run --help'.\n", "\(result.err)")
    }

    @Test("a prefix names the one flag that starts with it; one that two flags start with gets the nearer by edits")
    func prefixSuggestions() throws {
        for (flag, suggestion) in [("--sec", "--seconds"), ("--se", "--seed")] {
            let result = try runSimulate(["bench", flag, "1"])
            #expect(result.status == 2 && result.out.isEmpty)
            #expect(result.err == "error: unknown option \"\(flag)\" for 'bench'; did you mean \(suggestion)? See 'simulate bench --help'.\n", "\(result.err)")
        }
    }

    @Test("bench refuses --no-swarm, with or without --policy, before measuring anything: it measures users drawn as a run draws them")
    func benchRefusesNoSwarm() throws {
        for arguments in [["bench", "--no-swarm"], ["bench", "--policy", "daily-quip", "--no-swarm", "--seconds", "0.1", "--rounds", "1"]] {
            let result = try runSimulate(arguments)
            #expect(result.status == 2 && result.out.isEmpty, "\(arguments): \(result)")
            #expect(result.err == "error: --no-swarm: bench measures users drawn as a run draws them by default; it takes no --no-swarm\n", "\(result.err)")
        }
    }

    @Test("a printed replay command quotes a path a shell would split, so it can be pasted as it is")
    func replayCommandQuotesPath() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try runSimulate(["replay", "--seed", "1", "--user", "0", "--years", "1", "--out", folder + "/user zero.json"])
        #expect(result.status == 0)
        #expect(result.err.hasSuffix("; replay it with: swift run -c release simulate replay '\(folder)/user zero.json'\n"), "\(result.err)")
        #expect(Replay.command(for: "/tmp/plain.json") == "swift run -c release simulate replay /tmp/plain.json")
        #expect(Replay.command(for: "/tmp/it's.json", mutant: "m") == #"swift run -c release simulate replay '/tmp/it'\''s.json' --mutant m"#)
    }

    @Test("a flag with nothing to go on (\"--\", \"-x\") is named without a guess at what was meant")
    func bareDashesNotGuessed() throws {
        for (command, flag) in [("run", "--"), ("replay", "--"), ("run", "-x")] {
            let result = try runSimulate([command, flag])
            #expect(result.status == 2 && result.out.isEmpty)
            #expect(result.err == "error: unknown option \"\(flag)\" for '\(command)'; see 'simulate \(command) --help'.\n", "\(result.err)")
        }
    }

    @Test("a --report that is a symbolic link is refused before the run, and the folder it points to stays as it was")
    func symbolicLinkReportRefused() throws {
        let folder = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/real", withIntermediateDirectories: true)
        try "keep".write(toFile: folder + "/real/mine.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/real")
        try FileManager.default.createSymbolicLink(atPath: folder + "/dangling", withDestinationPath: folder + "/nowhere")
        for (link, target) in [("link", "real"), ("link/", "real"), ("dangling", "nowhere")] {
            let result = try runSimulate(["run", "--users", "2", "--years", "1", "--quiet", "--report", folder + "/" + link])
            #expect(result.status == 2 && result.out.isEmpty)
            #expect(result.err == "error: --report \(ErrorText.quotedPath("\(folder)/\(link)")): a symbolic link (to \(ErrorText.quotedPath("\(folder)/\(target)"))), which a report cannot replace; name the folder itself\n",
                    "\(result.err)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/real") == ["mine.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["dangling", "link", "real"], "no staging folder left behind")
    }

    @Test("--personas takes each persona once, by name, and nothing empty")
    func personasRefusals() throws {
        for (value, message) in [("light,light", "--personas: \"light\" given twice"),
                                 ("light,", "--personas \"light,\": an empty name; expected some of light,heavy,edge-walker,traveller,subscriber,reinstaller, separated by commas"),
                                 ("", "--personas needs at least one persona"),
                                 ("lite", "--personas: unknown persona \"lite\"; expected some of light,heavy,edge-walker,traveller,subscriber,reinstaller")] {
            for command in [["run"], ["replay", "--seed", "1", "--user", "0"]] {
                let result = try runSimulate(command + ["--personas", value])
                #expect(result.status == 2 && result.out.isEmpty, "\(command) \(value)")
                #expect(result.err == "error: " + message + "\n", "\(result.err)")
            }
        }
    }

    @Test("replay --seed --user --personas regenerates the user a run with those personas simulated (v1 and a policy)",
          arguments: [[], ["--policy", "daily-quip"]])
    func replayWithPersonas(policy: [String]) throws {
        let folder = try temporaryFolder()
        let run = try runSimulate(["run"] + policy + ["--seed", "3", "--users", "1", "--years", "1", "--personas", "heavy", "--quiet", "--report", folder + "/r"])
        #expect(run.status == 0, "\(run.err)")
        let events = try #require(run.out.split(separator: "\n").first { $0.hasPrefix("  events") }).split(separator: " ").last.map { $0.replacingOccurrences(of: ",", with: "") }
        #expect(run.out.contains("users       1 (heavy 1)"), "\(run.out)")
        let replay = try runSimulate(["replay"] + policy + ["--seed", "3", "--user", "0", "--years", "1", "--personas", "heavy", "--out", folder + "/u.json"])
        #expect(replay.status == 0, "\(replay.err)")
        #expect(replay.out.split(separator: "\n").count == Int(events ?? ""), "as many output lines as the run's events")
        #expect(try String(contentsOfFile: folder + "/u.json", encoding: .utf8).contains("--personas heavy: user 0"))
        let without = try runSimulate(["replay"] + policy + ["--seed", "3", "--user", "0", "--years", "1"])
        #expect(without.out != replay.out, "without --personas, user 0 is another user")
    }

    @Test("replay --app-life regenerates a user of a check of app code: the run's user with the app's own moments between its events")
    func replayAppLife() throws {
        let folder = try temporaryFolder()
        let plain = try runSimulate(["replay", "--policy", "daily-quip", "--seed", "20261121", "--user", "0", "--years", "1", "--out", folder + "/plain.json"])
        let lived = try runSimulate(["replay", "--policy", "daily-quip", "--seed", "20261121", "--user", "0", "--years", "1", "--app-life", "--out", folder + "/lived.json"])
        #expect(plain.status == 0 && lived.status == 0, "\(lived.err)")
        let reader = TimelineReader()
        let plainTimeline = try reader.read(path: folder + "/plain.json")
        let livedTimeline = try reader.read(path: folder + "/lived.json")
        #expect(livedTimeline == TimelineGenerator(policy: .dailyQuip, maxYears: 1, appLife: true).user(seed: 20261121, user: 0).timeline)
        let moments: Set<String> = ["relaunch", "background", "foreground", "timer"]
        #expect(livedTimeline.events.contains { moments.contains($0.action.name) })
        #expect(livedTimeline.events.filter { !moments.contains($0.action.name) } == plainTimeline.events)
        #expect(lived.out.split(separator: "\n").count == livedTimeline.events.count, "one output line per event")
        let alone = try runSimulate(["replay", "--seed", "1", "--user", "0", "--app-life"])
        #expect(alone.status == 2 && alone.out.isEmpty)
        #expect(alone.err == "error: --app-life regenerates a user of a check of app code, which runs under a policy: give --policy X\n", "\(alone.err)")
        let narrowed = try runSimulate(["replay", "--policy", "daily-quip", "--seed", "1", "--user", "0", "--app-life", "--no-swarm"])
        #expect(narrowed.status == 2 && narrowed.out.isEmpty && narrowed.err.contains("drop --no-swarm, --personas and --storekit"), "\(narrowed.err)")
        let file = try runSimulate(["replay", folder + "/lived.json", "--app-life"])
        #expect(file.status == 2 && file.err.contains("--app-life"), "\(file.err)")
    }

    @Test("--no-swarm without a generic policy says why: none given, or meal-capture's own generator")
    func noSwarmRefusals() throws {
        let none = try runSimulate(["run", "--no-swarm", "--users", "1"])
        #expect(none.status == 2 && none.err == "error: --no-swarm goes with --policy NAME|FILE (the meal-capture rules' own generator has no swarm)\n", "\(none.err)")
        let flagship = try runSimulate(["run", "--policy", "meal-capture", "--no-swarm", "--users", "1"])
        #expect(flagship.status == 2)
        #expect(flagship.err == "error: --no-swarm: --policy meal-capture runs the flagship's own generator, which has no swarm (its policy file, or --storekit FILE, runs it on the generic engine, which has)\n", "\(flagship.err)")
        // Each command offers only what it takes: check has no --storekit, and mutants
        // catalogues meal-capture's mutants by its name, not for its file.
        let check = try runSimulate(["check", "--command", "true", "--policy", "meal-capture", "--no-swarm", "--users", "1"])
        #expect(check.status == 2 && check.err == "error: --no-swarm: --policy meal-capture runs the flagship's own generator, which has no swarm (its policy file runs it on the generic engine, which has)\n", "\(check.err)")
        let mutants = try runSimulate(["mutants", "--policy", "meal-capture", "--no-swarm", "--users", "1"])
        #expect(mutants.status == 2 && mutants.err == "error: --no-swarm: --policy meal-capture runs the flagship's own generator, which has no swarm\n", "\(mutants.err)")
        let mutantsAlone = try runSimulate(["mutants", "--no-swarm", "--users", "1"])
        #expect(mutantsAlone.status == 2 && mutantsAlone.err == "error: --no-swarm goes with --policy NAME, a shipped or example policy other than meal-capture (whose own generator has no swarm)\n", "\(mutantsAlone.err)")
    }

    @Test("mutants' summary, printed and in summary.txt, starts with what the matrix was hunted on: the policy, seed, users and years")
    func mutantsSummaryHead() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try runSimulate(["mutants", "--policy", "daily-quip", "--no-swarm", "--seed", "3", "--users", "4", "--years", "1", "--quiet", "--report", folder + "/m"])
        let head = "simulate mutants --policy daily-quip --no-swarm\n  seed        3\n  users       4\n  years       up to 1\n\n  mutant "
        #expect(result.out.hasPrefix(head), "\(result.out)")
        #expect(try String(contentsOfFile: folder + "/m/summary.txt", encoding: .utf8).hasPrefix(head))
        let shard = try runSimulate(["mutants", "--seed", "3", "--users", "4", "--years", "1", "--shard", "2/2", "--quiet", "--report", folder + "/s"])
        #expect(shard.out.hasPrefix("simulate mutants\n  seed        3\n  shard       2/2: users 1, 3 of 4 (merge every shard's report with 'simulate merge')\n  users       2\n  years       up to 1\n\n"),
                "as a run's shard line: \(shard.out)")
    }

    @Test("a run without swarm says so in its summary's first line")
    func noSwarmSummary() throws {
        let folder = try temporaryFolder()
        let result = try runSimulate(["run", "--policy", "oxalate", "--no-swarm", "--seed", "2", "--users", "3", "--years", "1", "--quiet", "--report", folder + "/r"])
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("simulate run --policy oxalate --no-swarm\n"), "\(result.out)")
    }

    @Test("replay: --out naming a folder, and a FILE with --seed, are refused in plain words")
    func replayRefusals() throws {
        let folder = try temporaryFolder()
        let out = try runSimulate(["replay", "--seed", "1", "--user", "0", "--years", "1", "--out", folder])
        #expect(out.status == 2 && out.out.isEmpty)
        #expect(out.err == "error: cannot write \(ErrorText.quotedPath(folder)): a folder, not a file\n", "\(out.err)")
        let both = try runSimulate(["replay", "some.json", "--seed", "3"])
        #expect(both.status == 2 && both.err == "error: give either a FILE or --seed and --user, not both\n", "\(both.err)")
    }

    @Test("--storekit - is refused: a run records the file's path")
    func storeKitFromStandardInputRefused() throws {
        let result = try runSimulate(["run", "--policy", "daily-quip", "--storekit", "-", "--users", "1"])
        #expect(result.status == 2 && result.out.isEmpty)
        #expect(result.err == "error: --storekit -: give the StoreKit file's path (a run records it, to be reproduced and merged)\n", "\(result.err)")
    }

    @Test("a flag given twice is refused")
    func repeatedFlag() throws {
        let result = try runSimulate(["run", "--seed", "1", "--seed", "2", "--users", "1"])
        #expect(result.status == 2)
        #expect(result.err == "error: --seed given twice; give it once\n")
    }

    @Test("help for a command that does not exist is an error")
    func helpForNothing() throws {
        let result = try runSimulate(["help", "frobnicate"])
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.err == "error: unknown command \"frobnicate\"; see 'simulate --help' for the commands.\n")
        let run = try runSimulate(["help", "run"])
        #expect(run.status == 0)
        #expect(run.out.contains("--personas P,...") && run.out.contains("--quiet"))
    }

    @Test("a mistyped command is refused the same way as a command or as help's argument, with the nearest command")
    func mistypedCommand() throws {
        for arguments in [["replya", "x.json"], ["help", "replya"]] {
            let result = try runSimulate(arguments)
            #expect(result.status == 2)
            #expect(result.out.isEmpty)
            #expect(result.err == "error: unknown command \"replya\"; did you mean replay? See 'simulate --help' for the commands.\n", "\(arguments)")
        }
        let far = try runSimulate(["frobnicate"])
        #expect(far.err == "error: unknown command \"frobnicate\"; see 'simulate --help' for the commands.\n")
    }

    @Test("every command the overview lists has its help, as 'help COMMAND' and as 'COMMAND --help'")
    func everyCommandHasHelp() throws {
        let overview = try runSimulate(["--help"]).out
        let listed = Set(overview.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            guard line.hasPrefix("  simulate "), words.count > 1 else { return nil }
            let word = words[1].trimmingCharacters(in: CharacterSet(charactersIn: "[]")) // `[run]`: the default
            return word.first?.isLetter == true ? word : nil
        })
        #expect(listed.isSuperset(of: ["run", "replay", "bench", "check", "mutants", "diff", "baseline", "merge"]), "\(listed.sorted())")
        for command in listed.sorted() {
            let help = try runSimulate(["help", command])
            #expect(help.status == 0 && !help.out.isEmpty, "simulate help \(command)")
            #expect(try runSimulate([command, "--help"]).out == help.out, "simulate \(command) --help")
        }
    }

    @Test("policies lists the shipped policies, a blank line, then the examples: each name padded to one column, then what it is for")
    func policiesListing() throws {
        let listed = try runSimulate(["policies"])
        #expect(listed.status == 0 && listed.err.isEmpty)
        let lines = listed.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let groups = lines.dropLast().split(separator: "", omittingEmptySubsequences: false).map(Array.init)
        #expect(lines.last == "" && groups.count == 2, "\(listed.out)")
        let names = groups.map { $0.map { String($0.prefix { $0 != " " }) } }
        #expect(names == [SubscriptionPolicy.shippedNames, ExamplePolicies.names], "\(names)")
        let column = (SubscriptionPolicy.shippedNames + ExamplePolicies.names).map(\.count).max()! + 2
        for (line, name) in zip(groups.joined(), SubscriptionPolicy.shippedNames + ExamplePolicies.names) {
            #expect(line == name.padding(toLength: column, withPad: " ", startingAt: 0) + (PolicyLoader.builtIn(name)?.about ?? ""), "\(line)")
        }
        let extra = try runSimulate(["policies", "extra"])
        #expect(extra.status == 2 && extra.out.isEmpty, "\(extra)")
        #expect(extra.err == "error: unexpected argument \"extra\" for 'policies'; see 'simulate policies --help'\n", "\(extra.err)")
        let help = try runSimulate(["help", "run", "extra"])
        #expect(help.status == 2 && help.err == "error: unexpected argument \"extra\" for 'help' (it takes one COMMAND); see 'simulate --help'\n", "\(help.err)")
    }

    @Test("--version prints the version a report names, and the overview lists it")
    func version() throws {
        let version = try runSimulate(["--version"])
        #expect(version.status == 0 && version.err.isEmpty && version.out == RunReport.toolVersion + "\n", "\(version)")
        #expect(version.out.hasPrefix("simulate ") && version.out.dropFirst(9).first?.isNumber == true)
        #expect(try runSimulate(["--help"]).out.contains("\n  simulate --version "))
        // It stands alone: anything after it is named, not taken for an option of `run`.
        let extra = try runSimulate(["--version", "foo"])
        #expect(extra.status == 2 && extra.out.isEmpty, "\(extra)")
        #expect(extra.err == "error: unexpected argument \"foo\" for --version (it stands alone); see 'simulate --help'\n", "\(extra.err)")
        // After a command's name it is an option that command does not take: refused by it (it crashed once).
        for command in ["run", "replay", "mutants"] {
            let after = try runSimulate([command, "--version"])
            #expect(after.status == 2 && after.out.isEmpty && after.err.hasPrefix("error: unknown option \"--version\" for '\(command)'"), "\(after)")
        }
    }

    @Test("a single user, year and job are counted in the singular")
    func singular() throws {
        let folder = try temporaryFolder()
        let result = try runSimulate(["run", "--seed", "1", "--users", "1", "--years", "1", "--jobs", "1", "--report", folder + "/r"])
        #expect(result.err.contains("1 user, up to 1 year, 1 job"), "\(result.err)")
        // The last line names every file of the report, each there.
        let last = try #require(result.out.split(separator: "\n").last.map(String.init))
        #expect(last.hasSuffix("/r/report.md, report.html, report.json, summary.txt"), "\(last)")
        for file in ["report.md", "report.html", "report.json", "summary.txt"] { #expect(FileManager.default.fileExists(atPath: folder + "/r/" + file), "\(file)") }
    }

    @Test("a report folder that cannot be written is refused before the run, with nothing on standard output")
    func unwritableReportFolder() throws {
        let result = try runSimulate(["run", "--users", "50000", "--report", "/proc/version/report"])
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix("error: --report \"/proc/version/report\""), "\(result.err)")
    }

    @Test("each run replaces its report folder whole: no failure of an earlier run survives a passing one")
    func reportFolderReplacedWhole() throws {
        let folder = try temporaryFolder() + "/latest"
        let failing = try runSimulate(["check", "--command", "false", "--seed", "3", "--users", "2", "--years", "1", "--report", folder])
        #expect(failing.status == 1)
        #expect(FileManager.default.fileExists(atPath: folder + "/failures"))
        let passing = try runSimulate(["run", "--seed", "3", "--users", "40", "--years", "1", "--quiet", "--report", folder])
        #expect(passing.status == 0, "\(passing.out)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/failures"), "the check's failure file is gone")
        let markdown = try String(contentsOfFile: folder + "/report.md", encoding: .utf8)
        #expect(markdown.hasPrefix("# Simulation report: passed"))
        let siblings = try FileManager.default.contentsOfDirectory(atPath: (folder as NSString).deletingLastPathComponent)
        #expect(siblings == ["latest"], "no staging folder is left beside it: \(siblings)")
    }

    @Test("Ctrl-C leaves the earlier report whole and no staging folder")
    func interruptKeepsEarlierReport() throws {
        let folder = try temporaryFolder() + "/latest"
        let first = try runSimulate(["run", "--seed", "5", "--users", "30", "--years", "1", "--quiet", "--report", folder])
        #expect(first.status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/report.json"))
        let executable = try #require(PackagePaths.simulate)
        let process = Process()
        process.executableURL = executable
        process.arguments = ["run", "--seed", "6", "--users", "50000000", "--quiet", "--report", folder]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 1.5)
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/report.json")) == before)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: (folder as NSString).deletingLastPathComponent)
        #expect(siblings == ["latest"], "\(siblings)")
    }

    @Test("Ctrl-C on a run into folders that did not exist leaves none of them")
    func interruptRemovesMadeFolders() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let executable = try #require(PackagePaths.simulate)
        let process = Process()
        process.executableURL = executable
        process.arguments = ["run", "--seed", "6", "--users", "50000000", "--quiet", "--report", folder + "/new/deeper/latest"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Until the run has made its folders on the way (its report folder is made before
        // the users are played), and a moment more.
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: folder + "/new/deeper"), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(FileManager.default.fileExists(atPath: folder + "/new/deeper"), "the run made its folders on the way")
        Thread.sleep(forTimeInterval: 0.5)
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [], "no new/ left behind")
    }

    @Test("Ctrl-C at any moment of a run, its last steps included: exit 130, the earlier report or the whole new one, no staging folder, and a true last line")
    func interruptAtAnyMoment() throws {
        let folder = try temporaryFolder() + "/latest"
        let arguments = ["run", "--seed", "5", "--users", "200", "--years", "1", "--quiet", "--report", folder]
        let started = Date()
        #expect(try runSimulate(arguments).status == 0)
        let duration = Date().timeIntervalSince(started)
        let whole = try RunReport.read(path: folder + "/report.json")
        /// Whether the folder holds the whole new report (the same run but its timing).
        func isNew(_ data: Data) -> Bool { (try? JSONDecoder().decode(RunReport.self, from: data)).map { $0.counts == whole.counts && $0.coverage == whole.coverage } ?? false }
        let executable = try #require(PackagePaths.simulate)
        for trial in 0..<20 {
            try Data("{}".utf8).write(to: URL(fileURLWithPath: folder + "/report.json"))
            let earlier = try Data(contentsOf: URL(fileURLWithPath: folder + "/report.json"))
            let process = Process(), err = Pipe()
            process.executableURL = executable
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = err
            try process.run()
            // Spread over the whole run, its end (summary, report, swap) included.
            Thread.sleep(forTimeInterval: duration * (0.4 + 0.7 * Double(trial) / 19))
            process.interrupt()
            let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let now = try Data(contentsOf: URL(fileURLWithPath: folder + "/report.json"))
            let siblings = try FileManager.default.contentsOfDirectory(atPath: (folder as NSString).deletingLastPathComponent)
            #expect(siblings == ["latest"], "trial \(trial): no staging folder is left: \(siblings)")
            #expect(now == earlier || isNew(now), "trial \(trial): the earlier report or the whole new one")
            if process.terminationStatus == 130 {
                #expect(said.hasSuffix("simulate: interrupted; report folders left as they were\n") ? now == earlier : said.contains("simulate: interrupted after writing "),
                        "trial \(trial): \(said)")
            } else {
                #expect(process.terminationStatus == 0 && isNew(now), "trial \(trial): finished before the signal: \(process.terminationStatus) \(said)")
            }
        }
    }

    @Test("an option where a value belongs, or a value given to a flag that takes none, is refused naming both")
    func optionsAsValues() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = try runSimulate(["run", "--report", "--quiet", "--users", "5"])
        #expect(report.status == 2 && report.out.isEmpty)
        #expect(report.err == "error: --report needs a value, and \"--quiet\" is an option; a value that starts with -- is written --report=--quiet\n", "\(report.err)")
        #expect(!FileManager.default.fileExists(atPath: "--quiet"))
        let quiet = try runSimulate(["run", "--quiet=yes", "--users", "5", "--report", folder + "/r"])
        #expect(quiet.status == 2 && quiet.err == "error: --quiet takes no value: write --quiet alone, not \"--quiet=yes\"\n", "\(quiet.err)")
        // Numbers are written plainly: what Swift would also parse is refused.
        for (flag, value, expected) in [("--seed", "+7", "0 to 18446744073709551615"), ("--users", " 7", "1 to 100000000"), ("--timeout", "0x10", "0.1 to 3600.0")] {
            let result = try runSimulate(["check", "--command", "true", flag, value, "--report", folder + "/r"])
            #expect(result.status == 2 && result.err.contains("\(flag) \"\(value)\": expected a"), "\(flag) \(value): \(result.err)")
            #expect(result.err.contains(expected))
        }
    }

    @Test("a report folder that holds other files and no report.json is not replaced")
    func reportFolderOfSomethingElse() throws {
        let folder = try temporaryFolder()
        try Data("my thesis".utf8).write(to: URL(fileURLWithPath: folder + "/thesis.txt"))
        let result = try runSimulate(["run", "--users", "5", "--years", "1", "--quiet", "--report", folder])
        #expect(result.status == 2 && result.out.isEmpty)
        #expect(result.err.hasPrefix("error: --report \(ErrorText.quotedPath(folder)): holds a file (\"thesis.txt\") and no report.json"), "\(result.err)")
        #expect(try String(contentsOfFile: folder + "/thesis.txt", encoding: .utf8) == "my thesis")
        // Files and folders are counted as such.
        try Data().write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        try FileManager.default.createDirectory(atPath: folder + "/drafts", withIntermediateDirectories: false)
        let mixed = try runSimulate(["run", "--users", "5", "--years", "1", "--quiet", "--report", folder])
        #expect(mixed.status == 2 && mixed.err.hasPrefix("error: --report \(ErrorText.quotedPath(folder)): holds 2 files and a folder (\"drafts\", …) and no report.json"), "\(mixed.err)")
        try FileManager.default.removeItem(atPath: folder + "/notes.txt")
        try FileManager.default.removeItem(atPath: folder + "/drafts")
        // An earlier report is replaced as before.
        try FileManager.default.removeItem(atPath: folder + "/thesis.txt")
        #expect(try runSimulate(["run", "--users", "5", "--years", "1", "--quiet", "--report", folder]).status == 0)
        #expect(try runSimulate(["run", "--users", "5", "--years", "1", "--quiet", "--report", folder]).status == 0)
    }

    @Test("nothing is written inside an earlier report, and one that holds something else is not replaced; an empty name or a file on the way is named as such")
    func reportFolderRefusals() throws {
        let root = try temporaryFolder(), folder = root + "/r"
        let run = { (report: String) in try runSimulate(["run", "--seed", "1", "--users", "5", "--years", "1", "--quiet", "--report", report]) }
        #expect(try run(folder).status == 0)
        let inside = "inside the earlier report \(ErrorText.quotedPath(folder)), which a command writing there replaces whole"
        for (arguments, message) in [(["run", "--users", "5", "--years", "1", "--report", folder + "/inner"], "--report \(ErrorText.quotedPath("\(folder)/inner")): \(inside); name a folder outside it"),
                                     (["replay", "--seed", "1", "--user", "0", "--out", folder + "/failures/u0.json"], "cannot write \(ErrorText.quotedPath("\(folder)/failures/u0.json")): \(inside); name a file outside it"),
                                     (["baseline", "--report", ""], ReportFolder.unnamed)] {
            let result = try runSimulate(arguments)
            #expect(result.status == 2 && result.out.isEmpty && result.err == "error: " + message + "\n", "\(arguments): \(result.err)")
        }
        // Through a symbolic link to a folder inside it, too.
        try FileManager.default.createDirectory(atPath: folder + "/failures", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: folder + "/failures")
        let linked = try run(root + "/link/x")
        #expect(linked.status == 2 && linked.err.contains("inside the earlier report"), "\(linked.err)")
        try FileManager.default.removeItem(atPath: root + "/link")
        // Something put in it by hand stays, and keeps the report from being replaced (a
        // hidden one too); only the Finder's files do not.
        for (entry, isFolder) in [("inner", true), ("notes.txt", false), (".git", true), (".env", false)] {
            if isFolder {
                try FileManager.default.createDirectory(atPath: folder + "/" + entry, withIntermediateDirectories: false)
            } else {
                try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/" + entry))
            }
            let result = try run(folder)
            #expect(result.status == 2 && result.out.isEmpty)
            #expect(result.err == "error: --report \(ErrorText.quotedPath(folder)): an earlier report that also holds \"\(entry)\", which is not part of a report and replacing the folder would delete; move it, or name another folder\n", "\(result.err)")
            #expect(FileManager.default.fileExists(atPath: folder + "/" + entry), "\(entry) is still there")
            try FileManager.default.removeItem(atPath: folder + "/" + entry)
        }
        // So does something put among its failures' timelines, which the commands write there alone.
        try FileManager.default.createDirectory(atPath: folder + "/failures", withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: folder + "/failures/user-3.json"))
        for (entry, isFolder) in [("notes.txt", false), ("mine", true), ("old.json", true)] {
            let path = folder + "/failures/" + entry
            if isFolder {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            } else {
                try Data("mine".utf8).write(to: URL(fileURLWithPath: path))
            }
            let result = try run(folder)
            #expect(result.status == 2 && result.err == "error: --report \(ErrorText.quotedPath(folder)): an earlier report that also holds \"failures/\(entry)\", which is not part of a report and replacing the folder would delete; move it, or name another folder\n", "\(result.err)")
            #expect(FileManager.default.fileExists(atPath: path), "failures/\(entry) is still there")
            try FileManager.default.removeItem(atPath: path)
        }
        for clutter in [".DS_Store", "._report.md", "failures/.DS_Store"] { try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/" + clutter)) }
        #expect(try run(folder).status == 0, "the Finder's files do not keep an earlier report from being replaced")
        // Another tool's lone report.json higher up makes no earlier report of this one.
        let other = root + "/project"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: false)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: other + "/report.json"))
        #expect(try run(other + "/reports/latest").status == 0, "a report.json of another tool above")
        try FileManager.default.removeItem(atPath: other)
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/afile"))
        for (report, message) in [("", "error: --report \"\": no folder is named\n"),
                                  (root + "/afile/sub/r", "error: --report \(ErrorText.quotedPath("\(root)/afile/sub/r")): \(ErrorText.quotedPath("\(root)/afile")) is a file, not a folder\n")] {
            let result = try run(report)
            #expect(result.status == 2 && result.out.isEmpty && result.err == message, "\(report): \(result.err)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == ["afile", "r"], "no staging folder left")
    }

    @Test("a report folder named with a trailing /. is the folder itself")
    func reportFolderWithDot() throws {
        let folder = try temporaryFolder() + "/r"
        let result = try runSimulate(["run", "--seed", "1", "--users", "5", "--years", "1", "--quiet", "--report", folder + "/."])
        #expect(result.status == 0, "\(result.err)")
        #expect(FileManager.default.fileExists(atPath: folder + "/report.json"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: (folder as NSString).deletingLastPathComponent) == ["r"])
    }

    @Test("check refuses a report folder that holds the program it checks, before running it, its path quoted as a shell reads it")
    func checkReportHoldsProgram() throws {
        let root = try temporaryFolder(), folder = root + "/my tools's"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let script = folder + "/impl.sh"
        try Data("#!/bin/sh\nexit 1\n".utf8).write(to: URL(fileURLWithPath: script))
        let result = try runSimulate(["check", "--command", "sh " + ShellText.word(script), "--users", "2", "--report", folder])
        #expect(result.status == 2 && result.out.isEmpty)
        #expect(result.err.contains("holds \(ErrorText.quotedPath(script)), which this command reads"), "\(result.err)")
        #expect(FileManager.default.fileExists(atPath: script), "the program is still there")
    }

    @Test("check refuses a report folder holding the program found through $PATH, or a script named from ~/, as a shell finds them")
    func checkReportHoldsProgramOnPathOrHome() throws {
        let root = try temporaryFolder()
        let tools = root + "/tools", home = root + "/home"
        for folder in [tools, home + "/impl"] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        for script in [tools + "/my-impl", home + "/impl/impl.sh"] {
            try Data("#!/bin/sh\nexit 1\n".utf8).write(to: URL(fileURLWithPath: script))
            #expect(chmod(script, 0o755) == 0)
        }
        let environment = ["PATH": "/nonexistent:" + tools + ":/usr/bin:/bin", "HOME": home]
        for (command, folder, script) in [("LANG=C my-impl --strict", tools, tools + "/my-impl"), ("sh ~/impl/impl.sh", home + "/impl", home + "/impl/impl.sh")] {
            let result = try runSimulate(["check", "--command", command, "--users", "2", "--report", folder], environment: environment)
            #expect(result.status == 2 && result.out.isEmpty, "\(command)")
            #expect(result.err.contains("holds \(ErrorText.quotedPath(script)), which this command reads"), "\(command): \(result.err)")
            #expect(FileManager.default.fileExists(atPath: script), "the program is still there")
        }
        // A program not found on the path, and a `~` that is not a word's start, name nothing.
        let elsewhere = try runSimulate(["check", "--command", "no-such-impl x~/impl/impl.sh", "--users", "1", "--report", home + "/impl"], environment: environment)
        #expect(!elsewhere.err.contains("which this command reads"), "\(elsewhere.err)")
    }

    @Test("--quiet leaves standard error empty on run, check and mutants, and standard output as it was")
    func quietCommands() throws {
        let root = try temporaryFolder()
        let simulate = try #require(PackagePaths.simulate).path
        let commands: [[String]] = [["run", "--seed", "3", "--users", "20", "--years", "1"],
                                    ["check", "--command", "'\(simulate)' replay", "--seed", "3", "--users", "4", "--years", "1"],
                                    ["mutants", "--policy", "daily-quip", "--seed", "3", "--users", "40", "--years", "1"]]
        for (index, command) in commands.enumerated() {
            let loud = try runSimulate(command + ["--jobs", "1", "--report", root + "/loud\(index)"])
            let quiet = try runSimulate(command + ["--jobs", "1", "--report", root + "/quiet\(index)", "--quiet"])
            #expect(!loud.err.isEmpty && quiet.err.isEmpty, "\(command[0]): \(quiet.err)")
            #expect(quiet.status == loud.status, "\(command[0])")
            // Timings aside (the run's time line, a kill's seconds), and the report folder's name.
            let shown = { (text: String, folder: String) in
                text.split(separator: "\n").filter { !$0.hasPrefix("  time") }.joined(separator: "\n").replacingOccurrences(of: folder, with: "DIR")
                    .replacing(/[ ]*[0-9]+\.[0-9]+/, with: " #") // a time, and its column's padding (10 s is wider than 9 s)
            }
            #expect(shown(quiet.out, root + "/quiet\(index)") == shown(loud.out, root + "/loud\(index)"), "\(command[0])")
        }
    }

    @Test("check refuses a program that cannot be started before any run: exit status 2, one line, no report folder")
    func checkProgramCannotStart() throws {
        let root = try temporaryFolder()
        let folder = root + "/tools", script = folder + "/impl.sh", plain = folder + "/notes.txt"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("#!/bin/sh\nexit 1\n".utf8).write(to: URL(fileURLWithPath: script))
        try Data("not a program\n".utf8).write(to: URL(fileURLWithPath: plain))
        #expect(chmod(script, 0o755) == 0)
        let environment = ["PATH": folder + ":/usr/bin:/bin"]
        for (command, problem) in [(root + "/nope", "the program \(ErrorText.quotedPath(root + "/nope")) does not exist"),
                                   ("LANG=C " + folder + " --strict", "the program \(ErrorText.quotedPath(folder)) is a folder"),
                                   (plain, "the program \(ErrorText.quotedPath(plain)) is not executable"),
                                   ("no-such-impl-31 --strict", "no program \"no-such-impl-31\" is found through $PATH"),
                                   (script + "/", "the program \(ErrorText.quotedPath(script + "/")) names a folder (it ends in /)"),
                                   ("LANG=C X=1", "it names no program, only variable assignments")] {
            let report = root + "/report"
            let result = try runSimulate(["check", "--command", command, "--users", "2", "--report", report], environment: environment)
            #expect(result.status == 2 && result.out.isEmpty, "\(command): \(result.status)")
            #expect(result.err == "error: --command \(ErrorText.quotedPath(command)): \(problem)\n", "\(command): \(result.err)")
            #expect(!FileManager.default.fileExists(atPath: report), "\(command): nothing is written")
        }
        // The shell's own words, what only the shell can read, a program found on its path or
        // named by its path: none is refused. Nor is a program the shell finds with no PATH at all.
        for command in ["impl.sh", script, "sh " + script, "cd / && no-such-impl-31", "$IMPL x", "~nobody/impl", "exec impl.sh"] {
            #expect(ExternalProgram(command: command).programProblem(environment: environment) == nil, "\(command)")
        }
        #expect(ExternalProgram(command: "sh " + script).programProblem(environment: [:]) == nil, "the shell's default search path")
        #expect(ExternalProgram(command: "no-such-impl-31").programProblem(environment: [:]) != nil)
    }

    @Test("replay --out writes only a file: a link, a device, a folder or an empty name is refused, nothing printed")
    func replayOutRefusals() throws {
        let folder = try temporaryFolder()
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/target.json"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.json", withDestinationPath: folder + "/target.json")
        #expect(mkfifo(folder + "/pipe", 0o600) == 0)
        for (out, why) in [(folder + "/link.json", "a symbolic link, which writing would replace; name the file itself"), (folder + "/pipe", "not a regular file (a device, a pipe or a socket), which writing would replace"),
                           (folder + "/new/", "it names a folder (it ends in /), not a file"), (folder, "a folder, not a file")] {
            let result = try runSimulate(["replay", "--seed", "1", "--user", "0", "--out", out])
            #expect(result.status == 2 && result.out.isEmpty, "\(out)")
            #expect(result.err.hasSuffix(why + "\n"), "\(out): \(result.err)")
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.json") == folder + "/target.json")
        let empty = try runSimulate(["replay", "--seed", "1", "--user", "0", "--out", ""])
        #expect(empty.status == 2 && empty.err == "error: cannot write \"\": no file is named\n", "\(empty.err)")
    }

    @Test("mutants of a policy file is refused before a report folder is made, naming the path with its end")
    func mutantsOfAPolicyFile() throws {
        let folder = try temporaryFolder()
        let policy = folder + "/a-policy-file-with-a-long-name-to-show-the-whole-path.json"
        try FileManager.default.copyItem(atPath: PackagePaths.root.appendingPathComponent("Sources/SubscriptionModel/Policies/daily-quip.json").path, toPath: policy)
        let result = try runSimulate(["mutants", "--policy", policy, "--report", folder + "/a/b/c"])
        #expect(result.status == 2 && result.out.isEmpty)
        #expect(result.err.contains("to-show-the-whole-path.json\": no mutants are catalogued"), "a long path is cut in the middle, never at its end: \(result.err)")
        #expect(result.err.hasSuffix(" (the shipped policies and the examples scan-credits, photo-units, night-owl, study-week, ask-window, chat-pool and billing-month have them)\n"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/a"), "no folder made")
    }

    @Test("baseline refuses a folder it cannot write before any run, writing nothing")
    func baselineRefusedBeforeRuns() throws {
        let folder = try temporaryFolder()
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: folder + "/baselines"))
        let result = try runSimulate(["baseline", "--report", folder])
        #expect(result.status == 2 && result.out.isEmpty)
        #expect(result.err.contains("\(ErrorText.quotedPath("\(folder)/baselines")) is a file, not a folder"), "\(result.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["baselines"], "nothing written")
    }

    @Test("standard output that cannot be written is one error line and exit status 2, and the report is still written")
    func fullStandardOutput() throws {
        let folder = try temporaryFolder() + "/latest"
        let executable = try #require(PackagePaths.simulate)
        for arguments in [["run", "--seed", "2", "--users", "20", "--years", "1", "--quiet", "--report", folder], ["--help"], ["replay", "--seed", "1", "--user", "0"]] {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
            let err = Pipe()
            process.standardError = err
            try process.run()
            let errText = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationReason == .exit && process.terminationStatus == 2, "\(arguments)")
            #expect(errText.hasSuffix("error: cannot write standard output: No space left on device\n"), "\(arguments): \(errText)")
        }
        #expect(FileManager.default.fileExists(atPath: folder + "/report.json"))
    }
}

extension CommandLineTests {
    @Test("a closed standard output is one error line and exit status 2; a closed standard error changes nothing")
    func closedDescriptors() throws {
        let executable = try #require(PackagePaths.simulate).path
        for (redirect, status, error) in [(">&-", Int32(2), "error: cannot write standard output: Bad file descriptor\n"), ("2>&- > /dev/null", Int32(0), "")] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "'\(executable)' replay --seed 1 --user 0 \(redirect)"]
            let err = Pipe()
            process.standardError = err
            try process.run()
            let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationReason == .exit && process.terminationStatus == status, "\(redirect)")
            #expect(text == error, "\(redirect): \(text)")
        }
    }
}

extension CommandLineTests {
    @Test("a reader that stops early (| head) ends the output quietly: no error line, and the command's own status")
    func readerStopsEarly() throws {
        let executable = try #require(PackagePaths.simulate).path
        let folder = try temporaryFolder()
        // Three years of this user are over a megabyte, far more than a pipe holds, so the writes go on
        // after `head` has gone. (The status is written by the shell that ran the command.)
        let script = "{ '\(executable)' replay --seed 1 --user 1 --policy daily-quip --years 3; echo $? > '\(folder)/status'; } 2> '\(folder)/err' | head -c 100 > /dev/null"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        try process.run()
        process.waitUntilExit()
        let status = try String(contentsOfFile: folder + "/status", encoding: .utf8)
        let err = try String(contentsOfFile: folder + "/err", encoding: .utf8)
        #expect(status == "0\n", "replay's own status: \(status)")
        #expect(err.isEmpty, "nothing on standard error: \(err)")
    }
}

/// A copy of the file at `source`, named `file`, in a fresh folder named `folder` (a
/// name with a space, a quote or a `$`, as a user's folders have); the caller removes
/// `root`, the folder that holds it.
func copyIntoOddFolder(_ source: String, folder: String, file: String) throws -> (root: String, folder: String, path: String) {
    let root = try temporaryFolder(), inner = root + "/" + folder
    try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: source, toPath: inner + "/" + file)
    return (root, inner, inner + "/" + file)
}

/// A new empty folder in the tests' scratch folder (removed when the tests end).
func temporaryFolder() throws -> String { try Scratch.folder() }

import Foundation
import Simulator
import Testing

/// A team's own policy file (not a shipped one) in everything a command prints or
/// writes: commands name it as they were given it (from the working folder, where they
/// are run), a written timeline names it from its own folder (so the two move
/// together).
@Suite("a team's own policy file is named so that it resolves where it is used")
struct OwnPolicyFileTests {
    static let simulate = PackagePaths.simulate?.path ?? "simulate"

    /// Runs `simulate` (or `/bin/sh -c` when `shell`) in `folder`; exit status, standard output and standard error.
    static func run(_ arguments: [String], in folder: String, shell: Bool = false) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell ? "/bin/sh" : try #require(PackagePaths.simulate).path)
        process.arguments = shell ? ["-c"] + arguments : arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    /// daily-quip's rules under another name, as a team's own file at `path`.
    static func writeOwnPolicy(to path: String) throws {
        let shipped = try String(contentsOf: PackagePaths.root.appendingPathComponent("Sources/SubscriptionModel/Policies/daily-quip.json"), encoding: .utf8)
        let own = shipped.replacingOccurrences(of: "\"policy\": \"daily-quip\"", with: "\"policy\": \"friendly-meals\"")
        #expect(own != shipped)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try own.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// The day the reference gave where the planted bug answered 2000-01-01, from a check's FAILED lines.
    static func expectedDay(in output: String) -> String? {
        guard let detail = output.split(separator: "\n").first(where: { $0.hasPrefix("  usage-day at event 5 of the shrunk timeline (user ") && $0.contains("): day 2000-01-01, expected ") }),
              let range = detail.range(of: "expected ") else { return nil }
        return String(detail[range.upperBound...].prefix(10))
    }

    /// The `day` of the output line of event `index` in a replay's output.
    static func day(at index: Int, in output: String) -> String? {
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("{\"i\":\(index),") }),
              let range = line.range(of: #""day":"[0-9-]+""#, options: .regularExpression) else { return nil }
        return String(line[range].dropFirst(7).dropLast())
    }

    @Test("a check under a team's own file prints a command naming it as given, whose written timeline names it from its own folder and replays from elsewhere, moved or not")
    func roundTrip() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let team = root + "/team", work = team + "/work"
        try Self.writeOwnPolicy(to: team + "/policies/friendly.json")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)

        // A program with a planted bug (a wrong usage day at every timeline's sixth event),
        // checked from `work` with the policy file named from there.
        let check = try Self.run(["check", "--batch", "--command", ReportConsistencyTests.wrongSixthDay, "--policy", "../policies/friendly.json",
                                  "--seed", "7", "--users", "20", "--years", "1", "--quiet", "--report", "r"], in: work)
        #expect(check.status == 1, "\(check.err)")
        let failed = try #require(check.out.split(separator: "\n").first { $0.hasPrefix("FAILED: seed 7, user ") })
        let user = try #require(Int(failed.dropFirst("FAILED: seed 7, user ".count).prefix { $0.isNumber }))
        let expected = try #require(Self.expectedDay(in: check.out))

        // The printed commands name the file as given: run from the same folder, they find it.
        let regenerate = "swift run -c release simulate replay --policy ../policies/friendly.json --seed 7 --user \(user) --years 1"
        #expect(check.out.contains("  regenerate:     " + regenerate + "\n"), "\(check.out)")
        let report = try RunReport.read(path: work + "/r/report.json")
        let pasted = try #require(report.failures.first?.regressionTest)
        #expect(pasted.contains("\"policy\": \"../policies/friendly.json\""), "the report's regression test reads its timeline from text, from the working folder: \(pasted)")
        #expect(report.options.command.contains(" --policy ../policies/friendly.json "), "the report's command runs from the working folder: \(report.options.command)")
        #expect(report.failures.first?.regenerateCommand == regenerate)
        #expect(pasted.contains("found by `simulate check --policy ../policies/friendly.json --seed 7"), "\(pasted)")
        // A run's report names it as given too.
        let run = try Self.run(["run", "--policy", "../policies/friendly.json", "--seed", "7", "--users", "30", "--years", "1", "--quiet", "--report", "run"], in: work)
        #expect(run.status == 0, "\(run.err)")
        #expect(try RunReport.read(path: work + "/run/report.json").options.command
                == "swift run -c release simulate run --policy ../policies/friendly.json --seed 7 --users 30 --years 1")

        // The printed command, with --out: the user's timeline names the file from its own folder.
        let arguments = Array(regenerate.split(separator: " ").dropFirst(5).map(String.init)) + ["--out", "../user\(user).json"]
        let replayed = try Self.run(arguments, in: work)
        #expect(replayed.status == 0, "\(replayed.err)")
        #expect(replayed.err.contains("wrote ../user\(user).json ("))
        let written = try String(contentsOfFile: team + "/user\(user).json", encoding: .utf8)
        #expect(written.contains("\n  \"policy\": \"policies/friendly.json\",\n"), "\(written.prefix(300))")
        #expect(written.contains("\"about\": \"simulate run --policy ../policies/friendly.json --seed 7 --years 1: user \(user)\""))

        // From another working folder, and after the team's folder moved, the timeline
        // written beside the policy still replays to the same outputs; a check there
        // writes a failure that replays from anywhere (at event 5, the day the program got wrong).
        let moved = root + "/team-moved"
        try FileManager.default.moveItem(atPath: team, toPath: moved)
        let again = try Self.run(["replay", moved + "/user\(user).json"], in: root)
        #expect(again.status == 0, "\(again.err)")
        #expect(again.out == replayed.out)
        // Given to the program with the planted bug (from the folder its path starts from,
        // as the batch protocol reads it), the user diverges at event 5.
        let program = try Self.run(["{ tr -d '\\n' < user\(user).json; echo; } | " + ReportConsistencyTests.wrongSixthDay], in: moved, shell: true)
        #expect(program.status == 0, "\(program.err)")
        #expect(Self.day(at: 5, in: program.out) == "2000-01-01")
        #expect(Self.day(at: 5, in: replayed.out) != "2000-01-01")
        #expect(Self.day(at: 4, in: program.out) == Self.day(at: 4, in: replayed.out))
        let fresh = try Self.run(["check", "--batch", "--command", ReportConsistencyTests.wrongSixthDay, "--policy", moved + "/policies/friendly.json",
                                  "--seed", "7", "--users", "20", "--years", "1", "--quiet", "--report", root + "/r2"], in: "/")
        #expect(fresh.status == 1)
        #expect(Self.expectedDay(in: fresh.out) == expected)
        let failure = try Self.run(["replay", root + "/r2/failures/check-user\(user).json"], in: "/")
        #expect(failure.status == 0, "\(failure.err)")
        #expect(Self.day(at: 5, in: failure.out) == expected)
    }

    @Test("a shipped policy is still named by its name: the written timeline and the regenerate line")
    func shippedUnchanged() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        let written = try Self.run(["replay", "--policy", "daily-quip", "--seed", "7", "--user", "1", "--years", "1", "--out", "sub/u.json"], in: root)
        #expect(written.status == 0)
        #expect(try String(contentsOfFile: root + "/sub/u.json", encoding: .utf8).contains("\n  \"policy\": \"daily-quip\",\n"))
    }

    @Test("a path is shown from a folder it is inside, else whole (from / too); only standard input and names of descriptors read policies from the working folder")
    func pathsAndFolders() {
        #expect(PolicyLoader.shown("/a/b/c.json", inside: "/a") == "b/c.json")
        #expect(PolicyLoader.shown("/a/b/../c.json", inside: "/a") == "c.json")
        #expect(PolicyLoader.shown("/a/x.json", inside: "/a/b") == "/a/x.json")
        #expect(PolicyLoader.shown("/tmp/x/app.json", inside: "/") == "/tmp/x/app.json")
        for name in ["-", "/dev/stdin", "/dev/fd/63", "/proc/self/fd/0", "/proc/4242/fd/5"] {
            #expect(TimelineReader.folder(of: InputPath(name)) == ".", "\(name)")
        }
        #expect(TimelineReader.folder(of: InputPath("/dev/shm/run/t.json")) == "/dev/shm/run")
        #expect(TimelineReader.folder(of: InputPath("/proc/t.json")) == "/proc")
    }

    @Test("a timeline read through /dev/stdin or a shell's <(…) finds its relative policy file from the working folder, as one on standard input does")
    func timelineThroughDevice() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.writeOwnPolicy(to: root + "/team.json")
        try #"{"policy": "team.json", "zone": "UTC", "events": [{"at": "2026-01-01T00:00:00Z", "do": "install"}]}"#
            .write(toFile: root + "/t.json", atomically: true, encoding: .utf8)
        let plain = try Self.run(["replay", "t.json"], in: root)
        #expect(plain.status == 0 && plain.out.hasPrefix(#"{"i":0,"do":"install""#), "\(plain.err)")
        let simulate = ShellText.word(try #require(PackagePaths.simulate).path)
        for command in ["\(simulate) replay - < t.json", "\(simulate) replay /dev/stdin < t.json", "cat t.json | \(simulate) replay /dev/stdin"] {
            let piped = try Self.run([command], in: root, shell: true)
            #expect(piped.status == 0 && piped.out == plain.out, "\(command): \(piped.err)")
        }
        // (bash's process substitution names a /dev/fd path; sh may not have it.)
        if FileManager.default.isExecutableFile(atPath: "/bin/bash") {
            let substituted = try Self.run(["exec /bin/bash -c '\"$0\" replay <(cat t.json)' \(simulate)"], in: root, shell: true)
            #expect(substituted.status == 0 && substituted.out == plain.out, "\(substituted.err)")
        }
    }

    @Test("replay --out refuses to write over the policy or StoreKit file it reads, by any path or link, and leaves it as it was")
    func outIsNotAnInput() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.writeOwnPolicy(to: root + "/rules/team.json")
        try FileManager.default.createSymbolicLink(atPath: root + "/link.json", withDestinationPath: root + "/rules/team.json")
        let before = try Data(contentsOf: URL(fileURLWithPath: root + "/rules/team.json"))
        for out in ["rules/team.json", "rules/../rules/team.json", "link.json"] {
            let result = try Self.run(["replay", "--policy", "rules/team.json", "--seed", "7", "--user", "1", "--years", "1", "--out", out], in: root)
            #expect(result.status == 2 && result.out.isEmpty, "\(out): \(result.status)")
            #expect(result.err == "error: cannot write \"\(out)\": it is \"rules/team.json\", which this command reads; name another file\n", "\(result.err)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/rules/team.json")) == before)
        let storeKit = PackagePaths.root.appendingPathComponent("Tests/Scenarios/StoreKit/daily-quip-weekly.storekit").path
        try FileManager.default.copyItem(atPath: storeKit, toPath: root + "/p.storekit")
        let overStoreKit = try Self.run(["replay", "--policy", "daily-quip", "--storekit", "p.storekit", "--seed", "7", "--user", "1", "--out", "./p.storekit"], in: root)
        #expect(overStoreKit.status == 2 && overStoreKit.err == "error: cannot write \"./p.storekit\": it is \"p.storekit\", which this command reads; name another file\n", "\(overStoreKit.err)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/p.storekit")) == Data(contentsOf: URL(fileURLWithPath: storeKit)))
    }
}

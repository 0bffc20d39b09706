import Foundation
@testable import Simulator
import Testing

/// Inputs at the ends of their range: a path whose folder is named by one character
/// (which Foundation on Linux traps on when asked for the folder part), a value far
/// longer than a message shows, and a name to write that is not UTF-8.
@Suite("one-character folders and very long values")
struct ShortAndLongInputTests {
    @Test("the folder part of a path is NSString's, one-character names included")
    func parentOfPath() {
        let cases = [("d", ""), ("dd", ""), ("d/x.json", "d"), ("a/b/", "a"), ("a//b", "a"), ("/d", "/"), ("/", "/"), ("./d", "."), ("//a", "/"),
                     ("../x", ".."), ("d/\u{301}x.json", "d")] // (a `/` before a combining mark is a separator still)
        for (path, parent) in cases {
            #expect(ReportFolder.parent(of: path) == parent, "\(path)")
        }
        let long = "x" + String(repeating: "/", count: 100_000) + "y"
        #expect(ReportFolder.parent(of: long) == "x", "a path of 100,000 slashes, in one pass")
    }

    @Test("a file or report under a one-character folder that does not exist yet is written there")
    func oneCharacterFolder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let replay = try runSimulate(["replay", "--seed", "5", "--user", "1", "--out", "d/x.json"], in: folder)
        #expect(replay.status == 0, "\(replay.err.prefix(300))")
        #expect(FileManager.default.fileExists(atPath: folder + "/d/x.json"))
        let run = try runSimulate(["run", "--seed", "5", "--users", "3", "--years", "1", "--quiet", "--report", "B"], in: folder)
        #expect(run.status == 0, "\(run.err.prefix(300))")
        #expect(FileManager.default.fileExists(atPath: folder + "/B/report.json"))
    }

    @Test("a value of 100,000 characters is named in a message cut short, on one line")
    func longValuesCut() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let long = String(repeating: "x", count: 100_000)
        for arguments in [["run", "--users", long], ["run", "--seed", long], ["bench", "--rounds", long], ["check", "--timeout", long],
                          ["run", "--personas", long], ["run", "--users", "5", long], ["mutants", long], ["bench", long],
                          ["run", "--users", "1\n\u{1B}[31mRED"]] {
            let result = try runSimulate(arguments, in: folder)
            let shown = arguments.map { $0.prefix(12) }
            #expect(result.status == 2 && result.out.isEmpty, "\(shown)")
            #expect(result.err.hasPrefix("error: ") && result.err.count < 400, "\(shown): \(result.err.count) characters")
            #expect(result.err.filter { $0 == "\n" }.count == 1 && !result.err.contains("\u{1B}"), "\(shown): \(result.err.prefix(200))")
        }
    }

    @Test("a report or file to write named by bytes that are not UTF-8 is refused, showing them, and nothing is written")
    func nonUTF8OutputNames() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let executable = try #require(PackagePaths.simulate)
        for (arguments, flag) in [(#"run --users 1 --quiet --report "$1/r$(printf '\377')x""#, "--report"),
                                  (#"run --users 1 --quiet --report="$1/r$(printf '\377')x""#, "--report"),
                                  (#"replay --seed 1 --user 0 --out "$1/o$(printf '\377').json""#, "--out")] {
            let result = try run("/bin/sh", ["-c", #"exec "$0" "# + arguments, executable.path, folder])
            #expect(result.status == 2 && result.out.isEmpty, "\(arguments)")
            #expect(result.err.hasPrefix("error: \(flag) \"") && result.err.contains("\\xFF")
                    && result.err.hasSuffix(": not a UTF-8 name, which this command would write as another name; name it in UTF-8\n"), "\(result.err)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [], "\(arguments)")
        }
    }

    @Test("a policy file, StoreKit file or shard folder to read named by bytes that are not UTF-8 is refused as such, not said to be missing")
    func nonUTF8InputNames() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let executable = try #require(PackagePaths.simulate)
        // The files are there: a name repaired to U+FFFD would name another, missing one.
        let policy = try #require(ExamplePolicies.text("scan-credits"))
        for name in ["p\u{FFFD}.json", "s\u{FFFD}.storekit"] { try Data(policy).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        let made = try run("/bin/sh", ["-c", #"cp "$1/p\#u{FFFD}.json" "$1/p$(printf '\377').json" && cp "$1/s\#u{FFFD}.storekit" "$1/s$(printf '\377').storekit" && mkdir "$1/d$(printf '\377')""#, "sh", folder])
        #expect(made.status == 0, "\(made.err)")
        for (arguments, flag) in [(#"run --users 1 --quiet --policy "$1/p$(printf '\377').json" --report "$1/r""#, "--policy "),
                                  (#"run --users 1 --quiet --policy="$1/p$(printf '\377').json" --report "$1/r""#, "--policy "),
                                  (#"storekit "$1/s\#u{FFFD}.storekit" --policy "$1/p$(printf '\377').json""#, "--policy "),
                                  // A StoreKit file the run would record by another name, which neither reproduces nor merges.
                                  (#"run --users 1 --quiet --policy daily-quip --storekit "$1/s$(printf '\377').storekit" --report "$1/r""#, "--storekit "),
                                  (#"policy show "$1/p$(printf '\377').json""#, ""),
                                  (#"merge --report "$1/r" "$1/d$(printf '\377')""#, "")] {
            let result = try run("/bin/sh", ["-c", #"exec "$0" "# + arguments, executable.path, folder])
            #expect(result.status == 2 && result.out.isEmpty, "\(arguments): \(result.err)")
            #expect(result.err.hasPrefix("error: \(flag)\"") && result.err.contains("\\xFF")
                    && result.err.hasSuffix(": not a UTF-8 name, which this command would read as another name; name it in UTF-8\n"), "\(result.err)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/r"), "\(arguments)")
        }
    }

    @Test("a name with a real U+FFFD is written as given, though another argument is not UTF-8")
    func replacementCharacterName() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let executable = try #require(PackagePaths.simulate)
        let result = try run("/bin/sh", ["-c", #"exec "$0" run --users 1 --quiet --report "$1/r\#u{FFFD}x" --personas "$(printf '\377')""#, executable.path, folder])
        #expect(result.status == 2 && result.err.hasPrefix("error: --personas: unknown persona"), "refused for the persona, not the name: \(result.err)")
    }

    @Test("a report folder named by 250 bytes is written; by 300, refused at the end, and the folders made on the way are gone")
    func longFolderNames() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fits = try runSimulate(["run", "--users", "1", "--quiet", "--report", "made/" + String(repeating: "a", count: 250)], in: folder)
        #expect(fits.status == 0, "\(fits.err.prefix(300))")
        #expect(FileManager.default.fileExists(atPath: folder + "/made/" + String(repeating: "a", count: 250) + "/report.json"))
        let tooLong = try runSimulate(["run", "--users", "1", "--quiet", "--report", "new/" + String(repeating: "a", count: 300)], in: folder)
        #expect(tooLong.status == 2 && tooLong.out.isEmpty, "\(tooLong.err.prefix(300))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["made"], "no new/ left behind")
    }

    @Test("a merge refused before its shards are read leaves no folder behind")
    func refusedMergeWritesNothing() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for arguments in [["merge", "nosuch"], ["merge", "--report", "a/b/c", "nosuch"]] {
            let result = try runSimulate(arguments, in: folder)
            #expect(result.status == 2 && result.err == "error: \"nosuch\": no such folder\n", "\(arguments): \(result.err)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [], "\(arguments)")
        }
    }
}

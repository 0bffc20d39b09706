import Foundation
import Simulator
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
        #expect(result.err == "error: no command \"frobnicate\"; see 'simulate --help' for the commands\n")
        let run = try runSimulate(["help", "run"])
        #expect(run.status == 0)
        #expect(run.out.contains("--personas P,...") && run.out.contains("--quiet"))
    }

    @Test("a single user, year and job are counted in the singular")
    func singular() throws {
        let folder = try temporaryFolder()
        let result = try runSimulate(["run", "--seed", "1", "--users", "1", "--years", "1", "--jobs", "1", "--report", folder + "/r"])
        #expect(result.err.contains("1 user, up to 1 year, 1 job"), "\(result.err)")
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

/// A new empty folder under the temporary directory.
func temporaryFolder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("simulate-test-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

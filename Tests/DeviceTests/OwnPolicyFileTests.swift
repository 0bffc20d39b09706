import Foundation
import Simulator
import SubscriptionModel
@testable import SubscriptionTesting
import Testing
import TestSupport

/// A check under a team's own policy file names the file in everything its issue holds
/// (the command that replays the user, the timeline, the regression test to paste), so
/// that each finds the file where it is used: from the package root (where `swift run`
/// runs and `SubscriptionPolicy(packageFile:)` looks), or absolute outside the package.
@Suite("a team's own policy file in a failure's issue")
struct OwnPolicyFileTests {
    /// daily-quip's rules under another name, written as a team's own file at `path`.
    static func writeOwnPolicy(to path: String) throws {
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/SubscriptionModel/Policies/daily-quip.json")
        let text = try String(contentsOf: shipped, encoding: .utf8)
        let own = text.replacingOccurrences(of: "\"policy\": \"daily-quip\"", with: "\"policy\": \"friendly-meals\"")
        #expect(own != text)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try own.write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test("the replay command, the timeline and the pasted test name the file, and each reproduces the failure")
    func issueNamesTheFile() async throws {
        let folder = try Scratch.folder("own-policy")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/policies/friendly.json"
        try Self.writeOwnPolicy(to: file)
        let policy = try SubscriptionPolicy(packageFile: file)
        #expect(policy.name == "friendly-meals" && policy != .dailyQuip)

        var report: HarnessReport?
        try await withKnownIssue {
            report = try await SubscriptionHarness.check(CardQuota.adapter(.resetsOnlyAtLaunch), policy: policy, users: 24)
        } matching: { issue in
            issue.comments.count == 1 && issue.comments[0].rawValue.hasPrefix("CardQuota(resetsOnlyAtLaunch) broke no-over-blocking (G4, G6) under friendly-meals.")
        }
        let failure = try #require(report?.failure)
        let found = try #require(failure.found)
        // Outside the package: the absolute path (as the command line quotes it).
        let path = URL(fileURLWithPath: file).standardizedFileURL.path
        #expect(failure.replayCommand == "swift run -c release simulate replay --policy \(ShellText.word(path)) --seed \(found.seed) --user \(found.user) --years \(found.years) --app-life --out user\(found.user).json")
        #expect(failure.timelineJSON.contains("\n  \"policy\": \(JSONText.quoted(path)),\n"))
        #expect(failure.regressionTest.contains("SubscriptionHarness.check(<#adapter#>, policy: try SubscriptionPolicy(packageFile: \(HarnessText.swiftString(path))), timeline: #\"\"\""),
                "\(failure.regressionTest)")
        #expect(failure.regressionTestXCTest.contains("policy: try SubscriptionPolicy(packageFile: \(HarnessText.swiftString(path)))"))
        #expect(!failure.message().contains("<#policy#>"))

        // The timeline as the timeline file, read from its own folder: the same policy and events.
        #expect(try TimelineReader().read(data: Data(failure.timelineJSON.utf8), folder: "/") == failure.timeline)

        // The pasted test: the policy read as it reads it, the timeline as it holds it.
        let pastedPolicy = try SubscriptionPolicy(packageFile: path)
        var pasted: HarnessReport?
        await withKnownIssue {
            pasted = try await SubscriptionHarness.check(CardQuota.adapter(.resetsOnlyAtLaunch), policy: pastedPolicy, timeline: failure.timelineJSON)
        }
        #expect(pasted?.failure?.violation == failure.violation)
        let fixed = try await SubscriptionHarness.check(CardQuota.adapter(), policy: pastedPolicy, timeline: failure.timelineJSON)
        #expect(fixed.passed)

        #if os(macOS) || os(Linux)
        // The printed command, run from another working folder: it regenerates the user
        // that failed, whose timeline fails the same way.
        var executable = Bundle.main.bundleURL
        for _ in 0..<4 where !FileManager.default.isExecutableFile(atPath: executable.appendingPathComponent("simulate").path) {
            executable.deleteLastPathComponent()
        }
        let simulate = executable.appendingPathComponent("simulate").path
        try #require(FileManager.default.isExecutableFile(atPath: simulate), "the simulate executable is built next to the tests")
        let elsewhere = try Scratch.folder("elsewhere")
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        let command = try #require(failure.replayCommand).replacingOccurrences(of: "swift run -c release simulate ", with: ShellText.word(simulate) + " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command + " > /dev/null 2>&1"]
        process.currentDirectoryURL = URL(fileURLWithPath: elsewhere)
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let user = try TimelineReader().read(path: elsewhere + "/user\(found.user).json")
        #expect(user.policy == policy)
        #expect(user.events.count == found.originalEvents)
        var again: HarnessReport?
        await withKnownIssue {
            again = try await SubscriptionHarness.check(CardQuota.adapter(.resetsOnlyAtLaunch), policy: policy,
                                                        timeline: TimelineWriter(policyReference: path).text(user))
        }
        #expect(again?.failure?.violation == found.originalViolation)
        #endif
    }

    @Test("inside a package the file is named from its root; a shipped policy or a file no longer there by its name")
    func namedFromThePackageRoot() throws {
        let folder = try Scratch.folder("package")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let root = URL(fileURLWithPath: folder).standardizedFileURL.path
        try "// swift-tools-version: 6.0\n".write(toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
        try Self.writeOwnPolicy(to: root + "/Policies/friendly.json")
        #expect(PolicyPlace.packageRoot(of: root + "/Tests/AppTests/QuotaTests.swift") == root)

        let data = try Data(contentsOf: URL(fileURLWithPath: root + "/Policies/friendly.json"))
        let inside = try SubscriptionPolicy(data: data, file: root + "/Policies/friendly.json")
        #expect(PolicyPlace.reference(inside, packageRoot: root) == "Policies/friendly.json")
        #expect(PolicyPlace.reference(inside, packageRoot: root + "/Tests") == root + "/Policies/friendly.json", "outside the package: absolute")
        #expect(HarnessText.policyExpression(inside.name, file: "Policies/friendly.json") == #"try SubscriptionPolicy(packageFile: "Policies/friendly.json")"#)
        #expect(HarnessText.replayCommand(policyName: "Policies/friendly.json", seed: 1, user: 2, years: 3)
                == "swift run -c release simulate replay --policy Policies/friendly.json --seed 1 --user 2 --years 3 --app-life --out user2.json")

        #expect(PolicyPlace.reference(.dailyQuip, packageRoot: root) == nil)
        let labelled = try SubscriptionPolicy(data: data, file: "friendly.json") // a label, no file there
        #expect(PolicyPlace.reference(labelled, packageRoot: root) == nil)
        #expect(HarnessText.policyExpression(labelled.name) == "<#policy#>")
    }

    @Test("a package file that cannot be read is named with the package root it was looked for under")
    func missingPackageFile() throws {
        let root = try #require(PolicyPlace.packageRoot(of: "\(#filePath)"))
        let error = try #require(throws: HarnessError.self) { try SubscriptionPolicy(packageFile: "Policies/no-such-file.json") }
        #expect(error.problem == "policy file \"Policies/no-such-file.json\": cannot be read (relative to the package root, \(ErrorText.quotedPath(root)))", "\(error.problem)")
    }
}

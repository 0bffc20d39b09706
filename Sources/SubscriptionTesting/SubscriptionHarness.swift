import Foundation
import SimulatorCore
import SubscriptionModel

/// Checks a team's own quota code against a policy from a Swift Testing or XCTest test,
/// in one call:
///
/// ```swift
/// @Test func quotaFollowsTheRules() async throws {
///     try await SubscriptionHarness.check(QuotaManager.adapter, policy: .dailyQuip, users: 300)
/// }
/// ```
///
/// It plays generated users (the policy's own generator: years of uses, midnights,
/// zone changes, reinstalls, purchases, renewals and lapses) through the adapter on a
/// `SimulatedDevice` each, checks every event against the policy's invariants, and on
/// the first user that breaks one, shrinks the timeline and records ONE test issue:
/// the invariant, the seed and user, what the app reported beside what the rules say,
/// the shrunk timeline as JSON, the command that replays it and a regression test to
/// paste. `SIMULATE_SEED` and `SIMULATE_USERS` override the seed and the size.
///
/// It throws only when it cannot check at all (`HarnessError`: the adapter lacks a
/// feature of the policy, names a feature or screen it does not have, or gives one
/// twice; a setting is malformed; a timeline does not read).
public enum SubscriptionHarness {
    /// The seed of a check that names none: fixed, so a test run is repeatable.
    public static let defaultSeed: UInt64 = 20_261_121
    /// The users of a check that names no size: seconds for synchronous code.
    public static let defaultUsers = 300

    /// Plays `users` generated users of `policy` through `adapter` and records one test
    /// issue at the first that breaks an invariant. Returns what it did.
    @concurrent
    @discardableResult
    public static func check<App>(_ adapter: AppAdapter<App>, policy: SubscriptionPolicy, users: Int = defaultUsers, seed: UInt64 = defaultSeed,
                                  years: Int = CampaignOptions.defaultYears, fileID: String = #fileID, filePath: StaticString = #filePath,
                                  line: UInt = #line, column: UInt = #column, function: String = #function) async throws -> HarnessReport {
        let settings = try HarnessSettings(seed: seed, users: users, years: years, environment: ProcessInfo.processInfo.environment)
        let run = HarnessRun(binding: try AdapterBinding(adapter, policy: policy))
        var report = await HarnessThread.run { run.hunt(settings) }
        report.policyFile = PolicyPlace.reference(policy, packageRoot: PolicyPlace.packageRoot(of: "\(filePath)"))
        report.testFilter = IssueRecorder.testFilter(function: function)
        record(report, fileID: fileID, filePath: filePath, line: line, column: column)
        return report
    }

    /// Plays one timeline (a timeline file's JSON text, as a pasted regression test holds
    /// it) through `adapter` under `policy` and records one test issue if it breaks an
    /// invariant. Throws when the text does not read, names another policy, or has the
    /// user use the app (or a timer fire) while it is in the background.
    @concurrent
    @discardableResult
    public static func check<App>(_ adapter: AppAdapter<App>, policy: SubscriptionPolicy, timeline text: String,
                                  fileID: String = #fileID, filePath: StaticString = #filePath,
                                  line: UInt = #line, column: UInt = #column) async throws -> HarnessReport {
        let timeline: Timeline
        let root = PolicyPlace.packageRoot(of: "\(filePath)")
        let file = PolicyPlace.reference(policy, packageRoot: root)
        do {
            // The policy given is the one the text names by its file (as a pasted test
            // holds it) or by its name; another file is looked up from the package root.
            var reader = TimelineReader()
            reader.knownPolicies[policy.name] = policy
            if let file { reader.knownPolicies[file] = policy }
            timeline = try reader.read(data: Data(text.utf8), folder: root ?? ".")
        } catch {
            throw HarnessError("timeline: \(error.place): \(error.problem)")
        }
        guard timeline.policy == policy else {
            throw HarnessError("timeline: policy: the timeline is under \(timeline.policy.name), the check under \(policy.name)")
        }
        // The app is asked nothing in the background: a use there could not be played.
        if let fault = timeline.appLifeFault { throw HarnessError("timeline: \(fault)") }
        let run = HarnessRun(binding: try AdapterBinding(adapter, policy: policy))
        var report = await HarnessThread.run { run.check(timeline) }
        report.policyFile = file
        record(report, fileID: fileID, filePath: filePath, line: line, column: column)
        return report
    }

    private static func record(_ report: HarnessReport, fileID: String, filePath: StaticString, line: UInt, column: UInt) {
        guard let message = report.issue(forXCTest: !IssueRecorder.isSwiftTesting) else { return }
        IssueRecorder.record(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

import Foundation
import SimulatorCore

/// What one `SubscriptionHarness.check` did: how much it played, what the app's reports
/// let it judge, and the failure or problem it recorded, if any.
public struct HarnessReport: Sendable, CustomStringConvertible {
    /// How the code under test is named.
    public var adapterName: String
    /// The policy's name.
    public var policyName: String
    /// A team's own policy file as commands name it (`HarnessFailure.policyFile`).
    var policyFile: String? {
        didSet { failure?.policyFile = policyFile }
    }
    /// The seed, users and years of a campaign (nil for a given timeline).
    public var settings: HarnessSettings?
    /// The policy's screens the adapter reads.
    public var screensRead: [String]
    /// The policy's screens the adapter does not read (not judged).
    public var screensNotRead: [String]
    /// Users played (a campaign stops at its first failure).
    public var users = 0
    /// Events played.
    public var events = 0
    /// What the app under check reported (the shadow app's reports are compared, not counted).
    public var tally = ObservationTally()
    /// The invariant the app broke, shrunk and described; nil when none broke.
    public var failure: HarnessFailure?
    /// Why the app could not be judged (a closure threw or hung, or the machine's tz data
    /// disagree with the harness's tables); nil when it could.
    public var problem: String?
    /// The user of a campaign whose timeline could not be judged; nil otherwise.
    public var problemUser: Int?
    /// The `swift test --filter` pattern of the test that ran the check
    /// (`\.QuotaTests/quotaFollowsTheRules\(` from Swift Testing,
    /// `/testQuotaFollowsTheRules$` from XCTest), which the command to run it again
    /// names; nil when the caller is not a test it could name.
    public var testFilter: String?
    /// Wall-clock seconds.
    public var seconds = 0.0

    /// Creates an empty report.
    init(adapterName: String, policyName: String, settings: HarnessSettings?, screensRead: [String], screensNotRead: [String]) {
        self.adapterName = adapterName
        self.policyName = policyName
        self.settings = settings
        self.screensRead = screensRead
        self.screensNotRead = screensNotRead
    }

    /// Which fields the app's reports let the check judge, and which it took from the
    /// reference engine and never judged (`docs/testing-your-app.md`).
    public var observed: String {
        HarnessText.observed(tally, screensRead: screensRead, screensNotRead: screensNotRead)
    }

    /// Whether every event played kept every invariant and the app could be judged.
    public var passed: Bool { failure == nil && problem == nil }

    /// The one test issue to record, or nil when the check passed.
    public func issue(forXCTest: Bool) -> String? {
        if let failure { return failure.message(forXCTest: forXCTest, testFilter: testFilter) }
        guard let problem else { return nil }
        var lines = ["\(adapterName) could not be checked under \(policyName): \(problem)"]
        if let settings, let user = problemUser {
            lines += HarnessText.reproductionLines(policyName: policyFile ?? policyName, seed: settings.seed, user: user, years: settings.years, testFilter: testFilter)
        }
        return lines.joined(separator: "\n")
    }

    /// One line: what was played and how it went.
    public var description: String {
        let scope = settings.map { "seed \($0.seed), \(Figures.count(users, "user")) of \($0.users), years \($0.years)" } ?? "one timeline"
        let verdict = failure.map { "broke \($0.invariant.rawValue)" } ?? (problem == nil ? "passed" : "could not be checked")
        return "\(adapterName) under \(policyName): \(verdict) (\(scope), \(Figures.count(events, "event")), \(String(format: "%.1f", seconds)) s)"
    }
}

import SimulatorCore
import SubscriptionModel

/// A policy invariant the team's code broke, with everything a team needs to act on it:
/// the invariant and its rules, where it was found (seed, user), the shrunk timeline as
/// JSON, what the app reported beside what the rules give at each of its events, the
/// command that replays the user through the reference engine, and a regression test to
/// paste. `message` is the one test issue `SubscriptionHarness` records.
public struct HarnessFailure: Sendable {
    /// Where a campaign found it (nil for a given timeline).
    public struct Found: Sendable {
        /// The run's seed.
        public var seed: UInt64
        /// The first user whose trace broke an invariant.
        public var user: Int
        /// The users the run would have played.
        public var users: Int
        /// The run's years (a user depends on seed, index and years).
        public var years: Int
        /// That user's persona.
        public var persona: Persona
        /// The generated timeline's length.
        public var originalEvents: Int
        /// The violation on the generated timeline.
        public var originalViolation: Violation<Invariant>
        /// Candidates tried while shrinking.
        public var shrinkAttempts: Int
    }

    /// How the code under test is named.
    public var adapterName: String
    /// The policy's name.
    public var policyName: String
    /// A team's own policy file, from the package root or absolute (`PolicyPlace`): what
    /// the commands, the timeline and the test name instead of `policyName`; nil for a
    /// shipped policy and one whose file is not known.
    var policyFile: String?
    /// The invariant broken.
    public var invariant: Invariant
    /// Where it was found; nil when a given timeline was checked.
    public var found: Found?
    /// The violation on `timeline`.
    public var violation: Violation<Invariant>
    /// The timeline that shows it (shrunk, for a campaign's finding, unless `playedAgain`).
    public var timeline: Timeline
    /// Each event up to the violation: what the app reported and what the rules give.
    public var trace: [String]
    /// Which fields the check could judge (`HarnessText.observed`).
    public var observed: String
    /// Whether the adapter gave the second device (the timeline without its looks and
    /// reinstalls, G11) the same app object as the first: a singleton.
    var sharedApp = false
    /// When the violation is G11's: the invariant the second device's play (the timeline
    /// without its looks, reinstalls and app moments) broke on its own, if any.
    var brokenWithout: Violation<Invariant>?

    /// What the harness saw when it played the shrunk timeline once more and it did not
    /// fail as before (an app that answers differently from one play to the next);
    /// `timeline` is then the user's own, as its first play failed. Nil otherwise.
    var playedAgain: PlayedAgain?

    /// A shrunk timeline that did not fail again as the user's timeline had.
    struct PlayedAgain: Sendable {
        /// What that play gave.
        enum Outcome: Sendable {
            /// No invariant broken.
            case passed
            /// The app threw or hung: why.
            case notJudged(String)
            /// Another invariant broken.
            case brokeAnother(Violation<Invariant>)
        }
        /// The events of the timeline played again; nil when it was the user's whole one
        /// (shrinking could not start: it passed the first time the harness played it again).
        var shrunkEvents: Int?
        /// What that play gave.
        var outcome: Outcome

        /// `the shrunk timeline (7 events)` or `the user's timeline`.
        var which: String {
            shrunkEvents.map { "the shrunk timeline (\($0) \($0 == 1 ? "event" : "events"))" } ?? "the user's timeline"
        }

        /// `passed`, `could not be judged`, `broke exact-texts instead`.
        var brief: String {
            switch outcome {
            case .passed: "passed"
            case .notJudged: "could not be judged"
            case .brokeAnother(let other): "broke \(other.invariant.rawValue) instead"
            }
        }

        /// The message's line; `testBelow` when the issue prints a regression test.
        func text(testBelow: Bool) -> String {
            let detail: String = switch outcome {
            case .passed: ""
            case .notJudged(let problem): " (\(problem))"
            case .brokeAnother(let other): ", at its event \(other.eventIndex)"
            }
            return "Played once more, \(which) \(brief)\(detail): the app answered differently from one play to the next "
                + "(state kept from one play to the next, such as a singleton or a static variable, or the real clock). "
                + "Shown: the user's whole timeline, as its first play failed" + (testBelow ? "; the regression test below may not fail the same way." : ".")
        }
    }

    /// The timeline as a timeline file (`docs/timeline-format.md`).
    public var timelineJSON: String {
        let about = found.map { "SubscriptionHarness.check of \(adapterName): seed \($0.seed), user \($0.user) (years \($0.years)), "
            + (playedAgain == nil ? "shrunk from \($0.originalEvents) events" : "its whole timeline, not shrunk") + "; \(violation)" }
            ?? "\(adapterName): \(violation)"
        return TimelineWriter(policyReference: policyFile ?? policyName).text(timeline, about: about)
    }

    /// The command that regenerates the user, prints the reference engine's output for
    /// each event and writes the user's timeline to a file (nil for a given timeline).
    public var replayCommand: String? {
        found.map { HarnessText.replayCommand(policyName: policyFile ?? policyName, seed: $0.seed, user: $0.user, years: $0.years) }
    }

    /// A Swift Testing test that plays the timeline through the adapter and fails until
    /// the bug is fixed.
    public var regressionTest: String {
        """
        /// \(policyName): \(invariant.rawValue) (\(invariant.rules(under: timeline.policy))), \(origin). Fails until the bug is fixed.
        @Test("regression: \(policyName) \(invariant.rawValue)\(found.map { ", seed \($0.seed) user \($0.user)" } ?? "")")
        func \(functionName)() async throws {
            try await SubscriptionHarness.check(<#adapter#>, policy: \(HarnessText.policyExpression(policyName, file: policyFile)), timeline: #\"\"\"
        \(indentedTimeline)
                \"\"\"#)
        }
        """
    }

    /// The same test for an XCTest case.
    public var regressionTestXCTest: String {
        """
        /// \(policyName): \(invariant.rawValue) (\(invariant.rules(under: timeline.policy))), \(origin). Fails until the bug is fixed.
        func test\(functionName.prefix(1).uppercased() + functionName.dropFirst())() async throws {
            try await SubscriptionHarness.check(<#adapter#>, policy: \(HarnessText.policyExpression(policyName, file: policyFile)), timeline: #\"\"\"
        \(indentedTimeline)
                \"\"\"#)
        }
        """
    }

    /// The issue's text: what broke, where, the trace, how to replay, the timeline and
    /// the test to paste (`regressionTest`, or `regressionTestXCTest` when `forXCTest`).
    /// `testFilter` names the running test in the command that runs the check again.
    public func message(forXCTest: Bool = false, testFilter: String? = nil) -> String {
        var lines = ["\(adapterName) broke \(invariant.rawValue) (\(invariant.rules(under: timeline.policy))) under \(policyName)."]
        if let found {
            let place = "Found at user \(found.user) of seed \(found.seed) (\(found.persona.rawValue), years \(found.years)), event \(found.originalViolation.eventIndex) of \(found.originalEvents)"
            if let playedAgain {
                lines.append(place + ".")
                lines.append(playedAgain.text(testBelow: !omitsTimeline))
            } else {
                lines.append(place + "; shrunk to \(timeline.events.count) events (\(found.shrinkAttempts) tries).")
            }
        }
        if sharedApp {
            lines.append("Your adapter gave the second simulated device (which plays the timeline without its looks and reinstalls, for G11) "
                         + "the same app object as the first: a singleton (a `static let shared`) carries one device's state into the other's play. "
                         + "Make one app object for each SimulatedDevice: AppAdapter { device in MyApp(device: device) }.")
        }
        if let brokenWithout {
            lines.append("Played without its looks, reinstalls and moments of the app's life (G11's second device), the app broke \(brokenWithout.invariant.rawValue) "
                         + "(\(brokenWithout.invariant.rules(under: timeline.policy))) on its own, at event \(brokenWithout.eventIndex): \(brokenWithout.detail). "
                         + "The trace below is the first device's, which kept to the rules up to the event marked; the fault is in the play without them.")
        }
        // The event counted in the shrunk timeline the trace shows (the line above says
        // where the user's own timeline broke).
        lines.append(found.map { violation.description(at: ShrinkingText.place(user: $0.user, shrunk: playedAgain == nil, originalEvent: nil)) }
                     ?? violation.description)
        lines.append("")
        lines.append("What the app reported, and what the rules say (event, instant on the device, what happened | app | rules):")
        lines += trace.map { "  " + $0 }
        lines.append("")
        lines.append("Checked: \(observed).")
        if let found {
            lines += HarnessText.reproductionLines(policyName: policyFile ?? policyName, seed: found.seed, user: found.user, years: found.years, testFilter: testFilter)
        }
        lines.append("")
        // The user's whole timeline, not shrunk, runs to thousands of events: the replay
        // command above writes it, and a test of it would not fail the same way.
        if omitsTimeline, let found {
            lines.append("The timeline (the user's whole one, \(Figures.grouped(timeline.events.count)) events, not shrunk) is not printed, nor a regression test of it: "
                         + "the replay command above writes it to user\(found.user).json, and while the app's answers vary between plays such a test may not fail the same way.")
            return lines.joined(separator: "\n")
        }
        // A policy path from the package root resolves from a timeline file saved there.
        let saved = policyFile.map { !$0.hasPrefix("/") } == true ? " in the package root, where its policy path starts," : ""
        lines.append("The timeline (save it as a file\(saved) and replay it with: \(ShellText.simulate) replay FILE):")
        lines.append(timelineJSON.trimmingSuffix())
        lines.append("")
        lines.append("A regression test to paste (put your adapter in place of <#adapter#>\(policyFile == nil && HarnessText.policyExpression(policyName) == "<#policy#>" ? ", and your policy in place of <#policy#>" : "")):")
        lines.append(forXCTest ? regressionTestXCTest : regressionTest)
        return lines.joined(separator: "\n")
    }

    /// The most events of a whole timeline that is not shrunk that the issue prints.
    static let longestPrinted = 200

    /// Whether the issue leaves out the timeline and its regression test: a user's whole
    /// timeline, not shrunk, of more than `longestPrinted` events.
    var omitsTimeline: Bool { playedAgain != nil && found != nil && timeline.events.count > Self.longestPrinted }

    private var origin: String {
        guard let found else { return "on a given timeline" }
        return "found by SubscriptionHarness.check (seed \(found.seed), user \(found.user), years \(found.years))"
            + (playedAgain.map { ", its whole timeline (\($0.which) \($0.brief) when played again)" } ?? " and shrunk to \(timeline.events.count) events")
    }

    private var functionName: String {
        RegressionTestText.functionName("\(policyName) \(invariant.rawValue)" + (found.map { " seed \($0.seed) user \($0.user)" } ?? ""))
    }

    private var indentedTimeline: String {
        RegressionTestText.indentedTimeline(timelineJSON.trimmingSuffix())
    }
}

extension String {
    /// The text without its trailing newlines.
    fileprivate func trimmingSuffix() -> String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}

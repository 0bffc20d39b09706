import SimulatorCore
/// A Swift Testing test for `Tests/Scenarios` that replays a shrunk failure through the
/// implementation that failed and fails until its bug is fixed: what a reviewer pastes
/// into the suite.
///
/// The test constructs that implementation (the reference model for `simulate run`, the
/// mutant for `simulate mutants`) and checks the timeline against every invariant, and,
/// for anything other than the reference, against the reference model field by field;
/// so pasted for a buggy implementation it fails, and it passes once the bug is gone.
package enum RegressionTest {
    /// The test for a shrunk failure of `simulate run`.
    package static func source(for failure: ShrunkFailure<FlagshipRules>, timelineText: String, implementation: String = "FlagshipReferenceImplementation()") -> String {
        source(name: failure.invariant.rawValue + "-seed\(failure.seed)-user\(failure.user)",
               title: "\(failure.invariant.rawValue), seed \(failure.seed), user \(failure.user)",
               summary: "\(failure.invariant.rawValue) (\(failure.invariant.rules)), found by `simulate run --seed \(failure.seed) --years \(failure.years)`\n/// (user \(failure.user)) and shrunk to \(Figures.count(failure.timeline.events.count, "event")).",
               timelineText: timelineText, implementation: implementation)
    }

    /// A test that `implementation` (a Swift expression building a
    /// `FlagshipImplementation`) handles the timeline without breaking an invariant
    /// and, unless it is the reference model itself, exactly as the reference does.
    package static func source(name: String, title: String, summary: String, timelineText: String, implementation: String) -> String {
        let comparing = implementation.hasPrefix("FlagshipReferenceImplementation(") ? "" : "comparingWithReference: true"
        return source(name: name, title: title, summary: summary, timelineText: timelineText,
                      read: "FlagshipTimelineReader().read(data:", check: "FlagshipTimelineCheck(\(comparing)) { \(implementation) }",
                      run: "check.check(zone: timeline.zone, events: timeline.events)")
    }

    /// The same for a timeline under a policy: `implementation` builds a
    /// `SubscriptionImplementation`.
    package static func policySource(name: String, title: String, summary: String, timelineText: String, implementation: String) -> String {
        let comparing = implementation.hasPrefix("ReferenceImplementation(") ? "" : ", comparingWithReference: true"
        return source(name: name, title: title, summary: summary, timelineText: timelineText,
                      read: "TimelineReader().read(data:", check: "TimelineCheck(policy: timeline.policy\(comparing)) { \(implementation) }",
                      run: "check.check(timeline)")
    }

    private static func source(name: String, title: String, summary: String, timelineText: String, read: String, check: String, run: String) -> String {
        test(name: name, title: title, summary: summary + " Fails until the bug is fixed.", timelineText: timelineText, read: read, body: [
            "var check = \(check)",
            "let violation = \(run).violation",
            #"#expect(violation == nil, "\(violation.map(String.init(describing:)) ?? "")")"#,
        ])
    }

    /// The one shape every regression test the package writes has: a `@Test` whose
    /// function is named after `name`, which reads the timeline (pasted as a raw string
    /// literal) with `read` and then runs `body`, one statement a line.
    static func test(name: String, title: String, summary: String, timelineText: String, read: String, body: [String]) -> String {
        """
        import Foundation
        import Simulator
        import SubscriptionModel
        import Testing

        /// \(summary)
        @Test("regression: \(title)")
        func \(RegressionTestText.functionName(name))() throws {
            let timeline = try \(read) Data(#\"\"\"
        \(RegressionTestText.indentedTimeline(timelineText))
                \"\"\"#.utf8))
        \(body.map { "    " + $0 }.joined(separator: "\n"))
        }
        """
    }
}

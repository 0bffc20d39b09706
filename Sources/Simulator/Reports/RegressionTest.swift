/// A Swift Testing test for `Tests/Scenarios` that replays a shrunk failure through the
/// implementation that failed and fails until its bug is fixed: what a reviewer pastes
/// into the suite.
///
/// The test constructs that implementation (the reference model for `simulate run`, the
/// mutant for `simulate mutants`) and checks the timeline against every invariant, and,
/// for anything other than the reference, against the reference model field by field;
/// so pasted for a buggy implementation it fails, and it passes once the bug is gone.
public enum RegressionTest {
    /// The test for a shrunk failure of `simulate run`.
    public static func source(for failure: ShrunkFailure, timelineText: String, implementation: String = "ReferenceImplementation()") -> String {
        source(name: failure.invariant.rawValue + "-seed\(failure.seed)-user\(failure.user)",
               title: "\(failure.invariant.rawValue), seed \(failure.seed), user \(failure.user)",
               summary: "\(failure.invariant.rawValue) (\(failure.invariant.rules)), found by `simulate run --seed \(failure.seed) --years \(failure.years)`\n/// (user \(failure.user)) and shrunk to \(Figures.count(failure.timeline.events.count, "event")).",
               timelineText: timelineText, implementation: implementation)
    }

    /// A test that `implementation` (a Swift expression building a
    /// `SubscriptionImplementation`) handles the timeline without breaking an invariant
    /// and, unless it is the reference model itself, exactly as the reference does.
    public static func source(name: String, title: String, summary: String, timelineText: String, implementation: String) -> String {
        let comparing = implementation.hasPrefix("ReferenceImplementation(") ? "" : "comparingWithReference: true"
        return source(name: name, title: title, summary: summary, timelineText: timelineText,
                      read: "TimelineReader().read(data:", check: "TimelineCheck(\(comparing)) { \(implementation) }",
                      run: "check.check(zone: timeline.zone, events: timeline.events)")
    }

    /// The same for a timeline under a policy: `implementation` builds a
    /// `PolicyImplementation`.
    public static func policySource(name: String, title: String, summary: String, timelineText: String, implementation: String) -> String {
        let comparing = implementation.hasPrefix("PolicyReferenceImplementation(") ? "" : ", comparingWithReference: true"
        return source(name: name, title: title, summary: summary, timelineText: timelineText,
                      read: "PolicyTimelineReader().read(data:", check: "PolicyTimelineCheck(policy: timeline.policy\(comparing)) { \(implementation) }",
                      run: "check.check(timeline)")
    }

    private static func source(name: String, title: String, summary: String, timelineText: String, read: String, check: String, run: String) -> String {
        let function = "regression" + name.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        let indented = timelineText.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "        " + $0 }.joined(separator: "\n")
        return """
        import Foundation
        import Simulator
        import SubscriptionModel
        import Testing

        /// \(summary) Fails until the bug is fixed.
        @Test("regression: \(title)")
        func \(function)() throws {
            let timeline = try \(read) Data(#\"\"\"
        \(indented)
                \"\"\"#.utf8))
            var check = \(check)
            let violation = \(run).violation
            #expect(violation == nil, "\\(violation.map(String.init(describing:)) ?? "")")
        }
        """
    }
}

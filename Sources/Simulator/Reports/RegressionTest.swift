/// A Swift Testing test for `Tests/Scenarios` that replays a shrunk failure and fails
/// until the bug is fixed: what a reviewer pastes into the suite.
public enum RegressionTest {
    /// The test's source text.
    public static func source(for failure: ShrunkFailure, timelineText: String, implementation: String = "ReferenceImplementation()") -> String {
        let name = "regression" + failure.invariant.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            + "Seed\(failure.seed)User\(failure.user)"
        let indented = timelineText.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "        " + $0 }.joined(separator: "\n")
        return """
        import Foundation
        import Simulator
        import SubscriptionModel
        import Testing

        /// \(failure.invariant.rawValue) (\(failure.invariant.rules)), found by `simulate run --seed \(failure.seed) --years \(failure.years)`
        /// (user \(failure.user)) and shrunk to \(failure.timeline.events.count) events. Fails until the bug is fixed.
        @Test("regression: \(failure.invariant.rawValue), seed \(failure.seed), user \(failure.user)")
        func \(name)() throws {
            let timeline = try TimelineReader().read(data: Data(#\"\"\"
        \(indented)
                \"\"\"#.utf8))
            var check = TimelineCheck { \(implementation) }
            let violation = check.check(zone: timeline.zone, events: timeline.events).violation
            #expect(violation == nil, "\\(violation.map(String.init(describing:)) ?? "")")
        }
        """
    }
}

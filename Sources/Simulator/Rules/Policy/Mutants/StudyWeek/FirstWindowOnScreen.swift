import SubscriptionModel
import SimulatorCore

/// Shows a screen of several windows by the first one the plan limits, as an app that
/// reads `limits.first` would (G10): a Free user with 3 lessons left today and 3 of 10
/// this week is told "3 lessons left", where the week, on a tie the larger limit, warns.
package struct FirstWindowOnScreen: Mutant {
    package static let name = "screen-reads-first-window"
    package static let mistake = "a screen of several windows shows the first window the plan limits, not the one with the fewest left"
    package static let policyName = "study-week"
    /// The install, 7 lessons over Sunday to Tuesday, and a look on Wednesday: the day and
    /// the week have 3 left each (a tie needs 7 lessons on earlier days of the week).
    package static let smallestCounterexample = 9
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-05-03T10:00:00Z", .install), ("2026-05-03T10:01:00Z", .uses(3, "lesson")),
                             ("2026-05-04T10:00:00Z", .uses(3, "lesson")), ("2026-05-05T10:00:00Z", .use("lesson")),
                             ("2026-05-06T10:00:00Z", .look)])
    }
    /// A wrong screen text from right counts: only the mutant's own screens show it.
    package static let showsOnlyInItsOwnScreens = true
    package var store = Self.freshStore
    package init() {}

    package func decidingWindow(usesLeft: [Int], limits: [Int]) -> Int { 0 }
}

import SubscriptionModel
import SimulatorCore

/// Tells a user blocked by the day's limit that it resets at midnight (G8), the day start
/// kept for counting but forgotten in the message: the promised reset comes four hours
/// early and does not help.
package struct ResetAtMidnight: Mutant {
    package static let name = "reset-at-midnight"
    package static let mistake = "a day's reset instant is the next midnight, not the next 04:00"
    package static let policyName = "night-owl"
    /// The install, the day's five puzzles and a sixth, blocked.
    package static let smallestCounterexample = 7
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-10T10:00:00Z", .install), ("2026-01-10T10:01:00Z", .uses(6, "solve"))])
    }
    package var store = Self.freshStore
    package init() {}

    package func resetInstant(for reason: BlockReason, after instant: Instant) -> Instant? {
        resetInstant(for: reason, after: instant, in: zoneOfTheCalendar)
    }
}

import SubscriptionModel
import SimulatorCore

/// Tells a user blocked by the week's limit that it resets seven days of elapsed time
/// later (G8), where it resets at the start of the next Sunday: the promise is days off.
package struct WeekResetInSevenDays: Mutant {
    package static let name = "week-reset-in-seven-days"
    package static let mistake = "a week's reset instant is 7 × 24 hours after the block, not the start of the next week"
    package static let policyName = "study-week"
    /// The install, ten lessons over four days (three a day), and an eleventh, blocked.
    package static let smallestCounterexample = 12
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-04T09:00:00Z", .install), ("2026-01-04T10:00:00Z", .uses(3, "lesson")),
                             ("2026-01-05T10:00:00Z", .uses(3, "lesson")), ("2026-01-06T10:00:00Z", .uses(3, "lesson")),
                             ("2026-01-07T10:00:00Z", .uses(2, "lesson"))])
    }
    package var store = Self.freshStore
    package init() {}

    package func resetInstant(for reason: BlockReason, after instant: Instant) -> Instant? {
        guard reason == .week else { return resetInstant(for: reason, after: instant, in: calendarZone) }
        return instant.adding(milliseconds: 7 * Milliseconds.twentyFourHours)
    }
}

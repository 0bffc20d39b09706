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
        guard reason == .day || reason == .month else { return nil }
        let day = usageDay(at: instant)
        let (year, month, _) = day.components
        let target = reason == .day ? LocalDate(daysSince1970: day.daysSince1970 + 1)
            : month == 12 ? LocalDate(year: year + 1, month: 1, day: 1) : LocalDate(year: year, month: month + 1, day: 1)
        return CalendarWalk.firstInstant(after: instant, reaching: target, in: store.zone)
    }
}

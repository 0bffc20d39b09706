import SubscriptionModel
import SimulatorCore

/// Counts weeks from Monday, as ISO 8601 and many date libraries do, where the policy's
/// weeks start on Sunday (G3): Sunday's lessons still count against the week before.
package struct WeekStartsOnMonday: Mutant {
    package static let name = "week-starts-on-monday"
    package static let mistake = "weeks are counted from Monday (ISO 8601), not from the policy's Sunday"
    package static let policyName = "study-week"
    /// The install, a lesson on a Saturday and one on the Sunday after it, a new week.
    package static let smallestCounterexample = 3
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-03T10:00:00Z", .install), ("2026-01-03T10:01:00Z", .use("lesson")),
                             ("2026-01-04T10:00:00Z", .use("lesson"))])
    }
    package var store = Self.freshStore
    package init() {}

    /// Weeks since the Monday before 1 January 1970 (a Thursday).
    static func mondayWeek(_ day: LocalDate) -> Int { (Int(day.daysSince1970) + 3 + 7_000_000) / 7 }

    package func countsInForce(at instant: Instant) -> [UsageCounts] {
        var counts = defaultCountsInForce(at: instant)
        let day = usageDay(at: instant)
        guard let stored = store.usageDay, day > stored else { return counts }
        let newWeek = Self.mondayWeek(day) > Self.mondayWeek(stored)
        for meter in counts.indices { counts[meter].week = newWeek ? 0 : store.counts[meter].week }
        return counts
    }

    package func resetInstant(for reason: BlockReason, after instant: Instant) -> Instant? {
        guard reason == .week else { return resetInstant(for: reason, after: instant, in: calendarZone) }
        let monday = LocalDate(daysSince1970: Int32((Self.mondayWeek(usageDay(at: instant)) + 1) * 7 - 7_000_000 - 3))
        return CalendarWalk.firstInstant(after: instant, reaching: monday, in: calendarZone)
    }
}

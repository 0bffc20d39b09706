import SubscriptionModel
import SimulatorCore

/// Finding instants by the local date a zone shows, from its table of offsets: what an
/// app asks `Calendar` for ("the next midnight", "the start of today"), answered without
/// assuming a day lasts 24 hours.
///
/// Within one span of a constant offset the local date only moves forward, at local
/// midnight; across a change of offset it may jump either way. So the first instant at
/// which the date reaches a target is, in the first span where it does, either the
/// span's start or that span's local midnight of the target.
package enum CalendarWalk {
    /// The first instant strictly after `instant` at which `zone`'s local date is `target`
    /// or later (G8's reset instant when `target` is the day after the usage day, or the
    /// first of the next month).
    package static func firstInstant(after instant: Instant, reaching target: LocalDate, in zone: TimeZoneRules) -> Instant {
        let targetLocalStart = Int64(target.daysSince1970) * Milliseconds.twentyFourHours
        var from = instant.millisecondsSince1970 + 1
        // A zone changes offset a few times a year; a month is crossed within a few spans.
        for _ in 0..<1_000 {
            let span = zone.offsetSpan(at: Instant(millisecondsSince1970: from))
            let candidate = max(from, targetLocalStart - span.offset)
            if candidate < span.until { return Instant(millisecondsSince1970: candidate) }
            from = span.until
        }
        return Instant(millisecondsSince1970: from)
    }

    /// The first instant of the local date `zone` shows at `instant` (what
    /// `Calendar.startOfDay(for:)` returns): an instant, so the same date in another zone
    /// starts at another one.
    package static func startOfDay(at instant: Instant, in zone: TimeZoneRules) -> Instant {
        // A local date starts less than three days of elapsed time before any instant in it.
        firstInstant(after: instant.adding(milliseconds: -3 * Milliseconds.twentyFourHours), reaching: zone.localDate(at: instant), in: zone)
    }
}

import SubscriptionModel
import SimulatorCore

/// Compares `Calendar.current.startOfDay(for:)` values for equality to decide whether
/// the day changed (Q1): a start of day is an instant, so the same date seen from
/// another zone has another start and the count resets; a date that went back (flying
/// west over midnight) resets it too. Every zone change buys five more cards.
package struct StartOfDayComparedForEquality: Mutant {
    package static let name = "start-of-day-compared-for-equality"
    package static let mistake = "the saved startOfDay instant compared for equality with today's: any zone change resets the count"
    package static let policyName = "daily-quip"
    /// The install, a card, and a zone change on the same date.
    package static let smallestCounterexample = 3
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:00:00Z", .use("view-card")), ("2026-01-10T12:01:00Z", .zone("Europe/Paris"))])
    }
    package var store = Self.freshStore
    /// `startOfDay` of the saved day, as the device's calendar gave it when the count was saved.
    private var savedStartOfDay: Instant?
    package init() {}

    package mutating func forgetOwnState() {
        savedStartOfDay = nil
    }

    func sameDay(at instant: Instant) -> Bool {
        savedStartOfDay == CalendarWalk.startOfDay(at: instant, in: calendarZone)
    }

    package func usageDay(at instant: Instant) -> LocalDate {
        guard let saved = store.usageDay, sameDay(at: instant) else { return calendarDate(at: instant) }
        return saved
    }

    package func countsInForce(at instant: Instant) -> [UsageCounts] {
        guard let saved = store.usageDay, !sameDay(at: instant) else { return store.counts }
        let (year, month, _) = calendarDate(at: instant).components, (savedYear, savedMonth, _) = saved.components
        let sameMonth = year == savedYear && month == savedMonth
        return store.counts.map { UsageCounts(day: 0, month: sameMonth ? $0.month : 0, total: $0.total, stock: $0.stock) }
    }

    package mutating func countUse(meter: Int, cost: Int, at instant: Instant) {
        defaultCountUse(meter: meter, cost: cost, at: instant)
        savedStartOfDay = CalendarWalk.startOfDay(at: instant, in: calendarZone)
    }
}

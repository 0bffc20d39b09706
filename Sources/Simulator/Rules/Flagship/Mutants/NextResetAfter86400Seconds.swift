import SubscriptionModel
import SimulatorCore

/// Schedules the next reset as the start of the local day plus 86 400 s: right on
/// most days, an hour off on the 23- and 25-hour days of DST changes (U3).
package struct NextResetAfter86400Seconds: FlagshipMutant {
    package static let name = "next-reset-start-of-day-plus-86400s"
    package static let mistake = "the next reset is the start of the day + 86,400 s (wrong on 23- and 25-hour days)"
    package static let smallestCounterexample = 3 // install, capture on a DST day, a look in the hour the reset is off by
    /// Through a count: install, ten captures on a 25-hour day within the trial, and an
    /// eleventh in the hour the reset comes early.
    package static func smallestCounterexample(through invariant: FlagshipInvariant) -> Int? {
        invariant == .limitRespected || invariant == .noOverBlocking ? 12 : nil
    }
    package var store = Self.freshStore
    private var nextReset: Instant?
    package init() {}

    package mutating func forgetOwnState() {
        nextReset = nil
    }

    package func usage(at instant: Instant) -> (day: LocalDate, used: Int) {
        guard let day = store.counterDay, let nextReset, instant < nextReset else { return (localDate(at: instant), 0) }
        return (day, store.counterValue)
    }

    package mutating func count(day: LocalDate, used: Int, at instant: Instant) {
        store.counterDay = day
        store.counterValue = used + 1
        let startOfDay = Int64(day.daysSince1970) * Milliseconds.twentyFourHours - store.zone.offsetMilliseconds(at: instant)
        nextReset = Instant(millisecondsSince1970: startOfDay + 86_400_000)
    }
}

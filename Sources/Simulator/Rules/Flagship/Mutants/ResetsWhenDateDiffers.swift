import SubscriptionModel
import SimulatorCore

/// Resets the counter whenever today's local date differs from the stored day, instead
/// of only when it is later (U3): flying west, or a DST change that moves the date
/// back, buys a fresh 10.
package struct ResetsWhenDateDiffers: FlagshipMutant {
    package static let name = "resets-when-date-differs"
    package static let mistake = "resets when the local date differs from the stored day instead of when it advances past it"
    package static let smallestCounterexample = 3 // install, capture, a zone change to an earlier date
    package var store = Self.freshStore
    package init() {}

    package func usage(at instant: Instant) -> (day: LocalDate, used: Int) {
        let today = localDate(at: instant)
        guard let day = store.counterDay, day == today else { return (today, 0) }
        return (day, store.counterValue)
    }
}

import SubscriptionModel
import SimulatorCore

/// Keys the counter by the UTC date (`Date()` formatted without a time zone), so the
/// day resets at UTC midnight, not local midnight (U2).
package struct CounterKeyedByUTCDate: FlagshipMutant {
    package static let name = "counter-keyed-by-utc-date"
    package static let mistake = "the usage day is the UTC date, not the local date"
    package static let smallestCounterexample = 1 // an install where the local and UTC dates differ
    package var store = Self.freshStore
    package init() {}

    package func localDate(at instant: Instant) -> LocalDate {
        LocalDate(localMilliseconds: instant.millisecondsSince1970)
    }
}

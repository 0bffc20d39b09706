import SubscriptionModel
import SimulatorCore

/// Reads the device's UTC offset once, at install, and uses it forever: DST changes
/// and travel never move the local date (U2).
package struct OffsetCachedAtInstall: FlagshipMutant {
    package static let name = "offset-cached-at-install"
    package static let mistake = "the UTC offset is cached at install (DST and zone changes ignored)"
    package static let smallestCounterexample = 2 // install, a zone change to another date
    package var store = Self.freshStore
    private var offset: Int64?
    package init() {}

    package mutating func forgetOwnState() {
        offset = nil
    }

    package mutating func handle(_ event: FlagshipEvent) -> FlagshipOutput {
        if offset == nil { offset = store.zone.offsetMilliseconds(at: event.at) }
        return handleWithHooks(event)
    }

    package func localDate(at instant: Instant) -> LocalDate {
        LocalDate(localMilliseconds: instant.millisecondsSince1970 + (offset ?? 0))
    }
}

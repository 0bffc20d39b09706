import SubscriptionModel

/// Reads the device's UTC offset once, at install, and uses it forever: DST changes
/// and travel never move the local date (U2).
public struct OffsetCachedAtInstall: Mutant {
    public static let name = "offset-cached-at-install"
    public static let mistake = "the UTC offset is cached at install (DST and zone changes ignored)"
    public static let smallestCounterexample = 2 // install, a zone change to another date
    public var store = Self.freshStore
    private var offset: Int64?
    public init() {}

    public mutating func forgetOwnState() {
        offset = nil
    }

    public mutating func handle(_ event: Event) -> Output {
        if offset == nil { offset = store.zone.offsetMilliseconds(at: event.at) }
        return handleWithHooks(event)
    }

    public func localDate(at instant: Instant) -> LocalDate {
        LocalDate(localMilliseconds: instant.millisecondsSince1970 + (offset ?? 0))
    }
}

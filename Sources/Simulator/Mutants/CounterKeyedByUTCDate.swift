import SubscriptionModel

/// Keys the counter by the UTC date (`Date()` formatted without a time zone), so the
/// day resets at UTC midnight, not local midnight (U2).
public struct CounterKeyedByUTCDate: Mutant {
    public static let name = "counter-keyed-by-utc-date"
    public static let mistake = "the usage day is the UTC date, not the local date"
    public static let smallestCounterexample = 1 // an install where the local and UTC dates differ
    public var store = Self.freshStore
    public init() {}

    public func localDate(at instant: Instant) -> LocalDate {
        LocalDate(localMilliseconds: instant.millisecondsSince1970)
    }
}

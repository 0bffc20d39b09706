import SubscriptionModel

/// Ends the trial at the end of the third local calendar day instead of 72 hours of
/// elapsed time (T2): a user who installs in the evening gets most of a fourth day.
public struct TrialAsThreeCalendarDays: Mutant {
    public static let name = "trial-as-three-calendar-days"
    public static let mistake = "the trial is three calendar days, not 72 hours"
    public static let smallestCounterexample = 2 // install, a look between I + 72 h and the third local midnight
    public var store = Self.freshStore
    public init() {}

    public func plan(at instant: Instant) -> Plan {
        if let tier = store.entitlement { return tier.plan }
        guard let installed = store.installedAt else { return .none }
        return localDate(at: instant).daysSince1970 - localDate(at: installed).daysSince1970 < 3 ? .trial : .none
    }
}

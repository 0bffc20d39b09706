/// The edge cases a run should reach, counted from the timelines it generated.
///
/// Each has a floor: a minimum number of occurrences per thousand users. A run below
/// a floor marks the category as not exercised and fails, so a change to the
/// generator cannot silently stop reaching an edge. The floors are set at roughly a
/// quarter of what the default mix of personas reaches.
public enum EdgeCategory: String, Hashable, Sendable, CaseIterable, Codable {
    /// Consecutive events in one zone straddle a DST start (the offset grows).
    case dstSpringForward = "dst-spring-forward"
    /// Consecutive events in one zone straddle a DST end (the offset shrinks).
    case dstFallBack = "dst-fall-back"
    /// A crossed offset change skipped local midnight (America/Sao_Paulo 2018-11-04).
    case missingMidnight = "missing-midnight"
    /// A crossed offset change took the clock back across midnight (America/St_Johns 2006).
    case fallBackAcrossMidnight = "fall-back-across-midnight"
    /// The local date jumped by two or more between events (Pacific/Apia 2011, UTC−12 to UTC+14).
    case skippedDate = "skipped-date"
    /// The local date went backward between events (fall-back or westward zone change).
    case repeatedDate = "repeated-date"
    /// A zone change of more than 12 hours: a flight across the date line.
    case dateLineTravel = "date-line-travel"
    /// A zone change that moved the local date, undone within an hour.
    case zoneToggleAcrossDate = "zone-toggle-across-date"
    /// An attempt in the last minute of a local day.
    case lastMinuteBeforeReset = "last-minute-before-reset"
    /// An attempt in the first minute of a local day.
    case firstMinuteAfterReset = "first-minute-after-reset"
    /// The trial ended between two consecutive attempts.
    case trialEndsBetweenAttempts = "trial-ends-between-attempts"
    /// A purchase (or resubscription) reported by StoreKit.
    case purchase
    /// Premium to Unlimited, at once.
    case upgrade
    /// Unlimited to Premium, at the end of the period.
    case downgradeAtRenewal = "downgrade-at-renewal"
    /// Auto-renew off: access ended with the period.
    case cancellation
    /// A failed renewal ended access (at once or after the grace period).
    case lapse
    /// A refund or revocation ended access at once.
    case refund
    /// The app was deleted and installed again.
    case reinstall

    /// The minimum occurrences per 1,000 users for the category to count as exercised.
    public var floorPerThousandUsers: Double {
        // About a quarter of what the default mix reaches (seed 7, 20,000 users, 3 years);
        // for the categories one persona owns (subscriber: StoreKit; reinstaller) about
        // 55 %, so a mix without that persona falls below.
        switch self {
        case .dstSpringForward, .dstFallBack: 60
        case .missingMidnight: 18
        case .fallBackAcrossMidnight: 5
        case .skippedDate: 15
        case .repeatedDate: 350
        case .dateLineTravel: 550
        case .zoneToggleAcrossDate: 180
        case .lastMinuteBeforeReset, .firstMinuteAfterReset: 11_000
        case .trialEndsBetweenAttempts: 190
        case .purchase: 175
        case .upgrade: 29
        case .downgradeAtRenewal: 24
        case .cancellation: 41
        case .lapse: 36
        case .refund: 20
        case .reinstall: 215
        }
    }

    /// The floor for a run of `users` users (at least 1).
    public func floor(users: Int) -> Int {
        max(1, Int((floorPerThousandUsers * Double(users) / 1000).rounded(.up)))
    }

    /// What the category means, for reports.
    public var meaning: String {
        switch self {
        case .dstSpringForward: "DST start crossed between two events"
        case .dstFallBack: "DST end crossed between two events"
        case .missingMidnight: "an offset change skipped local midnight"
        case .fallBackAcrossMidnight: "an offset change took the clock back across midnight"
        case .skippedDate: "the local date jumped by two or more"
        case .repeatedDate: "the local date went backward"
        case .dateLineTravel: "a zone change of more than 12 hours"
        case .zoneToggleAcrossDate: "a zone change across a date, undone within an hour"
        case .lastMinuteBeforeReset: "an attempt in the last minute of a local day"
        case .firstMinuteAfterReset: "an attempt in the first minute of a local day"
        case .trialEndsBetweenAttempts: "the trial ended between two attempts"
        case .purchase: "StoreKit: purchase or resubscription"
        case .upgrade: "StoreKit: upgrade, at once"
        case .downgradeAtRenewal: "StoreKit: downgrade at the end of the period"
        case .cancellation: "StoreKit: cancelled, access to the end of the period"
        case .lapse: "StoreKit: failed renewal, access ended"
        case .refund: "StoreKit: refund or revocation"
        case .reinstall: "the app deleted and installed again"
        }
    }

    /// The category an entitlement change of `kind` counts under, if any.
    public static func of(_ kind: EntitlementChange.Kind) -> EdgeCategory? {
        switch kind {
        case .purchase, .resubscription: .purchase
        case .upgrade: .upgrade
        case .downgrade: .downgradeAtRenewal
        case .cancellation: .cancellation
        case .lapse: .lapse
        case .refund: .refund
        case .renewal, .recovery: nil
        }
    }
}

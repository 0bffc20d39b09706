/// The edge cases a run should reach, counted from the timelines it generated.
///
/// Each has a floor that scales with the run's size (`floor(users:years:)`): a run
/// below a floor marks the category as not exercised and fails, so a change to the
/// generator cannot silently stop reaching an edge, while a passing run of any size is
/// not failed by chance.
@usableFromInline
package enum EdgeCategory: String, Hashable, Sendable, CaseIterable, Codable {
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
    /// StoreKit reported no entitlement while none was in force, inside the trial: a
    /// Restore Purchases that found nothing (the trial goes on).
    case emptyRestoreInTrial = "empty-restore-in-trial"
    /// StoreKit ended an entitlement inside the trial: a purchase made in the trial was
    /// refunded before its period ended (the trial is back until it runs out).
    case refundInTrial = "refund-in-trial"
    /// The app was deleted and installed again.
    case reinstall

    /// How often the default mix of personas reaches the category: the mean and the
    /// standard deviation of its count per user, measured over 100,000 users of seed
    /// 1000003 with `--years 3` (every persona; not the default run's seed, so a default
    /// run's counts are a check of these figures, not a copy of them).
    package var perUser: (mean: Double, spread: Double) {
        switch self {
        case .dstSpringForward: (0.24249, 0.63451)
        case .dstFallBack: (0.24112, 0.63238)
        case .missingMidnight: (0.05086, 0.29657)
        case .fallBackAcrossMidnight: (0.01690, 0.17057)
        case .skippedDate: (0.06263, 0.42070)
        case .repeatedDate: (1.45229, 5.92491)
        case .dateLineTravel: (2.19426, 9.11618)
        case .zoneToggleAcrossDate: (0.74413, 3.15334)
        case .lastMinuteBeforeReset: (43.05303, 178.03095)
        case .firstMinuteAfterReset: (42.80071, 178.19106)
        case .trialEndsBetweenAttempts: (0.76547, 0.42370)
        case .purchase: (0.32234, 0.63627)
        case .upgrade: (0.05139, 0.26887)
        case .downgradeAtRenewal: (0.04245, 0.23968)
        case .cancellation: (0.06993, 0.30292)
        case .lapse: (0.06209, 0.30603)
        case .refund: (0.05766, 0.25353)
        case .emptyRestoreInTrial: (0.04748, 0.25758)
        case .refundInTrial: (0.02361, 0.15183)
        case .reinstall: (0.38109, 1.20330)
        }
    }

    /// The share of the expected count a run must reach: a quarter, so that a change
    /// to the generator can move a category without failing every run; for the
    /// categories one persona owns (the subscriber's StoreKit changes, the
    /// reinstaller's reinstalls) 55 %, so that a mix without that persona falls below.
    package var floorFraction: Double {
        switch self {
        case .purchase, .upgrade, .downgradeAtRenewal, .cancellation, .lapse, .refund, .reinstall: 0.55
        default: 0.25
        }
    }

    /// How far below its expected count a run may fall by chance before the floor is
    /// trusted: six standard deviations of a run's count. The count is a sum of
    /// independent users, so its spread is `√users × spread`, and a passing run falls
    /// below `expected − 6 × that` about once in a billion runs.
    package static var chanceMargin: Double { 6 }

    /// A category's floor for a run of a given size, and how it was set.
    package struct Floor: Hashable, Sendable {
        /// The count the default mix is expected to reach in this run.
        package var expected: Double
        /// The minimum count; 0 when the run is too small for any floor to be safe from chance.
        package var value: Int
        /// How the value was set, for the report.
        package var rule: String

        /// A floor with these parts.
        package init(expected: Double, value: Int, rule: String) {
            self.expected = expected
            self.value = value
            self.rule = rule
        }

        /// The floor of a category reached `mean` times per user with standard deviation
        /// `spread` (measured over 3-year timelines), for a run of `users` users over up
        /// to `years` years: the lower of `fraction` of the expected count and the
        /// expected count less `chanceMargin` standard deviations of the run's count.
        package init(mean: Double, spread perUser: Double, fraction: Double, users: Int, years: Int) {
            let scale = min(1, Double(max(years, 1)) / 3)
            expected = mean * Double(users) * scale
            let spread = perUser * Double(users).squareRoot() * scale
            let byShare = fraction * expected
            let byChance = expected - EdgeCategory.chanceMargin * spread
            value = max(0, Int(min(byShare, byChance).rounded(.down)))
            let shown = Figures.grouped(Int(expected.rounded()))
            if value == 0 {
                rule = "not judged: expected \(shown), too few users for a floor safe from chance"
            } else if byShare <= byChance {
                rule = "\(Int(fraction * 100)) % of the expected \(shown)"
            } else {
                rule = "expected \(shown) less 6 standard deviations (\(Figures.grouped(Int(spread.rounded()))) each)"
            }
        }
    }

    /// The floor for a run of `users` users over up to `years` years.
    ///
    /// The lower of two bounds: `floorFraction` of the expected count, and the expected
    /// count less `chanceMargin` standard deviations, so a passing run is not failed by
    /// chance however small it is (a run too small for the lower bound to be above 0 is
    /// not judged). Timelines shorter than the 3 years the figures were measured at
    /// reach less, so the expectation is scaled by `years / 3` below that.
    package func floor(users: Int, years: Int = 3) -> Floor {
        Floor(mean: perUser.mean, spread: perUser.spread, fraction: floorFraction, users: users, years: years)
    }

    /// What the category means, for reports.
    package var meaning: String {
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
        case .emptyRestoreInTrial: "StoreKit: no entitlement, none in force, in the trial (an empty restore)"
        case .refundInTrial: "StoreKit: access ended inside the trial (a refund)"
        case .reinstall: "the app deleted and installed again"
        }
    }
}

extension EdgeCategory {
    /// The category's position in `allCases`, for array-backed counters.
    @inlinable
    package var position: Int {
        switch self {
        case .dstSpringForward: 0
        case .dstFallBack: 1
        case .missingMidnight: 2
        case .fallBackAcrossMidnight: 3
        case .skippedDate: 4
        case .repeatedDate: 5
        case .dateLineTravel: 6
        case .zoneToggleAcrossDate: 7
        case .lastMinuteBeforeReset: 8
        case .firstMinuteAfterReset: 9
        case .trialEndsBetweenAttempts: 10
        case .purchase: 11
        case .upgrade: 12
        case .downgradeAtRenewal: 13
        case .cancellation: 14
        case .lapse: 15
        case .refund: 16
        case .emptyRestoreInTrial: 17
        case .refundInTrial: 18
        case .reinstall: 19
        }
    }
}

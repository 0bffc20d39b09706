import SubscriptionModel
import SimulatorCore

/// A subscriber's life in StoreKit's terms, for auto-renewable subscriptions in one
/// group where Unlimited ranks above Premium. Only the resulting current entitlement
/// reaches the model, at the instants StoreKit would report it:
///
/// - monthly renewals on the purchase's day of the month, clamped to the month's last day
///   (a purchase on the 31st renews on 30 April and 28/29 February);
/// - an upgrade takes effect at once and starts a new period from that moment;
/// - a downgrade waits for the end of the current period;
/// - a cancellation keeps access to the end of the period;
/// - a failed renewal keeps access through the app's billing grace period (3, 16 or
///   28 days when the app enables one) or loses it at once, until a billing retry
///   succeeds within 60 days (which starts a new period);
/// - a refund or revocation removes access at once;
/// - after access ends the user may resubscribe.
package struct FlagshipStoreKitLifecycle: Sendable {

    /// The entitlement changes of one subscriber between `purchaseFrom` and `end`.
    package static func changes(_ random: inout SeededRandom, purchaseFrom: Instant, end: Instant) -> [FlagshipEntitlementChange] {
        let day = Milliseconds.twentyFourHours
        let grace = Int64(random.pick(StoreKitLifecycle.graceDays)) * day
        var changes: [FlagshipEntitlementChange] = []
        var start = purchaseFrom
        var kind = FlagshipEntitlementChange.Kind.purchase
        while start < end {
            var tier: PaidTier = random.chance(0.6) ? .premium : .unlimited
            changes.append(FlagshipEntitlementChange(at: start, tier: tier, kind: kind))
            var anchor = start, renewals = 1
            var lostAt: Instant?
            while lostAt == nil {
                let periodEnd = StoreKitLifecycle.renewal(of: anchor, months: renewals)
                if periodEnd >= end { return changes }
                let inPeriod = Instant(millisecondsSince1970: random.int64(in: anchor.millisecondsSince1970...periodEnd.millisecondsSince1970 - 1))
                switch random.below(100) {
                case 0..<8 where tier == .premium:
                    tier = .unlimited
                    changes.append(FlagshipEntitlementChange(at: inPeriod, tier: tier, kind: .upgrade))
                    anchor = inPeriod; renewals = 1
                    continue
                case 8..<16 where tier == .unlimited:
                    tier = .premium
                    changes.append(FlagshipEntitlementChange(at: periodEnd, tier: tier, kind: .downgrade))
                case 16..<22:
                    changes.append(FlagshipEntitlementChange(at: periodEnd, tier: nil, kind: .cancellation))
                    lostAt = periodEnd
                case 22..<25:
                    changes.append(FlagshipEntitlementChange(at: inPeriod, tier: nil, kind: .refund))
                    lostAt = inPeriod
                case 25..<31:
                    // A failed renewal; billing retry may recover it within 60 days.
                    let retry: Instant? = random.chance(0.6)
                        ? periodEnd.adding(milliseconds: random.int64(in: 1...StoreKitLifecycle.billingRetryDays * day - 1)) : nil
                    if let retry, retry.milliseconds(to: periodEnd.adding(milliseconds: grace)) > 0 {
                        // Recovered within the grace period: access never stopped, dates unchanged.
                    } else {
                        let lapse = periodEnd.adding(milliseconds: grace)
                        if lapse >= end { return changes }
                        changes.append(FlagshipEntitlementChange(at: lapse, tier: nil, kind: .lapse))
                        guard let retry else { lostAt = lapse; break }
                        if retry >= end { return changes }
                        changes.append(FlagshipEntitlementChange(at: retry, tier: tier, kind: .recovery))
                        anchor = retry; renewals = 1
                        continue
                    }
                default:
                    if random.chance(0.3) { changes.append(FlagshipEntitlementChange(at: periodEnd, tier: tier, kind: .renewal)) }
                }
                renewals += 1
            }
            guard let lostAt, random.chance(0.5) else { break }
            start = lostAt.adding(milliseconds: random.int64(in: 1...90 * day))
            kind = .resubscription
        }
        return changes
    }

}

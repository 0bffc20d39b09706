import SubscriptionModel

/// A buyer's life in StoreKit's terms for any policy's products, as the entitlement
/// reports the app receives (G12: product, `expires`, `renews`). Products are ranked
/// by their plan (paid plans are in rank order, G9) and every auto-renewable product is
/// in one subscription group:
///
/// - an auto-renewable product's periods come from the product (`P1M`, `P1Y`, ...);
///   a renewal keeps the purchase's day of the month, clamped to a shorter month's end,
///   and reports the same product with the next `expires`;
/// - an upgrade (a higher-ranked plan) takes effect at once and starts a new period;
///   a downgrade, or a crossgrade to the same plan's other period, waits for the end of
///   the period;
/// - a cancellation reports the same product and `expires` with `renews` false; access
///   then ends with the period (no entitlement), unless auto-renew is turned on again;
/// - a failed renewal keeps access through the app's billing grace (0, 3, 16 or 28 days;
///   at most 6 for a weekly period, as StoreKit caps it) and then ends it, until a billing
///   retry succeeds within 60 days;
/// - a refund ends access at once, sometimes within hours of the purchase;
/// - a lifetime (non-consumable) purchase never expires (`expires` unknown, `renews`
///   false) but can be refunded;
/// - a product's introductory offer (`introductoryOffer`, format 2) is taken, seven
///   times in ten, at the buyer's first purchase only (StoreKit makes a user eligible
///   once per subscription group; a resubscription, an upgrade or a later period pays
///   the full price): the first `expires` is the offer's end (a free week, three months
///   of a reduced price), the buyer may cancel, be refunded or upgrade during it as in
///   any period, and the renewals then follow the product's own period from the offer's
///   end;
/// - after access ends the buyer may buy again;
/// - StoreKit's reports at a period's end (a renewal, a downgrade or crossgrade taking
///   effect, the end of a cancelled subscription) reach the app at that instant, or, for
///   a user offline then (`offlineAtPeriodEnd`), when the device is next online: a
///   minute to four days late, never after the next period's end. Meanwhile the app
///   holds an entitlement whose `expires` has passed, which still decides the plan (G12).
///   (A lapse after a failed renewal with no billing grace is heard at once.) On a
///   device whose clock is behind StoreKit's (the `clockBehind` habit), a renewal, downgrade or
///   crossgrade reaches the app a moment to two minutes *before* the `expires` it
///   follows, by the device's clock; the end of access never does (a report of no
///   entitlement before `expires` would be a refund).
///
/// Every `expires` lies within the years the timeline format can write (up to
/// 2099-12-31): a period that would end later is not started.
package struct StoreKitLifecycle {
    let traits: UserTraits
    let habits: Swarm.Habits
    /// The last instant an `expires` may name.
    let latestExpiry: Instant
    /// The chance that a purchase is refunded within hours, for a purchase inside the
    /// trial and for any other.
    let quickRefundInTrial: Double, quickRefundChance: Double
    /// When the trial ends, if the policy has one.
    let trialEnd: Instant?

    private static var day: Int64 { Milliseconds.twentyFourHours }

    /// The changes from a first purchase at `purchaseFrom` until `end` (exclusive), in time order.
    func changes(_ random: inout SeededRandom, purchaseFrom: Instant, end: Instant) -> [EntitlementChange] {
        var changes: [EntitlementChange] = []
        let graceDays = Int64(random.pick(StoreKitLifecycle.graceDays))
        var t = purchaseFrom
        var kind = EntitlementChange.Kind.purchase
        var lives = 0
        while t < end, lives < 64 {
            lives += 1
            guard let lost = life(&random, from: t, kind: kind, end: end, graceDays: graceDays, eligible: lives == 1, into: &changes) else { break }
            guard habits.contains(.resubscribes), random.chance(0.5) else { break }
            t = lost.adding(milliseconds: random.int64(in: Milliseconds.minute...90 * Self.day))
            kind = .resubscription
        }
        return changes
    }

    /// One stretch of access from a purchase at `start` until it is lost (returned) or
    /// the timeline ends (nil).
    private func life(_ random: inout SeededRandom, from start: Instant, kind: EntitlementChange.Kind, end: Instant,
                      graceDays: Int64, eligible: Bool, into changes: inout [EntitlementChange]) -> Instant? {
        let choosesLifetime = !traits.lifetime.isEmpty && habits.contains(.buysLifetime) && (traits.autoRenewable.isEmpty || random.chance(0.5))
        if choosesLifetime || traits.autoRenewable.isEmpty {
            guard !traits.lifetime.isEmpty, habits.contains(.buysLifetime) || traits.autoRenewable.isEmpty else { return nil }
            let product = random.pick(traits.lifetime)
            changes.append(EntitlementChange(at: start, entitlement: Entitlement(product: product, expires: nil, renews: false), kind: kind))
            guard habits.contains(.refunds), random.chance(0.4) else { return nil }
            let refund = random.chance(0.5) ? quickRefund(&random, after: start) : start.adding(milliseconds: random.int64(in: Self.day...120 * Self.day))
            guard refund < end else { return nil }
            changes.append(EntitlementChange(at: refund, entitlement: nil, kind: .refund))
            return refund
        }

        var product = random.pick(traits.autoRenewable)
        var anchor = start, periods = 1
        var expires = period(product).end(after: anchor, count: 1)
        // An introductory offer, where the product has one and the buyer is eligible
        // (no draw at all otherwise, so a policy without offers draws the same users):
        // the first period is the offer's, and the renewals count from its end.
        // `offerStart` is where moves within the offer may be drawn from.
        var offerStart: Instant?
        if eligible, let offer = traits.offerLengths[product], random.chance(0.7) {
            offerStart = start
            expires = offer.end(after: start, count: 1)
            anchor = expires
            periods = 0
        }
        guard expires <= latestExpiry else { return nil }
        changes.append(EntitlementChange(at: start, entitlement: Entitlement(product: product, expires: expires), kind: kind))
        let inTrial = trialEnd.map { start < $0 } ?? false
        if habits.contains(.refunds), random.chance(inTrial ? quickRefundInTrial : quickRefundChance) {
            let refund = quickRefund(&random, after: start)
            guard refund < end else { return nil }
            changes.append(EntitlementChange(at: refund, entitlement: nil, kind: .refund))
            return refund
        }
        while true {
            // The latest change so far: a move within a period comes after it.
            let floor = changes[changes.count - 1].at
            let from = max(offerStart ?? anchor, floor).millisecondsSince1970
            let inPeriod = Instant(millisecondsSince1970: from < expires.millisecondsSince1970
                ? random.int64(in: from...expires.millisecondsSince1970 - 1) : expires.millisecondsSince1970)
            let action = from < expires.millisecondsSince1970 ? drawAction(&random, product: product) : .renew
            switch action {
            case .renew:
                let next = period(product).end(after: anchor, count: periods + 1)
                let heard = reported(&random, due: expires, before: next, after: changes[changes.count - 1].at)
                guard heard < end, next <= latestExpiry else { return nil }
                changes.append(EntitlementChange(at: heard, due: expires, entitlement: Entitlement(product: product, expires: next), kind: .renewal))
                periods += 1
                expires = next
                offerStart = nil
            case .upgrade:
                let target = random.pick(others(of: product) { $0 > $1 })
                let next = period(target).end(after: inPeriod, count: 1)
                guard inPeriod < end, next <= latestExpiry else { return nil }
                changes.append(EntitlementChange(at: inPeriod, entitlement: Entitlement(product: target, expires: next), kind: .upgrade))
                product = target; anchor = inPeriod; periods = 1; expires = next; offerStart = nil
            case .downgrade, .crossgrade:
                let isDowngrade = action == .downgrade
                let target = random.pick(others(of: product) { isDowngrade ? $0 < $1 : $0 == $1 })
                let next = period(target).end(after: expires, count: 1)
                let heard = reported(&random, due: expires, before: next, after: changes[changes.count - 1].at)
                guard heard < end, next <= latestExpiry else { return nil }
                changes.append(EntitlementChange(at: heard, due: expires, entitlement: Entitlement(product: target, expires: next),
                                                       kind: isDowngrade ? .downgrade : .crossgrade))
                product = target; anchor = expires; periods = 1; expires = next; offerStart = nil
            case .cancel:
                guard inPeriod < end else { return nil }
                changes.append(EntitlementChange(at: inPeriod, entitlement: Entitlement(product: product, expires: expires, renews: false), kind: .cancellation))
                if random.chance(0.25) {
                    // Turned back on before the period ended: it renews as before.
                    let back = Instant(millisecondsSince1970: random.int64(in: inPeriod.millisecondsSince1970...expires.millisecondsSince1970 - 1))
                    guard back < end else { return nil }
                    changes.append(EntitlementChange(at: back, entitlement: Entitlement(product: product, expires: expires), kind: .reenable))
                    continue
                }
                let heard = reported(&random, due: expires, before: latestExpiry)
                guard heard < end else { return nil }
                changes.append(EntitlementChange(at: heard, due: expires, entitlement: nil, kind: .expiry))
                return heard
            case .failBilling:
                let retry: Instant? = random.chance(0.6)
                    ? expires.adding(milliseconds: random.int64(in: 1...StoreKitLifecycle.billingRetryDays * Self.day - 1)) : nil
                let lapse = expires.adding(milliseconds: grace(graceDays, product) * Self.day)
                let renewed = period(product).end(after: anchor, count: periods + 1)
                if let retry, retry < lapse, retry < renewed {
                    // Recovered within the billing grace: access never stopped, dates unchanged.
                    guard retry < end, renewed <= latestExpiry else { return nil }
                    changes.append(EntitlementChange(at: retry, entitlement: Entitlement(product: product, expires: renewed), kind: .recovery))
                    periods += 1
                    expires = renewed
                    offerStart = nil
                    continue
                }
                guard lapse < end else { return nil }
                changes.append(EntitlementChange(at: lapse, entitlement: nil, kind: .lapse))
                guard let retry else { return lapse }
                let next = period(product).end(after: retry, count: 1)
                guard retry < end, next <= latestExpiry else { return nil }
                changes.append(EntitlementChange(at: retry, entitlement: Entitlement(product: product, expires: next), kind: .recovery))
                anchor = retry; periods = 1; expires = next; offerStart = nil
            case .refund:
                guard inPeriod < end else { return nil }
                changes.append(EntitlementChange(at: inPeriod, entitlement: nil, kind: .refund))
                return inPeriod
            }
        }
    }

    /// When the app hears of a change StoreKit makes at `due`, a period's end: then, or,
    /// for a user offline at period ends, half the time when the device is next online
    /// (a minute to an hour, an hour to a day, or one to four days later), always before
    /// `latest` (the next period's end; for the end of access, the latest `expires` the
    /// format can write). Given `after` (the last report so far), a change that keeps
    /// access may come early on a device whose clock is behind, a quarter of the time,
    /// but always after that report.
    private func reported(_ random: inout SeededRandom, due: Instant, before latest: Instant, after previous: Instant? = nil) -> Instant {
        if habits.contains(.clockBehind), let previous, random.chance(0.25) {
            let early = random.chance(0.5) ? random.int64(in: 1...Milliseconds.second) : random.int64(in: Milliseconds.second...2 * Milliseconds.minute)
            return Instant(millisecondsSince1970: max(due.millisecondsSince1970 - early, previous.millisecondsSince1970 + 1))
        }
        guard habits.contains(.offlineAtPeriodEnd), random.chance(0.5) else { return due }
        let delay = switch random.below(5) {
        case 0, 1: random.int64(in: Milliseconds.minute...Milliseconds.hour)
        case 2, 3: random.int64(in: Milliseconds.hour...Self.day)
        default: random.int64(in: Self.day...4 * Self.day)
        }
        return Instant(millisecondsSince1970: min(due.millisecondsSince1970 + delay, latest.millisecondsSince1970 - 1))
    }

    /// A refund within a minute to 36 hours of `start`: a purchase lost within hours.
    private func quickRefund(_ random: inout SeededRandom, after start: Instant) -> Instant {
        random.chance(0.5) ? start.adding(milliseconds: random.int64(in: Milliseconds.minute...3 * Milliseconds.hour))
            : start.adding(milliseconds: random.int64(in: 3 * Milliseconds.hour...36 * Milliseconds.hour))
    }

    private func period(_ product: Int) -> ProductPeriod { traits.periods[product] ?? ProductPeriod(months: 1) }

    /// The billing grace for `product`: the app's setting, but never reaching the next
    /// renewal of a period counted in days (StoreKit gives a weekly subscription 6 days
    /// where the app chose 16 or 28); a monthly or longer period keeps the setting.
    private func grace(_ days: Int64, _ product: Int) -> Int64 {
        let period = period(product)
        return period.months == 0 ? min(days, Int64(period.days - 1)) : days
    }

    /// The other auto-renewable products whose rank compares with `product`'s as `order` says.
    private func others(of product: Int, _ order: (Int, Int) -> Bool) -> [Int] {
        traits.autoRenewable.filter { $0 != product && order(traits.rankOf[$0], traits.rankOf[product]) }
    }

    private enum Action { case renew, upgrade, downgrade, crossgrade, cancel, failBilling, refund }

    /// What happens in a period: renewals most often; each other move only when the
    /// user's habits allow it and a product to move to exists.
    private func drawAction(_ random: inout SeededRandom, product: Int) -> Action {
        var weights = (renew: 45, upgrade: 0, downgrade: 0, crossgrade: 0, cancel: 0, failBilling: 0, refund: 0)
        if habits.contains(.upgrades), !others(of: product, { $0 > $1 }).isEmpty { weights.upgrade = 14 }
        if habits.contains(.downgrades), !others(of: product, { $0 < $1 }).isEmpty { weights.downgrade = 12 }
        if habits.contains(.crossgrades), !others(of: product, { $0 == $1 }).isEmpty { weights.crossgrade = 10 }
        if habits.contains(.cancels) { weights.cancel = 9 }
        if habits.contains(.failsBilling) { weights.failBilling = 6 }
        if habits.contains(.refunds) { weights.refund = 4 }
        var roll = random.below(weights.renew + weights.upgrade + weights.downgrade + weights.crossgrade + weights.cancel + weights.failBilling + weights.refund)
        for (action, weight) in [(Action.renew, weights.renew), (.upgrade, weights.upgrade), (.downgrade, weights.downgrade),
                                 (.crossgrade, weights.crossgrade), (.cancel, weights.cancel), (.failBilling, weights.failBilling)] {
            if roll < weight { return action }
            roll -= weight
        }
        return .refund
    }
}

/// Shared with the flagship's lifecycle (`FlagshipStoreKitLifecycle`).
extension StoreKitLifecycle {
    /// The billing grace periods an app can enable, in days (0: none).
    package static let graceDays = [0, 3, 16, 28]

    /// How long StoreKit retries a failed renewal.
    package static let billingRetryDays: Int64 = 60

    /// The instant `months` monthly renewals after `anchor`: the same UTC time of day on
    /// the anchor's day of the month, clamped to the last day of shorter months.
    package static func renewal(of anchor: Instant, months: Int) -> Instant {
        let ms = anchor.millisecondsSince1970
        let date = LocalDate(localMilliseconds: ms)
        let timeOfDay = ms - Int64(date.daysSince1970) * Milliseconds.twentyFourHours
        let (year, month, day) = date.components
        let monthIndex = year * 12 + (month - 1) + months
        let newYear = monthIndex / 12, newMonth = monthIndex % 12 + 1
        let newDay = min(day, LocalDate.daysInMonth(year: newYear, month: newMonth))
        return Instant(millisecondsSince1970: Int64(LocalDate.days(year: newYear, month: newMonth, day: newDay)) * Milliseconds.twentyFourHours + timeOfDay)
    }
}

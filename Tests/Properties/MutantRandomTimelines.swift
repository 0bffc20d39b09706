import Foundation
import Simulator
import SubscriptionModel

/// A small random maker of valid policy timelines for the policy-mutant tests, written
/// here rather than taken from the simulator's generator so that the straightforward
/// app is checked against lives the generator did not shape.
///
/// Seeded (`SeededRandom(seed:stream:)`, one stream per user), so a failure names the
/// seed and user that reproduce it. Each user: a zone from a list of awkward ones, a
/// start around the `face-recall` release (early 2026), around 29 February of a leap
/// year (one in ten) or anywhere in 1971–2090,
/// and up to 119 events (`mostEvents`): uses of every feature (bursts of up to 60 a minute apart,
/// so day, month and total limits are reached), history days around today's date and
/// the date of the last use (often at the edge of a window, and right after a zone
/// change), deletes, looks, reinstalls, zone changes, sign-ins, entitlement reports
/// of every product or none, with or without an expiry, renewing or not, and, under a
/// policy with credit packs, purchases of them and refunds of those purchases; under a
/// rolling window, uses at the instant an earlier one leaves it.
struct MutantRandomTimelines {
    /// The seed of the property tests (`PROPERTY_SEED`).
    static let seed = PropertySettings.seed
    /// The most events a timeline has: at most 59 before the last draw, which may be a
    /// burst of 60 uses.
    static let mostEvents = 119
    /// Users per policy (`POLICY_MUTANT_USERS`, default 600).
    static let users = ProcessInfo.processInfo.environment["POLICY_MUTANT_USERS"].flatMap(Int.init) ?? 600

    /// Zones with offsets far from UTC, half hours, DST over midnight, a skipped day.
    static let zones = [
        "UTC", "Asia/Tokyo", "America/New_York", "Pacific/Honolulu", "Europe/Paris", "Australia/Lord_Howe",
        "Pacific/Apia", "Asia/Kathmandu", "America/St_Johns", "Pacific/Kiritimati", "Pacific/Chatham",
        "America/Santiago", "Europe/London", "America/Havana",
    ].map { TimeZoneRules.named($0)! }

    let policy: SubscriptionPolicy

    /// The timeline of user `user` of `seed`.
    func timeline(seed: UInt64 = Self.seed, user: Int) -> Timeline {
        var random = SeededRandom(seed: seed, stream: UInt64(user))
        func pick(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        func chance(_ percent: Int) -> Bool { pick(100) < percent }
        let day = Milliseconds.twentyFourHours

        let zone = Self.zones[pick(Self.zones.count)]
        var now: Instant
        if chance(50) {
            now = TimelineSketch.instant("2026-01-15T00:00:00Z").adding(milliseconds: Int64(pick(120)) * day + Int64(pick(Int(day))))
        } else if chance(20) {
            // Around 29 February of a leap year from 1972 to 2088: the day before it, the day, the day after.
            let year = 1972 + 4 * pick(30)
            now = TimelineSketch.instant("\(year)-02-27T00:00:00Z").adding(milliseconds: Int64(pick(3 * Int(day))))
        } else {
            now = Instant(millisecondsSince1970: (365 + Int64(pick(120 * 365))) * day + Int64(pick(Int(day)))) // 1971–2090
        }
        var events = [Event(at: now, .install)]
        var currentZone = zone
        var lastUseDate = zone.localDate(at: now) // the device's date at the last consuming use: near the usage day
        let consuming = policy.features.indices.filter { if case .consumes = policy.features[$0].effect { !policy.features[$0].hasHistory } else { false } }
        let releasing = policy.features.indices.filter { policy.features[$0].isReleasing }
        let others = policy.features.indices.filter { !consuming.contains($0) && !releasing.contains($0) }
        let history = policy.features.indices.filter { policy.features[$0].hasHistory }
        var standing = [Int](repeating: 0, count: policy.creditPacks.count) // purchases not refunded, per pack
        var lastConsumingUse: Instant? // (under a rolling window: the use whose expiry a later one may hit)
        let length = 1 + pick(60)
        while events.count < length {
            switch pick(100) {
            case 0..<10: break
            case 10..<30: now = now.adding(milliseconds: Int64(pick(600_000)))
            case 30..<60: now = now.adding(milliseconds: Int64(pick(Int(6 * Milliseconds.hour))))
            case 60..<90: now = now.adding(milliseconds: Int64(pick(Int(2 * day))))
            default: now = now.adding(milliseconds: Int64(pick(Int(40 * day))))
            }
            let roll = pick(100)
            switch roll {
            case 0..<30 where !consuming.isEmpty:
                // Under a rolling window, now and then at the instant an earlier use leaves it.
                if policy.rollingLength > 0, let earlier = lastConsumingUse, chance(30), earlier.adding(milliseconds: policy.rollingLength) >= now {
                    now = earlier.adding(milliseconds: policy.rollingLength)
                }
                events.append(Event(at: now, .use(feature: consuming[pick(consuming.count)], day: nil)))
                lastConsumingUse = now
                lastUseDate = LocalDate.later(lastUseDate, currentZone.localDate(at: now))
            case 30..<40 where !consuming.isEmpty:
                let feature = consuming[pick(consuming.count)]
                for _ in 0..<(2 + pick(59)) {
                    events.append(Event(at: now, .use(feature: feature, day: nil)))
                    lastUseDate = LocalDate.later(lastUseDate, currentZone.localDate(at: now))
                    now = now.adding(milliseconds: Milliseconds.minute)
                }
            case 40..<48 where !releasing.isEmpty:
                events.append(Event(at: now, .use(feature: releasing[pick(releasing.count)], day: nil)))
            case 48..<58 where !others.isEmpty:
                let feature = others[pick(others.count)]
                // Around today's date or the date of the last use (which a flight west leaves ahead of today).
                // Half the time at the edge of a plan's window: its first day, or the day before it.
                let base = chance(50) ? currentZone.localDate(at: now) : lastUseDate
                let windows = policy.plans.compactMap { $0.historyDays[feature] }
                let offset = chance(50) && !windows.isEmpty ? 1 - windows[pick(windows.count)] - pick(2) : pick(9) - 6
                let diary = policy.features[feature].hasHistory ? LocalDate(daysSince1970: base.daysSince1970 + Int32(offset)) : nil
                events.append(Event(at: now, .use(feature: feature, day: diary)))
            case 58..<62 where !policy.creditPacks.isEmpty:
                // A credit pack bought, or a standing purchase of one refunded (a policy
                // without packs draws a look here, as it always did).
                let pack = pick(policy.creditPacks.count)
                if standing[pack] > 0, chance(40) {
                    standing[pack] -= 1
                    events.append(Event(at: now, .refund(pack: pack)))
                } else {
                    standing[pack] += 1
                    events.append(Event(at: now, .purchase(pack: pack)))
                }
            case 58..<66: events.append(Event(at: now, .look))
            case 66..<71: events.append(Event(at: now, .reinstall))
            case 71..<78:
                currentZone = Self.zones[pick(Self.zones.count)]
                events.append(Event(at: now, .setZone(currentZone)))
                if !history.isEmpty && chance(50) {
                    // Right after a flight: the diary's window counts from a usage day the new zone may not show yet.
                    let diary = LocalDate(daysSince1970: lastUseDate.daysSince1970 - Int32(pick(4)))
                    events.append(Event(at: now, .use(feature: history[pick(history.count)], day: diary)))
                }
            case 78..<83: events.append(Event(at: now, .signIn))
            case 83..<100 where !policy.products.isEmpty:
                var entitlement: Entitlement? = chance(30) ? nil : Entitlement(
                    product: pick(policy.products.count),
                    expires: chance(20) ? nil : now.adding(milliseconds: Int64(1 + pick(400)) * day / Int64(1 + pick(24))),
                    renews: chance(70))
                // A product with an introductory offer, now and then reported as StoreKit
                // sells it to a first subscriber: the offer's end as `expires`.
                if let product = entitlement?.product, let offer = policy.products[product].introductoryOffer,
                   let period = ProductPeriod(iso: offer.period), chance(50) {
                    let count = offer.payment == .payAsYouGo ? offer.periods : 1
                    entitlement?.expires = ProductPeriod(months: period.months * count, days: period.days * count).end(after: now, count: 1)
                }
                events.append(Event(at: now, .setEntitlement(entitlement)))
            default:
                events.append(Event(at: now, .look))
            }
        }
        return Timeline(policy: policy, zone: zone, events: events)
    }
}

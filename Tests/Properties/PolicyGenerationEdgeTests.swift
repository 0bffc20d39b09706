import Foundation
import Simulator
import SubscriptionModel
import Testing

/// The rare situations the policy generator aims at on purpose, each found in the
/// timelines themselves (not asked of the generator): mutants written outside the
/// package survived until the generator reached them, each a real bug the checker
/// flags on a hand-made timeline. Seed `PolicyGenerationSettings.seed`, 3,000 users each.
@Suite("Policy generator: rare edges")
struct PolicyGenerationEdgeTests {
    static let users = 3_000
    static let day = Milliseconds.twentyFourHours

    /// The timelines of `users` users of `policy`.
    static func lives(_ policy: SubscriptionPolicy) -> [(user: Int, events: [PolicyEvent], zone: TimeZoneRules)] {
        let generator = PolicyGenerationSettings.generator(policy)
        return (0..<users).map { user in
            let timeline = generator.user(seed: PolicyGenerationSettings.seed, user: user).timeline
            return (user, timeline.events, timeline.zone)
        }
    }

    static let dailyQuip = lives(.dailyQuip)

    @Test("face-recall: installs at the grace's cut-off, a millisecond before and just after it (F1: before R, not at it)")
    func installAtCutoff() throws {
        let cutoff = try #require(SubscriptionPolicy.faceRecall.grace?.cutoff).millisecondsSince1970
        var seen: Set<Int64> = []
        for life in Self.lives(.faceRecall) {
            let offset = life.events[0].at.millisecondsSince1970 - cutoff
            if abs(offset) <= 1 { seen.insert(offset) }
        }
        #expect(seen == [-1, 0, 1], "installs at R + \(seen.sorted()) ms among \(Self.users) users")
    }

    @Test("users start in the first hours of 1970 where the local date is still 1969-12-31")
    func startIn1969Locally() {
        let users = Self.dailyQuip.filter { life in
            let install = life.events[0].at
            return install.millisecondsSince1970 < Self.day && install.millisecondsSince1970 + life.zone.offsetMilliseconds(at: install) < 0
        }
        #expect(!users.isEmpty, "no user of \(Self.users) installs in 1970 UTC on 1969-12-31 local")
    }

    @Test("users leave the app for eleven to thirteen months, using nothing, and come back")
    func yearAway() {
        var away = 0
        for life in Self.dailyQuip {
            let seen = life.events.filter { if case .use = $0.action { true } else { $0.action == .look } }.map(\.at.millisecondsSince1970)
            if zip(seen, seen.dropFirst()).contains(where: { $1 - $0 >= 330 * Self.day }) { away += 1 }
        }
        #expect(away >= 5, "\(away) of \(Self.users) users went a year or so without using the app")
    }

    @Test("an expires at the device's midnight, or within a second after it, where its local date turns (X5's billing date)")
    func expiresAtMidnight() {
        var atMidnight = 0
        for life in Self.lives(.oxalate) {
            var zone = life.zone
            for event in life.events {
                if case .setZone(let next) = event.action { zone = next }
                guard case .setEntitlement(let entitlement?) = event.action, let expires = entitlement.expires else { continue }
                let local = expires.millisecondsSince1970 + zone.offsetMilliseconds(at: expires)
                let intoDay = ((local % Self.day) + Self.day) % Self.day
                if intoDay < Milliseconds.second { atMidnight += 1 }
            }
        }
        #expect(atMidnight >= 5, "\(atMidnight) expiries at a local midnight among \(Self.users) users")
    }

    @Test("access ends seconds to minutes after a reinstall, and the zone changes right after one")
    func afterReinstall() {
        var endsSoonAfter = 0, zoneRightAfter = 0
        for life in Self.dailyQuip {
            var entitled = false
            var lastReinstall = Int64.min
            for (index, event) in life.events.enumerated() {
                switch event.action {
                case .reinstall:
                    lastReinstall = event.at.millisecondsSince1970
                    if index + 1 < life.events.count, case .setZone = life.events[index + 1].action { zoneRightAfter += 1 }
                case .setEntitlement(let entitlement):
                    if entitled, entitlement == nil, (0...5 * Milliseconds.minute).contains(event.at.millisecondsSince1970 &- lastReinstall) { endsSoonAfter += 1 }
                    entitled = entitlement != nil
                default: break
                }
            }
        }
        #expect(endsSoonAfter >= 1, "\(endsSoonAfter) ends of access within 5 minutes after a reinstall among \(Self.users) users")
        #expect(zoneRightAfter >= 5, "\(zoneRightAfter) zone changes right after a reinstall among \(Self.users) users")
    }
}

import Foundation
import Simulator
import SubscriptionModel
import Testing
import TestSupport

/// The rare situations the policy generator aims at on purpose, each found in the
/// timelines themselves (not asked of the generator): mutants written outside the
/// package survived until the generator reached them, each a real bug the checker
/// flags on a hand-made timeline. Seed `GenerationSettings.seed`; each floor is
/// well below what the generator reaches and well above what it reached before.
@Suite("Policy generator: rare edges")
struct GenerationEdgeTests {
    static let day = Milliseconds.twentyFourHours

    /// Shows `users` users of `policy` to `look` one at a time (events and starting
    /// zone), through one reused buffer.
    static func scan(_ policy: SubscriptionPolicy, users: Int, _ look: (UnsafeBufferPointer<Event>, TimeZoneRules) -> Void) {
        let generator = GenerationSettings.generator(policy)
        let buffer = EventBuffer()
        for user in 0..<users {
            let drawn = generator.generate(seed: GenerationSettings.seed, user: user, into: buffer)
            look(buffer.events, drawn.zone)
        }
    }

    @Test("face-recall: installs at the grace's cut-off, a millisecond before and just after it (F1: before R, not at it), 3,000 users")
    func installAtCutoff() throws {
        let cutoff = try #require(SubscriptionPolicy.faceRecall.grace?.cutoff).millisecondsSince1970
        var seen: [Int64: Int] = [:]
        Self.scan(.faceRecall, users: 3_000) { events, _ in
            let offset = events[0].at.millisecondsSince1970 - cutoff
            if abs(offset) <= 1 { seen[offset, default: 0] += 1 }
        }
        #expect(Set(seen.keys) == [-1, 0, 1] && seen.values.reduce(0, +) >= 15, "installs at R + ms: \(seen)")
    }

    /// What the daily-quip tests count, from one pass over 10,000 users: those who start
    /// on 1969-12-31 local time, those away a year or so, ends of access soon after a
    /// reinstall, zone changes right after one.
    static let quip: (early1970: Int, away: Int, endsSoonAfter: Int, zoneRightAfter: Int) = {
        var counts = (early1970: 0, away: 0, endsSoonAfter: 0, zoneRightAfter: 0)
        scan(.dailyQuip, users: 10_000) { events, zone in
            let install = events[0].at
            if install.millisecondsSince1970 < day, install.millisecondsSince1970 + zone.offsetMilliseconds(at: install) < 0 { counts.early1970 += 1 }
            var lastSeen = Int64.min, gone = false
            var entitled = false, lastReinstall = Int64.min
            for (index, event) in events.enumerated() {
                switch event.action {
                case .use, .look:
                    if lastSeen != .min, event.at.millisecondsSince1970 - lastSeen >= 330 * day { gone = true }
                    lastSeen = event.at.millisecondsSince1970
                case .reinstall:
                    lastReinstall = event.at.millisecondsSince1970
                    if index + 1 < events.count, case .setZone = events[index + 1].action { counts.zoneRightAfter += 1 }
                case .setEntitlement(let entitlement):
                    if entitled, entitlement == nil, (1...5 * Milliseconds.minute).contains(event.at.millisecondsSince1970 &- lastReinstall) { counts.endsSoonAfter += 1 }
                    entitled = entitlement != nil
                default: break
                }
            }
            if gone { counts.away += 1 }
        }
        return counts
    }()

    @Test("users start in the first hours of 1970 where the local date is still 1969-12-31 (daily-quip, 10,000 users)", .enabled(if: CampaignTests.enabled, "campaign-sized: SIMULATE_CAMPAIGN_TESTS=1 runs it, as .ci/run does"))
    func startIn1969Locally() {
        #expect(Self.quip.early1970 >= 5, "\(Self.quip.early1970) of 10,000 users install in 1970 UTC on 1969-12-31 local")
    }

    @Test("users leave the app for eleven to thirteen months, using nothing, and come back (daily-quip, 10,000 users)")
    func yearAway() {
        #expect(Self.quip.away >= 100, "\(Self.quip.away) of 10,000 users went a year or so without using the app")
    }

    @Test("an expires at the device's midnight, or within a second after it, where its local date turns (X5's billing date), 3,000 users")
    func expiresAtMidnight() {
        var users = 0
        Self.scan(.oxalate, users: 3_000) { events, start in
            var zone = start
            var found = false
            for event in events {
                if case .setZone(let next) = event.action { zone = next }
                guard case .setEntitlement(let entitlement?) = event.action, let expires = entitlement.expires else { continue }
                let local = expires.millisecondsSince1970 + zone.offsetMilliseconds(at: expires)
                if ((local % Self.day) + Self.day) % Self.day < Milliseconds.second { found = true }
            }
            if found { users += 1 }
        }
        #expect(users >= 10, "\(users) of 3,000 users hold an expiry at a local midnight")
    }

    @Test("access ends seconds to minutes after a reinstall, and the zone changes right after one (daily-quip, 10,000 users)")
    func afterReinstall() {
        #expect(Self.quip.endsSoonAfter >= 2, "\(Self.quip.endsSoonAfter) ends of access 1 ms to 5 minutes after a reinstall among 10,000 users")
        #expect(Self.quip.zoneRightAfter >= 300, "\(Self.quip.zoneRightAfter) zone changes right after a reinstall among 10,000 users")
    }
}

import Foundation
import Simulator
import SubscriptionModel
import Testing

/// Generated users buy credit packs as people do: when a limit stops them, some of them,
/// once their credits are spent; now and then a purchase is refunded, spent or not; and
/// a policy without packs draws none of it. The shrinker keeps a refund with its purchase.
@Suite("Policy generator: credit packs")
struct CreditPackGenerationTests {
    static let users = 400

    @Test("buyers buy a pack right after a use a limit blocked, refunds follow a purchase of the same pack, and every credit-pack edge is reached (seed 20261122, 400 users)")
    func buyersAtTheLimit() throws {
        let policy = try #require(PolicyLoader.builtIn("scan-credits"))
        let generator = TimelineGenerator(policy: policy, maxYears: 3)
        let machine = SubscriptionMachine(policy: policy)
        var buyers = 0, purchases = 0, refunds = 0, paidUses = 0
        for user in 0..<Self.users {
            let timeline = generator.user(seed: GenerationSettings.seed, user: user).timeline
            let reproduce = "user \(user) of seed \(GenerationSettings.seed); swift run -c release simulate replay --policy scan-credits --seed \(GenerationSettings.seed) --user \(user)"
            #expect(GenerationValidityTests.problem(in: timeline) == nil, "\(reproduce)")
            let outputs = machine.replay(zone: timeline.zone, events: timeline.events)
            var bought = false
            for (index, event) in timeline.events.enumerated() {
                switch event.action {
                case .purchase:
                    purchases += 1
                    bought = true
                    // Bought at the moment a limit stopped the user, with nothing held.
                    #expect(index > 0 && outputs[index - 1].outcome == .blocked && outputs[index - 1].reason?.isLimit == true,
                            "a purchase not right after a blocked use: event \(index), \(reproduce)")
                    #expect(outputs[index - 1].counts.credits(of: 0) == 0, "bought with credits held: event \(index), \(reproduce)")
                case .refund:
                    refunds += 1
                case .use:
                    if outputs[index].outcome == .allowed, index > 0, outputs[index].counts.credits(of: 0) < outputs[index - 1].counts.credits(of: 0) {
                        paidUses += 1
                    }
                default:
                    break
                }
            }
            if bought { buyers += 1 }
        }
        #expect(buyers > Self.users / 20 && buyers < Self.users / 2, "\(buyers) of \(Self.users) users bought a pack")
        #expect(refunds > 0 && refunds < purchases / 3, "\(refunds) refunds of \(purchases) purchases")
        #expect(paidUses > purchases, "\(paidUses) uses paid by a credit for \(purchases) purchases")
    }

    @Test("a policy without credit packs draws no purchase and no refund (seed 20261122, 100 users each)", arguments: SubscriptionPolicy.shippedNames)
    func noPacksNoPurchases(_ name: String) throws {
        let generator = TimelineGenerator(policy: try #require(SubscriptionPolicy.named(name)), maxYears: 3)
        for user in 0..<100 {
            let events = generator.user(seed: GenerationSettings.seed, user: user).timeline.events
            #expect(!events.contains { if case .purchase = $0.action { true } else if case .refund = $0.action { true } else { false } }, "user \(user)")
        }
    }

    @Test("a refund without a purchase left to refund is not realistic, and a shrinking step that deletes the purchase deletes its refund")
    func refundsKeepTheirPurchase() throws {
        let policy = try #require(PolicyLoader.builtIn("scan-credits"))
        let at = { (minute: Int64) in Instant(millisecondsSince1970: 1_790_000_000_000 + minute * 60_000) }
        let bought = Timeline(policy: policy, zone: .utc, events: [
            Event(at: at(0), .install), Event(at: at(1), .purchase(pack: 0)), Event(at: at(2), .use(feature: 0, day: nil)),
            Event(at: at(3), .refund(pack: 0)), Event(at: at(4), .refund(pack: 0)),
        ])
        #expect(bought.unmatchedRefund == 4 && !bought.isRealistic, "the second refund has no purchase left")
        var once = bought
        once.events.removeLast()
        #expect(once.unmatchedRefund == nil && once.isRealistic)
        var deleted = once
        deleted.events.remove(at: 1) // the purchase
        #expect(deleted.unmatchedRefund == 2)
        #expect(deleted.repaired.events.map(\.action) == [.install, .use(feature: 0, day: nil)], "the refund goes with its purchase")
        #expect(deleted.repaired.isRealistic)
    }
}

import Foundation
import Simulator
import SubscriptionModel
import Testing

/// Generated buyers take a product's introductory offer as StoreKit sells it: at their
/// first purchase only (eligible once per subscription group), its first `expires` the
/// offer's end, and the renewals counting the product's own period from there.
@Suite("Policy generator: introductory offers")
struct IntroductoryOfferGenerationTests {
    /// Quotes with Pro sold monthly (a free week first) and yearly (three months at a
    /// reduced price, paid month by month).
    static let policy: SubscriptionPolicy = {
        let text = """
            {"format": 2, "policy": "offers", "calendar": "device", "defaults": {"guest": "free"},
             "meters": ["quotes"], "features": [{"id": "read", "consumes": "quotes"}],
             "plans": [
               {"id": "free", "name": "Free", "features": "all", "limits": {"quotes": {"day": 3}}, "responses": {"any": "paywall"}},
               {"id": "pro", "name": "Pro", "features": "all", "products": [
                 {"id": "pro.monthly", "kind": "auto-renewable", "period": "P1M", "introductoryOffer": {"payment": "free", "period": "P1W"}},
                 {"id": "pro.yearly", "kind": "auto-renewable", "period": "P1Y",
                  "introductoryOffer": {"payment": "pay-as-you-go", "period": "P1M", "periods": 3}}]}],
             "screens": {}}
            """
        return try! SubscriptionPolicy(data: Data(text.utf8), file: "offers.json")
    }()

    static let users = 600

    @Test("the first purchase takes the offer seven times in ten, no later one ever does, and renewals count from the offer's end (seed 20261122, 600 users)")
    func offersAtTheFirstPurchaseOnly() {
        let policy = Self.policy
        let generator = TimelineGenerator(policy: policy, maxYears: 3)
        let offers = [ProductPeriod(days: 7), ProductPeriod(months: 3)]
        let periods = [ProductPeriod(months: 1), ProductPeriod(months: 12)]
        var firstPurchases = 0, taken = 0, renewalsAfterOffer = 0
        for user in 0..<Self.users {
            let timeline = generator.user(seed: GenerationSettings.seed, user: user).timeline
            let reproduce = "user \(user) of seed \(GenerationSettings.seed); swift run -c release simulate replay --policy offers.json --seed \(GenerationSettings.seed) --user \(user)"
            #expect(GenerationValidityTests.problem(in: timeline) == nil, "\(reproduce)")
            var previous: Entitlement?
            var purchases = 0
            var offerEnd: (product: Int, at: Instant)?
            for event in timeline.events {
                guard case .setEntitlement(let entitlement) = event.action else { continue }
                defer { previous = entitlement }
                guard let entitlement, let expires = entitlement.expires else { continue }
                if previous == nil {
                    // A purchase: the first, or a resubscription after access ended.
                    purchases += 1
                    let isOffer = expires == offers[entitlement.product].end(after: event.at, count: 1)
                    if purchases == 1 {
                        firstPurchases += 1
                        if isOffer {
                            taken += 1
                            offerEnd = (entitlement.product, expires)
                        }
                    } else {
                        #expect(!isOffer || expires == periods[entitlement.product].end(after: event.at, count: 1),
                                "a purchase after the first took the offer again: \(reproduce)")
                    }
                } else if let end = offerEnd, previous?.expires == end.at, previous?.product == end.product, entitlement.product == end.product, expires > end.at {
                    // The first report after the offer: the product's own period from its end.
                    #expect(expires == periods[end.product].end(after: end.at, count: 1), "\(reproduce)")
                    renewalsAfterOffer += 1
                    offerEnd = nil
                }
            }
        }
        #expect(firstPurchases > 100, "buyers: \(firstPurchases)")
        let share = Double(taken) / Double(max(1, firstPurchases))
        #expect((0.6...0.8).contains(share), "the offer taken at \(taken) of \(firstPurchases) first purchases")
        #expect(renewalsAfterOffer > 20, "renewals right after an offer: \(renewalsAfterOffer)")
    }

    @Test("the coverage report lists both offer categories and reaches each (seed 20261122, 600 users); a policy without offers lists neither")
    func coverageCategories() throws {
        let result = Campaign(options: CampaignOptions(seed: GenerationSettings.seed, users: Self.users, years: 3, jobs: 1), policy: Self.policy).run()
        #expect(result.brokenInvariants.isEmpty, "\(result.brokenInvariants)")
        let coverage = result.counts.coverage
        for category in [CoverageCategory.boughtWithOffer, .renewedAfterOffer] {
            let index = try #require(coverage.categories.firstIndex(of: category), "\(category) is not listed")
            #expect(coverage.counts[index] > 0, "\(category) not reached in \(Self.users) users")
        }
        #expect(!CoverageCategory.all(for: .dailyQuip).contains(.boughtWithOffer))
    }
}

import Foundation
import Simulator
import SubscriptionModel
import Testing

/// Generated users of a policy whose uses cost several units reach the edges a cost makes
/// (`photo-units`: 1, 3 and 5 units against 10 a day, with a pack of 25), read by the
/// coverage tracker from the timelines and the reference outputs, and each checked here
/// again from the outputs alone.
@Suite("Policy generator: uses that cost several units")
struct FeatureCostGenerationTests {
    static let users = 200

    @Test("a costly use blocked with units left, one filling a limit exactly, and one blocked with too few credits are all reached (seed 20261122, 200 users)")
    func costEdgesReached() throws {
        let policy = try #require(PolicyLoader.builtIn("photo-units"))
        let generator = GenerationSettings.generator(policy)
        let machine = SubscriptionMachine(policy: policy)
        var tracker = CoverageTracker(policy: policy)
        var blockedWithRoom = 0, filledExactly = 0, tooFewCredits = 0
        for user in 0..<Self.users {
            let timeline = generator.user(seed: GenerationSettings.seed, user: user).timeline
            tracker.observe(timeline: timeline)
            let outputs = machine.replay(zone: timeline.zone, events: timeline.events)
            for (event, output) in zip(timeline.events, outputs) {
                guard case .use(let feature, _) = event.action, policy.features[feature].cost > 1, output.plan == 0 else { continue }
                let day = output.counts[0].day // Free: 10 units a day
                if output.outcome == .blocked, output.reason == .day, day < 10 { blockedWithRoom += 1 }
                if output.outcome == .blocked, output.reason == .day, output.counts.credits(of: 0) > 0 { tooFewCredits += 1 }
                if output.outcome == .allowed, day == 10 { filledExactly += 1 }
            }
        }
        let counts = tracker.counts
        func reached(_ category: CoverageCategory) -> Int { counts.counts[counts.categories.firstIndex(of: category)!] }
        let seed = "seed \(GenerationSettings.seed), \(Self.users) users"
        #expect(blockedWithRoom > 0 && reached(.costlyUseBlockedWithUnitsLeft) >= blockedWithRoom, "\(blockedWithRoom) blocked with units left under Free; \(seed)")
        #expect(filledExactly > 0 && reached(.costlyUseReachedLimit) >= filledExactly, "\(filledExactly) filled Free's day exactly; \(seed)")
        #expect(tooFewCredits > 0 && reached(.blockedWithTooFewCredits) >= tooFewCredits, "\(tooFewCredits) blocked with too few credits under Free; \(seed)")
    }

    @Test("the cost categories are listed only for a policy with a costly use, and too-few-credits only with packs for its meter")
    func listedWhereTheyCanHappen() throws {
        let photo = try #require(PolicyLoader.builtIn("photo-units"))
        #expect(CoverageCategory.all(for: photo).filter { [.costlyUseBlockedWithUnitsLeft, .costlyUseReachedLimit, .blockedWithTooFewCredits].contains($0) }.count == 3)
        for name in SubscriptionPolicy.shippedNames + ["scan-credits"] {
            let policy = try #require(PolicyLoader.builtIn(name))
            #expect(!CoverageCategory.all(for: policy).contains { [.costlyUseBlockedWithUnitsLeft, .costlyUseReachedLimit, .blockedWithTooFewCredits].contains($0) }, "\(name)")
        }
    }
}

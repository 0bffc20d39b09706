import Simulator
import SubscriptionModel
import Testing

/// A user's timeline under a policy depends only on the policy, the seed, the user's
/// index, the years and the swarm switch. (That it does not depend on the order users
/// are drawn in, the buffer reused or the thread is `DeterminismTests`, written once for
/// every rule set.)
@Suite("Policy generator: determinism")
struct GenerationDeterminismTests {
    @Test("the same user twice is the same timeline", arguments: GenerationSettings.builtInNames)
    func sameUserTwice(name: String) {
        let policy = GenerationSettings.policy(name)
        let generator = GenerationSettings.generator(policy)
        for user in 0..<40 {
            let first = generator.user(seed: GenerationSettings.seed, user: user)
            let again = GenerationSettings.generator(policy).user(seed: GenerationSettings.seed, user: user)
            #expect(first.timeline == again.timeline, "\(GenerationSettings.reproduce(policy, user: user))")
            #expect(first.persona == again.persona && first.swarm == again.swarm)
        }
    }

    @Test("another seed, another policy or the swarm switch gives other timelines")
    func inputsMatter() {
        let seed = GenerationSettings.seed
        let quip = GenerationSettings.generator(.dailyQuip)
        let base = (0..<20).map { quip.user(seed: seed, user: $0).timeline.events }
        let otherSeed = (0..<20).map { quip.user(seed: seed &+ 1, user: $0).timeline.events }
        let noSwarm = (0..<20).map { GenerationSettings.generator(.dailyQuip, swarm: false).user(seed: seed, user: $0).timeline.events }
        #expect(base != otherSeed)
        #expect(base != noSwarm)
    }
}

import Dispatch
import Simulator
import SubscriptionModel
import Synchronization
import Testing

/// A user's timeline under a policy depends only on the policy, the seed, the user's
/// index, the years and the swarm switch: the same twice, in any order, on any thread.
@Suite("Policy generator: determinism")
struct PolicyGenerationDeterminismTests {
    @Test("the same user twice is the same timeline", arguments: PolicyGenerationSettings.names)
    func sameUserTwice(name: String) {
        let policy = PolicyGenerationSettings.policy(name)
        let generator = PolicyGenerationSettings.generator(policy)
        for user in 0..<40 {
            let first = generator.user(seed: PolicyGenerationSettings.seed, user: user)
            let again = PolicyGenerationSettings.generator(policy).user(seed: PolicyGenerationSettings.seed, user: user)
            #expect(first.timeline == again.timeline, "\(PolicyGenerationSettings.reproduce(policy, user: user))")
            #expect(first.persona == again.persona && first.swarm == again.swarm)
        }
    }

    @Test("a user does not depend on the users generated before it, nor on the buffer reused", arguments: PolicyGenerationSettings.names)
    func orderDoesNotMatter(name: String) {
        let policy = PolicyGenerationSettings.policy(name)
        let generator = PolicyGenerationSettings.generator(policy)
        let users = Array(0..<30)
        let alone = users.map { generator.user(seed: PolicyGenerationSettings.seed, user: $0).timeline.events }
        // One small buffer reused backwards: it grows on the way and keeps old events' storage.
        let buffer = PolicyEventBuffer(capacity: 2)
        for user in users.reversed() {
            _ = generator.generate(seed: PolicyGenerationSettings.seed, user: user, into: buffer)
            #expect(buffer.array == alone[user], "\(PolicyGenerationSettings.reproduce(policy, user: user))")
        }
    }

    @Test("users generated on two threads at once are the users generated alone")
    func threadsDoNotMatter() {
        let policy = SubscriptionPolicy.faceRecall
        let generator = PolicyGenerationSettings.generator(policy)
        let alone = (0..<40).map { generator.user(seed: PolicyGenerationSettings.seed, user: $0).timeline }
        let together = Mutex<[Int: PolicyTimeline]>([:])
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            let buffer = PolicyEventBuffer()
            for user in stride(from: worker, to: 40, by: 2) {
                let drawn = generator.generate(seed: PolicyGenerationSettings.seed, user: user, into: buffer)
                let timeline = PolicyTimeline(policy: policy, zone: drawn.zone, events: buffer.array)
                together.withLock { $0[user] = timeline }
            }
        }
        for user in 0..<40 {
            #expect(together.withLock { $0[user] } == alone[user], "\(PolicyGenerationSettings.reproduce(policy, user: user))")
        }
    }

    @Test("another seed, another policy or the swarm switch gives other timelines")
    func inputsMatter() {
        let seed = PolicyGenerationSettings.seed
        let quip = PolicyGenerationSettings.generator(.dailyQuip)
        let base = (0..<20).map { quip.user(seed: seed, user: $0).timeline.events }
        let otherSeed = (0..<20).map { quip.user(seed: seed &+ 1, user: $0).timeline.events }
        let noSwarm = (0..<20).map { PolicyGenerationSettings.generator(.dailyQuip, swarm: false).user(seed: seed, user: $0).timeline.events }
        #expect(base != otherSeed)
        #expect(base != noSwarm)
    }
}

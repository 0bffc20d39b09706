import Dispatch
import Simulator
import SubscriptionModel
import Synchronization
import Testing

/// A user's timeline under a policy depends only on the policy, the seed, the user's
/// index, the years and the swarm switch: the same twice, in any order, on any thread.
@Suite("Policy generator: determinism")
struct GenerationDeterminismTests {
    @Test("the same user twice is the same timeline", arguments: GenerationSettings.names)
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

    @Test("a user does not depend on the users generated before it, nor on the buffer reused", arguments: GenerationSettings.names)
    func orderDoesNotMatter(name: String) {
        let policy = GenerationSettings.policy(name)
        let generator = GenerationSettings.generator(policy)
        let users = Array(0..<30)
        let alone = users.map { generator.user(seed: GenerationSettings.seed, user: $0).timeline.events }
        // One small buffer reused backwards: it grows on the way and keeps old events' storage.
        let buffer = EventBuffer(capacity: 2)
        for user in users.reversed() {
            _ = generator.generate(seed: GenerationSettings.seed, user: user, into: buffer)
            #expect(buffer.array == alone[user], "\(GenerationSettings.reproduce(policy, user: user))")
        }
    }

    @Test("users generated on two threads at once are the users generated alone")
    func threadsDoNotMatter() {
        let policy = SubscriptionPolicy.faceRecall
        let generator = GenerationSettings.generator(policy)
        let alone = (0..<40).map { generator.user(seed: GenerationSettings.seed, user: $0).timeline }
        let together = Mutex<[Int: Timeline]>([:])
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            let buffer = EventBuffer()
            for user in stride(from: worker, to: 40, by: 2) {
                let drawn = generator.generate(seed: GenerationSettings.seed, user: user, into: buffer)
                let timeline = Timeline(policy: policy, zone: drawn.zone, events: buffer.array)
                together.withLock { $0[user] = timeline }
            }
        }
        for user in 0..<40 {
            #expect(together.withLock { $0[user] } == alone[user], "\(GenerationSettings.reproduce(policy, user: user))")
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

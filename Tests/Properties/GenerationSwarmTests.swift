import Simulator
import SubscriptionModel
import Testing

/// Swarm testing: with it on (the default) each user draws a subset of the features and
/// habits, seeded like the rest, so the run mixes users who never delete, never travel
/// or only upgrade; with it off every user may do everything.
@Suite("Policy generator: swarm testing")
struct GenerationSwarmTests {
    static let users = 600
    /// How to run these tests again with the seed of a failure.
    static let rerun = "reproduce with: POLICY_SEED=\(GenerationSettings.seed) swift test --filter GenerationSwarmTests"

    typealias Life = (used: UInt64, swarm: Swarm, events: [Event])
    /// The lives the tests share, generated once.
    static let faceRecallOn = lives(.faceRecall, swarm: true), faceRecallOff = lives(.faceRecall, swarm: false)
    static let daaOn = lives(.daaTiers, swarm: true), daaOff = lives(.daaTiers, swarm: false)

    /// Per user: the features used (one bit each), the subset drawn, and the events.
    static func lives(_ policy: SubscriptionPolicy, swarm: Bool) -> [Life] {
        let generator = GenerationSettings.generator(policy, swarm: swarm)
        return (0..<users).map { user in
            let drawn = generator.user(seed: GenerationSettings.seed, user: user)
            var used: UInt64 = 0
            for event in drawn.timeline.events { if case .use(let feature, _) = event.action { used |= 1 << UInt64(feature) } }
            return (used, drawn.swarm, drawn.timeline.events)
        }
    }

    @Test("off, every user may do everything; on, users differ in what they may do and never do what they may not")
    func subsets() {
        let policy = SubscriptionPolicy.faceRecall
        let everything = Swarm.everything(for: policy)
        let off = Self.faceRecallOff
        #expect(off.allSatisfy { $0.swarm == everything })
        let on = Self.faceRecallOn
        #expect(Set(on.map(\.swarm)).count > Self.users / 4, "seed \(GenerationSettings.seed) (\(Self.rerun))")
        var withoutSignIn = 0, withoutReinstalls = 0
        for (user, life) in on.enumerated() {
            #expect(life.used & ~life.swarm.features == 0, "uses a feature outside its subset: \(GenerationSettings.reproduce(policy, user: user))")
            if !life.swarm.habits.contains(.signsIn) {
                withoutSignIn += 1
                #expect(!life.events.contains { $0.action == .signIn }, "\(GenerationSettings.reproduce(policy, user: user))")
            }
            if !life.swarm.habits.contains(.reinstalls) {
                withoutReinstalls += 1
                #expect(!life.events.contains { $0.action == .reinstall }, "\(GenerationSettings.reproduce(policy, user: user))")
            }
        }
        // Both kinds of user were met, so the two checks above ran.
        #expect(withoutSignIn > 0 && withoutReinstalls > 0, "seed \(GenerationSettings.seed) (\(Self.rerun)): \(withoutSignIn) users may not sign in, \(withoutReinstalls) may not reinstall")
    }

    @Test("on, many active users never delete; off, almost none")
    func neverDeletes() {
        let policy = SubscriptionPolicy.faceRecall
        let add = UInt64(1) << UInt64(policy.featureIndex("add-person")!), remove = UInt64(1) << UInt64(policy.featureIndex("remove-person")!)
        func share(_ lives: [Life]) -> (never: Int, active: Int) {
            let active = lives.filter { life in life.events.count { if case .use(let f, _) = $0.action { f == policy.featureIndex("add-person")! } else { false } } >= 30 }
            return (active.filter { $0.used & add != 0 && $0.used & remove == 0 }.count, active.count)
        }
        let on = share(Self.faceRecallOn), off = share(Self.faceRecallOff)
        #expect(on.never * 10 >= on.active, "swarm on: \(on.never) of \(on.active) active users never delete")
        #expect(off.never * 50 <= off.active, "swarm off: \(off.never) of \(off.active) active users never delete")
    }

    @Test("on, buyers who may only upgrade never cancel, are never refunded and never lapse")
    func onlyUpgrades() {
        let policy = SubscriptionPolicy.daaTiers
        let never: Swarm.Habits = [.downgrades, .cancels, .refunds, .failsBilling, .crossgrades]
        var buyers = 0, moves = 0
        for (user, life) in Self.daaOn.enumerated() where life.swarm.habits.isDisjoint(with: never) {
            var current: Entitlement?
            for event in life.events {
                guard case .setEntitlement(let next) = event.action else { continue }
                if let next, let old = current, next.product != old.product {
                    moves += 1
                    #expect(policy.products[next.product].plan > policy.products[old.product].plan, "\(GenerationSettings.reproduce(policy, user: user))")
                }
                #expect(next?.renews != false, "\(GenerationSettings.reproduce(policy, user: user))")
                #expect(!(current != nil && next == nil), "\(GenerationSettings.reproduce(policy, user: user))")
                current = next
            }
            if current != nil { buyers += 1 }
        }
        #expect(buyers > 0 && moves > 0, "seed \(GenerationSettings.seed) (\(Self.rerun)): \(buyers) buyers who may only upgrade among \(Self.users) users, \(moves) changes of product")
    }

    @Test("on, only subscribers offline at period ends hear of a period's end after it, a minute to four days late: renewals, moves and ends (those whose billing never fails)")
    func offlineAtPeriodEnd() {
        let policy = SubscriptionPolicy.daaTiers
        let subscribers = GenerationSettings.generator(policy, personas: [.subscriber])
        var late: [String: Int] = [:]
        for user in 0..<Self.users {
            let drawn = subscribers.user(seed: GenerationSettings.seed, user: user)
            guard !drawn.swarm.habits.contains(.failsBilling) else { continue }
            let life = (swarm: drawn.swarm, events: drawn.timeline.events)
            var current: Entitlement?
            for event in life.events {
                guard case .setEntitlement(let next) = event.action else { continue }
                defer { current = next }
                guard next != current, let expires = current?.expires, event.at > expires else { continue }
                let reproduce = GenerationSettings.reproduce(policy, user: user, personas: [.subscriber])
                #expect(life.swarm.habits.contains(.offlineAtPeriodEnd), "heard late while online: \(reproduce)")
                let delay = expires.milliseconds(to: event.at)
                #expect(delay >= Milliseconds.minute && delay <= 4 * Milliseconds.twentyFourHours, "heard \(delay) ms late: \(reproduce)")
                let kind = next == nil ? "end" : next!.product == current!.product ? "renewal" : "move"
                late[kind, default: 0] += 1
            }
        }
        for kind in ["renewal", "move", "end"] {
            #expect(late[kind, default: 0] > 0, "seed \(GenerationSettings.seed) (\(Self.rerun)), \(Self.users) subscribers: no \(kind) heard late; \(late)")
        }
    }

    @Test("on and off give different mixes: more distinct sets of features used with it on")
    func mixes() {
        let on = Set(Self.daaOn.map(\.used)), off = Set(Self.daaOff.map(\.used))
        #expect(on.count > off.count, "seed \(GenerationSettings.seed) (\(Self.rerun)): \(on.count) sets with swarm testing, \(off.count) without")
    }
}

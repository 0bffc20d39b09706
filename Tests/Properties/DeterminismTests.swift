import Dispatch
import Simulator
import SubscriptionModel
import Synchronization
import Testing

/// The determinism invariant, written once for every rule set (the flagship's rules and
/// each shipped policy): a seed gives the same timelines, outputs and summary whatever
/// the number of worker threads, a user can be regenerated alone, and the check that a
/// regenerated user is the same fires when it is not.
@Suite("Determinism, for every rule set")
struct DeterminismTests {
    /// Users of the generator properties.
    static let generated = 40

    @Test("the same seed gives identical counts and summary with one job and with as many as cores (or 3)", arguments: RuleSetCase.all)
    func jobsDoNotMatter(_ rules: RuleSetCase) { Self.jobsDoNotMatter(rules.rules) }

    static func jobsDoNotMatter<Rules: RulesUnderTest>(_ rules: Rules) {
        // The shared run has as many jobs as cores; the other run has one (three on one core).
        let many = rules.sharedRun
        var options = rules.sharedOptions
        options.jobs = options.jobs == 1 ? 3 : 1
        let other = rules.reference(options)
        let seed = "seed \(rules.seed), \(options.users) users, \(rules.sharedOptions.jobs) and \(options.jobs) jobs"
        #expect(many.users == options.users && other.users == options.users, "\(seed)")
        #expect(many.digest == other.digest, "\(seed)")
        #expect(many.events == other.events, "\(seed)")
        #expect(many.simulatedMilliseconds == other.simulatedMilliseconds, "\(seed)")
        #expect(many.personas == other.personas, "\(seed)")
        #expect(many.firstFailingUser == other.firstFailingUser, "\(seed)")
        #expect(many.checks == other.checks && many.violations == other.violations, "\(seed)")
        func timeless(_ summary: String) -> String {
            summary.split(separator: "\n").filter { !$0.contains(" time ") }.joined(separator: "\n")
                .replacing(/\d+ jobs?/, with: "")
        }
        #expect(timeless(rules.summary(many)) == timeless(rules.summary(other)), "\(seed)")
        #expect(timeless(rules.summary(many)).split(separator: "\n").count >= 5, "a summary to compare, not an empty one")
    }

    @Test("a user drawn into a reused buffer, after other users, is the user drawn alone", arguments: RuleSetCase.all)
    func userDependsOnlyOnSeedAndIndex(_ rules: RuleSetCase) { Self.userDependsOnlyOnSeedAndIndex(rules.rules) }

    static func userDependsOnlyOnSeedAndIndex<Rules: RulesUnderTest>(_ rules: Rules) {
        let generator = rules.generator
        let alone = (0..<generated).map { Self.alone(generator, seed: rules.seed, user: $0) }
        // One buffer reused backwards: it grows on the way and keeps old events' storage.
        let buffer = generator.makeBuffer()
        for user in (0..<generated).reversed() {
            let zone = generator.draw(seed: rules.seed, user: user, into: buffer)
            #expect(generator.timeline(zone: zone, events: buffer.array) == alone[user], "\(rules.reproduce(user: user))")
        }
        #expect((0..<generated).map { Self.alone(generator, seed: rules.seed &+ 1, user: $0) } != alone, "another seed gives other users")
    }

    @Test("users drawn on two threads at once are the users drawn alone", arguments: RuleSetCase.all)
    func threadsDoNotMatter(_ rules: RuleSetCase) { Self.threadsDoNotMatter(rules.rules) }

    static func threadsDoNotMatter<Rules: RulesUnderTest>(_ rules: Rules) {
        let generator = rules.generator
        let alone = (0..<generated).map { Self.alone(generator, seed: rules.seed, user: $0) }
        let together = Mutex<[Int: Rules.Generator.Rules.Timeline]>([:])
        let seed = rules.seed
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            let buffer = generator.makeBuffer()
            for user in stride(from: worker, to: generated, by: 2) {
                let zone = generator.draw(seed: seed, user: user, into: buffer)
                let timeline = generator.timeline(zone: zone, events: buffer.array)
                together.withLock { $0[user] = timeline }
            }
        }
        for user in 0..<generated {
            #expect(together.withLock { $0[user] } == alone[user], "\(rules.reproduce(user: user))")
        }
    }

    @Test("the determinism check fires on other events or other outputs, and only then", arguments: RuleSetCase.all)
    func determinismCheckFires(_ rules: RuleSetCase) { Self.determinismCheckFires(rules.rules) }

    static func determinismCheckFires<Rules: RulesUnderTest>(_ rules: Rules) {
        typealias Check = DeterminismCheck<Rules.Generator.Rules>
        let generator = rules.generator
        let buffer = generator.makeBuffer()
        let zone = generator.draw(seed: rules.seed, user: 3, into: buffer)
        let events = buffer.array
        #expect(events.count >= 2, "\(rules.reproduce(user: 3))")
        var digest = OutputDigest()
        let sample = Check.Sample(zone: zone, events: events, digest: digest)
        #expect(Check.compare(sample, sample, user: 3) == nil)
        var shorter = sample
        shorter.events.removeLast()
        let cut = Check.compare(sample, shorter, user: 3)
        #expect(cut?.invariant == .deterministic && cut?.eventIndex == events.count - 1, "\(String(describing: cut))")
        var swapped = sample
        swapped.events.swapAt(0, 1)
        if events[0] != events[1] {
            #expect(Check.compare(sample, swapped, user: 3)?.eventIndex == 0)
        }
        digest.add(0xFF)
        var otherOutputs = sample
        otherOutputs.digest = digest
        #expect(Check.compare(sample, otherOutputs, user: 3)?.invariant == .deterministic)
    }

    /// User `user` of `seed`, drawn alone into a fresh buffer.
    static func alone<Generator: UserGenerating>(_ generator: Generator, seed: UInt64, user: Int) -> Generator.Rules.Timeline {
        let buffer = generator.makeBuffer()
        let zone = generator.draw(seed: seed, user: user, into: buffer)
        return generator.timeline(zone: zone, events: buffer.array)
    }
}

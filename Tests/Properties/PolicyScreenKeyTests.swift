@testable import Simulator
import SubscriptionModel
import Testing

/// The screen check renders each screen key once (`PolicyScreenKey`), and a key keeps a
/// count only up to the largest value a screen can tell apart from every larger one
/// (its ceiling). These tests hold the ceilings to that promise with the engine's own
/// rendering: a ceiling set too low would let a count the screens show differently
/// share a key with one already verified, and this is where it would show.
@Suite("Screen keys keep every count a screen can tell apart")
struct PolicyScreenKeyTests {
    /// Counts tried on each read window: every small count, the usual limits and their
    /// warning shares, and a few far beyond any limit.
    static let counts = Array(0...60) + [99, 100, 101, 250, 1_000, 123_456]

    @Test("every shipped policy: a count shows the screens of that count cut to its ceiling", arguments: SubscriptionPolicy.shippedNames)
    func countAboveCeilingShowsTheCeilingsScreens(name: String) throws {
        let policy = try #require(SubscriptionPolicy.named(name))
        let reads = PolicyScreenKey.Reads(policy: policy)
        let engine = PolicyMachine(policy: policy)
        for plan in [nil] + policy.plans.indices.map(Optional.some) {
            for (position, read) in reads.windows.prefix(4).enumerated() {
                let ceiling = reads.ceilings[(plan ?? policy.plans.count) * 4 + position]
                for count in Self.counts {
                    let shown = engine.screens(of: Self.output(policy, plan: plan, read, count))
                    let cut = engine.screens(of: Self.output(policy, plan: plan, read, min(count, ceiling)))
                    #expect(shown == cut, "\(name), plan \(plan.map { policy.plans[$0].id } ?? "none"), \(policy.meters[read.meter]) \(read.window.name) \(count) against its ceiling \(ceiling)")
                }
            }
        }
    }

    @Test("face-recall: the banner's ceilings are the 80 % shares of the free limits, and 0 where no limit is shown")
    func faceRecallCeilings() {
        let policy = SubscriptionPolicy.faceRecall
        let reads = PolicyScreenKey.Reads(policy: policy)
        #expect(reads.windows.map { "\(policy.meters[$0.meter]) \($0.window.name)" } == ["people stock", "tags stock"])
        func ceilings(_ plan: String?) -> [Int] {
            let row = plan.map { id in policy.plans.firstIndex { $0.id == id }! } ?? policy.plans.count
            return Array(reads.ceilings[row * 4..<row * 4 + 2])
        }
        #expect(ceilings("free") == [20, 4]) // 20 of 25 and 4 of 5 are the first counts at 80 %
        #expect(ceilings("grace") == [0, 0])
        #expect(ceilings("premium") == [0, 0]) // a premium user's growing stock never makes a new key
        #expect(ceilings(nil) == [0, 0])
    }

    @Test("daily-quip: the cards screen shows what remains of the day's 5, so counts past 5 read alike")
    func dailyQuipCeilings() {
        let policy = SubscriptionPolicy.dailyQuip
        let reads = PolicyScreenKey.Reads(policy: policy)
        #expect(reads.windows.count == 1 && reads.windows[0].window == .day)
        #expect(reads.ceilings[0] == 5) // free
        #expect(reads.ceilings[4] == 0) // premium: "Unlimited cards"
    }

    /// An output under `plan` with `count` in the read window and 0 everywhere else.
    static func output(_ policy: SubscriptionPolicy, plan: Int?, _ read: (meter: Int, window: PolicyWindow), _ count: Int) -> PolicyOutput {
        var counts = PolicyMeterCounts(meters: policy.meters.count)
        counts[read.meter][read.window] = count
        return PolicyOutput(plan: plan, day: LocalDate(daysSince1970: 20_000), outcome: nil, reason: nil, response: nil, resetAt: nil,
                            upgrade: nil, counts: counts, entitlement: nil, zone: .utc)
    }
}

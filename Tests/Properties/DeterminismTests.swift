import Simulator
import SubscriptionModel
import Testing

/// rules.md #7: a seed gives the same timelines, outcomes and summary whatever the
/// number of worker threads, and a user can be regenerated alone.
@Suite("Determinism")
struct DeterminismTests {
    @Test("the same seed gives an identical tally with 1 job and with 3")
    func jobsDoNotMatter() {
        var options = PropertySettings.options
        options.users = min(options.users, 600)
        options.jobs = 1
        let one = Campaign<FlagshipReferenceImplementation<ZoneTableDates>>(options: options).run()
        options.jobs = 3
        let three = Campaign<FlagshipReferenceImplementation<ZoneTableDates>>(options: options).run()
        #expect(one.tally.digest == three.tally.digest, "seed \(options.seed)")
        #expect(one.tally.events == three.tally.events)
        #expect(one.tally.checks == three.tally.checks)
        #expect(one.tally.violations == three.tally.violations)
        #expect(one.tally.personas == three.tally.personas)
        #expect(one.tally.simulatedMilliseconds == three.tally.simulatedMilliseconds)
        var summaryOne = FlagshipRunSummary.text(one), summaryThree = FlagshipRunSummary.text(three)
        summaryOne = summaryOne.split(separator: "\n").filter { !$0.contains(" time ") }.joined(separator: "\n")
        summaryThree = summaryThree.split(separator: "\n").filter { !$0.contains(" time ") }.joined(separator: "\n")
        #expect(summaryOne.replacingOccurrences(of: "1 job", with: "") == summaryThree.replacingOccurrences(of: "3 jobs", with: ""))
    }

    @Test("a user regenerated alone is the user of the run, whatever was generated before")
    func userDependsOnlyOnSeedAndIndex() {
        let generator = FlagshipTimelineGenerator(maxYears: PropertySettings.years)
        let alone = generator.user(seed: PropertySettings.seed, user: 137)
        // A worker's buffer, reused from user to user (small, so it grows on the way).
        let buffer = FlagshipEventBuffer(capacity: 2)
        var storeKit = FlagshipCoverageCounts()
        for user in [5, 900, 137] { _ = generator.generate(seed: PropertySettings.seed, user: user, into: buffer, storeKit: &storeKit) }
        #expect(buffer.array == alone.timeline.events, "\(PropertySettings.reproduce(user: 137))")
        #expect(generator.user(seed: PropertySettings.seed &+ 1, user: 137).timeline != alone.timeline)
    }

    @Test("the determinism check fires on a different timeline or different outputs")
    func determinismCheckFires() {
        let utc = TimeZoneRules.named("UTC")!
        let events = [FlagshipEvent(at: Instant(secondsSince1970: 0), .install), FlagshipEvent(at: Instant(secondsSince1970: 60), .capture(.meal))]
        var digest = OutputDigest()
        let sample = DeterminismCheck<FlagshipRules>.Sample(zone: utc, events: events, digest: digest)
        #expect(DeterminismCheck<FlagshipRules>.compare(sample, sample, user: 1) == nil)
        var moved = sample
        moved.events[1].at = Instant(secondsSince1970: 61)
        #expect(DeterminismCheck<FlagshipRules>.compare(sample, moved, user: 1)?.eventIndex == 1)
        digest.add(0xFF)
        var otherOutputs = sample
        otherOutputs.digest = digest
        #expect(DeterminismCheck<FlagshipRules>.compare(sample, otherOutputs, user: 1)?.invariant == .deterministic)
    }
}

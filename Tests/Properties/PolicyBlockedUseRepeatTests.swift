import Simulator
import SubscriptionModel
import Testing

/// The trace checker works G6–G9 out once for a run of blocked uses that read the same
/// inputs, and takes the expectation over for the next such use. These traces put two
/// blocked uses side by side that differ in one input only, and hand the checker, for
/// the second, the first one's answer: a checker that took the expectation over when it
/// should not would pass it.
@Suite("A blocked use is worked out again when what it reads differs")
struct PolicyBlockedUseRepeatTests {
    typealias Script = PolicyInvariantScript
    typealias Run = PolicyInvariantRun

    /// daily-quip: the sixth card in Paris is blocked by the day's 5 until Paris midnight;
    /// the device then moves to London (same date, midnight an hour later) and a seventh
    /// card is blocked until London midnight.
    static var sixCardsThenLondon: (script: Script, first: Int, second: Int) {
        var script = PolicyInvariantFiresTests.sixCards
        let first = script.events.count - 1
        script("2026-06-10T08:10:00Z", .zone("Europe/London"))
        let second = script("2026-06-10T08:11:00Z", .use("view-card"))
        return (script, first, second)
    }

    @Test("the device's zone: the second use's reset instant is London's midnight, not Paris's")
    func zoneChanges() {
        let (script, first, second) = Self.sixCardsThenLondon
        let outputs = script.referenceOutputs
        #expect(outputs[first].reason == .day && outputs[second].reason == .day)
        #expect(outputs[first].resetAt == Script.instant("2026-06-10T22:00:00Z"))
        #expect(outputs[second].resetAt == Script.instant("2026-06-10T23:00:00Z"))
        #expect(Run.doctored(script, at: second) == nil)

        let violation = Run.doctored(script, at: second) { $0.resetAt = outputs[first].resetAt }
        #expect(violation?.invariant == .resetAt && violation?.eventIndex == second)
    }

    @Test("the feature: a feature the plan lacks is blocked as not in the plan, not by the total before it")
    func featureChanges() {
        var script = PolicyInvariantFiresTests.guestFourQuestions
        let first = script.events.count - 1
        let second = script("2026-05-04T09:10:00Z", .use("dasha_analysis"))
        let outputs = script.referenceOutputs
        #expect(outputs[first].reason == .total && outputs[second].reason == .notInPlan)
        #expect(Run.doctored(script, at: second) == nil)

        let violation = Run.doctored(script, at: second) { output in
            output.reason = outputs[first].reason
            output.response = outputs[first].response
            output.upgrade = outputs[first].upgrade
        }
        #expect(violation?.invariant == .noOverBlocking && violation?.eventIndex == second)
    }

    @Test("the same inputs: a repeated blocked use is still checked field by field")
    func repeatIsChecked() {
        var script = PolicyInvariantFiresTests.sixCards
        let second = script("2026-06-10T08:20:00Z", .use("view-card"))
        let outputs = script.referenceOutputs
        #expect(outputs[second].resetAt == outputs[second - 1].resetAt && outputs[second].upgrade == outputs[second - 1].upgrade)
        #expect(Run.doctored(script, at: second) == nil)

        let violation = Run.doctored(script, at: second) { $0.upgrade = nil }
        #expect(violation?.invariant == .upgradeOffer && violation?.eventIndex == second)
    }
}

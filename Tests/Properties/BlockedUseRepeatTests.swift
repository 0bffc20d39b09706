import Simulator
import SubscriptionModel
import Testing

/// The trace checker works G6–G9 out once for a run of blocked uses that read the same
/// inputs, and takes the expectation over for the next such use. These traces put two
/// blocked uses side by side that differ in one input only, and hand the checker, for
/// the second, the first one's answer: a checker that took the expectation over when it
/// should not would pass it.
@Suite("A blocked use is worked out again when what it reads differs")
struct BlockedUseRepeatTests {
    typealias Script = InvariantScript
    typealias Run = InvariantRun

    /// daily-quip: the sixth card in Paris is blocked by the day's 5 until Paris midnight;
    /// the device then moves to London (same date, midnight an hour later) and a seventh
    /// card is blocked until London midnight.
    static var sixCardsThenLondon: (script: Script, first: Int, second: Int) {
        var script = InvariantFiresTests.sixCards
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

    @Test("the feature: two features the guest plan lacks are offered different plans")
    func featureChanges() {
        // Neither consumes a meter, so both read zero counts: only the feature tells them apart.
        var script = Script(.daaTiers, zone: "UTC")
        script("2026-05-04T09:00:00Z", .install)
        let first = script("2026-05-04T09:01:00Z", .use("dasha_analysis"))
        let second = script("2026-05-04T09:02:00Z", .use("muhurta"))
        let outputs = script.referenceOutputs
        #expect(outputs[first].reason == .notInPlan && outputs[second].reason == .notInPlan)
        #expect(outputs[first].upgrade == script.offer("core", "advanced", "premium"))
        #expect(outputs[second].upgrade == script.offer("advanced", "premium"))
        #expect(Run.doctored(script, at: second) == nil)

        let violation = Run.doctored(script, at: second) { $0.upgrade = outputs[first].upgrade }
        #expect(violation?.invariant == .upgradeOffer && violation?.eventIndex == second)
    }

    /// A made-up zone whose clocks go back across midnight: at 2026-06-10T23:30Z the
    /// offset drops from +1 h to 0, so the local time goes from 00:30 on 11 June back
    /// to 23:30 on 10 June, and 10 June comes back for half an hour.
    static let backAcrossMidnight = TimeZoneRules(identifier: "Test/BackAcrossMidnight",
                                                  transitions: [Script.instant("2026-06-10T23:30:00Z").millisecondsSince1970],
                                                  offsets: [Milliseconds.hour, 0])

    @Test("the instant: a use blocked again after the reset instant found, on a date that came back, gets a new one")
    func dateComesBack() {
        // daily-quip: the sixth card on 10 June is blocked until 11 June starts, at 23:00Z.
        // At 23:40Z the local date is 10 June again: the usage day, the plan and the counts
        // are the same as at the sixth card, and the seventh card is blocked until the
        // second start of 11 June, at midnight UTC.
        var script = Script(.dailyQuip, zone: Self.backAcrossMidnight)
        script("2026-06-10T08:00:00Z", .install)
        let first = script.repeated(6, .use("view-card"), from: "2026-06-10T08:01:00Z")
        let second = script("2026-06-10T23:40:00Z", .use("view-card"))
        let outputs = script.referenceOutputs
        #expect(outputs[first].reason == .day && outputs[second].reason == .day)
        #expect(outputs[first].day == outputs[second].day && outputs[first].counts == outputs[second].counts)
        #expect(outputs[first].resetAt == Script.instant("2026-06-10T23:00:00Z"))
        #expect(outputs[second].resetAt == Script.instant("2026-06-11T00:00:00Z"))
        #expect(Run.doctored(script, at: second) == nil)

        let violation = Run.doctored(script, at: second) { $0.resetAt = outputs[first].resetAt }
        #expect(violation?.invariant == .resetAt && violation?.eventIndex == second)
    }

    @Test("the same inputs: a repeated blocked use is still checked field by field")
    func repeatIsChecked() {
        var script = InvariantFiresTests.sixCards
        let second = script("2026-06-10T08:20:00Z", .use("view-card"))
        let outputs = script.referenceOutputs
        #expect(outputs[second].resetAt == outputs[second - 1].resetAt && outputs[second].upgrade == outputs[second - 1].upgrade)
        #expect(Run.doctored(script, at: second) == nil)

        let violation = Run.doctored(script, at: second) { $0.upgrade = nil }
        #expect(violation?.invariant == .upgradeOffer && violation?.eventIndex == second)
        let noResponse = Run.doctored(script, at: second) { $0.response = nil }
        #expect(noResponse?.invariant == .exactResponses && noResponse?.eventIndex == second)
    }
}

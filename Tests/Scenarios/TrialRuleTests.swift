import Simulator
import SubscriptionModel
import Testing

/// T1–T3: the trial is 72 hours of elapsed time from the first install, 10 a day, once.
@Suite("Trial (T1, T2, T3)")
struct TrialRuleTests {
    @Test("T2: the trial is [I, I + 72 h): the last millisecond is in it, I + 72 h is not")
    func trialIsHalfOpen72Hours() {
        let out = replay("America/New_York", [
            ("2026-03-02T09:00:00-05:00", .install),
            ("2026-03-05T13:59:59.999Z", .capture(.meal)),
            ("2026-03-05T14:00:00Z", .capture(.meal)),
        ])
        #expect(out[1].plan == .trial && out[1].outcome == .captured)
        #expect(out[2].plan == FlagshipPlan.none && out[2].outcome == .planSheet)
    }

    @Test("T2: the trial ignores DST: 72 h across a spring-forward day ends at the same wall time + 1 h")
    func trialIsElapsedTimeAcrossDST() {
        // New York springs forward on 2026-03-08; I + 72 h is 10:00 EDT, not 09:00.
        let out = replay("America/New_York", [
            ("2026-03-06T09:00:00-05:00", .install),
            ("2026-03-09T09:30:00-04:00", .capture(.meal)),
            ("2026-03-09T10:00:00-04:00", .capture(.meal)),
        ])
        #expect(out[1].plan == .trial)
        #expect(out[2].plan == FlagshipPlan.none)
    }

    @Test("T2: the trial ignores the zone: moving to UTC+14 does not end it early")
    func trialIgnoresZone() {
        let out = replay("Etc/GMT+12", [
            ("2026-01-01T00:00:00-12:00", .install),
            ("2026-01-03T00:00:00-12:00", .setZone(zone("Pacific/Kiritimati"))),
            ("2026-01-03T23:59:59-12:00", .capture(.meal)),
        ])
        #expect(out[2].plan == .trial && out[2].outcome == .captured)
    }

    @Test("T1: a reinstall during the trial does not restart it; after it, no new trial")
    func reinstallNeverRestartsTrial() {
        let out = replay("Europe/Berlin", [
            ("2026-05-01T10:00:00+02:00", .install),
            ("2026-05-03T10:00:00+02:00", .reinstall),
            ("2026-05-04T10:00:00+02:00", .capture(.meal)),
            ("2026-05-04T10:01:00+02:00", .reinstall),
            ("2026-05-04T10:02:00+02:00", .capture(.meal)),
        ])
        #expect(out[1].plan == .trial)
        #expect(out[2].plan == FlagshipPlan.none && out[2].outcome == .planSheet)
        #expect(out[4].plan == FlagshipPlan.none && out[4].outcome == .planSheet)
    }

    @Test("T3: 10 analyses a day in the trial; the 11th opens the plan sheet")
    func tenPerDayInTrial() {
        let out = replay("Asia/Tokyo", [("2026-02-01T08:00:00+09:00", .install)] + captures(11, from: "2026-02-01T08:01:00+09:00"))
        #expect(out[1...10].allSatisfy { $0.outcome == .captured })
        #expect(out[10].used == 10)
        #expect(out[11].outcome == .planSheet && out[11].used == 10 && out[11].alert == nil)
    }
}

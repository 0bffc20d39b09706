import Simulator
import SubscriptionModel
import Testing

/// U1–U5: one counter, one usage day that never moves backward, reset only when the
/// local date advances past it.
@Suite("Usage day and counter (U1–U5)")
struct UsageDayRuleTests {
    @Test("U1: meal photos, recipe photos and recipe links share one counter")
    func allKindsShareOneCounter() {
        let out = replay("Europe/Paris", [("2026-02-02T08:00:00+01:00", .install)]
            + captures(4, from: "2026-02-02T09:00:00+01:00", kind: .meal)
            + captures(3, from: "2026-02-02T10:00:00+01:00", kind: .recipePhoto)
            + captures(4, from: "2026-02-02T11:00:00+01:00", kind: .recipeLink))
        #expect(out.map(\.used) == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10])
        #expect(out[11].outcome == .planSheet)
    }

    @Test("U1: changing plan mid-day keeps what was used that day")
    func planChangeKeepsCount() {
        let out = replay("Europe/Paris", [("2026-02-02T08:00:00+01:00", .install)]
            + captures(7, from: "2026-02-02T09:00:00+01:00")
            + [("2026-02-02T12:00:00+01:00", .setEntitlement(.premium)), ("2026-02-02T12:00:00+01:00", .setEntitlement(.unlimited))])
        #expect(out[8].plan == .premium && out[8].used == 7)
        #expect(out[9].plan == .unlimited && out[9].used == 7)
    }

    @Test("U2: the local date is the calendar date in the device's current zone")
    func localDateIsInCurrentZone() {
        let out = replay("UTC", [
            ("2026-08-01T20:00:00Z", .install),
            ("2026-08-01T20:00:01Z", .setZone(zone("Asia/Tokyo"))),
        ])
        #expect(out[0].day == date("2026-08-01"))
        #expect(out[1].day == date("2026-08-02"))
    }

    @Test("U3: the counter reads 0 once the local date passes the stored day, at local midnight")
    func resetAtLocalMidnight() {
        let out = replay("America/Chicago", [("2026-09-09T08:00:00-05:00", .install)]
            + captures(10, from: "2026-09-09T23:50:00-05:00")
            + [("2026-09-09T23:59:59.999-05:00", .look), ("2026-09-10T00:00:00-05:00", .look)])
        #expect(out[11].used == 10 && out[11].day == date("2026-09-09"))
        #expect(out[12].used == 0 && out[12].day == date("2026-09-10"))
    }

    @Test("U3: when the local date goes back (westward), the stored day and its count stay")
    func westwardKeepsStoredDay() {
        let out = replay("Asia/Tokyo", [("2026-03-10T00:30:00+09:00", .install)]
            + captures(10, from: "2026-03-10T00:31:00+09:00")
            + [("2026-03-10T00:45:00+09:00", .setZone(zone("America/Los_Angeles"))),
               ("2026-03-10T00:46:00+09:00", .capture(.meal))])
        // In Los Angeles it is still 2026-03-09: no extra reset.
        #expect(out[11].day == date("2026-03-10") && out[11].used == 10)
        #expect(out[12].outcome == .planSheet)
    }

    @Test("U3: looking, changing zone or plan, and reinstalling write nothing")
    func onlyCountedAnalysesWrite() {
        // Flying to a later date and back without capturing leaves the stored day as it was.
        let out = replay("Pacific/Pago_Pago", [
            ("2026-06-10T10:00:00-11:00", .install),
            ("2026-06-10T10:01:00-11:00", .capture(.meal)),
            ("2026-06-10T10:02:00-11:00", .setZone(zone("Pacific/Kiritimati"))),
            ("2026-06-10T10:03:00-11:00", .look),
            ("2026-06-10T10:04:00-11:00", .setZone(zone("Pacific/Pago_Pago"))),
        ])
        #expect(out[3].day == date("2026-06-11") && out[3].used == 0)
        #expect(out[4].day == date("2026-06-10") && out[4].used == 1)
    }

    @Test("U4: a blocked attempt changes nothing")
    func blockedAttemptChangesNothing() {
        let out = replay("UTC", [("2026-01-01T00:00:00Z", .install), ("2026-01-01T00:00:01Z", .setEntitlement(.premium))]
            + captures(13, from: "2026-01-01T01:00:00Z"))
        #expect(out[12...].allSatisfy { $0.used == 10 && $0.outcome == .limitAlert })
    }

    @Test("U5: a reinstall does not reset the counter")
    func reinstallKeepsCounter() {
        let out = replay("UTC", [("2026-01-01T00:00:00Z", .install)] + captures(10, from: "2026-01-01T01:00:00Z")
            + [("2026-01-01T02:00:00Z", .reinstall), ("2026-01-01T02:01:00Z", .capture(.meal))])
        #expect(out[11].used == 10)
        #expect(out[12].outcome == .planSheet)
    }
}

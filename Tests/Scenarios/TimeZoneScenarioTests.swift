import Simulator
import SubscriptionModel
import Testing

/// Named time-zone histories that break naive date code (U2, U3). Each instant's
/// local reading is noted beside it; they were checked against the tz database.
@Suite("Time-zone scenarios (U2, U3)")
struct TimeZoneScenarioTests {
    /// An Unlimited user (so plan and trial never interfere) who has used 10 by `first`.
    func tenUsedBy(_ zoneName: String, install: String, first: String) -> [(String, FlagshipEvent.Action)] {
        [(install, .install), (install, .setEntitlement(.premium))] + captures(10, from: first)
    }

    @Test("America/Sao_Paulo 2018-11-04: midnight does not exist; the new date starts at 01:00 -02")
    func saoPauloMissingMidnight() {
        let out = replay("America/Sao_Paulo", tenUsedBy("America/Sao_Paulo", install: "2018-11-03T20:00:00-03:00", first: "2018-11-03T20:01:00-03:00") + [
            ("2018-11-04T02:59:59Z", .capture(.meal)), // 23:59:59 -03 on 11-03
            ("2018-11-04T03:00:00Z", .capture(.meal)), // 01:00:00 -02 on 11-04
        ])
        #expect(out[12].outcome == .limitAlert && out[12].day == date("2018-11-03"))
        #expect(out[13].outcome == .captured && out[13].day == date("2018-11-04") && out[13].used == 1)
    }

    @Test("America/Havana 2026-11-01: midnight happens twice; only the first resets")
    func havanaDoubleMidnight() {
        let out = replay("America/Havana", tenUsedBy("America/Havana", install: "2026-10-31T20:00:00-04:00", first: "2026-10-31T20:01:00-04:00") + [
            ("2026-11-01T03:59:59Z", .look), // 23:59:59 -04 on 10-31
        ] + captures(10, from: "2026-11-01T04:00:00Z") + [ // 00:00 -04 on 11-01: new day, 10 used again
            ("2026-11-01T05:00:00Z", .capture(.meal)), // 00:00 -05 on 11-01 again: no second reset
            ("2026-11-02T04:59:59Z", .capture(.meal)), // 23:59:59 -05 on 11-01
            ("2026-11-02T05:00:00Z", .capture(.meal)), // 00:00 -05 on 11-02
        ])
        #expect(out[12].day == date("2026-10-31") && out[12].used == 10)
        #expect(out[13].day == date("2026-11-01") && out[13].used == 1)
        #expect(out[23].outcome == .limitAlert && out[23].day == date("2026-11-01"))
        #expect(out[24].outcome == .limitAlert)
        #expect(out[25].outcome == .captured && out[25].day == date("2026-11-02"))
    }

    @Test("America/St_Johns 2006-10-29: at 00:01 the clock went back to 23:01 on 10-28; the usage day stays 10-29")
    func stJohnsDateGoesBackward() {
        let out = replay("America/St_Johns", [("2006-10-28T12:00:00-02:30", .install), ("2006-10-28T12:00:00-02:30", .setEntitlement(.premium))]
            + captures(10, from: "2006-10-29T02:30:30Z", kind: .recipeLink).prefix(1) // 00:00:30 -02:30 on 10-29: new day
            + [("2006-10-29T02:31:00Z", .look)] // 23:01 -03:30 on 10-28
            + captures(9, from: "2006-10-29T02:32:00Z") // still on the 10-29 count
            + [("2006-10-29T03:29:59Z", .capture(.meal)), // 23:59:59 -03:30 on 10-28: the 11th of 10-29
               ("2006-10-29T03:30:00Z", .capture(.meal))]) // 00:00 -03:30: 10-29 again, no reset
        #expect(out[2].day == date("2006-10-29") && out[2].used == 1)
        #expect(out[3].day == date("2006-10-29") && out[3].used == 1)
        #expect(out[12].used == 10)
        #expect(out[13].outcome == .limitAlert && out[13].day == date("2006-10-29"))
        #expect(out[14].outcome == .limitAlert && out[14].day == date("2006-10-29"))
    }

    @Test("Antarctica/Casey 2010-03-05: +11 to +08 takes the date back to 03-04 for an hour; 03-05 does not reset twice")
    func caseyDateGoesBackward() {
        let out = replay("Antarctica/Casey", [("2010-03-04T00:00:00Z", .install), ("2010-03-04T00:00:00Z", .setEntitlement(.unlimited))]
            + captures(50, from: "2010-03-04T13:00:00Z") // 00:00 +11 on 03-05
            + [("2010-03-04T15:00:00Z", .capture(.meal)), // 23:00 +08 on 03-04
               ("2010-03-04T16:00:00Z", .capture(.meal)), // 00:00 +08 on 03-05, again
               ("2010-03-05T16:00:00Z", .capture(.meal))]) // 00:00 +08 on 03-06
        #expect(out[2].day == date("2010-03-05"))
        #expect(out[52].outcome == .limitAlert && out[52].day == date("2010-03-05"))
        #expect(out[53].outcome == .limitAlert)
        #expect(out[54].outcome == .captured && out[54].day == date("2010-03-06"))
    }

    @Test("Pacific/Apia 2011-12-30 does not exist: 12-29 is followed by 12-31")
    func apiaSkippedDay() {
        let out = replay("Pacific/Apia", tenUsedBy("Pacific/Apia", install: "2011-12-29T08:00:00-10:00", first: "2011-12-29T09:00:00-10:00") + [
            ("2011-12-30T09:59:59Z", .capture(.meal)), // 23:59:59 -10 on 12-29
            ("2011-12-30T10:00:00Z", .capture(.meal)), // 00:00 +14 on 12-31
        ])
        #expect(out[12].outcome == .limitAlert && out[12].day == date("2011-12-29"))
        #expect(out[13].outcome == .captured && out[13].day == date("2011-12-31"))
    }

    @Test("America/Santiago 2026-04-04: a 25-hour Saturday whose last hour repeats; one reset, at the real midnight")
    func santiagoLongSaturday() {
        let out = replay("America/Santiago", tenUsedBy("America/Santiago", install: "2026-04-04T18:00:00-03:00", first: "2026-04-04T18:01:00-03:00") + [
            ("2026-04-05T03:00:00Z", .capture(.meal)), // 23:00 -04 on 04-04 (the repeated hour)
            ("2026-04-05T03:59:59Z", .capture(.meal)), // 23:59:59 -04 on 04-04
            ("2026-04-05T04:00:00Z", .capture(.meal)), // 00:00 -04 on 04-05
        ])
        #expect(out[12].outcome == .limitAlert && out[13].outcome == .limitAlert)
        #expect(out[14].outcome == .captured && out[14].day == date("2026-04-05"))
    }

    @Test("Australia/Lord_Howe: 30-minute DST; midnight is 13:30Z in winter (+10:30), 13:00Z in summer (+11)")
    func lordHoweHalfHourDST() {
        let winter = replay("Australia/Lord_Howe", [("2026-06-15T00:00:00Z", .install), ("2026-06-15T13:29:59Z", .look), ("2026-06-15T13:30:00Z", .look)])
        #expect(winter[1].day == date("2026-06-15") && winter[2].day == date("2026-06-16"))
        let summer = replay("Australia/Lord_Howe", [("2026-01-15T00:00:00Z", .install), ("2026-01-15T12:59:59Z", .look), ("2026-01-15T13:00:00Z", .look)])
        #expect(summer[1].day == date("2026-01-15") && summer[2].day == date("2026-01-16"))
    }

    @Test("Asia/Kathmandu +05:45: midnight is 18:15Z")
    func kathmanduQuarterHour() {
        let out = replay("Asia/Kathmandu", [("2026-01-01T08:00:00+05:45", .install)] + captures(10, from: "2026-01-01T09:00:00+05:45")
            + [("2026-01-01T18:14:59Z", .capture(.meal)), ("2026-01-01T18:15:00Z", .capture(.meal))])
        #expect(out[11].outcome == .planSheet)
        #expect(out[12].outcome == .captured && out[12].day == date("2026-01-02"))
    }

    @Test("Pacific/Chatham +12:45: midnight is 11:15Z in July")
    func chathamOffset() {
        let out = replay("Pacific/Chatham", [("2026-07-01T00:00:00Z", .install), ("2026-07-01T11:14:59Z", .look), ("2026-07-01T11:15:00Z", .look)])
        #expect(out[1].day == date("2026-07-01") && out[2].day == date("2026-07-02"))
    }

    @Test("Westward across the date line (Honolulu to Tokyo): the date jumps ahead, a new usage day")
    func westwardAcrossDateLine() {
        let out = replay("Pacific/Honolulu", [("2026-05-01T08:00:00-10:00", .install)] + captures(10, from: "2026-05-01T09:00:00-10:00")
            + [("2026-05-01T20:00:00-10:00", .setZone(zone("Asia/Tokyo"))), // 15:00 +09 on 05-02
               ("2026-05-01T20:01:00-10:00", .capture(.meal))])
        #expect(out[11].day == date("2026-05-02") && out[11].used == 0)
        #expect(out[12].outcome == .captured)
    }

    @Test("Eastward across the date line (Tokyo to Honolulu): the date goes back, the day and count stay")
    func eastwardAcrossDateLine() {
        let out = replay("Asia/Tokyo", [("2026-05-02T08:00:00+09:00", .install)] + captures(10, from: "2026-05-02T09:00:00+09:00")
            + [("2026-05-02T20:00:00+09:00", .setZone(zone("Pacific/Honolulu"))), // 01:00 -10 on 05-02
               ("2026-05-02T20:01:00+09:00", .capture(.meal)),
               ("2026-05-03T00:00:00-10:00", .capture(.meal))]) // Honolulu's midnight reaches 05-03
        #expect(out[11].day == date("2026-05-02") && out[11].used == 10)
        #expect(out[12].outcome == .planSheet)
        #expect(out[13].outcome == .captured && out[13].day == date("2026-05-03"))
    }

    @Test("Etc/GMT+12 to Pacific/Kiritimati: two dates at once (06-09 to 06-11); back in UTC−12 no reset until its 06-12")
    func jumpTwoDates() {
        let out = replay("Etc/GMT+12", [("2026-06-09T08:00:00-12:00", .install), ("2026-06-10T11:00:00Z", .setZone(zone("Pacific/Kiritimati")))]
            + captures(10, from: "2026-06-10T11:01:00Z")
            + [("2026-06-10T12:00:00Z", .setZone(zone("Etc/GMT+12"))), // 06-10 00:00 -12
               ("2026-06-12T11:59:59Z", .capture(.meal)), // 06-11 23:59:59 -12
               ("2026-06-12T12:00:00Z", .capture(.meal))]) // 06-12 00:00 -12
        #expect(out[1].day == date("2026-06-11") && out[1].used == 0)
        #expect(out[12].day == date("2026-06-11") && out[12].used == 10)
        #expect(out[13].outcome == .planSheet)
        #expect(out[14].outcome == .captured && out[14].day == date("2026-06-12"))
    }

    @Test("Toggling London and Paris across midnight: one reset, at the first midnight reached")
    func togglingNearMidnight() {
        let out = replay("Europe/London", [("2026-01-10T08:00:00Z", .install)] + captures(10, from: "2026-01-10T09:00:00Z") + [
            ("2026-01-10T23:30:00Z", .setZone(zone("Europe/Paris"))), // 00:30 on 01-11 in Paris
            ("2026-01-10T23:31:00Z", .capture(.meal)),
            ("2026-01-10T23:32:00Z", .setZone(zone("Europe/London"))), // 23:32 on 01-10 in London
            ("2026-01-10T23:33:00Z", .capture(.meal)),
            ("2026-01-10T23:34:00Z", .setZone(zone("Europe/Paris"))),
            ("2026-01-11T00:00:00Z", .setZone(zone("Europe/London"))), // London's midnight: already 01-11
            ("2026-01-11T00:00:01Z", .capture(.meal)),
        ])
        #expect(out[11].day == date("2026-01-11") && out[11].used == 0)
        #expect(out[12].used == 1)
        #expect(out[13].day == date("2026-01-11") && out[13].used == 1)
        #expect(out[14].used == 2)
        #expect(out[17].used == 3 && out[17].day == date("2026-01-11"))
    }
}

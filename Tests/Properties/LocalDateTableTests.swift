import Foundation
import Simulator
import SubscriptionModel
import Testing

/// The fast local dates (per-zone offset tables and integer arithmetic) agree with
/// Foundation's `Calendar` in every zone Foundation knows, on random instants from
/// 1970 to 2037 and right at every offset change ±1 s.
@Suite("Zone tables agree with Calendar")
struct LocalDateTableTests {
    static let zones = ZoneCatalog.standard.all

    static func calendarDate(_ instant: Instant, _ zone: TimeZone) -> LocalDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(instant.millisecondsSince1970) / 1000))
        return LocalDate(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    @Test("identical local dates in every zone, at random instants and at every transition ±1 s")
    func tablesMatchCalendar() {
        var random = SeededRandom(seed: PropertySettings.seed)
        let from = Instant(secondsSince1970: 0), to = Instant(secondsSince1970: 2_145_916_799) // 1970 … 2037
        var compared = 0, mismatches: [String] = []
        for rules in Self.zones {
            let zone = TimeZone(identifier: rules.identifier)!
            var instants: [Instant] = (0..<60).map { _ in Instant(millisecondsSince1970: random.int64(in: from.millisecondsSince1970...to.millisecondsSince1970)) }
            for change in rules.changes where change.at >= from && change.at <= to {
                instants += [change.at.adding(milliseconds: -1000), change.at.adding(milliseconds: -1), change.at, change.at.adding(milliseconds: 1000)]
            }
            for instant in instants {
                compared += 1
                let expected = Self.calendarDate(instant, zone)
                let got = rules.localDate(at: instant)
                if got != expected, mismatches.count < 10 { mismatches.append("\(rules.identifier) at \(instant): table \(got), Calendar \(expected)") }
            }
        }
        print("compared \(compared) instants in \(Self.zones.count) zones")
        #expect(Self.zones.count > 400)
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }

    @Test("the zone list includes the extreme fixed offsets Foundation accepts but does not list")
    func extremeOffsets() {
        let names = Set(Self.zones.map(\.identifier))
        #expect(names.contains("Etc/GMT+12") && names.contains("Etc/GMT-14"))
        #expect(TimeZoneRules.named("Etc/GMT-14")!.offsetMilliseconds(at: Instant(secondsSince1970: 0)) == 14 * 3_600_000)
    }

    @Test("the next date start is the instant the local date advances, even where midnight does not exist")
    func nextDateStart() {
        let saoPaulo = TimeZoneRules.named("America/Sao_Paulo")!
        let start = saoPaulo.nextDateStart(after: Instant(secondsSince1970: 1_541_286_000)) // 2018-11-03T23:00Z
        #expect(start == Instant(secondsSince1970: 1_541_300_400)) // 2018-11-04T03:00Z = 01:00 -02
        let apia = TimeZoneRules.named("Pacific/Apia")!
        let skip = apia.nextDateStart(after: Instant(secondsSince1970: 1_325_224_800)) // 2011-12-30T06:00Z
        #expect(skip == Instant(secondsSince1970: 1_325_239_200)) // 2011-12-30T10:00Z, local 12-31
        #expect(apia.localDate(at: skip) == LocalDate(year: 2011, month: 12, day: 31))
    }

    @Test("a zone clock walked forward gives the table's next change and next date start, in every zone")
    func clockMatchesTable() {
        var random = SeededRandom(seed: PropertySettings.seed)
        var mismatches: [String] = []
        for rules in Self.zones {
            // A clock walked forward in steps of up to two days, as the generator walks it,
            // with its cached offset span carried from step to step.
            var clock = ZoneClock(zone: rules)
            var instant = Instant(millisecondsSince1970: random.int64(in: 0...1_900_000_000_000))
            for _ in 0..<200 {
                let change = clock.nextChange(after: instant), tableChange = rules.nextChange(after: instant)?.at
                let start = clock.nextDateStart(after: instant), tableStart = rules.nextDateStart(after: instant)
                if (change != tableChange || start != tableStart), mismatches.count < 10 {
                    mismatches.append("\(rules.identifier) after \(instant): clock \(String(describing: change)), \(start); table \(String(describing: tableChange)), \(tableStart)")
                }
                instant = instant.adding(milliseconds: random.int64(in: 1...2 * Milliseconds.twentyFourHours))
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }
}

import Foundation
import SubscriptionModel

/// The time zones the generator draws from: the package's pinned list
/// (`ZoneIdentifiers`: every IANA zone, and the fixed-offset `Etc/GMT±N` names for
/// UTC−12 to UTC+14), and a hand-picked set of zones whose history breaks naive date code, drawn far
/// more often than their share.
package struct ZoneCatalog: Sendable {
    /// Every zone of the pinned list, in its order.
    package let all: [TimeZoneRules]
    /// Zones whose offset changes at least once (DST or a change of standard time).
    package let changing: [TimeZoneRules]
    /// The tricky ones, each for a reason given in `trickyIdentifiers`.
    package let tricky: [TimeZoneRules]

    /// The zones that break naive date code, and why.
    package static let trickyIdentifiers: [(String, String)] = [
        ("America/Sao_Paulo", "midnight did not exist on DST start days (2018-11-04)"),
        ("America/Havana", "DST ends at 01:00, so midnight happens twice"),
        ("America/St_Johns", "until 2011 DST ended at 00:01: the local date went backward"),
        ("Antarctica/Casey", "2010-03-05: the date went backward by a jump of three hours"),
        ("Pacific/Apia", "2011-12-30 does not exist: the zone crossed the date line"),
        ("America/Santiago", "a 25-hour Saturday whose last hour repeats (April)"),
        ("Australia/Lord_Howe", "30-minute DST"),
        ("Asia/Kathmandu", "offset +05:45"),
        ("Pacific/Chatham", "offset +12:45 / +13:45"),
        ("Pacific/Kiritimati", "UTC+14, jumped from UTC−10 across the date line in 1994"),
        ("Pacific/Pago_Pago", "UTC−11"),
        ("Etc/GMT+12", "UTC−12, the last place on Earth"),
        ("Etc/GMT-14", "UTC+14"),
        ("Asia/Tehran", "+03:30 with DST at midnight"),
        ("America/Asuncion", "DST changes at midnight"),
        ("Asia/Gaza", "DST at midnight, irregular dates"),
        ("Africa/Casablanca", "DST suspended during Ramadan"),
        ("Europe/Dublin", "negative DST in the tz database"),
        ("Pacific/Fakaofo", "skipped 2011-12-30 too"),
        ("America/Godthab", "DST changes at midnight UTC−1"),
    ]

    /// The catalogue of the pinned list.
    package static let standard = ZoneCatalog()

    /// The IANA tz data version of this machine's Foundation (`TimeZone.timeZoneDataVersion`),
    /// which every report records: zone histories decide local dates.
    package static let tzDataVersion = TimeZone.timeZoneDataVersion

    private init() {
        let utc = TimeZoneRules.utc
        let rules = ZoneIdentifiers.all.map { TimeZoneRules.named($0) ?? utc }
        self.all = rules
        self.changing = rules.filter(\.hasTransitions)
        self.tricky = Self.trickyIdentifiers.compactMap { TimeZoneRules.named($0.0) }
    }

    /// A zone, weighted towards the tricky ones: 40 % tricky, 30 % with offset changes, 30 % any.
    package func draw(_ random: inout SeededRandom) -> TimeZoneRules {
        switch random.below(10) {
        case 0..<4: random.pick(tricky)
        case 4..<7: random.pick(changing)
        default: random.pick(all)
        }
    }

    /// The fixed-offset zone for a whole-hour offset from −12 to +14, or nil.
    package static func fixed(offsetHours: Int) -> TimeZoneRules? {
        // POSIX sign convention: Etc/GMT+12 is UTC−12.
        offsetHours == 0 ? TimeZoneRules.named("UTC") : TimeZoneRules.named(offsetHours < 0 ? "Etc/GMT+\(-offsetHours)" : "Etc/GMT-\(offsetHours)")
    }
}

/// A calendar date (proleptic Gregorian) with no zone attached: the "usage day" of U3.
///
/// Stored as the number of days since 1970-01-01 so that comparing two dates, the one
/// operation the rules need ("the later of"), is an integer comparison. The civil
/// conversions are Howard Hinnant's `days_from_civil` / `civil_from_days`, exact for
/// every date in the supported years.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before).
    public var daysSince1970: Int32

    /// Creates a date from its day number.
    @inlinable
    public init(daysSince1970: Int32) {
        self.daysSince1970 = daysSince1970
    }

    /// Creates a date from year, month (1–12) and day (1–31); the caller ensures it exists.
    public init(year: Int, month: Int, day: Int) {
        self.daysSince1970 = Int32(LocalDate.days(year: year, month: month, day: day))
    }

    /// Orders dates chronologically.
    @inlinable
    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        lhs.daysSince1970 < rhs.daysSince1970
    }

    /// The later of two dates (U3: the current usage day is the later of the stored day
    /// and the local date now).
    @inlinable
    public static func later(_ a: LocalDate, _ b: LocalDate) -> LocalDate {
        a.daysSince1970 >= b.daysSince1970 ? a : b
    }

    /// The date's year, month and day.
    package var components: (year: Int, month: Int, day: Int) {
        LocalDate.civil(days: Int(daysSince1970))
    }

    /// `YYYY-MM-DD`, as the replay contract prints the usage day.
    public var description: String {
        let (y, m, d) = components
        guard PaddedDigits.fits(y, width: 4) else { return LocalDate.pad(y, 4) + "-" + LocalDate.pad(m, 2) + "-" + LocalDate.pad(d, 2) }
        return String(unsafeUninitializedCapacity: 10) { buffer in
            var index = PaddedDigits.write(y, width: 4, into: buffer, at: 0)
            buffer[index] = UInt8(ascii: "-")
            index = PaddedDigits.write(m, width: 2, into: buffer, at: index + 1)
            buffer[index] = UInt8(ascii: "-")
            return PaddedDigits.write(d, width: 2, into: buffer, at: index + 1)
        }
    }

    /// The date of the day containing local wall-clock milliseconds `localMilliseconds`
    /// (UTC milliseconds plus the zone's offset).
    @inlinable
    public init(localMilliseconds: Int64) {
        let day = localMilliseconds >= 0
            ? localMilliseconds / Milliseconds.twentyFourHours
            : (localMilliseconds - Milliseconds.twentyFourHours + 1) / Milliseconds.twentyFourHours
        self.daysSince1970 = Int32(truncatingIfNeeded: day)
    }

    /// The UTC instant, in ms, at which a wall clock running at `offset` (ms from UTC)
    /// reaches the midnight that ends this date. Whether that midnight happens depends
    /// on the zone: callers check the offset still holds then.
    @inlinable
    public func endMilliseconds(offset: Int64) -> Int64 {
        (Int64(daysSince1970) + 1) * Milliseconds.twentyFourHours - offset
    }

    /// Days since 1970-01-01 of a civil date.
    package static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The civil date of a day number.
    package static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Whether `year-month-day` names a real date (used by the timeline parser).
    package static func isValid(year: Int, month: Int, day: Int) -> Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        return day <= daysInMonth(year: year, month: month)
    }

    /// Why `year-month-day` does not exist, for an error line: `February 2026 has 28
    /// days`, `there is no month 13`.
    package static func impossibility(year: Int, month: Int, day: Int) -> String {
        guard (1...12).contains(month) else { return "there is no month \(month < 10 ? "0" : "")\(month)" }
        guard day >= 1 else { return "there is no day 00" }
        let length = daysInMonth(year: year, month: month)
        let name = monthNames[month - 1]
        return month == 2 ? "\(name) \(year) has \(length) days" : "\(name) has \(length) days"
    }

    private static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

    /// The number of days in a month of the proleptic Gregorian calendar.
    package static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

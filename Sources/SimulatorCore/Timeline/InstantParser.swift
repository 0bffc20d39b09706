import SubscriptionModel

/// Reads the contract's instants: `YYYY-MM-DDTHH:MM:SS[.f{1,3}](Z|±HH:MM)`.
///
/// Hand-written rather than `ISO8601DateFormatter` because the contract is narrower
/// (upper-case `T` and `Z`, 1 to 3 fraction digits, seconds 00–59, offset hours
/// 00–23) and exact to the millisecond, which a `Date` would round.
package enum InstantParser {
    /// The years an instant of a timeline may be written in.
    package static let years = 1970...2099

    /// The years an instant of an output may be written in: any four-digit year from
    /// 1969. An output's `resetAt` comes after its event, so it can fall past 2099 (a
    /// use blocked by `month` in December 2099 resets on 2100-01-01); and a timeline's
    /// year is the year as written, before its offset, so its earliest instant,
    /// `1970-01-01T00:00:00+23:59`, is in 1969 in UTC, where `resetAt` is written.
    package static let outputYears = 1969...9999

    /// Why an instant was refused, in the order it is checked: the shape first, then
    /// the year, then whether the date exists.
    package enum Failure: Error, Hashable, Sendable {
        /// Not of the contract's shape, or a time-of-day or offset field out of its range.
        case malformed
        /// Well formed, but the year as written is outside `years`.
        case yearOutOfRange(Int)
        /// Well formed and in the years, but no such day exists (`2026-02-29`,
        /// `2026-04-31`, month 13, day 00).
        case impossibleDate(year: Int, month: Int, day: Int)
    }

    /// What an error line says of an instant `field` (`at`, `expires`) shown as `shown`
    /// that failed to parse: the one wording both timeline readers use.
    package static func problem(_ failure: Failure, field: String, shown: String) -> String {
        switch failure {
        case .malformed:
            "malformed \"\(field)\" \(shown): expected YYYY-MM-DDTHH:MM:SS[.fff] then Z or ±HH:MM"
        case .yearOutOfRange(let year):
            "\"\(field)\" \(shown) is in \(year), outside the years \(years.lowerBound)–\(years.upperBound)"
        case .impossibleDate(let year, let month, let day):
            "\"\(field)\" \(shown) is an impossible date: \(LocalDate.impossibility(year: year, month: month, day: day))"
        }
    }

    /// Parses one instant written in one of `years` (a timeline's, unless told).
    package static func parse(_ text: String, years: ClosedRange<Int> = years) -> Result<Instant, Failure> {
        var text = text
        return text.withUTF8 { parse(utf8: $0, years: years) }
    }

    /// Parses one instant of a timeline from its UTF-8 bytes (what the timeline reader
    /// has in hand).
    package static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Result<Instant, Failure> {
        parse(utf8: bytes, years: years)
    }

    /// Parses one instant written in one of `years` from its UTF-8 bytes.
    package static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>, years: ClosedRange<Int>) -> Result<Instant, Failure> {
        if let instant = commonForm(bytes, years: years) { return .success(instant) }
        var position = 0
        func digits(_ count: Int) -> Int? {
            guard position + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[position..<position + count] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            position += count
            return value
        }
        func expect(_ character: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == character else { return false }
            position += 1
            return true
        }
        guard let year = digits(4), expect(0x2D), let month = digits(2), expect(0x2D), let day = digits(2),
              expect(0x54), let hour = digits(2), expect(0x3A), let minute = digits(2), expect(0x3A), let second = digits(2)
        else { return .failure(.malformed) }
        var millis = 0
        if expect(0x2E) {
            var count = 0
            while count < 3, position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 {
                millis = millis * 10 + Int(bytes[position] - 0x30)
                position += 1
                count += 1
            }
            guard count > 0 else { return .failure(.malformed) }
            for _ in count..<3 { millis *= 10 }
        }
        var offsetMinutes = 0
        if expect(0x5A) {
            offsetMinutes = 0
        } else if position < bytes.count, bytes[position] == 0x2B || bytes[position] == 0x2D {
            let negative = bytes[position] == 0x2D
            position += 1
            guard let hours = digits(2), expect(0x3A), let minutes = digits(2), hours <= 23, minutes <= 59 else { return .failure(.malformed) }
            offsetMinutes = (hours * 60 + minutes) * (negative ? -1 : 1)
        } else {
            return .failure(.malformed)
        }
        guard position == bytes.count, hour <= 23, minute <= 59, second <= 59 else { return .failure(.malformed) }
        guard years.contains(year) else { return .failure(.yearOutOfRange(year)) }
        guard LocalDate.isValid(year: year, month: month, day: day) else { return .failure(.impossibleDate(year: year, month: month, day: day)) }
        let days = Int64(LocalDate.days(year: year, month: month, day: day))
        let localSeconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        let utcMilliseconds = (localSeconds - Int64(offsetMinutes) * 60) * 1000 + Int64(millis)
        return .success(Instant(millisecondsSince1970: utcMilliseconds))
    }

    /// The instant written in the forms this package writes, with three fraction
    /// digits and `Z` or an offset (`2026-03-29T01:30:00.000Z`, 24 bytes, or
    /// `…00.000+05:30`, 29 bytes), when valid; nil for anything else, which the general
    /// reading then takes (and refuses with its reason). Timelines hold one instant per
    /// event, and this reads one without a bounds check or a call per field.
    @inline(__always)
    private static func commonForm(_ bytes: UnsafeBufferPointer<UInt8>, years: ClosedRange<Int>) -> Instant? {
        guard bytes.count == 24 || bytes.count == 29, let p = bytes.baseAddress,
              p[4] == 0x2D, p[7] == 0x2D, p[10] == 0x54, p[13] == 0x3A, p[16] == 0x3A, p[19] == 0x2E
        else { return nil }
        var digits = FixedDigits(p)
        var offsetMinutes = 0
        if bytes.count == 24 {
            guard p[23] == 0x5A else { return nil }
        } else {
            guard p[23] == 0x2B || p[23] == 0x2D, p[26] == 0x3A else { return nil }
            let hours = digits.value(at: 24, count: 2), minutes = digits.value(at: 27, count: 2)
            guard hours <= 23, minutes <= 59 else { return nil }
            offsetMinutes = (hours * 60 + minutes) * (p[23] == 0x2D ? -1 : 1)
        }
        let year = digits.value(at: 0, count: 4), month = digits.value(at: 5, count: 2), day = digits.value(at: 8, count: 2)
        let hour = digits.value(at: 11, count: 2), minute = digits.value(at: 14, count: 2), second = digits.value(at: 17, count: 2)
        let millis = digits.value(at: 20, count: 3)
        guard digits.allDigits, hour <= 23, minute <= 59, second <= 59, years.contains(year),
              LocalDate.isValid(year: year, month: month, day: day) else { return nil }
        let days = Int64(LocalDate.days(year: year, month: month, day: day))
        let localSeconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return Instant(millisecondsSince1970: (localSeconds - Int64(offsetMinutes) * 60) * 1000 + Int64(millis))
    }

}

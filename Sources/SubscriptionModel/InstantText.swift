/// Writes instants the way the timeline format reads them.
///
/// Lives in the model (not the simulator) because `Instant.description` uses it;
/// parsing, which needs error reporting, lives with the timeline reader.
package enum InstantText {
    /// `YYYY-MM-DDTHH:MM:SS[.mmm]` followed by `Z` (offset 0) or `±HH:MM`.
    ///
    /// The fraction is written only when the instant has one, always as 3 digits.
    package static func format(_ instant: Instant, offsetSeconds: Int) -> String {
        if let text = withUTF8(instant, offsetSeconds: offsetSeconds, { String(decoding: $0, as: UTF8.self) }) { return text }
        let local = instant.millisecondsSince1970 + Int64(offsetSeconds) * Milliseconds.second
        let date = LocalDate(localMilliseconds: local)
        let msOfDay = Int(local - Int64(date.daysSince1970) * Milliseconds.twentyFourHours)
        let seconds = msOfDay / 1000, millis = msOfDay % 1000
        var text = date.description + "T" + LocalDate.pad(seconds / 3600, 2) + ":"
            + LocalDate.pad(seconds / 60 % 60, 2) + ":" + LocalDate.pad(seconds % 60, 2)
        if millis != 0 { text += "." + LocalDate.pad(millis, 3) }
        if offsetSeconds == 0 { return text + "Z" }
        let sign = offsetSeconds < 0 ? "-" : "+"
        let minutes = abs(offsetSeconds) / 60
        return text + sign + LocalDate.pad(minutes / 60, 2) + ":" + LocalDate.pad(minutes % 60, 2)
    }

    /// Appends `format(instant, offsetSeconds:)`'s text to `bytes` as UTF-8 (for writers
    /// that append bytes: a timeline file writes one per event); false, with nothing
    /// appended, for the rare instant whose year or offset needs more digits than the
    /// usual layout, for which `format` is the way.
    package static func append(_ instant: Instant, offsetSeconds: Int, to bytes: inout [UInt8]) -> Bool {
        withUTF8(instant, offsetSeconds: offsetSeconds) { bytes.append(contentsOf: $0) } != nil
    }

    /// The most bytes `write` writes.
    package static let longestWritten = 29

    /// `format(instant, offsetSeconds:)`'s text as UTF-8, written into a small buffer on
    /// the stack and handed to `body`; nil when `append` would return false.
    static func withUTF8<R>(_ instant: Instant, offsetSeconds: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: longestWritten) { buffer in
            write(instant, offsetSeconds: offsetSeconds, into: buffer).map { body(UnsafeBufferPointer(rebasing: buffer[..<$0])) }
        }
    }

    /// Writes `format(instant, offsetSeconds:)`'s text as UTF-8 at the start of `buffer`
    /// (room for `longestWritten` bytes) and returns how many bytes it took; nil, with
    /// nothing written, when `append` would return false. Not generic, so a writer in
    /// another module calls it without looking up type metadata per instant.
    package static func write(_ instant: Instant, offsetSeconds: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        let local = instant.millisecondsSince1970 + Int64(offsetSeconds) * Milliseconds.second
        let date = LocalDate(localMilliseconds: local)
        let msOfDay = Int(local - Int64(date.daysSince1970) * Milliseconds.twentyFourHours)
        let seconds = msOfDay / 1000, millis = msOfDay % 1000
        let (year, month, day) = date.components
        let offsetMinutes = abs(offsetSeconds) / 60
        guard buffer.count >= longestWritten, PaddedDigits.fits(year, width: 4), PaddedDigits.fits(offsetMinutes / 60, width: 2) else { return nil }
        var index = PaddedDigits.write(year, width: 4, into: buffer, at: 0)
        buffer[index] = UInt8(ascii: "-")
        index = PaddedDigits.write(month, width: 2, into: buffer, at: index + 1)
        buffer[index] = UInt8(ascii: "-")
        index = PaddedDigits.write(day, width: 2, into: buffer, at: index + 1)
        buffer[index] = UInt8(ascii: "T")
        index = PaddedDigits.write(seconds / 3600, width: 2, into: buffer, at: index + 1)
        buffer[index] = UInt8(ascii: ":")
        index = PaddedDigits.write(seconds / 60 % 60, width: 2, into: buffer, at: index + 1)
        buffer[index] = UInt8(ascii: ":")
        index = PaddedDigits.write(seconds % 60, width: 2, into: buffer, at: index + 1)
        if millis != 0 {
            buffer[index] = UInt8(ascii: ".")
            index = PaddedDigits.write(millis, width: 3, into: buffer, at: index + 1)
        }
        if offsetSeconds == 0 {
            buffer[index] = UInt8(ascii: "Z")
            index += 1
        } else {
            buffer[index] = offsetSeconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
            index = PaddedDigits.write(offsetMinutes / 60, width: 2, into: buffer, at: index + 1)
            buffer[index] = UInt8(ascii: ":")
            index = PaddedDigits.write(offsetMinutes % 60, width: 2, into: buffer, at: index + 1)
        }
        return index
    }
}

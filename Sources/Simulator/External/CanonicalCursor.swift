import Foundation
import SubscriptionModel
import SimulatorCore

/// Reads an output line byte by byte in the one layout the package itself prints (keys
/// in the contract's order, no white space, strings escaped as `JSONText` escapes
/// them), for the output parsers' fast path.
///
/// The fast path takes a line only when it is in exactly that layout and every value
/// is one the strict reading accepts; then the values are the ones the strict reading
/// would give, because that layout is plain JSON and each step below accepts a subset
/// of what the strict reading accepts (an integer without fraction, exponent or
/// leading zero that fits `Int`; a string without escapes, control characters or bytes
/// that are not UTF-8; a text compared by its exact bytes). Anything else — another
/// key order, white space, an escape, any fault — makes a step fail, and the line is
/// read the strict way, which accepts it as well or names its fault. So the fast path
/// changes how quickly a line is read, never what is read.
struct CanonicalCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Whether the whole line was read.
    var atEnd: Bool { position == bytes.count }

    /// The next byte, if any.
    var next: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// Reads `text`'s UTF-8 bytes, if they come next.
    @inline(__always)
    mutating func literal(_ text: StaticString) -> Bool {
        literal(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Reads `text`'s UTF-8 bytes, if they come next.
    mutating func literal(_ text: [UInt8]) -> Bool {
        text.withUnsafeBufferPointer { literal($0) }
    }

    /// Reads `text`'s bytes, if they come next (compared as one block: lines are read a
    /// field at a time, millions of times).
    @inline(__always)
    mutating func literal(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count - position >= text.count else { return false }
        guard let expected = text.baseAddress, let here = bytes.baseAddress else { return text.isEmpty }
        guard memcmp(here + position, expected, text.count) == 0 else { return false }
        position += text.count
        return true
    }

    /// Reads `text` as a JSON string in `JSONText`'s escaping (a plain name: no escapes needed).
    mutating func quotedName(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { name in
            guard ByteWriter.needsNoEscape(name) else { return false }
            let start = position
            guard literal("\""), literal(name), literal("\"") else {
                position = start
                return false
            }
            return true
        }
    }

    /// The index of the first of `candidates` whose bytes come next (read).
    mutating func oneOf(_ candidates: [[UInt8]]) -> Int? {
        for index in candidates.indices where literal(candidates[index]) { return index }
        return nil
    }

    /// A JSON integer in its one plain form: an optional `-`, then `0` or digits not
    /// starting with `0`, fitting `Int`. Whatever follows is left for the next step
    /// (a `.` or an `e` makes it fail).
    mutating func integer() -> Int? {
        let start = position
        let negative = literal("-")
        guard let first = next, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            position = start
            return nil
        }
        var value = 0
        if first == UInt8(ascii: "0") {
            position += 1
        } else {
            while let digit = next, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) {
                let (times, overflowA) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflowB) = times.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
                guard !overflowA, !overflowB else {
                    position = start
                    return nil
                }
                value = sum
                position += 1
            }
        }
        if let after = next, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(after) {
            position = start // a leading zero
            return nil
        }
        return negative ? -value : value
    }

    /// A JSON string with no escape, no control character and only valid UTF-8.
    mutating func plainString() -> String? {
        let start = position
        guard literal("\"") else { return nil }
        let first = position
        var ascii = true
        while let byte = next, byte != UInt8(ascii: "\"") {
            guard byte != UInt8(ascii: "\\"), byte >= 0x20 else {
                position = start
                return nil
            }
            if byte >= 0x80 { ascii = false }
            position += 1
        }
        guard next == UInt8(ascii: "\"") else {
            position = start
            return nil
        }
        let content = UnsafeBufferPointer(rebasing: bytes[first..<position])
        position += 1
        if ascii { return String(decoding: content, as: UTF8.self) }
        guard let text = String(validating: content, as: UTF8.self) else {
            position = start
            return nil
        }
        return text
    }

    /// `"YYYY-MM-DD"`, a real date.
    mutating func quotedDate() -> LocalDate? {
        guard bytes.count - position >= 12, let here = bytes.baseAddress.map({ $0 + position }),
              here[0] == UInt8(ascii: "\""), here[5] == UInt8(ascii: "-"), here[8] == UInt8(ascii: "-"), here[11] == UInt8(ascii: "\"")
        else { return nil }
        var digits = FixedDigits(here)
        let year = digits.value(at: 1, count: 4), month = digits.value(at: 6, count: 2), day = digits.value(at: 9, count: 2)
        guard digits.allDigits, LocalDate.isValid(year: year, month: month, day: day) else { return nil }
        position += 12
        return LocalDate(year: year, month: month, day: day)
    }
}

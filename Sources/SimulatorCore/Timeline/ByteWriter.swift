/// Writes bytes into memory the caller provides and sized beforehand (a line's
/// worst case), with no check or bookkeeping per piece beyond a copy: the replay's
/// lines are written a field at a time, millions of times.
package struct ByteWriter {
    /// Where the bytes go; the caller guarantees room for everything written.
    @usableFromInline package let buffer: UnsafeMutableBufferPointer<UInt8>
    /// How many were written.
    @usableFromInline package private(set) var count = 0

    @inlinable
    package init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// The most bytes `putQuoted` writes for a text of `utf8Count` bytes: every byte as `\u00XX`, and the quotes.
    package static func quotedBound(_ utf8Count: Int) -> Int { utf8Count * 6 + 2 }

    /// Whether JSON needs no escape in `bytes` (no control character, quote or backslash).
    @inlinable @inline(__always)
    package static func needsNoEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
    }

    /// The bytes written.
    package var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: buffer[..<count]) }

    @inlinable @inline(__always)
    package mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        (buffer.baseAddress! + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    @inlinable @inline(__always)
    package mutating func put(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { put($0) }
    }

    @inlinable @inline(__always)
    package mutating func put(_ text: StaticString) {
        text.withUTF8Buffer { put($0) }
    }

    @inlinable @inline(__always)
    package mutating func put(_ text: String) {
        var text = text
        text.withUTF8 { put($0) }
    }

    @inlinable @inline(__always)
    package mutating func put(_ byte: UInt8) {
        buffer[count] = byte
        count += 1
    }

    /// `value` in decimal, as `String(value)` writes it.
    package mutating func putDecimal(_ value: Int) {
        guard value >= 0 else { return put(String(value)) }
        var digits = 1, rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        var remaining = value
        for position in stride(from: count + digits - 1, through: count, by: -1) {
            buffer[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: remaining % 10)
            remaining /= 10
        }
        count += digits
    }

    /// `text` as a JSON string literal, as `JSONText.quoted` writes it.
    package mutating func putQuoted(_ text: String) {
        var text = text
        let plain = text.withUTF8 { bytes in
            guard Self.needsNoEscape(bytes) else { return false }
            put(UInt8(ascii: "\""))
            put(bytes)
            put(UInt8(ascii: "\""))
            return true
        }
        if !plain { put(JSONText.quoted(text)) }
    }
}

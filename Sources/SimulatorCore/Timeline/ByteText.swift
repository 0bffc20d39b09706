import Foundation

/// Text appended to a byte buffer as UTF-8: how replay lines and timeline files are
/// written, into one buffer per chunk, with no string per line or per field.
extension [UInt8] {
    /// Appends a literal's UTF-8.
    @inline(__always)
    package mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// Appends a string's UTF-8 (copied as one block).
    @inline(__always)
    package mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// Appends `value` in decimal, as `String(value)` writes it (a small string: no allocation).
    @inline(__always)
    package mutating func appendDecimal(_ value: Int) {
        append(contentsOf: String(value).utf8)
    }

    /// The index of the first `\n` at or after `start`, if any (found with `memchr`:
    /// output is split into lines a few hundred bytes long, millions of times).
    package func firstLineBreak(from start: Int) -> Int? {
        guard start < count else { return nil }
        return withUnsafeBufferPointer { bytes in
            memchr(bytes.baseAddress! + start, Int32(UInt8(ascii: "\n")), bytes.count - start).map {
                bytes.baseAddress!.distance(to: $0.assumingMemoryBound(to: UInt8.self))
            }
        }
    }

    /// Appends `text` as a JSON string literal, as `JSONText.quoted` writes it.
    package mutating func appendQuoted(_ text: String) {
        var text = text
        let plain = text.withUTF8 { bytes in
            guard ByteWriter.needsNoEscape(bytes) else { return false }
            append(UInt8(ascii: "\""))
            append(contentsOf: bytes)
            append(UInt8(ascii: "\""))
            return true
        }
        if !plain { append(JSONText.quoted(text)) }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether these bytes are `name`'s UTF-8 (compared as one block).
    @inline(__always)
    package func spells(_ name: StaticString) -> Bool {
        count == name.utf8CodeUnitCount && (isEmpty || memcmp(baseAddress!, name.utf8Start, count) == 0)
    }

    /// Whether these bytes are `name` (compared as one block).
    @inline(__always)
    package func spells(_ name: [UInt8]) -> Bool {
        count == name.count && name.withUnsafeBufferPointer { isEmpty || memcmp(baseAddress!, $0.baseAddress!, count) == 0 }
    }
}

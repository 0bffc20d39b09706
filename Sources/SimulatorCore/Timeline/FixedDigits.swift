/// Reads fixed-width decimal fields (`2026`, `03`) at known offsets of bytes the caller
/// has already bounds-checked: the fast paths for the package's own instants and dates.
/// A field is read without a test per byte; whether every byte read was a digit is
/// kept, to be checked once at the end.
package struct FixedDigits {
    /// The bytes the offsets count from.
    @usableFromInline package let start: UnsafePointer<UInt8>
    /// Whether every byte read so far was an ASCII digit.
    @usableFromInline package private(set) var allDigits = true

    @inlinable
    package init(_ start: UnsafePointer<UInt8>) {
        self.start = start
    }

    /// The `count` digits at `offset` as a number (meaningless unless `allDigits`).
    @inlinable @inline(__always)
    package mutating func value(at offset: Int, count: Int) -> Int {
        var value = 0
        for index in offset..<offset + count {
            let digit = start[index] &- UInt8(ascii: "0")
            allDigits = allDigits && digit <= 9
            value = value &* 10 &+ Int(digit)
        }
        return value
    }
}

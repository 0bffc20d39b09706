/// Writes small non-negative numbers as zero-padded ASCII digits straight into a
/// string's storage: how dates and instants are written (`LocalDate.description`,
/// `InstantText`) without building a string per field, since replay lines and timeline
/// files write one or two per event.
enum PaddedDigits {
    /// Writes `value` (0 ≤ value < 10^width) as exactly `width` digits at `index`;
    /// returns the index after them.
    @inline(__always)
    static func write(_ value: Int, width: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
        var remaining = value
        var position = index + width
        while position > index {
            position -= 1
            buffer[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: remaining % 10)
            remaining /= 10
        }
        return index + width
    }

    /// Whether `value` fits `width` digits with no sign.
    @inline(__always)
    static func fits(_ value: Int, width: Int) -> Bool {
        var limit = 1
        for _ in 0..<width { limit *= 10 }
        return value >= 0 && value < limit
    }
}

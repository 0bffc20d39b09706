/// A JSON number as written in the document.
///
/// Kept as text so nothing is lost or rounded before the reader decides what the number
/// must be: an `Int64` count, a `Double`, or a refusal naming the text as written.
package struct JSONNumber: Hashable, Sendable {
    /// The number's text, e.g. `10`, `-0.5`, `1e3`.
    package let text: String

    /// A number with the given text.
    package init(text: String) { self.text = text }

    /// The value when the text is an integer (no fraction, no exponent) that fits `Int64`.
    package var int64: Int64? { isInteger ? Int64(text) : nil }

    /// Whether the text is written as an integer: digits after an optional `-`, no
    /// fraction, no exponent (`1.0` and `1e0` are not).
    package var isInteger: Bool {
        var digits = text.utf8[...]
        if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
        return !digits.isEmpty && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// The value as the nearest `Double`, when finite (`1e400` is not).
    package var double: Double? {
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }
}

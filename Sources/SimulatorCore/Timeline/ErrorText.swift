import SubscriptionModel

/// How input is shown inside a one-line error message: escaped so that a newline or a
/// control character in a file name or a value cannot break the line or the terminal,
/// non-UTF-8 bytes shown as `\xHH`, and cut so that a 10 MB value is not echoed whole.
///
/// Values are shown by the model's `MessageText`, the one cutting core every reader uses
/// (policy files and JSON in the model, timelines, StoreKit files and reports here); file
/// names, which are bytes rather than text, are shown here.
package enum ErrorText {
    /// How many characters of a value are shown before `…`.
    package static let valueLimit = MessageText.valueLimit
    /// How many characters of a file name are shown; a longer one keeps its start and
    /// its end (where the file's own name is) around `…`.
    package static let pathLimit = 80

    /// A string value as a JSON string literal, escaped, cut after `valueLimit`
    /// characters (then `…` follows the closing quote).
    package static func quoted(_ text: String) -> String { MessageText.quoted(text) }

    /// A JSON value as compact JSON (members in file order), strings escaped, cut
    /// after `valueLimit` characters (then `…` follows).
    package static func json(_ value: JSONValue) -> String { MessageText.json(value) }

    /// A file or folder name, or a command, in double quotes: escaped, a long one cut in
    /// its middle (`path(_:)`), as every one-line error shows one.
    package static func quotedPath(_ text: String) -> String { "\"" + path(Array(text.utf8)) + "\"" }

    /// A file name given as bytes (as the system has it), escaped and cut.
    package static func path(_ bytes: [UInt8]) -> String {
        var scalars: [(Unicode.Scalar?, UInt8)] = []
        var index = 0
        while index < bytes.count {
            if let (scalar, length) = decode(bytes, at: index) {
                scalars.append((scalar, 0))
                index += length
            } else {
                scalars.append((nil, bytes[index]))
                index += 1
            }
        }
        func show(_ slice: ArraySlice<(Unicode.Scalar?, UInt8)>) -> String {
            var out = ""
            for (scalar, byte) in slice {
                if let scalar { MessageText.append(scalar, to: &out, quoting: false) } else { out += "\\x" + MessageText.hex(UInt32(byte), 2) }
            }
            return out
        }
        guard scalars.count > pathLimit else { return show(scalars[...]) }
        let head = pathLimit / 3
        return show(scalars[..<head]) + "…" + show(scalars[(scalars.count - (pathLimit - head - 1))...])
    }

    /// The scalar of the valid UTF-8 sequence at `index`, and its length; nil when the
    /// bytes there are not valid UTF-8.
    private static func decode(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let count: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: count = 1; value = UInt32(lead & 0x1F)
        case 0xE0: count = 2; low = 0xA0; value = UInt32(lead & 0x0F)
        case 0xE1...0xEC, 0xEE...0xEF: count = 2; value = UInt32(lead & 0x0F)
        case 0xED: count = 2; high = 0x9F; value = UInt32(lead & 0x0F)
        case 0xF0: count = 3; low = 0x90; value = UInt32(lead & 0x07)
        case 0xF1...0xF3: count = 3; value = UInt32(lead & 0x07)
        case 0xF4: count = 3; high = 0x8F; value = UInt32(lead & 0x07)
        default: return nil
        }
        guard index + count < bytes.count, bytes[index + 1] >= low, bytes[index + 1] <= high else { return nil }
        for offset in 1...count {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return Unicode.Scalar(value).map { ($0, count + 1) }
    }
}

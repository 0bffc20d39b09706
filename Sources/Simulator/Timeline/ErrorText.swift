import SubscriptionModel

/// How input is shown inside a one-line error message: escaped so that a newline or a
/// control character in a file name or a value cannot break the line or the terminal,
/// non-UTF-8 bytes shown as `\xHH`, and cut so that a 10 MB value is not echoed whole.
public enum ErrorText {
    /// How many characters of a value are shown before `…`.
    public static let valueLimit = 60
    /// How many characters of a file name are shown; a longer one keeps its start and
    /// its end (where the file's own name is) around `…`.
    public static let pathLimit = 80

    /// A string value as a JSON string literal, escaped, cut after `valueLimit`
    /// characters (then `…` follows the closing quote).
    public static func quoted(_ text: String) -> String {
        var out = "\""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == valueLimit { return out + "\"…" }
            append(scalar, to: &out, quoting: true)
            count += 1
        }
        return out + "\""
    }

    /// A JSON value as compact JSON (members in file order), strings escaped, cut
    /// after `valueLimit` characters (then `…` follows).
    public static func json(_ value: JSONValue) -> String {
        if case .string(let text) = value { return quoted(text) }
        var out = Cut(room: valueLimit)
        render(value, into: &out)
        return out.isCut ? out.text + "…" : out.text
    }

    /// A file or folder name, or a command, in double quotes: escaped, a long one cut in
    /// its middle (`path(_:)`), as every one-line error shows one.
    public static func quotedPath(_ text: String) -> String { "\"" + path(Array(text.utf8)) + "\"" }

    /// A file name given as bytes (as the system has it), escaped and cut.
    public static func path(_ bytes: [UInt8]) -> String {
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
                if let scalar { append(scalar, to: &out, quoting: false) } else { out += "\\x" + hex(UInt32(byte), 2) }
            }
            return out
        }
        guard scalars.count > pathLimit else { return show(scalars[...]) }
        let head = pathLimit / 3
        return show(scalars[..<head]) + "…" + show(scalars[(scalars.count - (pathLimit - head - 1))...])
    }

    /// Text that stops growing at `room` characters, remembering that it was cut.
    private struct Cut {
        var text = ""
        var room: Int
        var isCut = false

        /// Appends `piece`, or as much of it as fits; an escape sequence is kept whole or left out.
        mutating func add(_ piece: String, whole: Bool = false) {
            guard !isCut else { return }
            let count = piece.unicodeScalars.count
            if count <= room {
                text += piece
                room -= count
            } else {
                if !whole { text.unicodeScalars.append(contentsOf: piece.unicodeScalars.prefix(room)) }
                room = 0
                isCut = true
            }
        }
    }

    private static func render(_ value: JSONValue, into out: inout Cut) {
        switch value {
        case .null: out.add("null")
        case .bool(let flag): out.add(flag ? "true" : "false")
        case .number(let number): out.add(number.text)
        case .string(let text):
            out.add("\"")
            for scalar in text.unicodeScalars {
                guard !out.isCut else { return }
                var piece = ""
                append(scalar, to: &piece, quoting: true)
                out.add(piece, whole: true)
            }
            out.add("\"")
        case .array(let elements):
            out.add("[")
            for (index, element) in elements.enumerated() {
                guard !out.isCut else { return }
                if index > 0 { out.add(",") }
                render(element, into: &out)
            }
            out.add("]")
        case .object(let object):
            out.add("{")
            for (index, member) in object.members.enumerated() {
                guard !out.isCut else { return }
                if index > 0 { out.add(",") }
                render(.string(member.key), into: &out)
                out.add(":")
                render(member.value, into: &out)
            }
            out.add("}")
        }
    }

    /// Appends `scalar`, escaped when it could break a line, fool a terminal or (when
    /// `quoting`) end the quoted string.
    private static func append(_ scalar: Unicode.Scalar, to out: inout String, quoting: Bool) {
        switch scalar {
        case "\"" where quoting: out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where isHidden(scalar.value): out += "\\u" + hex(scalar.value, 4)
        default: out.unicodeScalars.append(scalar)
        }
    }

    /// Control characters (C0, DEL, C1), line and paragraph separators, and the
    /// direction overrides that reorder what a terminal shows.
    private static func isHidden(_ value: UInt32) -> Bool {
        value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
            || value == 0x200E || value == 0x200F || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            || value == 0xFEFF
    }

    private static func hex(_ value: UInt32, _ digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
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

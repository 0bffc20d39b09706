import SimulatorCore
/// Text another program printed, made safe to quote in a one-line report: cut to a
/// few hundred characters, and every character that could break the line, move the
/// cursor or reorder what follows (controls, line and paragraph separators, format
/// characters such as bidirectional overrides) written as an escape.
enum PrintedText {
    /// How many characters of standard error a failure quotes.
    static let standardErrorQuoted = 300
    /// How many characters of an output line or value a malformed-output report quotes.
    static let valueQuoted = 120

    /// `bytes` (UTF-8, invalid sequences shown as U+FFFD) as a double-quoted one-line
    /// string of at most `limit` characters before escaping; `…` and the size mark a
    /// cut (`total`: the bytes there were in all). `trimming` drops trailing white space
    /// (the last newline of a message).
    static func quoted(_ bytes: some Collection<UInt8>, total: Int? = nil, limit: Int = valueQuoted, trimming: Bool = false) -> String {
        quoted(String(decoding: bytes, as: UTF8.self), total: total ?? bytes.count, limit: limit, trimming: trimming)
    }

    /// `text` quoted as `quoted(_:total:limit:trimming:)` does; `total` is its size in
    /// bytes when it is itself a cut.
    static func quoted(_ text: String, total: Int? = nil, limit: Int = valueQuoted, trimming: Bool = false) -> String {
        var scalars = text.unicodeScalars[...]
        while trimming, let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        var out = "\""
        var taken = 0
        for scalar in scalars {
            if taken == limit { break }
            taken += 1
            out += escaped(scalar)
        }
        out += "\""
        let size = total ?? text.utf8.count
        if taken < scalars.count || size > text.utf8.count { out += "… (\(Figures.grouped(size)) bytes in all)" }
        return out
    }

    /// One character as it appears inside the quotes.
    static func escaped(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default: break
        }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        default:
            return String(scalar)
        }
    }
}

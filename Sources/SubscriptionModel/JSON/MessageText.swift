/// How the model's readers show a text inside a one-line error message: as a JSON
/// string literal, with quotes, backslashes and control characters escaped, so that a
/// key or a value read from a file cannot break the line or the terminal.
enum MessageText {
    /// `text` quoted and escaped (`\"`, `\\`, `\n`, `\t`, `\r`, other control
    /// characters and DEL as `\u00XX`); with `limit`, cut after that many characters
    /// (then `…` follows the closing quote).
    static func quoted(_ text: String, limit: Int? = nil) -> String {
        var out = "\""
        for (count, scalar) in text.unicodeScalars.enumerated() {
            if count == limit { return out + "\"…" }
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// A value from the user (a flag's value, a file name, a zone name) shown safely in a
/// one-line message: in double quotes,
/// control characters escaped (a newline as `\n`), and cut after `limit` characters.
public enum Quoted {
    /// `value` quoted for a one-line message.
    public static func text(_ value: String, limit: Int = 60) -> String {
        var shown = ""
        for (count, scalar) in value.unicodeScalars.enumerated() {
            if count == limit { shown += "…"; break }
            switch scalar {
            case "\n": shown += "\\n"
            case "\r": shown += "\\r"
            case "\t": shown += "\\t"
            case "\"": shown += "\\\""
            case "\\": shown += "\\\\"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
                    shown += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    shown.unicodeScalars.append(scalar)
                }
            }
        }
        return "\"" + shown + "\""
    }
}

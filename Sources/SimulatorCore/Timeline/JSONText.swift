/// Minimal JSON text writing, so output is byte-for-byte deterministic and fast.
package enum JSONText {
    /// `value` as a JSON string literal.
    package static func quoted(_ value: String) -> String {
        // Most texts need no escape: then they are written as they are.
        if value.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return "\"" + value + "\""
        }
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `value` as a JSON string literal, or `null`.
    package static func quoted(_ value: String?) -> String {
        value.map { quoted($0) } ?? "null"
    }
}

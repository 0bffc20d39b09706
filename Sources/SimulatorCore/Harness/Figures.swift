/// Number formatting for people, identical on every machine (no locale).
package enum Figures {
    /// A count with its noun, singular for one: `1 event`, `2,000 users`.
    package static func count(_ value: Int, _ noun: String) -> String {
        "\(grouped(value)) \(noun)\(value == 1 ? "" : "s")"
    }

    /// `12345678` as `12,345,678`.
    package static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return value < 0 ? "-" + out : out
    }

    /// `value` with `places` decimals.
    package static func fixed(_ value: Double, _ places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        let whole = grouped(scaled / Int(scale))
        guard places > 0 else { return whole }
        let fraction = String(abs(scaled) % Int(scale))
        return (scaled < 0 && scaled / Int(scale) == 0 ? "-" : "") + whole + "." + String(repeating: "0", count: places - fraction.count) + fraction
    }

    /// Events per second with an SI suffix: `23.4 M`.
    package static func rate(_ perSecond: Double) -> String {
        perSecond >= 1e6 ? fixed(perSecond / 1e6, 1) + " M" : perSecond >= 1e3 ? fixed(perSecond / 1e3, 1) + " k" : fixed(perSecond, 0) + " "
    }

    /// A 64-bit value as 16 hex digits.
    package static func hex(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }

    /// Pads `text` on the right to `width` characters.
    package static func left(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    /// Pads `text` on the left to `width` characters.
    package static func right(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}

/// How every reader of the package shows input inside a one-line error message: escaped
/// so that a newline or a control character read from a file cannot break the line or
/// fool the terminal, and cut so that a 10 MB key or value is not echoed whole.
///
/// The one cutting core of the package: the model's readers (policy files, JSON) call it
/// directly, and the simulator's (`ErrorText`: timelines, StoreKit files, reports) through
/// it, so a value, a key, a path and a list are shown the same way whichever file held them.
package enum MessageText {
    /// How many characters of a value or key are shown before `…`.
    package static let valueLimit = 60
    /// How many characters of one key are shown as a step of a JSON path.
    package static let stepLimit = 40
    /// How many characters of a JSON path are shown; a longer one keeps its start and its
    /// end (the place itself) around `…`.
    package static let pathLimit = 100
    /// How many characters a list of expected names takes before it says how many more
    /// there are; each name in it is cut after `stepLimit` characters.
    package static let listRoom = 160

    /// `text` as a JSON string literal, escaped (`\"`, `\\`, `\n`, `\r`, `\t`, other
    /// control and hidden characters as `\uXXXX`), cut after `limit` characters (then
    /// `…` follows the closing quote).
    package static func quoted(_ text: String, limit: Int = valueLimit) -> String {
        var out = "\""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit { return out + "\"…" }
            append(scalar, to: &out, quoting: true)
            count += 1
        }
        return out + "\""
    }

    /// `text` escaped as `quoted` escapes it but without quotes (a quote stays as it is),
    /// cut after `limit` characters with `…`: for a name shown inside other marks, as a
    /// placeholder inside braces.
    package static func bare(_ text: String, limit: Int = valueLimit) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit { return out + "…" }
            append(scalar, to: &out, quoting: false)
            count += 1
        }
        return out
    }

    /// A JSON value as compact JSON (members in file order), strings escaped as `quoted`
    /// escapes them, cut after `limit` characters (then `…` follows).
    package static func json(_ value: JSONValue, limit: Int = valueLimit) -> String {
        if case .string(let text) = value { return quoted(text, limit: limit) }
        var out = Cut(room: limit)
        render(value, into: &out)
        return out.isCut ? out.text + "…" : out.text
    }

    /// The step of a JSON path into an object's member `key`: `.key`, the key escaped
    /// and cut after `stepLimit` characters; `["key"]` (quoted as `quoted` quotes) for a
    /// key that `.key` would make ambiguous: empty, or holding a dot, a bracket, a quote,
    /// a backslash, a space or a hidden character (`.cases["app.pro.monthly"]`, one key,
    /// not three).
    package static func step(_ key: String) -> String {
        let plain = !key.isEmpty && !key.unicodeScalars.contains { ".[]\"\\ ".unicodeScalars.contains($0) || isHidden($0.value) }
        return plain ? "." + bare(key, limit: stepLimit) : "[" + quoted(key, limit: stepLimit) + "]"
    }

    /// A JSON path (made of `step`s and `[n]`s) as a message shows it: whole up to
    /// `pathLimit` characters, else its start and its end around `…`.
    package static func path(_ text: String) -> String { middleCut(text, limit: pathLimit) }

    /// `text` when it has at most `limit` characters, else its first third and its end
    /// around `…`, `limit` characters in all. (For text already escaped: it is not escaped again.)
    package static func middleCut(_ text: String, limit: Int) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > limit else { return text }
        let head = limit / 3
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars.prefix(head))
        out.append("…")
        out.append(contentsOf: scalars.suffix(limit - head - 1))
        return String(out)
    }

    /// Names as a message lists them: `"a"`, `"a" or "b"`, `"a", "b" or "c"`, each
    /// `quoted` and cut after `stepLimit` characters. `quoteLast: false` shows the last
    /// name as it is (a word such as `null`). Names past `listRoom` characters are
    /// counted, not shown: `"a", "b", "c" or 40 more` (`"a", "b", 40 more or null`).
    package static func list(_ names: [String], quoteLast: Bool = true) -> String {
        var words = names.map { quoted($0, limit: stepLimit) }
        let word = quoteLast ? nil : names.last
        if word != nil { words.removeLast() }
        var shown: [String] = []
        var used = 0
        for candidate in words {
            let cost = candidate.unicodeScalars.count + 2
            // The rest is counted once the room is used, unless only this one is left.
            if !shown.isEmpty, used + cost > listRoom, shown.count < words.count - 1 { break }
            shown.append(candidate)
            used += cost
        }
        if shown.count < words.count { shown.append("\(words.count - shown.count) more") }
        if let word { shown.append(word) }
        guard shown.count > 1 else { return shown.first ?? "nothing" }
        let last = shown.removeLast()
        return shown.joined(separator: ", ") + " or " + last
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
    package static func append(_ scalar: Unicode.Scalar, to out: inout String, quoting: Bool) {
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

    /// The first scalar of `text` that breaks a line or reorders what follows it: a
    /// control character (C0, DEL, C1: a newline and a tab among them), a line or
    /// paragraph separator, a direction embedding, override or isolate; or nil. (The
    /// direction marks and zero-width characters a name in another script may need are
    /// not among them.)
    package static func firstLineBreaking(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { breaksLine($0.value) }
    }

    /// What is wrong with `text` as `what` (an id, a plan's name), which is shown inside
    /// other lines: the scalar that breaks a line (`firstLineBreaking`), named; nil when none.
    package static func notOneLine(_ text: String, _ what: String) -> String? {
        firstLineBreaking(in: text).map { "\(quoted(text)) holds U+\(hex($0.value, 4)): \(what) is one line of visible characters" }
    }

    /// Whether `scalar` breaks a line or reorders what follows it (`firstLineBreaking`).
    package static func breaksLine(_ scalar: Unicode.Scalar) -> Bool { breaksLine(scalar.value) }

    private static func breaksLine(_ value: UInt32) -> Bool {
        value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// What `breaksLine` says, and the direction marks and the byte-order mark, which a
    /// message escapes so that it shows what the file holds.
    private static func isHidden(_ value: UInt32) -> Bool {
        breaksLine(value) || value == 0x200E || value == 0x200F || value == 0x061C || value == 0xFEFF
    }

    /// `value` in upper-case hexadecimal, at least `digits` digits.
    package static func hex(_ value: UInt32, _ digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}

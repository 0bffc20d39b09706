/// A strict, streaming reader of JSON text (RFC 8259) over UTF-8 bytes.
///
/// Strict because files are written by hand and by other tools, and a lenient reader
/// would accept what another implementation refuses: no trailing commas, no comments,
/// no leading zeros, no `NaN` or `Infinity`, only the standard escapes, valid UTF-8
/// (no lone surrogates, no overlong forms), no control characters inside strings, and
/// nesting at most `maximumDepth` deep. A UTF-8 byte order mark at the very start is
/// ignored, as RFC 8259 §8.1 allows.
///
/// Streaming because a timeline may hold millions of events: besides `value()`, which
/// builds a `JSONValue`, the reader can step through an array or object one element at
/// a time (`beginArray()`/`nextElement()`, `beginObject()`/`key()`/`nextMember()`) and
/// check a value's syntax without building it (`skipValue()`), so memory follows what
/// the caller keeps, not the text.
///
/// An object that gives a key twice is JSON, but `value()` refuses it (the error's
/// `repeatedKey` names the key, its offset is the second key's): readers disagree on
/// which member counts. Keys are compared byte for byte, after escapes are decoded
/// (`"\u0061"` is `"a"`; `"\u00E9"` and `"e\u0301"` are two keys). `skipValue()` and
/// `validate` check the syntax only; a reader that steps through an object itself
/// checks the keys it reads (the timeline readers check the members they know).
///
/// Pure: it reads a buffer the caller owns and does no I/O. The buffer must outlive the
/// reader (use it inside `withUnsafeBufferPointer`).
package struct JSONParser {
    /// The text.
    package let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte to read.
    package var position: Int
    /// How many arrays and objects enclose the position.
    package private(set) var depth: Int = 0

    /// The deepest nesting accepted: deeper text is refused rather than risking the stack.
    package static let maximumDepth = 512

    /// A reader of `bytes` from `position`.
    package init(_ bytes: UnsafeBufferPointer<UInt8>, position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    /// Parses `bytes` as one whole document.
    package static func document(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes)
        parser.skipByteOrderMark()
        let value = try parser.value()
        try parser.end()
        return value
    }

    /// Checks that `bytes` is one whole document, building nothing.
    package static func validate(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        var parser = JSONParser(bytes)
        parser.skipByteOrderMark()
        try parser.skipValue()
        try parser.end()
    }

    // MARK: Positioning

    /// Skips a UTF-8 byte order mark at the start of the text.
    package mutating func skipByteOrderMark() {
        if position == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    /// Skips white space (space, tab, line feed, carriage return: nothing else is).
    @inline(__always)
    package mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// The next byte after white space, without consuming it; nil at the end.
    package mutating func peek() -> UInt8? {
        skipWhitespace()
        return position < bytes.count ? bytes[position] : nil
    }

    /// Checks that only white space remains.
    package mutating func end() throws(JSONSyntaxError) {
        skipWhitespace()
        if position < bytes.count { throw fault(bytes[position] == UInt8(ascii: "/") ? "comment (not JSON)" : "text after the value") }
    }

    // MARK: Arrays and objects, one element at a time

    /// Consumes `[`; returns whether the array has a first element (then the reader is
    /// at it), or consumes the `]` of an empty array and returns false.
    package mutating func beginArray() throws(JSONSyntaxError) -> Bool {
        try open(UInt8(ascii: "["))
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return false
        }
        return true
    }

    /// After an element: consumes `,` and returns true (the reader is at the next
    /// element), or consumes `]` and returns false.
    package mutating func nextElement() throws(JSONSyntaxError) -> Bool {
        try next(closing: UInt8(ascii: "]"), expected: "expected ',' or ']'")
    }

    /// Consumes `{`; returns whether the object has a first member (then the reader is
    /// at its key), or consumes the `}` of an empty object and returns false.
    package mutating func beginObject() throws(JSONSyntaxError) -> Bool {
        try open(UInt8(ascii: "{"))
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return false
        }
        return true
    }

    /// Reads a member's key and the `:` after it; the reader is then at the value.
    package mutating func key() throws(JSONSyntaxError) -> String {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
            throw atEndOr(position < bytes.count && bytes[position] == UInt8(ascii: "/") ? "comment (not JSON)" : "expected a string key")
        }
        let key = try string()
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw atEndOr("expected ':'") }
        position += 1
        return key
    }

    /// Reads a member's key and the `:` after it as `key()` does, but hands back the
    /// key's bytes in the text instead of building a `String` (the reader is then at the
    /// value); nil when the key has escapes, and then the reader is at the key, for
    /// `key()` to read. For readers that only compare keys with a few known names.
    package mutating func unescapedKeyBytes() throws(JSONSyntaxError) -> UnsafeBufferPointer<UInt8>? {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
            throw atEndOr(position < bytes.count && bytes[position] == UInt8(ascii: "/") ? "comment (not JSON)" : "expected a string key")
        }
        guard let key = try unescapedStringBytes() else { return nil }
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw atEndOr("expected ':'") }
        position += 1
        return key
    }

    /// After a member's value: consumes `,` and returns true (the reader is at the next
    /// key), or consumes `}` and returns false.
    package mutating func nextMember() throws(JSONSyntaxError) -> Bool {
        try next(closing: UInt8(ascii: "}"), expected: "expected ',' or '}'")
    }

    private mutating func open(_ bracket: UInt8) throws(JSONSyntaxError) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == bracket else {
            throw atEndOr(bracket == UInt8(ascii: "[") ? "expected '['" : "expected '{'")
        }
        guard depth < Self.maximumDepth else { throw fault("nested deeper than \(Self.maximumDepth)") }
        depth += 1
        position += 1
    }

    private mutating func next(closing: UInt8, expected: String) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard position < bytes.count else { throw fault("unexpected end of text") }
        switch bytes[position] {
        case UInt8(ascii: ","):
            let comma = position
            position += 1
            skipWhitespace()
            if position < bytes.count, bytes[position] == closing {
                throw JSONSyntaxError(offset: comma, problem: "trailing comma")
            }
            return true
        case closing:
            position += 1
            depth -= 1
            return false
        case UInt8(ascii: "/"):
            throw fault("comment (not JSON)")
        default:
            throw fault(expected)
        }
    }

    // MARK: Values

    /// Reads one value and builds it.
    package mutating func value() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        guard position < bytes.count else { throw fault("unexpected end of text") }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            var members: [JSONObject.Member] = []
            if try beginObject() {
                repeat {
                    skipWhitespace()
                    let start = position
                    let key = try key()
                    // Objects are small: the new key against each earlier one, byte for byte.
                    if members.contains(where: { $0.key.utf8.elementsEqual(key.utf8) }) {
                        throw JSONSyntaxError.repeated(key, at: start)
                    }
                    members.append(JSONObject.Member(key: key, value: try value()))
                } while try nextMember()
            }
            return .object(JSONObject(members: members))
        case UInt8(ascii: "["):
            var elements: [JSONValue] = []
            if try beginArray() {
                repeat { elements.append(try value()) } while try nextElement()
            }
            return .array(elements)
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = position
            try skipNumber()
            return .number(JSONNumber(text: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)))
        default:
            return try literal()
        }
    }

    /// Reads one value, checking its syntax without building it.
    package mutating func skipValue() throws(JSONSyntaxError) {
        skipWhitespace()
        guard position < bytes.count else { throw fault("unexpected end of text") }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            if try beginObject() {
                repeat {
                    try skipKey()
                    try skipValue()
                } while try nextMember()
            }
        case UInt8(ascii: "["):
            if try beginArray() {
                repeat { try skipValue() } while try nextElement()
            }
        case UInt8(ascii: "\""):
            _ = try scanString(into: nil)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try skipNumber()
        default:
            _ = try literal()
        }
    }

    // MARK: Paths

    /// A step of a path into a document: into an object by a member's key, or into a
    /// list by an element's index (from 0).
    package enum PathStep: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    /// The steps from the root to the innermost object or list whose text holds
    /// `offset` (`[]` for the root itself); nil when no container holds it, or when the
    /// text before it is not JSON. For naming where a fault found at a byte offset is,
    /// such as the object that gives a key twice: it reads the text again, so it is
    /// for errors, not for every value.
    package static func containerPath(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> [PathStep]? {
        var parser = JSONParser(bytes)
        parser.skipByteOrderMark()
        var path: [PathStep] = []
        do {
            return try parser.locate(offset, path: &path) ? path : nil
        } catch {
            return nil
        }
    }

    /// A path as the package's readers name places in a file: `$` for the root, then
    /// `.key` into an object and `[n]` into a list, e.g. `$.plans[1].responses`. Each key
    /// is escaped and cut (`MessageText.step`), and a long path keeps its start and its
    /// end around `…` (`MessageText.path`), so a message naming it stays one short line.
    package static func pathText(_ steps: [PathStep]) -> String {
        var text = "$"
        for step in steps {
            switch step {
            case .key(let key): text += MessageText.step(key)
            case .index(let index): text += "[\(index)]"
            }
        }
        return MessageText.path(text)
    }

    /// Reads one value; returns true, with `path` leading to it, when the innermost
    /// container holding `offset` is this value or one inside it. Stops there, so
    /// the text after `offset` is never read.
    private mutating func locate(_ offset: Int, path: inout [PathStep]) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard position < bytes.count else { throw fault("unexpected end of text") }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            guard position <= offset else { return false }
            if try beginObject() {
                repeat {
                    skipWhitespace()
                    if position >= offset { return true } // at a key, or between members
                    let key = try key()
                    skipWhitespace()
                    if position > offset { return true } // inside the key
                    path.append(.key(key))
                    if try locate(offset, path: &path) { return true }
                    path.removeLast()
                    if position > offset { return true } // inside a value that is no container
                } while try nextMember()
            }
            return position > offset
        case UInt8(ascii: "["):
            guard position <= offset else { return false }
            var index = 0
            if try beginArray() {
                repeat {
                    skipWhitespace()
                    if position > offset { return true } // between elements
                    path.append(.index(index))
                    if try locate(offset, path: &path) { return true }
                    path.removeLast()
                    if position > offset { return true } // inside an element that is no container
                    index += 1
                } while try nextElement()
            }
            return position > offset
        default:
            try skipValue()
            return false
        }
    }

    private mutating func skipKey() throws(JSONSyntaxError) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
            throw atEndOr(position < bytes.count && bytes[position] == UInt8(ascii: "/") ? "comment (not JSON)" : "expected a string key")
        }
        _ = try scanString(into: nil)
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw atEndOr("expected ':'") }
        position += 1
    }

    private mutating func literal() throws(JSONSyntaxError) -> JSONValue {
        func matches(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard position + count <= bytes.count else { return false }
            for index in 0..<count where bytes[position + index] != word.utf8Start[index] { return false }
            return true
        }
        if matches("true") { position += 4; return .bool(true) }
        if matches("false") { position += 5; return .bool(false) }
        if matches("null") { position += 4; return .null }
        switch bytes[position] {
        case UInt8(ascii: "/"): throw fault("comment (not JSON)")
        case UInt8(ascii: "N"), UInt8(ascii: "I"): throw fault("NaN or Infinity (not JSON)")
        case UInt8(ascii: "'"): throw fault("single quotes (not JSON)")
        case UInt8(ascii: "+"), UInt8(ascii: "."): throw fault("malformed number")
        default: throw fault(notUTF8Text ?? "expected a value")
        }
    }

    // MARK: Numbers

    /// `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`
    private mutating func skipNumber() throws(JSONSyntaxError) {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else {
            throw JSONSyntaxError(offset: start, problem: bytes.count > position && bytes[position] == UInt8(ascii: "I") ? "NaN or Infinity (not JSON)" : "malformed number")
        }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) { throw JSONSyntaxError(offset: start, problem: "leading zero in a number") }
        } else {
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw JSONSyntaxError(offset: start, problem: "malformed number") }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else { throw JSONSyntaxError(offset: start, problem: "malformed number") }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    // MARK: Strings

    /// Reads a string literal (the reader must be at its opening quote).
    package mutating func string() throws(JSONSyntaxError) -> String {
        let start = position + 1
        var decoded: [UInt8] = []
        if try scanString(into: &decoded) {
            return String(decoding: decoded, as: UTF8.self)
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position - 1]), as: UTF8.self)
    }

    /// The raw bytes of a string literal that has no escapes, without building a
    /// `String` (the reader must be at its opening quote); nil when it has escapes,
    /// and then the reader has not moved.
    package mutating func unescapedStringBytes() throws(JSONSyntaxError) -> UnsafeBufferPointer<UInt8>? {
        let opening = position
        let start = position + 1
        if try scanString(into: nil) {
            position = opening
            return nil
        }
        return UnsafeBufferPointer(rebasing: bytes[start..<position - 1])
    }

    /// Scans a string literal from its opening quote to past its closing one, checking
    /// escapes and UTF-8. When it has escapes and `decoded` is given, fills `decoded`
    /// with the whole string's UTF-8. Returns whether it had escapes.
    /// A word whose lowest set bit is the high bit of the first byte of `word` (in
    /// memory order) that a string cannot pass over without a look (a quote, a
    /// backslash, a control character, or a byte of a multi-byte UTF-8 sequence); zero
    /// when all eight are plain. Each test sets bits only at or above its first match,
    /// so the lowest bit of them all is exact.
    @inline(__always)
    private static func firstSpecialByte(in word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
        let isQuote = (quote &- ones) & ~quote
        let isBackslash = (backslash &- ones) & ~backslash
        let isControl = (word &- ones &* 0x20) & ~word
        return (isQuote | isBackslash | isControl | word) & highs
    }

    private mutating func scanString(into decoded: UnsafeMutablePointer<[UInt8]>?) throws(JSONSyntaxError) -> Bool {
        position += 1 // the opening quote
        let start = position
        var escaped = false
        while true {
            // Plain printable ASCII eight bytes at a time, up to the first byte that is not.
            while bytes.count - position >= 8 {
                let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + position).loadUnaligned(as: UInt64.self))
                let special = Self.firstSpecialByte(in: word)
                let plain = special == 0 ? 8 : special.trailingZeroBitCount / 8
                if escaped, plain > 0 { decoded?.pointee.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<position + plain])) }
                position += plain
                if special != 0 { break }
            }
            guard position < bytes.count else { throw JSONSyntaxError(offset: start - 1, problem: "unterminated string") }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return escaped
            case UInt8(ascii: "\\"):
                if !escaped, let decoded {
                    decoded.pointee.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position]))
                }
                escaped = true
                try escape(into: decoded)
            case 0..<0x20:
                throw fault("control character U+\(hex(UInt32(byte), digits: 4)) in a string (write it escaped)")
            case 0x20..<0x80:
                if escaped { decoded?.pointee.append(byte) }
                position += 1
            default:
                let begin = position
                try skipUTF8Sequence()
                if escaped { decoded?.pointee.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[begin..<position])) }
            }
        }
    }

    private mutating func escape(into decoded: UnsafeMutablePointer<[UInt8]>?) throws(JSONSyntaxError) {
        let start = position
        position += 1
        guard position < bytes.count else { throw JSONSyntaxError(offset: start, problem: "unterminated string") }
        let simple: UInt8
        switch bytes[position] {
        case UInt8(ascii: "\""): simple = 0x22
        case UInt8(ascii: "\\"): simple = 0x5C
        case UInt8(ascii: "/"): simple = 0x2F
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"):
            position += 1
            var scalar = try hex4(escapeStart: start)
            if (0xD800..<0xDC00).contains(scalar) {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                    throw JSONSyntaxError(offset: start, problem: "lone surrogate \\u\(hex(scalar, digits: 4))")
                }
                position += 2
                let low = try hex4(escapeStart: start)
                guard (0xDC00..<0xE000).contains(low) else { throw JSONSyntaxError(offset: start, problem: "lone surrogate \\u\(hex(scalar, digits: 4))") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw JSONSyntaxError(offset: start, problem: "lone surrogate \\u\(hex(scalar, digits: 4))")
            }
            if let decoded { Self.appendUTF8(scalar, to: &decoded.pointee) }
            return
        default:
            throw JSONSyntaxError(offset: start, problem: "invalid escape")
        }
        position += 1
        decoded?.pointee.append(simple)
    }

    private mutating func hex4(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw JSONSyntaxError(offset: escapeStart, problem: "invalid \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONSyntaxError(offset: escapeStart, problem: "invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// Skips one multi-byte UTF-8 sequence (RFC 3629: no overlong forms, no
    /// surrogates, nothing above U+10FFFF).
    private mutating func skipUTF8Sequence() throws(JSONSyntaxError) {
        let lead = bytes[position]
        let count: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: count = 1
        case 0xE0: count = 2; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: count = 2
        case 0xED: count = 2; high = 0x9F
        case 0xF0: count = 3; low = 0x90
        case 0xF1...0xF3: count = 3
        case 0xF4: count = 3; high = 0x8F
        default: throw fault("invalid UTF-8")
        }
        guard position + count < bytes.count else { throw fault("invalid UTF-8") }
        let second = bytes[position + 1]
        guard second >= low, second <= high else { throw fault("invalid UTF-8") }
        var index = 2
        while index <= count {
            guard bytes[position + index] & 0xC0 == 0x80 else { throw fault("invalid UTF-8") }
            index += 1
        }
        position += count + 1
    }

    private static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6))
            out.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | scalar >> 12))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18))
            out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    // MARK: Faults

    private func fault(_ problem: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: position, problem: problem)
    }

    private func atEndOr(_ problem: String) -> JSONSyntaxError {
        guard position < bytes.count else { return fault("unexpected end of text") }
        return fault(notUTF8Text ?? problem)
    }

    /// For a byte UTF-8 text never has where a value or key starts, what it is: a NUL, or
    /// 0xFE/0xFF (invalid UTF-8), said to be UTF-16 when the text starts as UTF-16 does (a
    /// byte order mark, or an ASCII character and a NUL in either order).
    private var notUTF8Text: String? {
        let byte = bytes[position]
        guard byte == 0x00 || byte >= 0xFE else { return nil }
        let start = bytes.count >= 2 ? (bytes[0], bytes[1]) : (1, 1)
        let ascii: ClosedRange<UInt8> = 0x01...0x7F
        let utf16 = start == (0xFF, 0xFE) || start == (0xFE, 0xFF) || start.0 == 0 && ascii.contains(start.1) || start.1 == 0 && ascii.contains(start.0)
        if utf16 { return "\(byte == 0 ? "a NUL byte" : "byte 0x\(String(byte, radix: 16, uppercase: true))"): the text must be UTF-8, not UTF-16" }
        return byte == 0 ? "a NUL byte" : "invalid UTF-8"
    }

    private func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}

import SubscriptionModel

/// The first pass over a timeline file's bytes: the root must be an object, and the
/// top-level members a reader asked for are located, so that it can read them in the
/// contract's order (the file's own fields, then the events) whatever order the file
/// writes them in.
///
/// Locating rather than parsing keeps memory proportional to what the reader keeps:
/// the `events` list, however long, is only skipped here, and read one event at a time
/// afterwards (`forEachEvent`). A `policy` written after `events` is known before any
/// event is read, so it can decide how they are read.
///
/// The contract refuses text that is not JSON anywhere in it before any other fault
/// (`file: not JSON` wins over an unknown zone or a bad event). Everything outside the
/// `events` list is checked strictly here; the list itself is only skimmed (brackets
/// and strings matched), because the reader goes on to read every element strictly
/// anyway, and checking it twice was a sixth of a batch replay. A reader therefore
/// passes any fault it finds through `refusal(_:)`, which checks the whole text strictly
/// then and lets `not JSON` win: valid timelines are read in one strict pass, refused
/// ones answer exactly as before.
package struct TimelineDocument {
    /// The text.
    package let bytes: UnsafeBufferPointer<UInt8>
    /// For each wanted key present, where its first occurrence's value starts.
    package private(set) var offsets: [String: Int] = [:]
    /// Where the skimmed `events` list ends, when it was skimmed rather than checked.
    private var skimmedEventsEnd: Int?

    /// Checks `bytes` (all but the `events` list strictly) and locates the top-level
    /// members named in `keys`.
    ///
    /// Throws `file: not JSON (…)` when the text is not one JSON value (anywhere outside the
    /// events, or where the skim fails inside them), `file: not a JSON object` when it
    /// is one but not an object, and `file: "KEY" given twice` when a member named in
    /// `keys` is (readers differ on which of the two counts; other members are ignored,
    /// so they are not compared).
    package init(_ bytes: UnsafeBufferPointer<UInt8>, keys: Set<String>) throws(TimelineError) {
        self.bytes = bytes
        var parser = JSONParser(bytes)
        parser.skipByteOrderMark()
        var repeated: String?
        do {
            guard parser.peek() == UInt8(ascii: "{") else {
                try parser.skipValue()
                try parser.end()
                throw TimelineError(place: "file", problem: "not a JSON object")
            }
            if try parser.beginObject() {
                repeat {
                    let key = try parser.key()
                    if keys.contains(key) {
                        if offsets[key] == nil {
                            parser.skipWhitespace()
                            offsets[key] = parser.position
                            if key == "events", let end = Self.skimmedList(bytes, from: parser.position) {
                                parser.position = end
                                skimmedEventsEnd = end
                                continue
                            }
                        } else if repeated == nil {
                            repeated = key
                        }
                    }
                    try parser.skipValue()
                } while try parser.nextMember()
            }
            try parser.end()
        } catch let error as TimelineError {
            throw error
        } catch {
            throw Self.notJSON(bytes)
        }
        // After the whole text is read, so that not JSON (even in the skimmed events) wins.
        if let repeated { throw refusal(TimelineError(place: "file", problem: "\(ErrorText.quoted(repeated)) given twice")) }
    }

    /// What a reader throws on text that is not JSON; `refusal(_:)` says where and why.
    package static let notJSON = TimelineError(place: "file", problem: "not JSON")

    /// The refusal of `bytes`, text that is not JSON: `file: not JSON (REASON at line L,
    /// column C)`, the first fault a strict reading meets.
    static func notJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> TimelineError {
        do {
            try JSONParser.validate(bytes)
            return notJSON
        } catch {
            return TimelineError(place: "file", problem: error.notJSONText(in: bytes))
        }
    }

    /// The refusal a reader reports for `fault`, found while reading this document:
    /// `file: not JSON (…)` when the text is not JSON after all (a reader's own finding,
    /// or in the skimmed `events` list), since that fault comes first; `fault` otherwise.
    package func refusal(_ fault: TimelineError) -> TimelineError {
        guard fault == Self.notJSON || skimmedEventsEnd != nil else { return fault }
        let found = Self.notJSON(bytes)
        return found == Self.notJSON ? fault : found // the text is JSON: the reader's own fault stands
    }

    /// The end of the JSON array starting at `start` (just past its `]`), found by
    /// matching brackets outside strings, without checking anything else; nil when the
    /// value there is not an array, nests deeper than events ever do (so the strict
    /// reader's depth limit is met exactly as by a strict pass), or does not close.
    private static func skimmedList(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "["), let base = bytes.baseAddress else { return nil }
        let deepest = 32
        let end = base + bytes.count
        var depth = 0, cursor = base + start
        while cursor < end {
            switch cursor.pointee {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > deepest { return nil }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return base.distance(to: cursor) + 1 }
            case UInt8(ascii: "\""):
                // To the closing quote, eight bytes at a time while there are eight.
                cursor += 1
                while cursor < end {
                    if end - cursor >= 8 {
                        let word = UInt64(littleEndian: UnsafeRawPointer(cursor).loadUnaligned(as: UInt64.self))
                        let found = Self.bytes(equalTo: UInt8(ascii: "\""), in: word) | Self.bytes(equalTo: UInt8(ascii: "\\"), in: word)
                        guard found != 0 else {
                            cursor += 8
                            continue
                        }
                        cursor += found.trailingZeroBitCount / 8
                    }
                    if cursor.pointee == UInt8(ascii: "\"") { break }
                    cursor += cursor.pointee == UInt8(ascii: "\\") ? 2 : 1
                }
            default:
                break
            }
            cursor += 1
        }
        return nil
    }

    /// A word whose lowest set bit is the high bit of the first byte of `word` (in
    /// memory order) equal to `byte`; zero when none is. Bits above it may be set
    /// spuriously (the subtraction borrows), which only the lowest matters for.
    @inline(__always)
    private static func bytes(equalTo byte: UInt8, in word: UInt64) -> UInt64 {
        let difference = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return (difference &- 0x0101_0101_0101_0101) & ~difference & 0x8080_8080_8080_8080
    }

    /// Whether the file names a policy, and so is the generic form: it has a `policy`
    /// member, whatever its value. A file that does not is the v1 form. (The generic
    /// reader refuses a `policy` that is not a string, `null` included, as the contract
    /// does, and one that gives a key twice inside it.)
    package var namesPolicy: Bool {
        offsets["policy"] != nil
    }

    /// The value of the top-level member `key`, built; nil when the file has none.
    /// For the file's small fields (`zone`, `policy`), not for `events`.
    ///
    /// Throws `KEY: key "K" given twice` when the value is an object that gives a key
    /// twice (the text there is JSON: `init` checked it).
    package func value(_ key: String) throws(TimelineError) -> JSONValue? {
        guard let offset = offsets[key] else { return nil }
        var parser = JSONParser(bytes, position: offset)
        do {
            return try parser.value()
        } catch {
            guard let repeated = error.repeatedKey else { throw Self.notJSON }
            throw TimelineError(place: key, problem: "key \(ErrorText.quoted(repeated)) given twice")
        }
    }

    /// Reads the `events` list one element at a time: `body` gets each element's index
    /// and a reader positioned at it, and must read the element whole (or throw the
    /// event's fault, which ends the reading).
    ///
    /// Throws `events: missing` (absent or `null`), `events: not a list` or
    /// `events: empty` first.
    package func forEachEvent(_ body: (Int, inout JSONParser) throws(TimelineError) -> Void) throws(TimelineError) {
        guard let offset = offsets["events"] else { throw TimelineError(place: "events", problem: "missing") }
        var parser = JSONParser(bytes, position: offset)
        switch parser.peek() {
        case UInt8(ascii: "n"): throw TimelineError(place: "events", problem: "missing")
        case UInt8(ascii: "["): break
        default: throw TimelineError(place: "events", problem: "not a list")
        }
        do {
            guard try parser.beginArray() else { throw TimelineError(place: "events", problem: "empty") }
            var index = 0
            repeat {
                try body(index, &parser)
                index += 1
            } while try parser.nextElement()
        } catch let error as TimelineError {
            throw error
        } catch {
            throw Self.notJSON // the skimmed list is not JSON
        }
        // Read strictly to its end, the list is JSON, so the skim found the same end.
        if let skimmedEventsEnd, parser.position != skimmedEventsEnd { throw Self.notJSON }
    }
}

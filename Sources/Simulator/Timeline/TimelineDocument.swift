import SubscriptionModel

/// The first pass over a timeline file's bytes: the whole text's JSON syntax is
/// checked (nothing is built), the root must be an object, and the top-level members a
/// reader asked for are located, so that it can read them in the contract's order
/// (the file's own fields, then the events) whatever order the file writes them in.
///
/// Locating rather than parsing keeps memory proportional to what the reader keeps:
/// the `events` list, however long, is only skipped here, and read one event at a time
/// afterwards (`forEachEvent`). A `policy` written after `events` is known before any
/// event is read, so it can decide how they are read.
public struct TimelineDocument {
    /// The text.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// For each wanted key present, where its first occurrence's value starts.
    public private(set) var offsets: [String: Int] = [:]

    /// Checks `bytes` and locates the top-level members named in `keys`.
    ///
    /// Throws `file: not JSON` when the text is not one JSON value (anywhere in it), and
    /// `file: not a JSON object` when it is one but not an object.
    public init(_ bytes: UnsafeBufferPointer<UInt8>, keys: Set<String>) throws(TimelineError) {
        self.bytes = bytes
        var parser = JSONParser(bytes)
        parser.skipByteOrderMark()
        do {
            guard parser.peek() == UInt8(ascii: "{") else {
                try parser.skipValue()
                try parser.end()
                throw TimelineError(place: "file", problem: "not a JSON object")
            }
            if try parser.beginObject() {
                repeat {
                    let key = try parser.key()
                    if keys.contains(key), offsets[key] == nil {
                        parser.skipWhitespace()
                        offsets[key] = parser.position
                    }
                    try parser.skipValue()
                } while try parser.nextMember()
            }
            try parser.end()
        } catch let error as TimelineError {
            throw error
        } catch {
            throw Self.notJSON
        }
    }

    /// The refusal of text that is not JSON.
    public static let notJSON = TimelineError(place: "file", problem: "not JSON")

    /// The value of the top-level member `key`, built; nil when the file has none.
    /// For the file's small fields (`zone`, `policy`), not for `events`.
    public func value(_ key: String) -> JSONValue? {
        guard let offset = offsets[key] else { return nil }
        var parser = JSONParser(bytes, position: offset)
        return try? parser.value()
    }

    /// Reads the `events` list one element at a time: `body` gets each element's index
    /// and a reader positioned at it, and must read the element whole (or throw the
    /// event's fault, which ends the reading).
    ///
    /// Throws `events: missing` (absent or `null`), `events: not a list` or
    /// `events: empty` first.
    public func forEachEvent(_ body: (Int, inout JSONParser) throws(TimelineError) -> Void) throws(TimelineError) {
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
            throw Self.notJSON // not reached: the first pass checked the syntax
        }
    }
}

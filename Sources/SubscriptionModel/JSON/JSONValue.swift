import Foundation

/// A JSON value as RFC 8259 defines it, kept exactly as written: objects keep their
/// members in file order (so the first fault in a file is the first one named), and
/// numbers keep their text (so `1.0`, `1e0` and `true` are never mistaken for `1`, and a
/// value out of range is reported as it was printed).
package enum JSONValue: Hashable, Sendable {
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

    /// Parses one JSON document, strictly (see `JSONParser`): exactly one value, with
    /// only white space around it.
    package static func parse(_ data: Data) throws(JSONSyntaxError) -> JSONValue {
        let result = data.withUnsafeBytes { raw -> Result<JSONValue, JSONSyntaxError> in
            let bytes = raw.bindMemory(to: UInt8.self)
            return Result { () throws(JSONSyntaxError) -> JSONValue in try JSONParser.document(bytes) }
        }
        return try result.get()
    }

    /// Parses one JSON document from its UTF-8 bytes, strictly (see `JSONParser`).
    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONSyntaxError) -> JSONValue in try JSONParser.document(buffer) }
        }
        return try result.get()
    }

    /// The string, when the value is one.
    package var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The object, when the value is one.
    package var object: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// Whether the value is `null`: readers treat a `null` field like a missing one.
    package var isNull: Bool { self == .null }
}

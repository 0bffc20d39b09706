/// Decodes a `Decodable` type from a `JSONValue`, strictly: a whole-number field must be
/// written as an integer that fits (`1.0`, `1e2` and `1.5` are refused, where
/// Foundation's `JSONDecoder` reads `1.0` and `1e2` as whole numbers), a floating-point
/// field must be finite, and every other value must be of the type asked for.
///
/// For files the package reads back (reports, policies): a value of the wrong type or
/// out of range is refused with the coding path that names it, never rounded or trapped on.
package struct JSONValueDecoder: Sendable {
    /// A decoder.
    package init() {}

    /// Decodes `type` from `value`. Throws `DecodingError`, whose coding path names the
    /// field; its `debugDescription` is one line of at most `describedLimit` characters,
    /// escaped, whoever wrote it (a type's own decoder, such as a `RawRepresentable`'s,
    /// may quote the value it refused, however long).
    package func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        do {
            return try T(from: ValueDecoder(value: value, codingPath: []))
        } catch let error as DecodingError {
            throw Self.shortened(error)
        }
    }

    /// How many characters of a coding error's description are kept.
    static let describedLimit = 120

    /// `error` with its description escaped and cut to `describedLimit` characters.
    static func shortened(_ error: DecodingError) -> DecodingError {
        func cut(_ context: DecodingError.Context) -> DecodingError.Context {
            DecodingError.Context(codingPath: context.codingPath, debugDescription: MessageText.bare(context.debugDescription, limit: describedLimit),
                                  underlyingError: context.underlyingError)
        }
        switch error {
        case .typeMismatch(let type, let context): return .typeMismatch(type, cut(context))
        case .valueNotFound(let type, let context): return .valueNotFound(type, cut(context))
        case .keyNotFound(let key, let context): return .keyNotFound(key, cut(context))
        case .dataCorrupted(let context): return .dataCorrupted(cut(context))
        @unknown default: return error
        }
    }

    /// The path of a coding error as people write it: `counts.events`, `invariants[3].checks`;
    /// each key escaped and cut (one a dot would make ambiguous in brackets,
    /// `outcomesByPlan["pro.monthly"]`), and a long path cut in its middle (`MessageText`).
    package static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue, key.stringValue == "Index \(index)" {
                text += "[\(index)]"
            } else {
                let step = MessageText.step(key.stringValue)
                text += text.isEmpty && step.hasPrefix(".") ? String(step.dropFirst()) : step
            }
        }
        return text.isEmpty ? "the top level" : MessageText.path(text)
    }
}

/// An array element's coding key.
private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct ValueDecoder: Decoder, SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else { throw mismatch(JSONObject.self, "an object") }
        return KeyedDecodingContainer(KeyedContainer<Key>(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([JSONValue].self, "a list") }
        return UnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(type, "true or false") }
        return flag
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let text) = value else { throw mismatch(type, "a string") }
        return text
    }

    func decode(_ type: Double.Type) throws -> Double {
        guard case .number(let number) = value else { throw mismatch(type, "a number") }
        guard let double = number.double else { throw mismatch(type, "a finite number") }
        return double
    }

    func decode(_ type: Float.Type) throws -> Float {
        let double = try decode(Double.self)
        guard let float = Float(exactly: double) ?? (abs(double) <= Double(Float.greatestFiniteMagnitude) ? Float(double) : nil) else {
            throw mismatch(type, "a number in Float's range")
        }
        return float
    }

    func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        guard case .number(let number) = value else { throw mismatch(type, "a whole number") }
        guard number.isInteger else { throw mismatch(type, "a whole number") }
        guard let exact = I(number.text) else { throw mismatch(type, "a whole number from \(I.min) to \(I.max)") }
        return exact
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        do {
            return try T(from: self)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.count == codingPath.count && T.self is any RawRepresentable.Type {
            // A raw-value enum's own decoder names its Swift type ("Cannot initialize Kind
            // from invalid String value …"): say it as a reader of the file would.
            // (The value as it is, cut: `shortened` escapes the whole description once.)
            var shown = MessageText.json(value)
            if case .string(let text) = value {
                let scalars = text.unicodeScalars, limit = MessageText.valueLimit
                shown = "\"" + String(String.UnicodeScalarView(scalars.prefix(limit))) + "\"" + (scalars.count > limit ? "…" : "")
            }
            let expected = (T.self as? any (CaseIterable & RawRepresentable).Type).map { "; expected " + MessageText.list(Self.rawValues($0)) } ?? ""
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: "unknown value " + shown + expected))
        }
    }

    /// Every case's raw value, as text.
    private static func rawValues<E: CaseIterable & RawRepresentable>(_ type: E.Type) -> [String] { type.allCases.map { "\($0.rawValue)" } }

    private func mismatch(_ type: Any.Type, _ expected: String) -> DecodingError {
        DecodingError.typeMismatch(type, DecodingError.Context(codingPath: codingPath, debugDescription: "expected \(expected), got \(shown)"))
    }

    /// The value, briefly, for a message.
    private var shown: String {
        switch value {
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .number: MessageText.json(value, limit: 40)
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let values: [String: JSONValue]
    let allKeys: [Key]
    let codingPath: [any CodingKey]

    init(object: JSONObject, codingPath: [any CodingKey]) {
        var values: [String: JSONValue] = [:]
        var keys: [Key] = []
        for member in object.members where values[member.key] == nil {
            values[member.key] = member.value
            if let key = Key(stringValue: member.key) { keys.append(key) }
        }
        self.values = values
        self.allKeys = keys
        self.codingPath = codingPath
    }

    func contains(_ key: Key) -> Bool { values[key.stringValue] != nil }

    private func decoder(_ key: Key) throws -> ValueDecoder {
        guard let value = values[key.stringValue] else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "missing"))
        }
        return ValueDecoder(value: value, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try decoder(key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder(key).decode(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try decoder(key).unkeyedContainer() }
    func superDecoder() throws -> any Decoder { ValueDecoder(value: .object(JSONObject(members: values.map { ($0.key, $0.value) })), codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> any Decoder { try decoder(key) }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    private mutating func next() throws -> ValueDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(JSONValue.self, DecodingError.Context(codingPath: codingPath + [IndexKey(currentIndex)], debugDescription: "the list ends here"))
        }
        defer { currentIndex += 1 }
        return ValueDecoder(value: elements[currentIndex], codingPath: codingPath + [IndexKey(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next().decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decode(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decode(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}

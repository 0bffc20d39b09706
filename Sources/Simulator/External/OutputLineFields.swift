import Foundation
import SubscriptionModel
import SimulatorCore

/// How both output parsers read the fields of one line the strict way (after the fast
/// path gave up on it): the line as a JSON object with exactly the contract's keys, its
/// `i` and `do`, and values of the kind each field takes. Every fault is a `Malformed`
/// naming the line, with the value as the program printed it.
protocol OutputLineFields {
    /// The line's number in the program's output (1-based).
    var line: Int { get }
    /// The index of the event the line answers.
    var index: Int { get }
}

extension OutputLineFields {
    func fail(_ problem: String) -> ReplayOutputParser.Malformed { ReplayOutputParser.Malformed(line: line, event: index, problem: problem) }

    /// The line's members by key, after checking that it is a JSON object with exactly
    /// `keys`, that its `i` is `index` and its `do` is `action`.
    func members(of bytes: ArraySlice<UInt8>, keys: [String], index: Int, action: String) throws(ReplayOutputParser.Malformed) -> [String: JSONValue] {
        let value: JSONValue
        do { value = try JSONValue.parse(Data(bytes)) } catch {
            // A key given twice is JSON, but which of the two counts is for the reader to
            // guess: named where it is, as `members` names one.
            if let key = error.repeatedKey, let steps = Array(bytes).withUnsafeBufferPointer({ JSONParser.containerPath(at: error.offset, in: $0) }) {
                throw fail("\(Self.place(steps)) has the key \(PrintedText.quoted(key)) twice")
            }
            throw fail("not JSON (\(error.plainProblem)): \(PrintedText.quoted(bytes))")
        }
        guard case .object(let object) = value else { throw fail("not a JSON object: \(PrintedText.quoted(bytes))") }
        let members = try self.members(object, keys: keys, of: "the line")
        let i = try integer(members["i"]!, "\"i\"")
        guard i == index else { throw fail("\"i\" is \(i), not \(index)") }
        let printedAction = try string(members["do"]!, "\"do\"")
        guard printedAction.utf8.elementsEqual(action.utf8) else { throw fail("\"do\" is \(PrintedText.quoted(printedAction)), not \"\(action)\"") }
        return members
    }

    /// A place in a line as the messages name it: `the line`, `"alert"`, `"meters"."analyses"."used"`;
    /// a long one keeps its start and its end around `…` (`MessageText.path`).
    static func place(_ steps: [JSONParser.PathStep]) -> String {
        guard !steps.isEmpty else { return "the line" }
        var text = ""
        for step in steps {
            switch step {
            case .key(let key): text += (text.isEmpty ? "" : ".") + PrintedText.quoted(key)
            case .index(let index): text += "[\(index)]"
            }
        }
        return MessageText.path(text)
    }

    /// `object`'s members by key, when its keys are exactly `keys`. (Each once: the JSON
    /// reader refuses an object that gives a key twice, and `members(of:)` names it.)
    func members(_ object: JSONObject, keys: [String], of what: String) throws(ReplayOutputParser.Malformed) -> [String: JSONValue] {
        var found: [String: JSONValue] = [:]
        for member in object.members {
            // `String`'s == also matches other spellings of the same letters; the bytes must match too.
            guard let key = keys.first(where: { member.key == $0 }), member.key.utf8.elementsEqual(key.utf8) else {
                throw fail("\(what) has an unknown key \(PrintedText.quoted(member.key))")
            }
            found[key] = member.value
        }
        if let missing = keys.first(where: { found[$0] == nil }) { throw fail("\(what) has no \"\(missing)\"") }
        return found
    }

    /// An integer that fits `range`, written as one.
    func integer(_ value: JSONValue, _ name: String, orNull: Bool = false, range: ClosedRange<Int> = Int.min...Int.max) throws(ReplayOutputParser.Malformed) -> Int {
        let expected = orNull ? "an integer or null" : "an integer"
        guard case .number(let number) = value else { throw fail("\(name) is \(Self.printed(value)), not \(expected)") }
        guard let integer = number.int64, let exact = Int(exactly: integer), range.contains(exact) else {
            let digits = number.text.drop { $0 == "-" }
            let tooLarge = !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
            throw fail("\(name) is \(Self.printed(value)), " + (tooLarge ? "out of range" : "not \(expected)"))
        }
        return exact
    }

    func string(_ value: JSONValue, _ name: String) throws(ReplayOutputParser.Malformed) -> String {
        guard case .string(let text) = value else { throw fail("\(name) is \(Self.printed(value)), not a string") }
        return text
    }

    func optionalString(_ value: JSONValue, _ name: String) throws(ReplayOutputParser.Malformed) -> String? {
        switch value {
        case .null: return nil
        case .string(let text): return text
        default: throw fail("\(name) is \(Self.printed(value)), not a string or null")
        }
    }

    /// A value as the program printed it (numbers keep their text), cut for a report.
    static func printed(_ value: JSONValue) -> String {
        let text = compact(value)
        guard text.count > PrintedText.valueQuoted else { return text }
        return String(text.prefix(PrintedText.valueQuoted)) + "…"
    }

    /// `value` in one line, down to `depth` levels and 20 items a level.
    static func compact(_ value: JSONValue, depth: Int = 3) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return number.text
        case .string(let text): return PrintedText.quoted(text)
        case .array(let items):
            guard depth > 0 else { return "[…]" }
            return "[" + items.prefix(20).map { compact($0, depth: depth - 1) }.joined(separator: ",") + (items.count > 20 ? ",…" : "") + "]"
        case .object(let object):
            guard depth > 0 else { return "{…}" }
            let members = object.members.prefix(20).map { PrintedText.quoted($0.key) + ":" + compact($0.value, depth: depth - 1) }
            return "{" + members.joined(separator: ",") + (object.members.count > 20 ? ",…" : "") + "}"
        }
    }
}

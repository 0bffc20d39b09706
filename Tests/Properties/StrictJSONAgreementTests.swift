import Foundation
import Simulator
import SubscriptionModel
import Testing

/// The strict JSON reader against Foundation's `JSONSerialization` on generated valid
/// documents: both accept them and read the same values, and the strict reader also
/// gives back every number's text and every member in file order. The same documents
/// with a trailing comma slipped in are refused (Foundation accepts some of those).
@Suite("Strict JSON agrees with Foundation")
struct StrictJSONAgreementTests {
    static let documents = 2_000

    @Test("generated documents: the same values as Foundation, exactly the generated tree, and a trailing comma refused")
    func agreement() throws {
        var random = SeededRandom(seed: PropertySettings.seed, stream: 0x15_0_4E)
        var commas = 0
        for index in 0..<Self.documents {
            var generator = Generator(random: random.split())
            let value = generator.value(depth: 0)
            var spoil = false
            let text = generator.whitespace() + generator.text(value, spoil: &spoil) + generator.whitespace()
            let context = "document \(index) of seed \(PropertySettings.seed): \(text.debugDescription)"
            let ours = try JSONValue.parse(Data(text.utf8))
            #expect(ours == value, "\(context)")
            let theirs = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
            #expect(Self.agree(ours, theirs), "\(context)")
            spoil = true
            let comma = generator.text(value, spoil: &spoil)
            if !spoil {
                commas += 1
                #expect(throws: JSONSyntaxError.self, "\(comma.debugDescription)") { try JSONValue.parse(Data(comma.utf8)) }
            }
        }
        #expect(commas > Self.documents / 4, "enough documents have a container to spoil")
    }

    /// Whether Foundation's reading `theirs` has the values of `ours`.
    static func agree(_ ours: JSONValue, _ theirs: Any) -> Bool {
        switch ours {
        case .null: return theirs is NSNull
        case .bool(let flag):
            return (theirs as? Bool) == flag
        case .number(let number):
            // Foundation may keep a number as a decimal, whose `doubleValue` is not
            // correctly rounded; its text is exact, so both texts are rounded alike.
            guard let theirs = theirs as? NSNumber, let value = Double(number.text) else { return false }
            return Double(theirs.description) == value
        case .string(let text):
            guard let theirs = theirs as? String else { return false }
            return theirs.unicodeScalars.elementsEqual(text.unicodeScalars)
        case .array(let elements):
            guard let theirs = theirs as? [Any], theirs.count == elements.count else { return false }
            return zip(elements, theirs).allSatisfy { agree($0, $1) }
        case .object(let object):
            guard let theirs = theirs as? [String: Any], theirs.count == object.members.count else { return false }
            return object.members.allSatisfy { member in theirs[member.key].map { agree(member.value, $0) } ?? false }
        }
    }
}

/// Random JSON values, and random valid texts for them.
private struct Generator {
    var random: SeededRandom

    mutating func value(depth: Int) -> JSONValue {
        switch random.below(depth >= 4 ? 4 : 6) {
        case 0: return random.chance(0.5) ? .null : .bool(random.chance(0.5))
        case 1: return .number(JSONNumber(text: number()))
        case 2, 3: return .string(string())
        case 4: return .array((0..<random.below(5)).map { _ in value(depth: depth + 1) })
        default:
            // Keys unique and ASCII-distinct, so a dictionary keeps them all.
            let count = random.below(5)
            return .object(JSONObject(members: (0..<count).map { ("\(string())#\($0)", value(depth: depth + 1)) }))
        }
    }

    /// A number in one of JSON's forms, with few enough digits that every reader
    /// rounds it the same way.
    mutating func number() -> String {
        var text = random.chance(0.3) ? "-" : ""
        text += random.chance(0.2) ? "0" : String(random.int(in: 1...999_999_999))
        if random.chance(0.4) { text += "." + String(random.int(in: 0...9_999)) }
        if random.chance(0.3) {
            text += random.pick(["e", "E"]) + random.pick(["", "+", "-"]) + String(random.int(in: 0...30))
        }
        return text
    }

    mutating func string() -> String {
        let pools: [ClosedRange<UInt32>] = [0x20...0x7E, 0x00...0x1F, 0xA0...0x2FF, 0x300...0x36F, 0x2028...0x2029, 0x4E00...0x4E80, 0x1F600...0x1F64F, 0xFFF0...0xFFFF, 0x10000...0x10FFFF]
        var out = ""
        for _ in 0..<random.below(12) {
            let pool = random.pick(pools)
            if let scalar = Unicode.Scalar(UInt32(random.int(in: Int(pool.lowerBound)...Int(pool.upperBound)))) {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    mutating func whitespace() -> String {
        random.pick(["", "", " ", "\n", "\t", "\r\n", "  \n  "])
    }

    /// A valid text for `value`; when `spoil` is set, the first non-empty container
    /// closed gets a trailing comma (not JSON) and `spoil` is cleared.
    mutating func text(_ value: JSONValue, spoil: inout Bool) -> String {
        func close(_ bracket: String) -> String {
            guard spoil else { return bracket }
            spoil = false
            return "," + whitespace() + bracket
        }
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return number.text
        case .string(let string): return quoted(string)
        case .array(let elements):
            if elements.isEmpty { return "[" + whitespace() + "]" }
            return "[" + elements.map { whitespace() + text($0, spoil: &spoil) + whitespace() }.joined(separator: ",") + close("]")
        case .object(let object):
            if object.members.isEmpty { return "{" + whitespace() + "}" }
            return "{" + object.members.map { whitespace() + quoted($0.key) + whitespace() + ":" + whitespace() + text($0.value, spoil: &spoil) + whitespace() }.joined(separator: ",") + close("}")
        }
    }

    /// A string literal, each character written raw or escaped at random (escaped
    /// where JSON requires it).
    mutating func quoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            let short: [Unicode.Scalar: String] = ["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\u{8}": "\\b", "\u{C}": "\\f", "/": "\\/"]
            let mustEscape = scalar == "\"" || scalar == "\\" || scalar.value < 0x20
            if !mustEscape, random.chance(0.7) {
                out.unicodeScalars.append(scalar)
            } else if let escape = short[scalar], random.chance(0.5) {
                out += escape
            } else if scalar.value >= 0x10000 {
                let value = scalar.value - 0x10000
                out += unicodeEscape(0xD800 + (value >> 10)) + unicodeEscape(0xDC00 + (value & 0x3FF))
            } else {
                out += unicodeEscape(scalar.value)
            }
        }
        return out + "\""
    }

    mutating func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: random.chance(0.5))
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}

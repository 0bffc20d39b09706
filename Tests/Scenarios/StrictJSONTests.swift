import Foundation
import SubscriptionModel
import Testing

/// The strict JSON reader: RFC 8259 and nothing more, each fault named with the byte
/// where it is.
@Suite("Strict JSON")
struct StrictJSONTests {
    /// (text, the offset of the fault, what is wrong there)
    static let faults: [(String, Int, String)] = [
        ("[1,2,]", 4, "trailing comma"),
        (#"{"a":1,}"#, 6, "trailing comma"),
        ("[1 , ]", 3, "trailing comma"),
        ("[,1]", 1, "expected a value"),
        ("[1,,2]", 3, "expected a value"),
        ("[1 2]", 3, "expected ',' or ']'"),
        (#"{"a":1 "b":2}"#, 7, "expected ',' or '}'"),
        (#"{"a" 1}"#, 5, "expected ':'"),
        ("{a:1}", 1, "expected a string key"),
        ("{'a':1}", 1, "expected a string key"),
        ("['a']", 1, "single quotes (not JSON)"),
        ("[1] // done", 4, "comment (not JSON)"),
        ("[/* no */1]", 1, "comment (not JSON)"),
        ("[1,/* no */2]", 3, "comment (not JSON)"),
        ("01", 0, "leading zero in a number"),
        ("[-01]", 1, "leading zero in a number"),
        ("[1.]", 1, "malformed number"),
        ("[.5]", 1, "malformed number"),
        ("[+1]", 1, "malformed number"),
        ("[1e]", 1, "malformed number"),
        ("[1e+]", 1, "malformed number"),
        ("[-]", 1, "malformed number"),
        ("[NaN]", 1, "NaN or Infinity (not JSON)"),
        ("[Infinity]", 1, "NaN or Infinity (not JSON)"),
        ("[-Infinity]", 1, "NaN or Infinity (not JSON)"),
        ("[tru]", 1, "expected a value"),
        ("[True]", 1, "expected a value"),
        ("nul", 0, "expected a value"),
        (#"["\x"]"#, 2, "invalid escape"),
        (#"["\'"]"#, 2, "invalid escape"),
        (#"["\u12G4"]"#, 2, #"invalid \u escape"#),
        (#"["\u12"]"#, 2, #"invalid \u escape"#),
        (#"["\ud800"]"#, 2, #"lone surrogate \uD800"#),
        (#"["\ud800\u0041"]"#, 2, #"lone surrogate \uD800"#),
        (#"["\udc00"]"#, 2, #"lone surrogate \uDC00"#),
        ("[\"a\nb\"]", 3, "control character U+000A in a string (write it escaped)"),
        ("[\"\u{1}\"]", 2, "control character U+0001 in a string (write it escaped)"),
        (#"["abc"#, 1, "unterminated string"),
        ("[1", 2, "unexpected end of text"),
        (#"{"a":"#, 5, "unexpected end of text"),
        ("", 0, "unexpected end of text"),
        ("   ", 3, "unexpected end of text"),
        ("[1] [2]", 4, "text after the value"),
        ("1 2", 2, "text after the value"),
        ("\u{C}[1]", 0, "expected a value"),
        ("\u{A0}1", 0, "expected a value"),
        (String(repeating: "[", count: 513) + String(repeating: "]", count: 513), 512, "nested deeper than 512"),
        (String(repeating: #"{"a":"#, count: 513) + "1" + String(repeating: "}", count: 513), 2560, "nested deeper than 512"),
    ]

    @Test("each fault is refused, named and placed", arguments: faults.indices)
    func fault(index: Int) {
        let (text, offset, problem) = Self.faults[index]
        #expect(throws: JSONSyntaxError(offset: offset, problem: problem), "\(text.debugDescription)") {
            try JSONValue.parse(Data(text.utf8))
        }
    }

    /// (bytes inside a string, the offset of the fault from the string's first byte)
    static let badUTF8: [([UInt8], Int)] = [
        ([0x80], 0), // a lone continuation byte
        ([0xC0, 0xAF], 0), // overlong '/'
        ([0xC1, 0xBF], 0), // overlong
        ([0xE0, 0x80, 0xAF], 0), // overlong
        ([0xF0, 0x80, 0x80, 0xAF], 0), // overlong
        ([0xED, 0xA0, 0x80], 0), // an encoded surrogate
        ([0xF4, 0x90, 0x80, 0x80], 0), // above U+10FFFF
        ([0xF5, 0x80, 0x80, 0x80], 0),
        ([0xFF], 0),
        ([0x61, 0xE2, 0x82], 1), // cut short at the end of the string
        ([0xE2, 0x28, 0xA1], 0), // a bad second byte
    ]

    @Test("bytes that are not UTF-8 are refused where they start", arguments: badUTF8.indices)
    func invalidUTF8(index: Int) {
        let (bad, offset) = Self.badUTF8[index]
        #expect(throws: JSONSyntaxError(offset: 2 + offset, problem: "invalid UTF-8")) {
            try JSONValue.parse(Data([0x5B, 0x22] + bad + [0x22, 0x5D]))
        }
    }

    @Test("UTF-16 text (with or without its byte order mark, either byte order) is named as such where it fails")
    func utf16() throws {
        let text = #"{"a":1}"#
        let little = Data(text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }), big = Data(text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        let nul = "a NUL byte: the text must be UTF-8, not UTF-16"
        #expect(throws: JSONSyntaxError(offset: 1, problem: nul)) { try JSONValue.parse(little) }
        #expect(throws: JSONSyntaxError(offset: 0, problem: nul)) { try JSONValue.parse(big) }
        #expect(throws: JSONSyntaxError(offset: 0, problem: "byte 0xFF: the text must be UTF-8, not UTF-16")) { try JSONValue.parse(Data([0xFF, 0xFE]) + little) }
        #expect(throws: JSONSyntaxError(offset: 0, problem: "byte 0xFE: the text must be UTF-8, not UTF-16")) { try JSONValue.parse(Data([0xFE, 0xFF]) + big) }
        // Elsewhere a NUL is a NUL, and 0xFF invalid UTF-8 (a zero-filled file, a JPEG).
        #expect(throws: JSONSyntaxError(offset: 3, problem: "a NUL byte")) { try JSONValue.parse(Data("[1,\u{0}]".utf8)) }
        #expect(throws: JSONSyntaxError(offset: 0, problem: "a NUL byte")) { try JSONValue.parse(Data(count: 64)) }
        #expect(throws: JSONSyntaxError(offset: 0, problem: "invalid UTF-8")) { try JSONValue.parse(Data([0xFF, 0xD8, 0xFF, 0xE0])) }
    }

    @Test("accepted: every value kind, white space, escapes, surrogate pairs, a byte order mark, 512 levels")
    func accepted() throws {
        let text = "\u{FEFF} \t\r\n{\"a\" : [ null , true , false , -0 , 0.5 , 1E+2 , -12e-0 , \"\" ] , \"b\":{}, \"c\":[] ,"
            + #" "s":"\"\\\/\b\f\n\r\t\u00e9\uD83D\ude00€😀", "A":2 }"#
        let value = try JSONValue.parse(Data(text.utf8))
        let expected = JSONValue.object(JSONObject(members: [
            ("a", .array([.null, .bool(true), .bool(false), .number(JSONNumber(text: "-0")), .number(JSONNumber(text: "0.5")),
                          .number(JSONNumber(text: "1E+2")), .number(JSONNumber(text: "-12e-0")), .string("")])),
            ("b", .object(JSONObject(members: [JSONObject.Member]()))),
            ("c", .array([])),
            ("s", .string("\"\\/\u{8}\u{C}\n\r\té😀€😀")),
            ("A", .number(JSONNumber(text: "2"))),
        ]))
        #expect(value == expected)
        let deep = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try JSONValue.parse(Data(deep.utf8)) }
        for scalar in ["1", "\"x\"", "null", " -1.5e3 "] {
            #expect(throws: Never.self, "\(scalar)") { try JSONValue.parse(Data(scalar.utf8)) }
        }
    }

    /// (text, the offset of the second key, the key)
    static let repeatedKeys: [(String, Int, String)] = [
        (#"{"a":1,"a":2}"#, 7, "a"),
        (#"{"a":1,"a":1}"#, 7, "a"),
        (#"{ "at" : "x" , "do" : "look" , "at" : "y" }"#, 31, "at"),
        (#"[{"x":{"a":null,"b":[],"a":{}}}]"#, 23, "a"),
        (#"{"a":1,"\u0061":2}"#, 7, "a"),
        (#"{"\u00e9":1,"é":2}"#, 12, "é"),
        (#"{"":1,"":2}"#, 6, ""),
        (#"{"a\nb":1,"a\nb":2}"#, 10, "a\nb"),
    ]

    @Test("a key given twice in one object is refused, naming the key, at its second occurrence", arguments: repeatedKeys.indices)
    func repeatedKey(index: Int) {
        let (text, offset, key) = Self.repeatedKeys[index]
        #expect(throws: JSONSyntaxError.repeated(key, at: offset), "\(text.debugDescription)") { try JSONValue.parse(Data(text.utf8)) }
    }

    @Test("a key given twice reads as key \"K\" given twice, escaped and cut like any value shown")
    func repeatedKeyProblem() {
        #expect(JSONSyntaxError.repeated("at", at: 7).problem == #"key "at" given twice"#)
        #expect(JSONSyntaxError.repeated("at", at: 7).repeatedKey == "at")
        #expect(JSONSyntaxError.repeated("a\"b\n\u{1}", at: 0).problem == #"key "a\"b\n\u0001" given twice"#)
        #expect(JSONSyntaxError.repeated(String(repeating: "k", count: 70), at: 0).problem == "key \"\(String(repeating: "k", count: 60))\"… given twice")
        #expect(JSONSyntaxError(offset: 4, problem: "trailing comma").repeatedKey == nil)
    }

    @Test("accepted: one key in several objects, keys that differ in case, and keys that differ in bytes though not in Unicode equivalence")
    func distinctKeys() throws {
        let value = try JSONValue.parse(Data(#"{"a":{"a":1},"b":[{"a":1},{"a":2}],"A":3,"\u00e9":4,"e\u0301":5}"#.utf8))
        // Compared as bytes: Swift's == takes the last two for one string.
        #expect(value.object?.members.map { Array($0.key.utf8) } == ["a", "b", "A", "\u{E9}", "e\u{301}"].map { Array($0.utf8) })
    }

    @Test("the path to the object that holds a place in the text, as readers name it")
    func containerPath() throws {
        let text = #"{"plans": [{"id": "a"}, {"responses": {"day": {"alert": {"title": "x", "title": "y"}}}}], "n": 1}"#
        let error = try #require(throws: JSONSyntaxError.self) { try JSONValue.parse(Data(text.utf8)) }
        let steps = Array(text.utf8).withUnsafeBufferPointer { JSONParser.containerPath(at: error.offset, in: $0) }
        #expect(steps == [.key("plans"), .index(1), .key("responses"), .key("day"), .key("alert")])
        #expect(JSONParser.pathText(steps ?? []) == "$.plans[1].responses.day.alert")
        func path(_ text: String, _ offset: Int) -> String? {
            Array(text.utf8).withUnsafeBufferPointer { JSONParser.containerPath(at: offset, in: $0) }.map(JSONParser.pathText)
        }
        #expect(path(#"{"a":1}"#, 5) == "$", "a scalar member's value is in its object")
        #expect(path(#"[1, [2, 3]]"#, 8) == "$[1]")
        #expect(path(#"[1, [2, 3]]"#, 4) == "$[1]", "a container's own bracket is in it")
        #expect(path("1", 0) == nil, "no container")
        #expect(path(#"[1,]"#, 3) == nil, "the text before is not JSON")
    }

    @Test("numbers keep their text; int64 only for integers that fit")
    func numbers() {
        #expect(JSONNumber(text: "9223372036854775807").int64 == Int64.max)
        #expect(JSONNumber(text: "-9223372036854775808").int64 == Int64.min)
        #expect(JSONNumber(text: "9223372036854775808").int64 == nil)
        #expect(JSONNumber(text: "1.0").int64 == nil)
        #expect(JSONNumber(text: "1e2").int64 == nil)
        #expect(JSONNumber(text: "-0").int64 == 0)
        #expect(JSONNumber(text: "1e308").double == 1e308)
        #expect(JSONNumber(text: "1e400").double == nil)
    }

    struct Sample: Codable, Equatable {
        var count: Int
        var share: Double
        var names: [String: Int]
        var list: [UInt8]
        var note: String?
    }

    @Test("the strict decoder refuses whole numbers written with a fraction or an exponent, and names the field")
    func strictDecoding() throws {
        let good = try JSONValue.parse(Data(#"{"count":-3,"share":1e308,"names":{"a":1},"list":[0,255],"note":null}"#.utf8))
        #expect(try JSONValueDecoder().decode(Sample.self, from: good) == Sample(count: -3, share: 1e308, names: ["a": 1], list: [0, 255], note: nil))
        let refusals: [(String, String)] = [
            (#"{"count":1.0,"share":1,"names":{},"list":[]}"#, "count: expected a whole number, got 1.0"),
            (#"{"count":1e2,"share":1,"names":{},"list":[]}"#, "count: expected a whole number, got 1e2"),
            (#"{"count":9223372036854775808,"share":1,"names":{},"list":[]}"#,
             "count: expected a whole number from -9223372036854775808 to 9223372036854775807, got 9223372036854775808"),
            (#"{"count":1,"share":1e400,"names":{},"list":[]}"#, "share: expected a finite number, got 1e400"),
            (#"{"count":1,"share":"1","names":{},"list":[]}"#, "share: expected a number, got a string"),
            (#"{"count":1,"share":1,"names":{"a":0.5},"list":[]}"#, "names.a: expected a whole number, got 0.5"),
            (#"{"count":1,"share":1,"names":{},"list":[1,256]}"#, "list[1]: expected a whole number from 0 to 255, got 256"),
        ]
        for (text, line) in refusals {
            do {
                _ = try JSONValueDecoder().decode(Sample.self, from: JSONValue.parse(Data(text.utf8)))
                Issue.record("accepted \(text)")
            } catch let DecodingError.typeMismatch(_, context) {
                #expect("\(JSONValueDecoder.path(context.codingPath)): \(context.debugDescription)" == line)
            } catch {
                Issue.record("\(text): \(error)")
            }
        }
        do {
            _ = try JSONValueDecoder().decode(Sample.self, from: JSONValue.parse(Data(#"{"count":1,"names":{},"list":[]}"#.utf8)))
            Issue.record("accepted a missing field")
        } catch let DecodingError.keyNotFound(key, context) {
            #expect(JSONValueDecoder.path(context.codingPath + [key]) == "share")
        }
    }
}

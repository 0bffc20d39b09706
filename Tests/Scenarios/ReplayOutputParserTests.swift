import Foundation
import Simulator
import SubscriptionModel
import Testing

/// Another implementation's output is read strictly, as JSON of the contract's types:
/// a value that only looks like the reference's (`1.4`, `1.0`, `true` for a count, a
/// number too large for any count, a near-spelling of a text) is refused and quoted
/// as the program printed it, never taken for a match.
@Suite("replay output, read strictly")
struct ReplayOutputParserTests {
    /// An install and one capture, the reference's outputs for them, and its printed lines.
    static let script: [(String, FlagshipEvent.Action)] = [("2026-04-03T20:00:00Z", .install), ("2026-04-03T20:05:00Z", .capture(.meal))]
    static let events = script.map { FlagshipEvent(at: instant($0.0), $0.1) }
    static let outputs = replay("Europe/Dublin", script)
    static let printed = FlagshipReplayLine.jsonLines(events: events, outputs: outputs)

    /// The reference's lines with `original` (which must occur exactly once) replaced.
    func printed(replacing original: String, with replacement: String) throws -> String {
        let text = Self.printed
        try #require(text.components(separatedBy: original).count == 2, "\(original) occurs once in \(text)")
        return text.replacingOccurrences(of: original, with: replacement)
    }

    /// The refusal of `text` (a test fails when `text` is accepted).
    func refusal(_ text: String, texts: CaptureRules.Texts = policy.texts) throws -> ReplayOutputParser.Malformed {
        do {
            _ = try ReplayOutputParser.parse(text, events: Self.events, texts: texts)
        } catch {
            return error
        }
        throw Accepted(text: text)
    }

    /// A text the reader should have refused.
    struct Accepted: Error {
        let text: String
    }

    @Test("the reference's own lines read back as its outputs")
    func roundTrip() throws {
        #expect(try ReplayOutputParser.parse(Self.printed, events: Self.events) == Self.outputs)
    }

    @Test("lines ending in \\r\\n are read as lines ending in \\n")
    func carriageReturns() throws {
        let text = Self.printed.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try ReplayOutputParser.parse(text, events: Self.events) == Self.outputs)
    }

    @Test("blank lines are skipped and the last line may lack its newline")
    func blankLines() throws {
        let lines = Self.printed.split(separator: "\n")
        try #require(lines.count == 2)
        let text = "\n" + lines[0] + "\n\r\n" + lines[1]
        #expect(try ReplayOutputParser.parse(text, events: Self.events) == Self.outputs)
    }

    @Test("after a blank line, a refused line still names the event it answers: line 4 is the answer to event 1")
    func refusalAfterBlankLines() throws {
        let lines = Self.printed.split(separator: "\n")
        try #require(lines.count == 2)
        let afterBlank = try refusal("\n" + lines[0] + "\n\n" + lines[1].replacingOccurrences(of: #""used":1,"#, with: #""used":1.4,"#))
        #expect(afterBlank.line == 4)
        #expect(afterBlank.event == 1)
        let placed = ExternalFinding<Invariant>.failure(.malformed(afterBlank)).asViolation(events: 2)
        #expect(placed.eventIndex == 1, "placed at the event line 4 answers")
        #expect(placed.detail == #"the program printed malformed output: line 4: "used" is 1.4, not an integer"#)
        // After one blank line, line 2 answers event 0 (not event 1, as its number minus one would say).
        let first = try refusal("\n" + lines[0].replacingOccurrences(of: #"{"i":0,"#, with: #"{"i":0.0,"#) + "\n" + lines[1] + "\n")
        #expect(first.line == 2 && first.event == 0)
        #expect(ExternalFinding<Invariant>.failure(.malformed(first)).asViolation(events: 2).eventIndex == 0)
        // A line past the events answers none: the output as a whole, at the last event.
        let extra = try refusal(Self.printed + lines[1] + "\n")
        #expect(extra.line == 3 && extra.event == nil)
    }

    @Test("a value of the wrong JSON type or form is refused and quoted as printed", arguments: [
        (#"{"i":1,"#, #"{"i":1.0,"#, 2, #""i" is 1.0, not an integer"#),
        (#"{"i":0,"#, #"{"i":0.5,"#, 1, #""i" is 0.5, not an integer"#),
        (#""used":1,"limit":10,"label""#, #""used":1.4,"limit":10,"label""#, 2, #""used" is 1.4, not an integer"#),
        (#""used":1,"limit":10,"label""#, #""used":true,"limit":10,"label""#, 2, #""used" is true, not an integer"#),
        (#""used":1,"limit":10,"label""#, #""used":"1","limit":10,"label""#, 2, #""used" is "1", not an integer"#),
        (#""used":1,"limit":10,"label""#, #""used":[1],"limit":10,"label""#, 2, #""used" is [1], not an integer"#),
        (#""used":1,"limit":10,"label""#, #""used":1,"limit":99999999999999999999,"label""#, 2, #""limit" is 99999999999999999999, out of range"#),
        (#""used":1,"limit":10,"label""#, #""used":1,"limit":false,"label""#, 2, #""limit" is false, not an integer or null"#),
        (#"{"used":1,"limit":10}"#, #"{"used":1,"limit":10.0}"#, 2, #""planView"."limit" is 10.0, not an integer"#),
        (#""outcome":"captured""#, #""outcome":0"#, 2, #""outcome" is 0, not a string or null"#),
        (#""outcome":"captured""#, #""outcome":"Captured""#, 2, #""outcome" is "Captured", not captured, plan-sheet, limit-alert or null"#),
        (#"{"i":0,"do":"install","day":"2026-04-03""#, #"{"i":0,"do":"install","day":"2026-4-003""#, 1, #""day" is "2026-4-003", not a YYYY-MM-DD date"#),
        (#""label":"Below limit","planView":{"used":1"#, #""label":"Below limit ","planView":{"used":1"#, 2, #""label" is "Below limit ", which the rules never show"#),
    ])
    func wrongTypes(original: String, replacement: String, line: Int, problem: String) throws {
        let refusal = try refusal(try printed(replacing: original, with: replacement))
        #expect(refusal.line == line)
        #expect(refusal.problem == problem)
    }

    @Test("a number written with an exponent is not a count, even when it equals one")
    func exponent() throws {
        let refusal = try refusal(try printed(replacing: #""used":1,"limit":10,"label""#, with: #""used":1e0,"limit":10,"label""#))
        #expect(refusal.line == 2)
        #expect(refusal.problem.hasPrefix(#""used" is 1"#) && refusal.problem.hasSuffix(", not an integer"))
    }

    @Test("a number is quoted with the very text printed")
    func exponentAsPrinted() throws {
        #expect(JSONValue.keepsNumberText, "the JSON reader rewrites a number's text")
        let refusal = try refusal(try printed(replacing: #""used":1,"limit":10,"label""#, with: #""used":1e0,"limit":10,"label""#))
        #expect(refusal.problem == #""used" is 1e0, not an integer"#)
    }

    @Test("a key given twice is refused, even with the same value twice, naming the object that gives it")
    func duplicateKey() throws {
        let duplicate = try refusal(try printed(replacing: #"{"i":0,"#, with: #"{"i":0,"i":0,"#))
        #expect(duplicate.line == 1 && duplicate.problem == #"the line has the key "i" twice"#)
        let nested = try refusal(try printed(replacing: #"{"used":1,"limit":10}"#, with: #"{"used":1,"limit":10,"used":1}"#))
        #expect(nested.line == 2 && nested.problem == #""planView" has the key "used" twice"#)
    }

    @Test("keys: each of the table's, and no other")
    func keys() throws {
        let unknown = try refusal(try printed(replacing: #"{"i":0,"#, with: #"{"extra":1,"i":0,"#))
        #expect(unknown.line == 1 && unknown.problem == #"the line has an unknown key "extra""#)
        let missing = try refusal(try printed(replacing: #","label":"Below limit","planView":{"used":1"#, with: #","planView":{"used":1"#))
        #expect(missing.line == 2 && missing.problem == #"the line has no "label""#)
        let nested = try refusal(try printed(replacing: #"{"used":1,"limit":10}"#, with: #"{"used":1,"limit":10,"text":"No limit"}"#))
        #expect(nested.line == 2 && nested.problem == #""planView" has an unknown key "text""#)
    }

    @Test("a text in another Unicode spelling of the same letters is not the rules' text")
    func unicodeSpelling() throws {
        // Rules whose label has an "é", written by the program as "e" and a combining accent:
        // equal as Swift strings, not as JSON strings.
        var texts = policy.texts
        texts.belowLimitLabel = "B\u{E9}low limit"
        let precomposed = Self.printed.replacingOccurrences(of: "Below limit", with: "B\u{E9}low limit")
        #expect(try ReplayOutputParser.parse(precomposed, events: Self.events, texts: texts).map(\.label.string) == ["B\u{E9}low limit", "B\u{E9}low limit"])
        let decomposed = Self.printed.replacingOccurrences(of: "Below limit", with: "Be\u{301}low limit")
        let refusal = try refusal(decomposed, texts: texts)
        #expect(refusal.line == 1 && refusal.problem == "\"label\" is \"Be\u{301}low limit\", which the rules spell with other Unicode characters")
    }

    @Test("too few lines, too many lines, and text that is not JSON")
    func lines() throws {
        let short = try refusal(String(Self.printed.split(separator: "\n")[0]) + "\n")
        #expect(short.line == nil && short.problem == "1 line for 2 events")
        let long = try refusal(Self.printed + "{\"i\":2}\n")
        #expect(long.line == 3 && long.problem == #"more lines than the 2 events: "{\"i\":2}""#)
        let text = try refusal("starting…\u{1B}[2J\n" + Self.printed)
        #expect(text.line == 1 && text.problem.hasPrefix("not JSON") && text.problem.hasSuffix(#": "starting…\u{1B}[2J""#))
    }
}

extension JSONValue {
    /// Whether the JSON reader keeps a number's text as written (`1e0` stays `1e0`).
    static var keepsNumberText: Bool {
        guard case .number(let number)? = try? JSONValue.parse(Data("1e0".utf8)) else { return false }
        return number.text == "1e0"
    }
}

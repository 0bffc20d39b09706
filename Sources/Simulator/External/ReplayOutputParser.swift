import Foundation
import SubscriptionModel
import SimulatorCore

/// Reads another implementation's `simulate replay` output (JSON Lines, one object per
/// event, the contract's Output table) back into `FlagshipOutput` values, refusing anything
/// the contract does not allow, so that a difference is never taken for a match.
///
/// Values are taken as JSON, strictly: a count is an integer written without a
/// fraction or exponent that fits `Int` (`1.4`, `1.0`, `1e0`, `true` and
/// `99999999999999999999` are not `1`s, nor anything else); every key of the table is
/// present, once, and no other; strings are compared by their exact characters, and
/// the texts the user sees must be texts of the rules. A refusal quotes the value as
/// the program printed it. Lines may end in `\n` or `\r\n`; blank lines are skipped.
package enum ReplayOutputParser {
    /// Why the output was refused.
    package struct Malformed: Error, CustomStringConvertible {
        /// The line (from 1, blank lines counted), or nil for the output as a whole.
        package let line: Int?
        /// The event (from 0) whose answer the line is, or nil when the line answers none
        /// (a line past the timeline's events, a batch end marker): where a check places
        /// the failure. It is not `line - 1` once the program has printed a blank line.
        package let event: Int?
        /// What is wrong.
        package let problem: String
        /// `line N: PROBLEM`.
        package var description: String { line.map { "line \($0): \(problem)" } ?? problem }

        /// A fault of `line`, the answer to `event` if it answers one.
        package init(line: Int?, event: Int? = nil, problem: String) {
            self.line = line
            self.event = event
            self.problem = problem
        }
    }

    /// The keys of an output line, in the contract's order.
    static let keys = ["i", "do", "day", "plan", "outcome", "alert", "used", "limit", "label", "planView"]

    /// The outputs of `events`, parsed from `text`.
    package static func parse(_ text: String, events: [FlagshipEvent], texts: CaptureRules.Texts = CaptureRules.mealCapture.texts) throws(Malformed) -> [FlagshipOutput] {
        try parse(Array(text.utf8), events: events, texts: texts)
    }

    /// The outputs of `events`, parsed from the bytes a program printed; the texts it
    /// shows must be among `texts`.
    package static func parse(_ bytes: [UInt8], events: [FlagshipEvent], texts: CaptureRules.Texts = CaptureRules.mealCapture.texts) throws(Malformed) -> [FlagshipOutput] {
        let known = KnownTexts(texts)
        var outputs: [FlagshipOutput] = []
        outputs.reserveCapacity(events.count)
        try forEachLine(bytes, events: events.count) { (index, lineNumber, line) throws(Malformed) in
            // The package's own layout is read byte by byte; anything else the strict way.
            if let fast = line.withUnsafeBufferPointer({ Self.canonicalOutput($0, index: index, event: events[index], known: known) }) {
                outputs.append(fast)
            } else {
                outputs.append(try LineReader(line: lineNumber, index: index, event: events[index], known: known).output(line))
            }
        }
        return outputs
    }

    /// Hands each line of `bytes` that is not empty (without its line break, or a
    /// carriage return before it) to `read`, with the index of the event it answers
    /// (lines in order) and its line number; refuses a line beyond the `events`th and,
    /// at the end, fewer lines than events. Both output parsers read their lines so.
    static func forEachLine(_ bytes: [UInt8], events: Int,
                            _ read: (_ index: Int, _ lineNumber: Int, _ line: ArraySlice<UInt8>) throws(Malformed) -> Void) throws(Malformed) {
        var start = 0, lineNumber = 0, answered = 0
        while start < bytes.count {
            let end = bytes.firstLineBreak(from: start) ?? bytes.count
            lineNumber += 1
            var line = bytes[start..<end]
            start = end + 1
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if line.isEmpty { continue }
            guard answered < events else {
                throw Malformed(line: lineNumber, problem: "more lines than the \(events) \(events == 1 ? "event" : "events"): \(PrintedText.quoted(line))")
            }
            try read(answered, lineNumber, line)
            answered += 1
        }
        guard answered == events else {
            throw Malformed(line: nil, problem: "\(answered) \(answered == 1 ? "line" : "lines") for \(events) \(events == 1 ? "event" : "events")")
        }
    }

    /// The texts of the rules, compared by their exact UTF-8 (so a look-alike, such as
    /// another normalization of the same letters, is not taken for them).
    struct KnownTexts {
        let texts: [String: ShownText]
        /// Each text as a JSON string literal in the package's own escaping, for the fast path.
        let quoted: [[UInt8]]
        /// The texts, in the order of `quoted`.
        let shown: [ShownText]

        init(_ texts: CaptureRules.Texts) {
            let all = [texts.limitAlertTitle, texts.premiumLimitAlertMessage, texts.unlimitedLimitAlertMessage,
                       texts.belowLimitLabel, texts.limitReachedLabel, texts.noLimitLabel, texts.noUsageLimitText].compactMap { $0 }
            let texts = Dictionary(all.map { ($0, ShownText($0)) }, uniquingKeysWith: { first, _ in first })
            let ordered = texts.keys.sorted()
            self.texts = texts
            self.quoted = ordered.map { Array(JSONText.quoted($0).utf8) }
            self.shown = ordered.map { texts[$0]! }
        }

        /// The rules' text spelled exactly `string`: `.some(nil)` when the rules have
        /// it only in another spelling, nil when they do not have it at all.
        func text(_ string: String) -> ShownText?? {
            guard let text = texts[string] else { return nil }
            return .some(string.utf8.elementsEqual(text.string.utf8) ? text : nil)
        }
    }

    /// The output of a line printed exactly as `simulate replay` prints it (the fast
    /// path, `CanonicalCursor`); nil for any other line, which is then read strictly.
    static func canonicalOutput(_ line: UnsafeBufferPointer<UInt8>, index: Int, event: FlagshipEvent, known: KnownTexts) -> FlagshipOutput? {
        var cursor = CanonicalCursor(line)
        func text() -> ShownText? { cursor.oneOf(known.quoted).map { known.shown[$0] } }
        guard cursor.literal(#"{"i":"#), cursor.integer() == index, cursor.literal(#","do":"#), cursor.quotedName(event.action.name),
              cursor.literal(#","day":"#), let day = cursor.quotedDate(), cursor.literal(#","plan":"#),
              let plan = cursor.oneOf(canonicalPlans).map({ FlagshipPlan.allCases[$0] }), cursor.literal(#","outcome":"#) else { return nil }
        var outcome: FlagshipOutput.Outcome?
        if !cursor.literal("null") {
            guard let found = cursor.oneOf(canonicalOutcomes) else { return nil }
            outcome = FlagshipOutput.Outcome.allCases[found]
        }
        guard cursor.literal(#","alert":"#) else { return nil }
        var alert: FlagshipOutput.Alert?
        if !cursor.literal("null") {
            guard cursor.literal(#"{"title":"#), let title = text(), cursor.literal(#","message":"#) else { return nil }
            var message: ShownText?
            if !cursor.literal("null") {
                guard let found = text() else { return nil }
                message = found
            }
            guard cursor.literal("}") else { return nil }
            alert = FlagshipOutput.Alert(title: title, message: message)
        }
        guard cursor.literal(#","used":"#), let used = cursor.integer(), cursor.literal(#","limit":"#) else { return nil }
        var limit: Int?
        if !cursor.literal("null") {
            guard let found = cursor.integer() else { return nil }
            limit = found
        }
        guard cursor.literal(#","label":"#), let label = text(), cursor.literal(#","planView":"#) else { return nil }
        var box: FlagshipOutput.PlanViewBox?
        if cursor.literal(#"{"used":"#) {
            guard let barUsed = cursor.integer(), cursor.literal(#","limit":"#), let barLimit = cursor.integer(), cursor.literal("}") else { return nil }
            box = .bar(used: barUsed, limit: barLimit)
        } else if cursor.literal(#"{"text":"#) {
            guard let boxText = text(), cursor.literal("}") else { return nil }
            box = .text(boxText)
        } else if !cursor.literal("null") {
            return nil
        }
        guard cursor.literal("}"), cursor.atEnd else { return nil }
        return FlagshipOutput(day: day, plan: plan, outcome: outcome, alert: alert, used: used, limit: limit, label: label, planView: box)
    }

    /// The plans and outcomes as JSON strings, in `allCases` order.
    static let canonicalPlans = FlagshipPlan.allCases.map { Array(JSONText.quoted($0.rawValue).utf8) }
    static let canonicalOutcomes = FlagshipOutput.Outcome.allCases.map { Array(JSONText.quoted($0.rawValue).utf8) }

    /// Reads one line.
    struct LineReader: OutputLineFields {
        let line: Int
        let index: Int
        let event: FlagshipEvent
        let known: KnownTexts

        func output(_ bytes: ArraySlice<UInt8>) throws(Malformed) -> FlagshipOutput {
            let members = try self.members(of: bytes, keys: ReplayOutputParser.keys, index: index, action: event.action.name)
            let dayText = try string(members["day"]!, "\"day\"")
            guard let day = ReplayOutputParser.parseDay(dayText) else { throw fail("\"day\" is \(PrintedText.quoted(dayText)), not a YYYY-MM-DD date") }
            let planText = try string(members["plan"]!, "\"plan\"")
            guard let plan = FlagshipPlan(rawValue: planText), planText.utf8.elementsEqual(plan.rawValue.utf8) else {
                throw fail("\"plan\" is \(PrintedText.quoted(planText)), not trial, premium, unlimited or none")
            }
            let outcome: FlagshipOutput.Outcome?
            if let text = try optionalString(members["outcome"]!, "\"outcome\"") {
                guard let parsed = FlagshipOutput.Outcome(rawValue: text), text.utf8.elementsEqual(parsed.rawValue.utf8) else {
                    throw fail("\"outcome\" is \(PrintedText.quoted(text)), not captured, plan-sheet, limit-alert or null")
                }
                outcome = parsed
            } else {
                outcome = nil
            }
            let alert: FlagshipOutput.Alert?
            switch members["alert"]! {
            case .null: alert = nil
            case .object(let object):
                let parts = try self.members(object, keys: ["title", "message"], of: "\"alert\"")
                let title = try shown(try string(parts["title"]!, "\"alert\".\"title\""), "\"alert\".\"title\"")
                let message = try optionalString(parts["message"]!, "\"alert\".\"message\"").map { text throws(Malformed) in try shown(text, "\"alert\".\"message\"") }
                alert = FlagshipOutput.Alert(title: title, message: message)
            case let other: throw fail("\"alert\" is \(Self.printed(other)), not an object or null")
            }
            let used = try integer(members["used"]!, "\"used\"")
            let limit: Int?
            if case .null = members["limit"]! { limit = nil } else { limit = try integer(members["limit"]!, "\"limit\"", orNull: true) }
            let label = try shown(try string(members["label"]!, "\"label\""), "\"label\"")
            let box: FlagshipOutput.PlanViewBox?
            switch members["planView"]! {
            case .null: box = nil
            case .object(let object) where object.members.count == 1:
                let parts = try self.members(object, keys: ["text"], of: "\"planView\"")
                box = .text(try shown(try string(parts["text"]!, "\"planView\".\"text\""), "\"planView\".\"text\""))
            case .object(let object):
                let parts = try self.members(object, keys: ["used", "limit"], of: "\"planView\"")
                box = .bar(used: try integer(parts["used"]!, "\"planView\".\"used\""), limit: try integer(parts["limit"]!, "\"planView\".\"limit\""))
            case let other: throw fail("\"planView\" is \(Self.printed(other)), not an object or null")
            }
            return FlagshipOutput(day: day, plan: plan, outcome: outcome, alert: alert, used: used, limit: limit, label: label, planView: box)
        }

        /// One of the rules' texts.
        func shown(_ text: String, _ name: String) throws(Malformed) -> ShownText {
            switch known.text(text) {
            case let shown??: return shown
            case .some(nil): throw fail("\(name) is \(PrintedText.quoted(text)), which the rules spell with other Unicode characters")
            case nil: throw fail("\(name) is \(PrintedText.quoted(text)), which the rules never show")
            }
        }
    }

    /// `YYYY-MM-DD`, four, two and two ASCII digits, a real date.
    static func parseDay(_ text: String) -> LocalDate? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10), LocalDate.isValid(year: y, month: m, day: d) else { return nil }
        return LocalDate(year: y, month: m, day: d)
    }
}

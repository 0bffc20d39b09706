import Foundation
import SubscriptionModel

/// Reads another implementation's `simulate replay` output (JSON Lines, one object per
/// event, the contract's Output table) back into `Output` values, refusing anything
/// the contract does not allow.
public enum ReplayOutputParser {
    /// Why the output was refused.
    public struct Malformed: Error, CustomStringConvertible {
        /// The line (from 1), or nil for the output as a whole.
        public let line: Int?
        /// What is wrong.
        public let problem: String
        /// `line N: PROBLEM`.
        public var description: String { line.map { "line \($0): \(problem)" } ?? problem }
    }

    /// The outputs of `events`, parsed from `text`.
    public static func parse(_ text: String, events: [Event]) throws(Malformed) -> [Output] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.count == events.count else {
            throw Malformed(line: nil, problem: "\(lines.count) lines for \(events.count) events")
        }
        var outputs: [Output] = []
        outputs.reserveCapacity(lines.count)
        for (index, line) in lines.enumerated() {
            outputs.append(try parse(line: String(line), index: index, event: events[index]))
        }
        return outputs
    }

    static func parse(line: String, index: Int, event: Event) throws(Malformed) -> Output {
        func fail(_ problem: String) -> Malformed { Malformed(line: index + 1, problem: problem) }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else { throw fail("not a JSON object") }
        guard (object["i"] as? NSNumber)?.intValue == index else { throw fail("\"i\" is not \(index)") }
        guard object["do"] as? String == event.action.name else { throw fail("\"do\" is not \"\(event.action.name)\"") }
        guard let dayText = object["day"] as? String, let day = parseDay(dayText) else { throw fail("\"day\" is not a YYYY-MM-DD date") }
        guard let planText = object["plan"] as? String, let plan = Plan(rawValue: planText) else { throw fail("\"plan\" is not trial, premium, unlimited or none") }
        let outcome: Output.Outcome?
        switch object["outcome"] {
        case is NSNull, nil: outcome = nil
        case let text as String:
            guard let parsed = Output.Outcome(rawValue: text) else { throw fail("unknown \"outcome\" \"\(text)\"") }
            outcome = parsed
        default: throw fail("\"outcome\" is not a string or null")
        }
        let alert: Output.Alert?
        switch object["alert"] {
        case is NSNull, nil: alert = nil
        case let value as [String: Any]:
            guard let title = value["title"] as? String else { throw fail("\"alert\" has no \"title\"") }
            let message = value["message"] as? String
            if message == nil, !(value["message"] is NSNull) { throw fail("\"alert\".\"message\" is not a string or null") }
            alert = Output.Alert(title: ShownText(title), message: message.map { ShownText($0) })
        default: throw fail("\"alert\" is not an object or null")
        }
        guard let used = (object["used"] as? NSNumber)?.intValue else { throw fail("\"used\" is not a number") }
        let limit: Int?
        switch object["limit"] {
        case is NSNull, nil: limit = nil
        case let number as NSNumber: limit = number.intValue
        default: throw fail("\"limit\" is not a number or null")
        }
        guard let label = object["label"] as? String else { throw fail("\"label\" is not a string") }
        let box: Output.PlanViewBox?
        switch object["planView"] {
        case is NSNull, nil: box = nil
        case let value as [String: Any]:
            if let text = value["text"] as? String {
                box = .text(ShownText(text))
            } else if let used = (value["used"] as? NSNumber)?.intValue, let limit = (value["limit"] as? NSNumber)?.intValue {
                box = .bar(used: used, limit: limit)
            } else {
                throw fail("\"planView\" is neither {used, limit} nor {text}")
            }
        default: throw fail("\"planView\" is not an object or null")
        }
        return Output(day: day, plan: plan, outcome: outcome, alert: alert, used: used, limit: limit, label: ShownText(label), planView: box)
    }

    static func parseDay(_ text: String) -> LocalDate? {
        let parts = text.split(separator: "-")
        guard text.count == 10, parts.count == 3, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              LocalDate.isValid(year: y, month: m, day: d) else { return nil }
        return LocalDate(year: y, month: m, day: d)
    }
}

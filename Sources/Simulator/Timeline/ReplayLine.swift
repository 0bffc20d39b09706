import SubscriptionModel

/// One line of `simulate replay`'s JSON Lines output (the contract's Output table).
public enum ReplayLine {
    /// The line for event `index`, whose `do` was `action`, with its output.
    public static func json(index: Int, action: Event.Action, output: Output) -> String {
        let alert = output.alert.map { "{\"title\":\(JSONText.quoted($0.title.string)),\"message\":\(JSONText.quoted($0.message?.string))}" } ?? "null"
        let planView: String
        switch output.planView {
        case .bar(let used, let limit)?: planView = "{\"used\":\(used),\"limit\":\(limit)}"
        case .text(let text)?: planView = "{\"text\":\(JSONText.quoted(text.string))}"
        case nil: planView = "null"
        }
        let outcome = output.outcome.map { "\"\($0.rawValue)\"" } ?? "null"
        let limit = output.limit.map(String.init) ?? "null"
        var line = "{\"i\":\(index),\"do\":\"\(action.name)\",\"day\":\"\(output.day)\",\"plan\":\"\(output.plan.rawValue)\","
        line += "\"outcome\":\(outcome),\"alert\":\(alert),\"used\":\(output.used),\"limit\":\(limit),"
        line += "\"label\":\(JSONText.quoted(output.label.string)),\"planView\":\(planView)}"
        return line
    }

    /// All lines of a replay, each ending in a newline.
    public static func jsonLines(events: [Event], outputs: [Output]) -> String {
        var text = ""
        for (index, (event, output)) in zip(events, outputs).enumerated() {
            text += json(index: index, action: event.action, output: output)
            text += "\n"
        }
        return text
    }
}

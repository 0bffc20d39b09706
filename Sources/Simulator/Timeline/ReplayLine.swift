import SubscriptionModel

/// One line of `simulate replay`'s JSON Lines output (the contract's Output table).
public enum ReplayLine {
    /// The line for event `index`, whose `do` was `action`, with its output.
    public static func json(index: Int, action: Event.Action, output: Output) -> String {
        let alert = output.alert.map { "{\"title\":\(JSONText.quoted($0.title)),\"message\":\(JSONText.quoted($0.message))}" } ?? "null"
        let planView: String
        switch output.planView {
        case .bar(let used, let limit)?: planView = "{\"used\":\(used),\"limit\":\(limit)}"
        case .text(let text)?: planView = "{\"text\":\(JSONText.quoted(text))}"
        case nil: planView = "null"
        }
        return "{\"i\":\(index),\"do\":\"\(action.name)\",\"day\":\"\(output.day)\",\"plan\":\"\(output.plan.rawValue)\","
            + "\"outcome\":\(output.outcome.map { "\"\($0.rawValue)\"" } ?? "null"),\"alert\":\(alert),"
            + "\"used\":\(output.used),\"limit\":\(output.limit.map(String.init) ?? "null"),"
            + "\"label\":\(JSONText.quoted(output.label)),\"planView\":\(planView)}"
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

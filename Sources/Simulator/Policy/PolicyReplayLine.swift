import SubscriptionModel

/// One line of a policy replay's JSON Lines output (the generic contract's Output table),
/// with keys in the contract's order.
public enum PolicyReplayLine {
    /// The line for event `index`, whose `do` was `action`, with its output under `machine`'s policy.
    public static func json(index: Int, action: PolicyEvent.Action, output: PolicyOutput, machine: PolicyMachine) -> String {
        let policy = machine.policy
        var line = "{\"i\":\(index),\"do\":\"\(action.name)\",\"plan\":\(JSONText.quoted(policy.planID(output.plan))),\"day\":\"\(output.day)\","
        line += "\"outcome\":\(JSONText.quoted(output.outcome?.rawValue)),\"reason\":\(JSONText.quoted(output.reason?.name)),"
        line += "\"response\":\(JSONText.quoted(output.response?.name)),\"alert\":\(alert(output.alert)),"
        line += "\"resetAt\":\(JSONText.quoted(output.resetAt?.description)),\"upgrade\":\(upgrade(output.upgrade, policy: policy)),"
        line += "\"meters\":\(meters(output, policy: policy)),\"screens\":\(screens(machine.screens(of: output), policy: policy))}"
        return line
    }

    /// All lines of a replay, each ending in a newline.
    public static func jsonLines(events: [PolicyEvent], outputs: [PolicyOutput], machine: PolicyMachine) -> String {
        var text = ""
        for (index, (event, output)) in zip(events, outputs).enumerated() {
            text += json(index: index, action: event.action, output: output, machine: machine)
            text += "\n"
        }
        return text
    }

    static func alert(_ alert: PolicyAlert?) -> String {
        guard let alert else { return "null" }
        return "{\"title\":\(JSONText.quoted(alert.title)),\"message\":\(JSONText.quoted(alert.message))}"
    }

    static func upgrade(_ offer: PolicyPlanSet?, policy: SubscriptionPolicy) -> String {
        guard let offer else { return "null" }
        return "[" + offer.map { JSONText.quoted(policy.plans[$0].id) }.joined(separator: ",") + "]"
    }

    /// `{"METER": {"used": {W: n}, "limit": {W: n or null}}}` over the windows any plan limits.
    static func meters(_ output: PolicyOutput, policy: SubscriptionPolicy) -> String {
        var parts: [String] = []
        for (meter, id) in policy.meters.enumerated() {
            let windows = policy.meterWindows[meter]
            let used = windows.map { "\"\($0.name)\":\(output.counts[meter][$0])" }.joined(separator: ",")
            let limits = windows.map { window in
                let limit = output.plan.flatMap { policy.plans[$0].limit(meter: meter, window) }
                return "\"\(window.name)\":\(limit.map { String($0.value) } ?? "null")"
            }.joined(separator: ",")
            parts.append("\(JSONText.quoted(id)):{\"used\":{\(used)},\"limit\":{\(limits)}}")
        }
        return "{" + parts.joined(separator: ",") + "}"
    }

    static func screens(_ values: [PolicyScreenValue], policy: SubscriptionPolicy) -> String {
        "{" + zip(policy.screens, values).map { "\(JSONText.quoted($0.name)):\(screenValue($1))" }.joined(separator: ",") + "}"
    }

    /// A screen value as JSON.
    public static func screenValue(_ value: PolicyScreenValue) -> String {
        switch value {
        case .null: "null"
        case .text(let text): JSONText.quoted(text)
        case .list(let items): "[" + items.map { JSONText.quoted($0) }.joined(separator: ",") + "]"
        case .bar(let used, let limit): "{\"used\":\(used),\"limit\":\(limit)}"
        case .boxText(let text): "{\"text\":\(JSONText.quoted(text))}"
        }
    }

    /// A parsed JSON value written compactly (numbers as written).
    public static func json(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): number.text
        case .string(let text): JSONText.quoted(text)
        case .array(let items): "[" + items.map(json).joined(separator: ",") + "]"
        case .object(let object): "{" + object.members.map { JSONText.quoted($0.key) + ":" + json($0.value) }.joined(separator: ",") + "}"
        }
    }
}

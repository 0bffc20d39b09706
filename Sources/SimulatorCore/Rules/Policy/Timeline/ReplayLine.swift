import SubscriptionModel

/// One line of a policy replay's JSON Lines output (the generic contract's Output table),
/// with keys in the contract's order.
package enum ReplayLine {
    /// The line for event `index`, whose `do` was `action`, with its output under `machine`'s policy.
    package static func json(index: Int, action: Event.Action, output: Output, machine: SubscriptionMachine) -> String {
        var line: [UInt8] = []
        line.reserveCapacity(512)
        append(index: index, action: action, output: output, machine: machine, to: &line)
        return String(decoding: line, as: UTF8.self)
    }

    /// Appends the line for event `index` (without a line break) to `line` as UTF-8,
    /// piece by piece: a replay writes one per event into its chunk, with no string of
    /// its own. The screens are `machine`'s rendering of the output unless `screens`
    /// gives the ones an implementation showed itself.
    package static func append(index: Int, action: Event.Action, output: Output, machine: SubscriptionMachine,
                              screens: [ScreenValue]? = nil, to line: inout [UInt8]) {
        let policy = machine.policy
        line.append(#"{"i":"#)
        line.appendDecimal(index)
        line.append(#","do":""#)
        line.append(action.name)
        line.append(#"","plan":"#)
        line.appendQuoted(policy.planID(output.plan))
        line.append(#","day":""#)
        line.append(output.day.description)
        line.append(#"","outcome":"#)
        if let outcome = output.outcome { line.appendQuoted(outcome.rawValue) } else { line.append("null") }
        line.append(#","reason":"#)
        if let reason = output.reason { line.appendQuoted(reason.name) } else { line.append("null") }
        line.append(#","response":"#)
        if let response = output.response { line.appendQuoted(response.name) } else { line.append("null") }
        line.append(#","alert":"#)
        if let alert = output.alert {
            line.append(#"{"title":"#)
            line.appendQuoted(alert.title)
            line.append(#","message":"#)
            if let message = alert.message { line.appendQuoted(message) } else { line.append("null") }
            line.append("}")
        } else {
            line.append("null")
        }
        line.append(#","resetAt":"#)
        if let resetAt = output.resetAt { line.appendQuoted(resetAt.description) } else { line.append("null") }
        line.append(#","upgrade":"#)
        if let offer = output.upgrade {
            line.append("[")
            var first = true
            for plan in offer {
                if !first { line.append(",") }
                first = false
                line.appendQuoted(policy.plans[plan].id)
            }
            line.append("]")
        } else {
            line.append("null")
        }
        line.append(#","meters":{"#)
        for (meter, id) in policy.meters.enumerated() {
            if meter > 0 { line.append(",") }
            line.appendQuoted(id)
            line.append(#":{"used":{"#)
            let windows = policy.meterWindows[meter]
            for (position, window) in windows.enumerated() {
                if position > 0 { line.append(",") }
                line.append("\"")
                line.append(window.name)
                line.append("\":")
                line.appendDecimal(output.counts[meter][window])
            }
            line.append(#"},"limit":{"#)
            for (position, window) in windows.enumerated() {
                if position > 0 { line.append(",") }
                line.append("\"")
                line.append(window.name)
                line.append("\":")
                if let limit = output.plan.flatMap({ policy.plans[$0].limit(meter: meter, window) }) { line.appendDecimal(limit.value) } else { line.append("null") }
            }
            line.append("}")
            if policy.hasCredits(meter: meter) {
                line.append(#","credits":"#)
                line.appendDecimal(output.counts.credits(of: meter))
            }
            line.append("}")
        }
        line.append(#"},"screens":{"#)
        for (position, (screen, value)) in zip(policy.screens, screens ?? machine.screens(of: output)).enumerated() {
            if position > 0 { line.append(",") }
            line.appendQuoted(screen.name)
            line.append(":")
            appendScreenValue(value, to: &line)
        }
        line.append("}}")
    }

    /// All lines of a replay, each ending in a newline; with `screens`, each event's
    /// screens as an implementation showed them instead of `machine`'s rendering.
    package static func jsonLines(events: [Event], outputs: [Output], machine: SubscriptionMachine,
                                 screens: [[ScreenValue]]? = nil) -> String {
        var text: [UInt8] = []
        for (index, (event, output)) in zip(events, outputs).enumerated() {
            append(index: index, action: event.action, output: output, machine: machine, screens: screens?[index], to: &text)
            text.append(UInt8(ascii: "\n"))
        }
        return String(decoding: text, as: UTF8.self)
    }

    static func alert(_ alert: Alert?) -> String {
        guard let alert else { return "null" }
        return "{\"title\":\(JSONText.quoted(alert.title)),\"message\":\(JSONText.quoted(alert.message))}"
    }

    static func upgrade(_ offer: PlanSet?, policy: SubscriptionPolicy) -> String {
        guard let offer else { return "null" }
        return "[" + offer.map { JSONText.quoted(policy.plans[$0].id) }.joined(separator: ",") + "]"
    }

    /// `{"METER": {"used": {W: n}, "limit": {W: n or null}}}` over the windows any plan
    /// limits, with `"credits": n` for a meter a credit pack is for.
    static func meters(_ output: Output, policy: SubscriptionPolicy) -> String {
        var parts: [String] = []
        for (meter, id) in policy.meters.enumerated() {
            let windows = policy.meterWindows[meter]
            let used = windows.map { "\"\($0.name)\":\(output.counts[meter][$0])" }.joined(separator: ",")
            let limits = windows.map { window in
                let limit = output.plan.flatMap { policy.plans[$0].limit(meter: meter, window) }
                return "\"\(window.name)\":\(limit.map { String($0.value) } ?? "null")"
            }.joined(separator: ",")
            let credits = policy.hasCredits(meter: meter) ? ",\"credits\":\(output.counts.credits(of: meter))" : ""
            parts.append("\(JSONText.quoted(id)):{\"used\":{\(used)},\"limit\":{\(limits)}\(credits)}")
        }
        return "{" + parts.joined(separator: ",") + "}"
    }

    static func screens(_ values: [ScreenValue], policy: SubscriptionPolicy) -> String {
        "{" + zip(policy.screens, values).map { "\(JSONText.quoted($0.name)):\(screenValue($1))" }.joined(separator: ",") + "}"
    }

    /// Appends a screen value as JSON, as `screenValue` writes it.
    static func appendScreenValue(_ value: ScreenValue, to line: inout [UInt8]) {
        switch value {
        case .null: line.append("null")
        case .text(let text): line.appendQuoted(text)
        case .list(let items):
            line.append("[")
            for (position, item) in items.enumerated() {
                if position > 0 { line.append(",") }
                line.appendQuoted(item)
            }
            line.append("]")
        case .bar(let used, let limit):
            line.append(#"{"used":"#)
            line.appendDecimal(used)
            line.append(#","limit":"#)
            line.appendDecimal(limit)
            line.append("}")
        case .boxText(let text):
            line.append(#"{"text":"#)
            line.appendQuoted(text)
            line.append("}")
        }
    }

    /// A screen value as JSON.
    package static func screenValue(_ value: ScreenValue) -> String {
        switch value {
        case .null: "null"
        case .text(let text): JSONText.quoted(text)
        case .list(let items): "[" + items.map { JSONText.quoted($0) }.joined(separator: ",") + "]"
        case .bar(let used, let limit): "{\"used\":\(used),\"limit\":\(limit)}"
        case .boxText(let text): "{\"text\":\(JSONText.quoted(text))}"
        }
    }

    /// A parsed JSON value written compactly (numbers as written).
    package static func json(_ value: JSONValue) -> String {
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

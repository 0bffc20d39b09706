import SubscriptionModel

/// One line of `simulate replay`'s JSON Lines output (the contract's Output table).
public enum ReplayLine {
    /// The line for event `index`, whose `do` was `action`, with its output.
    public static func json(index: Int, action: Event.Action, output: Output) -> String {
        var line: [UInt8] = []
        line.reserveCapacity(256)
        append(index: index, action: action, output: output, to: &line)
        return String(decoding: line, as: UTF8.self)
    }

    /// Appends the line for event `index` (without a line break) to `line` as UTF-8,
    /// field by field into memory sized for the line's worst case, then in one copy.
    public static func append(index: Int, action: Event.Action, output: Output, to line: inout [UInt8]) {
        let label = output.label.string
        let alert = output.alert.map { ($0.title.string, $0.message?.string) }
        let boxText: String?
        if case .text(let text)? = output.planView { boxText = text.string } else { boxText = nil }
        var texts = label.utf8.count + (boxText?.utf8.count ?? 0)
        if let alert { texts += alert.0.utf8.count + (alert.1?.utf8.count ?? 0) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 320 + ByteWriter.quotedBound(texts)) { buffer in
            var out = ByteWriter(buffer)
            out.put(#"{"i":"#)
            out.putDecimal(index)
            out.put(#","do":""#)
            out.put(action.name)
            out.put(#"","day":""#)
            out.put(output.day.description)
            out.put(#"","plan":""#)
            out.put(output.plan.rawValue)
            out.put(#"","outcome":"#)
            if let outcome = output.outcome {
                out.put(UInt8(ascii: "\""))
                out.put(outcome.rawValue)
                out.put(UInt8(ascii: "\""))
            } else {
                out.put("null")
            }
            out.put(#","alert":"#)
            if let (title, message) = alert {
                out.put(#"{"title":"#)
                out.putQuoted(title)
                out.put(#","message":"#)
                if let message { out.putQuoted(message) } else { out.put("null") }
                out.put("}")
            } else {
                out.put("null")
            }
            out.put(#","used":"#)
            out.putDecimal(output.used)
            out.put(#","limit":"#)
            if let limit = output.limit { out.putDecimal(limit) } else { out.put("null") }
            out.put(#","label":"#)
            out.putQuoted(label)
            out.put(#","planView":"#)
            switch output.planView {
            case .bar(let used, let limit)?:
                out.put(#"{"used":"#)
                out.putDecimal(used)
                out.put(#","limit":"#)
                out.putDecimal(limit)
                out.put("}}")
            case .text?:
                out.put(#"{"text":"#)
                out.putQuoted(boxText!)
                out.put("}}")
            case nil:
                out.put("null}")
            }
            line.append(contentsOf: out.written)
        }
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

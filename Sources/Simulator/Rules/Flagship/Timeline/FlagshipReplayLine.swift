import SubscriptionModel
import SimulatorCore

/// One line of `simulate replay`'s JSON Lines output (the contract's Output table).
package enum FlagshipReplayLine {
    /// The line for event `index`, whose `do` was `action`, with its output.
    package static func json(index: Int, action: FlagshipEvent.Action, output: FlagshipOutput) -> String {
        var line: [UInt8] = []
        line.reserveCapacity(256)
        append(index: index, action: action, output: output, to: &line)
        return String(decoding: line, as: UTF8.self)
    }

    /// Appends the line for event `index` (without a line break) to `line` as UTF-8.
    package static func append(index: Int, action: FlagshipEvent.Action, output: FlagshipOutput, to line: inout [UInt8]) {
        var writer = Writer()
        writer.append(index: index, action: action, output: output, to: &line)
    }

    /// Writes the lines of one replay, remembering each shown text's quoted bytes and
    /// the last usage day's digits: a replay repeats a handful of texts and days over
    /// thousands of lines, and looking a text up and escaping it again at every line
    /// was most of the cost of writing one.
    struct Writer {
        /// Each shown text's JSON literal, by the text's id (empty: not yet seen).
        private var quoted: [[UInt8]] = []
        /// The last day written, and its `YYYY-MM-DD`.
        private var day: LocalDate?
        private var dayText: [UInt8] = []

        /// Appends the line for event `index` (without a line break) to `line`, field by
        /// field into memory sized for the line's worst case, then in one copy.
        mutating func append(index: Int, action: FlagshipEvent.Action, output: FlagshipOutput, to line: inout [UInt8]) {
            if output.day != day {
                day = output.day
                dayText = Array(output.day.description.utf8)
            }
            let label = literal(output.label)
            let title = output.alert.map { literal($0.title) } ?? []
            let message = output.alert?.message.map { literal($0) } ?? []
            let boxText: [UInt8]
            if case .text(let text)? = output.planView { boxText = literal(text) } else { boxText = [] }
            let capacity = 320 + dayText.count + label.count + title.count + message.count + boxText.count
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
                var out = ByteWriter(buffer)
                out.put(#"{"i":"#)
                out.putDecimal(index)
                out.put(#","do":""#)
                out.put(action.name)
                out.put(#"","day":""#)
                out.put(dayText)
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
                if let alert = output.alert {
                    out.put(#"{"title":"#)
                    out.put(title)
                    out.put(#","message":"#)
                    if alert.message != nil { out.put(message) } else { out.put("null") }
                    out.put("}")
                } else {
                    out.put("null")
                }
                out.put(#","used":"#)
                out.putDecimal(output.used)
                out.put(#","limit":"#)
                if let limit = output.limit { out.putDecimal(limit) } else { out.put("null") }
                out.put(#","label":"#)
                out.put(label)
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
                    out.put(boxText)
                    out.put("}}")
                case nil:
                    out.put("null}")
                }
                line.append(contentsOf: out.written)
            }
        }

        /// `text` as a JSON string literal, as `JSONText.quoted` writes it.
        private mutating func literal(_ text: ShownText) -> [UInt8] {
            let id = Int(text.id)
            if id < quoted.count, !quoted[id].isEmpty { return quoted[id] }
            if id >= quoted.count { quoted.append(contentsOf: repeatElement([], count: id + 1 - quoted.count)) }
            let string = text.string
            var bytes = [UInt8](repeating: 0, count: ByteWriter.quotedBound(string.utf8.count))
            let count = bytes.withUnsafeMutableBufferPointer { buffer in
                var out = ByteWriter(buffer)
                out.putQuoted(string)
                return out.count
            }
            bytes.removeLast(bytes.count - count)
            quoted[id] = bytes
            return bytes
        }
    }

    /// All lines of a replay, each ending in a newline.
    package static func jsonLines(events: [FlagshipEvent], outputs: [FlagshipOutput]) -> String {
        var text = ""
        for (index, (event, output)) in zip(events, outputs).enumerated() {
            text += json(index: index, action: event.action, output: output)
            text += "\n"
        }
        return text
    }
}

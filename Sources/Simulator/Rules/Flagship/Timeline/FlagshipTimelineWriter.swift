import SubscriptionModel
import SimulatorCore

/// Writes timelines in the replay contract's format, readable by people:
/// one event a line, each instant in the offset the device shows at that moment.
package struct FlagshipTimelineWriter: Sendable {
    /// The policy whose product ids name the tiers.
    package var policy: CaptureRules

    /// A writer for `policy`'s products.
    package init(policy: CaptureRules = .mealCapture) {
        self.policy = policy
    }

    /// The timeline as JSON text, with an optional `about` line (ignored by readers).
    package func text(_ timeline: FlagshipTimeline, about: String? = nil) -> String {
        String(decoding: utf8(timeline, about: about), as: UTF8.self)
    }

    /// `text(timeline, about:)` as UTF-8 bytes (what a program is sent).
    package func utf8(_ timeline: FlagshipTimeline, about: String? = nil) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(96 + timeline.events.count * 72)
        text.append("{\n")
        if let about {
            text.append("  \"about\": ")
            text.appendQuoted(about)
            text.append(",\n")
        }
        text.append("  \"zone\": ")
        text.appendQuoted(timeline.zone.identifier)
        text.append(",\n  \"events\": [\n")
        var zone = timeline.zone
        for (index, event) in timeline.events.enumerated() {
            if case .setZone(let next) = event.action { zone = next }
            text.append(index == 0 ? "    " : ",\n    ")
            append(event, shownIn: zone, to: &text)
        }
        text.append("\n  ]\n}\n")
        return text
    }

    /// One event as a JSON object, its instant written in `zone`'s offset when that
    /// offset is whole minutes (it is for every zone after 1972) and keeps the written
    /// year within 1970–2099, else in UTC (`writtenOffsetSeconds`).
    package func eventJSON(_ event: FlagshipEvent, shownIn zone: TimeZoneRules) -> String {
        var json: [UInt8] = []
        append(event, shownIn: zone, to: &json)
        return String(decoding: json, as: UTF8.self)
    }

    /// Appends `eventJSON(event, shownIn: zone)` to `json` as UTF-8.
    func append(_ event: FlagshipEvent, shownIn zone: TimeZoneRules, to json: inout [UInt8]) {
        let offsetSeconds = TimelineWriter.writtenOffsetSeconds(event.at, in: zone)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: InstantText.longestWritten) { instant in
            if let count = InstantText.write(event.at, offsetSeconds: offsetSeconds, into: instant) {
                append(event, at: UnsafeBufferPointer(rebasing: instant[..<count]), to: &json)
            } else {
                var text = InstantText.format(event.at, offsetSeconds: offsetSeconds)
                text.withUTF8 { append(event, at: $0, to: &json) }
            }
        }
    }

    /// Appends `event` with its instant already written as `instant`, field by field
    /// into memory sized for the event's worst case, then in one copy (a check writes a
    /// timeline per user, an event at a time).
    private func append(_ event: FlagshipEvent, at instant: UnsafeBufferPointer<UInt8>, to json: inout [UInt8]) {
        let named: String?
        switch event.action {
        case .setEntitlement(let tier?): named = policy.productID(of: tier)
        case .setZone(let next): named = next.identifier
        default: named = nil
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 96 + instant.count + ByteWriter.quotedBound(named?.utf8.count ?? 0)) { buffer in
            var out = ByteWriter(buffer)
            out.put("{\"at\": \"")
            out.put(instant)
            out.put("\", \"do\": \"")
            out.put(event.action.name)
            out.put("\"")
            switch event.action {
            case .capture(let kind):
                out.put(", \"kind\": \"")
                out.put(kind.rawValue)
                out.put("\"")
            case .setEntitlement:
                out.put(", \"product\": ")
                if let named { out.putQuoted(named) } else { out.put("null") }
            case .setZone:
                out.put(", \"zone\": ")
                out.putQuoted(named!)
            case .install, .reinstall, .look: break
            }
            out.put("}")
            json.append(contentsOf: out.written)
        }
    }
}

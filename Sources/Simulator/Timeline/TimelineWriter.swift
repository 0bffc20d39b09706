import SubscriptionModel

/// Writes timelines in the replay contract's format, readable by people:
/// one event a line, each instant in the offset the device shows at that moment.
public struct TimelineWriter: Sendable {
    /// The policy whose product ids name the tiers.
    public var policy: CaptureRules

    /// A writer for `policy`'s products.
    public init(policy: CaptureRules = .mealCapture) {
        self.policy = policy
    }

    /// The timeline as JSON text, with an optional `about` line (ignored by readers).
    public func text(_ timeline: Timeline, about: String? = nil) -> String {
        var lines: [String] = []
        var zone = timeline.zone
        for event in timeline.events {
            if case .setZone(let next) = event.action { zone = next }
            lines.append("    " + eventJSON(event, shownIn: zone))
        }
        var text = "{\n"
        if let about { text += "  \"about\": \(JSONText.quoted(about)),\n" }
        text += "  \"zone\": \(JSONText.quoted(timeline.zone.identifier)),\n  \"events\": [\n"
        text += lines.joined(separator: ",\n")
        return text + "\n  ]\n}\n"
    }

    /// One event as a JSON object, its instant written in `zone`'s offset when that
    /// offset is whole minutes (it is for every zone after 1972), else in UTC.
    public func eventJSON(_ event: Event, shownIn zone: TimeZoneRules) -> String {
        let offset = zone.offsetMilliseconds(at: event.at)
        let offsetSeconds = offset % Milliseconds.minute == 0 ? Int(offset / Milliseconds.second) : 0
        var json = "{\"at\": \"\(InstantText.format(event.at, offsetSeconds: offsetSeconds))\", \"do\": \"\(event.action.name)\""
        switch event.action {
        case .capture(let kind): json += ", \"kind\": \"\(kind.rawValue)\""
        case .setEntitlement(let tier): json += ", \"product\": \(JSONText.quoted(tier.map(policy.productID(of:))))"
        case .setZone(let next): json += ", \"zone\": \(JSONText.quoted(next.identifier))"
        case .install, .reinstall, .look: break
        }
        return json + "}"
    }
}

import SubscriptionModel

/// Writes timelines under a policy in the generic replay contract
/// (`docs/timeline-format.md`), readable by people and read back by
/// `TimelineReader` to an equal timeline: one event a line, each instant in the
/// offset the device shows at that moment.
///
/// The timeline names its policy by `policyReference`: a shipped policy's name by
/// default, or the path of a policy file (relative to the timeline's folder) for a
/// policy the package does not ship.
package struct TimelineWriter: Sendable {
    /// What the `policy` member says; nil for the timeline's policy's own name.
    package var policyReference: String?

    /// A writer naming the policy by `policyReference`, or by its name when nil.
    package init(policyReference: String? = nil) {
        self.policyReference = policyReference
    }

    /// The timeline as JSON text, with an optional `about` line (ignored by readers).
    package func text(_ timeline: Timeline, about: String? = nil) -> String {
        var text = "{\n"
        if let about { text += "  \"about\": \(JSONText.quoted(about)),\n" }
        text += "  \"policy\": \(JSONText.quoted(policyReference ?? timeline.policy.name)),\n"
        text += "  \"zone\": \(JSONText.quoted(timeline.zone.identifier)),\n  \"events\": [\n"
        var zone = timeline.zone
        var first = true
        for event in timeline.events {
            if case .setZone(let next) = event.action { zone = next }
            text += first ? "    " : ",\n    "
            first = false
            text += eventJSON(event, policy: timeline.policy, shownIn: zone)
        }
        return text + "\n  ]\n}\n"
    }

    /// One event as a JSON object, its instant written in `zone`'s offset at that
    /// instant (UTC when the offset is not whole minutes, or when the local wall-clock
    /// year would fall outside the years 1970–2099 the contract reads).
    package func eventJSON(_ event: Event, policy: SubscriptionPolicy, shownIn zone: TimeZoneRules) -> String {
        var json = "{\"at\": \"\(Self.instant(event.at, in: zone))\", \"do\": \"\(event.action.name)\""
        switch event.action {
        case .use(let feature, let day):
            json += ", \"feature\": \(JSONText.quoted(policy.features[feature].id))"
            if let day { json += ", \"day\": \"\(day)\"" }
        case .setEntitlement(let entitlement):
            guard let entitlement else {
                json += ", \"product\": null"
                break
            }
            json += ", \"product\": \(JSONText.quoted(policy.products[entitlement.product].id))"
            if let expires = entitlement.expires { json += ", \"expires\": \"\(Self.instant(expires, in: zone))\"" }
            if Self.writesRenews(entitlement, at: event.at) { json += ", \"renews\": \(entitlement.renews)" }
        case .setZone(let next):
            json += ", \"zone\": \(JSONText.quoted(next.identifier))"
        case .purchase(let pack), .refund(let pack):
            json += ", \"product\": \(JSONText.quoted(policy.creditPacks[pack].id))"
        case .install, .reinstall, .look, .signIn, .relaunch, .background, .foreground, .timer:
            break
        }
        return json + "}"
    }

    /// Whether a report of `entitlement` at `instant` is written with its `renews`: always
    /// when it is false; when it is true, only in an even minute since 1970, as an absent
    /// `renews` means true. So the timelines a check gives a program carry both forms the
    /// contract allows (a program that read an absent `renews` as false went unnoticed
    /// while every report wrote it), and a file reads back as the same timeline.
    static func writesRenews(_ entitlement: Entitlement, at instant: Instant) -> Bool {
        !entitlement.renews || (instant.millisecondsSince1970 / Milliseconds.minute) % 2 == 0
    }

    /// `instant` as the contract writes it, in `zone`'s offset when that is whole
    /// minutes and keeps the written year within 1970–2099, else in UTC.
    package static func instant(_ instant: Instant, in zone: TimeZoneRules) -> String {
        InstantText.format(instant, offsetSeconds: TimelineWriter.writtenOffsetSeconds(instant, in: zone))
    }
}

/// Shared with the flagship's v1 writer (`FlagshipTimelineWriter`).
extension TimelineWriter {
    /// The wall-clock times a timeline may write, in milliseconds since 1970-01-01T00:00
    /// local: its years, 1970 to 2099 (`InstantParser.years`), so that a range check
    /// stands for working out the year of every instant written.
    static let writableLocal: Range<Int64> = Int64(LocalDate.days(year: InstantParser.years.lowerBound, month: 1, day: 1)) * Milliseconds.twentyFourHours
        ..< Int64(LocalDate.days(year: InstantParser.years.upperBound + 1, month: 1, day: 1)) * Milliseconds.twentyFourHours

    /// The offset, in seconds, a timeline writes `instant` in when the device is in
    /// `zone`: the zone's own at that instant when it is whole minutes and the year
    /// written in it is one a timeline may have (1970–2099: `1970-01-01T03:00:00Z` in New
    /// York would be written in 1969), else 0, UTC; and for an instant outside those
    /// years in UTC as well (`1970-01-01T00:00:00+14:00` is 1969 in UTC), the smallest
    /// whole-minute offset, at most ±23:59, that writes it in them. Both forms' writers use it.
    package static func writtenOffsetSeconds(_ instant: Instant, in zone: TimeZoneRules) -> Int {
        let at = instant.millisecondsSince1970, offset = zone.offsetMilliseconds(at: instant)
        if offset % Milliseconds.minute == 0, writableLocal.contains(at + offset) { return Int(offset / Milliseconds.second) }
        if writableLocal.contains(at) { return 0 }
        // The nearest whole-minute offset that brings the wall clock into the years.
        let minutes = at < writableLocal.lowerBound ? (writableLocal.lowerBound - at + Milliseconds.minute - 1) / Milliseconds.minute
            : -((at - writableLocal.upperBound + Milliseconds.minute) / Milliseconds.minute)
        guard abs(minutes) <= 23 * 60 + 59 else { return 0 } // no timeline can hold it
        return Int(minutes * 60)
    }
}

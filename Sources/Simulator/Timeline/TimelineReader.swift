import Foundation
import SubscriptionModel

/// Reads timeline files, refusing bad input exactly as the replay contract says:
/// the first fault wins, the file's own fields before the events, then the events in
/// order; within an event: its shape, `do`, `at`, its place in the order, then the
/// fields its `do` takes.
public struct TimelineReader: Sendable {
    /// The policy whose product ids `set-entitlement` may name.
    public var policy: CaptureRules

    /// A reader for `policy`'s products.
    public init(policy: CaptureRules = .mealCapture) {
        self.policy = policy
    }

    /// Reads the file at `path`.
    public func read(path: String) throws(TimelineError) -> Timeline {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            let problem = !exists ? "no such file" : isDirectory.boolValue ? "is a directory, not a timeline file" : "cannot be read"
            throw TimelineError(place: path, problem: problem)
        }
        return try read(data: data)
    }

    /// Reads a timeline from JSON text.
    public func read(data: Data) throws(TimelineError) -> Timeline {
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw TimelineError(place: "file", problem: "not JSON")
        }
        guard let root = parsed as? [String: Any] else {
            throw TimelineError(place: "file", problem: "not a JSON object")
        }
        let zone = try readZone(root["zone"], place: "zone")
        guard let rawEvents = root["events"], !(rawEvents is NSNull) else {
            throw TimelineError(place: "events", problem: "missing")
        }
        guard let list = rawEvents as? [Any] else {
            throw TimelineError(place: "events", problem: "not a list")
        }
        guard !list.isEmpty else { throw TimelineError(place: "events", problem: "empty") }
        var events: [Event] = []
        events.reserveCapacity(list.count)
        for (index, raw) in list.enumerated() {
            events.append(try readEvent(raw, index: index, previous: events.last))
        }
        return Timeline(zone: zone, events: events)
    }

    private func readZone(_ raw: Any?, place: String) throws(TimelineError) -> TimeZoneRules {
        guard let raw, !(raw is NSNull) else { throw TimelineError(place: place, problem: "missing") }
        guard let name = raw as? String, let zone = TimeZoneRules.named(name) else {
            throw TimelineError(place: place, problem: "unknown time zone \(Self.show(raw))")
        }
        return zone
    }

    private func readEvent(_ raw: Any, index: Int, previous: Event?) throws(TimelineError) -> Event {
        guard let object = raw as? [String: Any] else { throw .event(index, "not an object") }
        guard let rawDo = object["do"], !(rawDo is NSNull) else { throw .event(index, "missing \"do\"") }
        guard let name = rawDo as? String, Self.actionNames.contains(name) else {
            throw .event(index, "unknown \"do\" \(Self.show(rawDo))")
        }
        guard let rawAt = object["at"], !(rawAt is NSNull) else { throw .event(index, "missing \"at\"") }
        guard let atText = rawAt as? String else { throw .event(index, "malformed \"at\" \(Self.show(rawAt))") }
        let at: Instant
        switch InstantParser.parse(atText) {
        case .success(let instant): at = instant
        case .failure(.malformed):
            throw .event(index, "malformed \"at\" \(Self.show(atText)): expected YYYY-MM-DDTHH:MM:SS[.fff] then Z or ±HH:MM")
        case .failure(.yearOutOfRange(let year)):
            throw .event(index, "\"at\" \(Self.show(atText)) is in \(year), outside the years \(InstantParser.years.lowerBound)–\(InstantParser.years.upperBound)")
        }
        if let previous, at < previous.at {
            throw .event(index, "\"at\" \(Self.show(atText)) is earlier than event \(index - 1)'s (\(previous.at))")
        }
        if index == 0, name != "install" { throw .event(index, "the first event must be \"install\", not \(Self.show(name))") }
        if index > 0, name == "install" { throw .event(index, "a second \"install\" (the first is event 0)") }
        switch name {
        case "install": return Event(at: at, .install)
        case "reinstall": return Event(at: at, .reinstall)
        case "look": return Event(at: at, .look)
        case "capture":
            guard let rawKind = object["kind"], !(rawKind is NSNull) else { throw .event(index, "missing \"kind\"") }
            guard let kindName = rawKind as? String, let kind = CaptureKind(rawValue: kindName) else {
                throw .event(index, "unknown \"kind\" \(Self.show(rawKind)): expected \"meal\", \"recipe-photo\" or \"recipe-link\"")
            }
            return Event(at: at, .capture(kind))
        case "set-entitlement":
            guard let rawProduct = object["product"] else { throw .event(index, "missing \"product\"") }
            if rawProduct is NSNull { return Event(at: at, .setEntitlement(nil)) }
            guard let productID = rawProduct as? String, let tier = policy.tier(forProductID: productID) else {
                throw .event(index, "unknown \"product\" \(Self.show(rawProduct)): expected \(Self.show(policy.premiumProductID)), \(Self.show(policy.unlimitedProductID)) or null")
            }
            return Event(at: at, .setEntitlement(tier))
        default: // "set-zone"
            guard let rawZone = object["zone"], !(rawZone is NSNull) else { throw .event(index, "missing zone") }
            guard let zoneName = rawZone as? String, let zone = TimeZoneRules.named(zoneName) else {
                throw .event(index, "unknown time zone \(Self.show(rawZone))")
            }
            return Event(at: at, .setZone(zone))
        }
    }

    private static let actionNames: Set<String> = ["install", "capture", "set-entitlement", "set-zone", "reinstall", "look"]

    /// A JSON value as it appears in an error line: strings quoted, others as JSON.
    static func show(_ value: Any) -> String {
        if let text = value as? String { return JSONText.quoted(text) }
        if let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys]),
           let text = String(data: data, encoding: .utf8) { return text }
        return String(describing: value)
    }
}

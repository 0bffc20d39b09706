import Foundation
import SubscriptionModel

/// Reads timelines that name a policy (the generic replay contract), refusing bad input
/// as the contract says: the first fault wins, the file's own fields in the order
/// `policy`, `zone`, `events`, then the events in order; within an event: its shape,
/// `do`, `at`, its place in the order, then the fields its `do` takes.
///
/// Errors are `TimelineError`s worded as `TimelineReader`'s, so `simulate replay` prints
/// one kind of line whatever the timeline.
public struct PolicyTimelineReader: Sendable {
    /// A reader.
    public init() {}

    /// Whether a parsed timeline names a policy (and so is read by this reader, not the v1 one).
    public static func namesPolicy(_ json: JSONValue) -> Bool {
        guard case .object(let root) = json else { return false }
        return root["policy"] != nil
    }

    /// Reads the file at `path`; a policy file it names is looked up beside it.
    public func read(path: String) throws(TimelineError) -> PolicyTimeline {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            let problem = !exists ? "no such file" : isDirectory.boolValue ? "is a directory, not a timeline file" : "cannot be read"
            throw TimelineError(place: path, problem: problem)
        }
        let json: JSONValue
        do { json = try JSONValue.parse(data) } catch { throw TimelineError(place: "file", problem: "not JSON") }
        return try read(json: json, folder: URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }

    /// Reads a parsed timeline; `folder` is where a policy file path is relative to.
    public func read(json: JSONValue, folder: String) throws(TimelineError) -> PolicyTimeline {
        guard case .object(let root) = json else { throw TimelineError(place: "file", problem: "not a JSON object") }
        let policy = try readPolicy(root["policy"], folder: folder)
        let zone = try readZone(root["zone"], place: "zone")
        guard let rawEvents = root["events"], rawEvents != .null else { throw TimelineError(place: "events", problem: "missing") }
        guard case .array(let list) = rawEvents else { throw TimelineError(place: "events", problem: "not a list") }
        guard !list.isEmpty else { throw TimelineError(place: "events", problem: "empty") }
        var events: [PolicyEvent] = []
        events.reserveCapacity(list.count)
        for (index, raw) in list.enumerated() {
            events.append(try readEvent(raw, index: index, previous: events.last, policy: policy))
        }
        return PolicyTimeline(policy: policy, zone: zone, events: events)
    }

    // MARK: The file's own fields

    private func readPolicy(_ raw: JSONValue?, folder: String) throws(TimelineError) -> SubscriptionPolicy {
        guard let raw, raw != .null else { throw TimelineError(place: "policy", problem: "missing") }
        guard case .string(let name) = raw, !name.isEmpty else {
            throw TimelineError(place: "policy", problem: "expected a shipped policy's name or a policy file's path, got \(Self.show(raw))")
        }
        if let shipped = SubscriptionPolicy.named(name) { return shipped } // a name always means the shipped policy
        let path = name.hasPrefix("/") ? name : URL(fileURLWithPath: folder).appendingPathComponent(name).path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
              let data = FileManager.default.contents(atPath: path) else {
            throw TimelineError(place: "policy", problem: "\(Self.show(raw)) is no shipped policy (\(SubscriptionPolicy.shippedNames.joined(separator: ", "))) and no readable policy file")
        }
        do {
            return try SubscriptionPolicy(data: data, file: name)
        } catch {
            throw TimelineError(place: "policy", problem: error.message)
        }
    }

    private func readZone(_ raw: JSONValue?, place: String) throws(TimelineError) -> TimeZoneRules {
        guard let raw, raw != .null else { throw TimelineError(place: place, problem: "missing") }
        guard case .string(let name) = raw, let zone = TimeZoneRules.named(name) else {
            throw TimelineError(place: place, problem: "unknown time zone \(Self.show(raw))")
        }
        return zone
    }

    // MARK: Events

    private static let actionNames: Set<String> = ["install", "reinstall", "look", "set-zone", "use", "sign-in", "set-entitlement"]

    private func readEvent(_ raw: JSONValue, index: Int, previous: PolicyEvent?, policy: SubscriptionPolicy) throws(TimelineError) -> PolicyEvent {
        guard case .object(let object) = raw else { throw .event(index, "not an object") }
        guard let rawDo = object["do"], rawDo != .null else { throw .event(index, "missing \"do\"") }
        guard case .string(let name) = rawDo, Self.actionNames.contains(name) else {
            if rawDo == .string("capture") {
                throw .event(index, "unknown \"do\" \"capture\": a timeline with a policy uses \"use\" with a \"feature\"")
            }
            throw .event(index, "unknown \"do\" \(Self.show(rawDo))")
        }
        let at = try readInstant(object["at"], field: "at", index: index)
        if let previous, at < previous.at {
            throw .event(index, "\"at\" \(Self.show(object["at"]!)) is earlier than event \(index - 1)'s (\(previous.at))")
        }
        if index == 0, name != "install" { throw .event(index, "the first event must be \"install\", not \(JSONText.quoted(name))") }
        if index > 0, name == "install" { throw .event(index, "a second \"install\" (the first is event 0)") }
        switch name {
        case "install": return PolicyEvent(at: at, .install)
        case "reinstall": return PolicyEvent(at: at, .reinstall)
        case "look": return PolicyEvent(at: at, .look)
        case "sign-in": return PolicyEvent(at: at, .signIn)
        case "use":
            guard let rawFeature = object["feature"], rawFeature != .null else { throw .event(index, "missing \"feature\"") }
            guard case .string(let featureID) = rawFeature, let feature = policy.featureIndex(featureID) else {
                throw .event(index, "unknown \"feature\" \(Self.show(rawFeature)): \(policy.name) has \(Self.list(policy.features.map(\.id)))")
            }
            var day: LocalDate?
            if policy.features[feature].hasHistory { day = try readDay(object["day"], index: index) }
            return PolicyEvent(at: at, .use(feature: feature, day: day))
        case "set-entitlement":
            guard let rawProduct = object["product"] else { throw .event(index, "missing \"product\"") }
            var product: Int?
            if rawProduct != .null {
                guard case .string(let productID) = rawProduct, let found = policy.productIndex(productID) else {
                    throw .event(index, "unknown \"product\" \(Self.show(rawProduct)): \(policy.name) sells \(Self.list(policy.products.map(\.id) + ["null"], quoteLast: false))")
                }
                product = found
            }
            var expires: Instant?
            if let rawExpires = object["expires"], rawExpires != .null { expires = try readInstant(rawExpires, field: "expires", index: index) }
            var renews = true
            if let rawRenews = object["renews"] {
                guard case .bool(let flag) = rawRenews else { throw .event(index, "\"renews\" must be true or false, not \(Self.show(rawRenews))") }
                renews = flag
            }
            return PolicyEvent(at: at, .setEntitlement(product.map { PolicyEntitlement(product: $0, expires: expires, renews: renews) }))
        default: // "set-zone"
            guard let rawZone = object["zone"], rawZone != .null else { throw .event(index, "missing zone") }
            guard case .string(let zoneName) = rawZone, let zone = TimeZoneRules.named(zoneName) else {
                throw .event(index, "unknown time zone \(Self.show(rawZone))")
            }
            return PolicyEvent(at: at, .setZone(zone))
        }
    }

    private func readInstant(_ raw: JSONValue?, field: String, index: Int) throws(TimelineError) -> Instant {
        guard let raw, raw != .null else { throw .event(index, "missing \"\(field)\"") }
        guard case .string(let text) = raw else { throw .event(index, "malformed \"\(field)\" \(Self.show(raw))") }
        switch InstantParser.parse(text) {
        case .success(let instant): return instant
        case .failure(.malformed):
            throw .event(index, "malformed \"\(field)\" \(JSONText.quoted(text)): expected YYYY-MM-DDTHH:MM:SS[.fff] then Z or ±HH:MM")
        case .failure(.yearOutOfRange(let year)):
            throw .event(index, "\"\(field)\" \(JSONText.quoted(text)) is in \(year), outside the years \(InstantParser.years.lowerBound)–\(InstantParser.years.upperBound)")
        }
    }

    /// The dates a history feature's `day` may name.
    public static let dayRange = LocalDate(year: 1970, month: 1, day: 1)...LocalDate(year: 2099, month: 12, day: 31)

    private func readDay(_ raw: JSONValue?, index: Int) throws(TimelineError) -> LocalDate {
        guard let raw, raw != .null else { throw .event(index, "missing \"day\"") }
        guard case .string(let text) = raw, let date = Self.date(text) else {
            throw .event(index, "malformed \"day\" \(Self.show(raw)): expected a real date YYYY-MM-DD")
        }
        guard Self.dayRange.contains(date) else { throw .event(index, "\"day\" \(JSONText.quoted(text)) is outside 1970-01-01 to 2099-12-31") }
        return date
    }

    /// `YYYY-MM-DD` naming a real date, or nil.
    static func date(_ text: String) -> LocalDate? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == 0x2D, bytes[7] == 0x2D else { return nil }
        var fields: [Int] = []
        for range in [0..<4, 5..<7, 8..<10] {
            var value = 0
            for byte in bytes[range] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            fields.append(value)
        }
        guard LocalDate.isValid(year: fields[0], month: fields[1], day: fields[2]) else { return nil }
        return LocalDate(year: fields[0], month: fields[1], day: fields[2])
    }

    // MARK: Showing values

    /// A JSON value as it appears in an error line: strings quoted, others as JSON.
    static func show(_ value: JSONValue) -> String { PolicyReplayLine.json(value) }

    /// `"a", "b" or "c"`.
    static func list(_ names: [String], quoteLast: Bool = true) -> String {
        let shown = names.enumerated().map { index, name in index == names.count - 1 && !quoteLast ? name : JSONText.quoted(name) }
        guard shown.count > 1 else { return shown.first ?? "nothing" }
        return shown.dropLast().joined(separator: ", ") + " or " + shown.last!
    }
}

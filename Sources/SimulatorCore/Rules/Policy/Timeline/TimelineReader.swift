import Foundation
import SubscriptionModel

/// Reads timelines that name a policy (the generic replay contract), refusing bad input
/// as the contract says: the first fault wins, the file's own fields in the order
/// `policy`, `zone`, `events`, then the events in order; within an event: its shape
/// (an object, no known member given twice), `do`, `at`, its place in the order, then
/// the fields its `do` takes.
///
/// Errors are `TimelineError`s worded as `FlagshipTimelineReader`'s, so `simulate replay` prints
/// one kind of line whatever the timeline.
package struct TimelineReader: Sendable {
    /// A reader.
    package init() {}

    /// Policies a timeline may name without a file being read: a `policy` field equal
    /// to a key (not a shipped name) means that policy (a check given the policy itself).
    package var knownPolicies: [String: SubscriptionPolicy] = [:]

    /// Reads the file at `path` (`-` for standard input); a policy file it names is
    /// looked up beside it.
    package func read(path: String) throws(TimelineError) -> Timeline {
        let input = InputPath(path)
        let bytes = try InputFile.read(input, kind: "timeline file")
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(TimelineError) -> Timeline in
                try read(TimelineDocument(buffer, keys: Self.keys), folder: Self.folder(of: input))
            }
        }
        return try result.get()
    }

    /// Reads a timeline from JSON text; `folder` is where a policy file path is relative to.
    package func read(data: Data, folder: String = ".") throws(TimelineError) -> Timeline {
        let result = data.withUnsafeBytes { raw in
            Result { () throws(TimelineError) -> Timeline in
                try read(TimelineDocument(raw.bindMemory(to: UInt8.self), keys: Self.keys), folder: folder)
            }
        }
        return try result.get()
    }

    /// The top-level members a policy timeline has.
    package static let keys: Set<String> = ["policy", "zone", "events"]

    /// The folder a timeline file's relative policy path starts from: the file's own, or
    /// the working folder for standard input and a name of it or of a pipe in `/dev`,
    /// `/dev/fd` or `/proc/PID/fd` (`/dev/stdin`, a shell's `<(…)` as `/dev/fd/63`),
    /// folders that hold no policy.
    package static func folder(of path: InputPath) -> String {
        guard !path.isStandardInput else { return "." }
        let folder = URL(fileURLWithPath: String(decoding: path.bytes, as: UTF8.self)).deletingLastPathComponent().path
        let parts = folder.split(separator: "/")
        let descriptors = folder == "/dev" || folder == "/dev/fd" || parts.count == 3 && parts[0] == "proc" && parts[2] == "fd"
        return descriptors ? "." : folder
    }

    /// Reads a located document: the policy, the zone, then the events one at a time,
    /// so memory follows the events, not the text. A fault is reported as the
    /// document's `refusal`, so text that is not JSON is refused as such whatever else
    /// is wrong with it.
    package func read(_ document: TimelineDocument, folder: String) throws(TimelineError) -> Timeline {
        do throws(TimelineError) {
            let policy = try readPolicy(document.value("policy"), folder: folder)
            let zone = try TimelineReader.zone(document.value("zone"), place: "zone")
            var events: [Event] = []
            try document.forEachEvent { (index, parser) throws(TimelineError) in
                let fields = try readFields(&parser, index: index)
                events.append(try readEvent(fields, index: index, previous: events.last, policy: policy))
            }
            return Timeline(policy: policy, zone: zone, events: events)
        } catch {
            throw document.refusal(error)
        }
    }

    // MARK: The file's own fields

    private func readPolicy(_ raw: JSONValue?, folder: String) throws(TimelineError) -> SubscriptionPolicy {
        guard let raw else { throw TimelineError(place: "policy", problem: "missing") }
        // Not a string, `null` included: the contract refuses it (a null policy is not the v1 form).
        guard case .string(let name) = raw, !name.isEmpty else {
            throw TimelineError(place: "policy", problem: "expected a shipped policy's name or a policy file's path, got \(Self.show(raw))")
        }
        if PolicyLoader.builtIn(name) == nil, let known = knownPolicies[name] { return known }
        do {
            return try PolicyLoader.load(name, folder: folder)
        } catch {
            throw TimelineError(place: "policy", problem: error.problem)
        }
    }

    // MARK: Events

    /// The `do` values of the generic form (`docs/timeline-format.md`).
    package static let actionNames: Set<String> = ["install", "reinstall", "look", "set-zone", "use", "sign-in", "set-entitlement",
                                                   "relaunch", "background", "foreground", "timer", "purchase", "refund"]

    /// The members an event of the generic form may take; the others are skipped unread.
    private enum Field {
        case `do`, at, feature, day, product, expires, renews, zone

        init?(key: String) {
            switch key {
            case "do": self = .do
            case "at": self = .at
            case "feature": self = .feature
            case "day": self = .day
            case "product": self = .product
            case "expires": self = .expires
            case "renews": self = .renews
            case "zone": self = .zone
            default: return nil
            }
        }

        /// The key as an error line quotes it.
        var quoted: String { ErrorText.quoted("\(self)") }
    }

    /// An event's known members, built; nil for one the event does not give. (Stored
    /// inline: no allocation per event.)
    private struct EventFields {
        var action, at, feature, day, product, expires, renews, zone: JSONValue?

        subscript(_ field: Field) -> JSONValue? {
            get {
                switch field {
                case .do: action
                case .at: at
                case .feature: feature
                case .day: day
                case .product: product
                case .expires: expires
                case .renews: renews
                case .zone: zone
                }
            }
            set {
                switch field {
                case .do: action = newValue
                case .at: at = newValue
                case .feature: feature = newValue
                case .day: day = newValue
                case .product: product = newValue
                case .expires: expires = newValue
                case .renews: renews = newValue
                case .zone: zone = newValue
                }
            }
        }
    }

    /// Reads one event's members: the known ones built, a known one given twice noted
    /// (the first such, refused once the event is read), the others skipped unread (an
    /// unknown member given twice too: nothing reads it), as the v1 reader does.
    private func readFields(_ parser: inout JSONParser, index: Int) throws(TimelineError) -> EventFields {
        guard parser.peek() == UInt8(ascii: "{") else { throw .event(index, "not an object") }
        var fields = EventFields()
        var field: Field?
        var repeated: Field?
        do {
            if try parser.beginObject() {
                repeat {
                    field = Field(key: try parser.key())
                    if let field, fields[field] == nil {
                        fields[field] = try parser.value()
                    } else {
                        if let field, repeated == nil { repeated = field }
                        try parser.skipValue()
                    }
                } while try parser.nextMember()
            }
        } catch {
            // A fault after a repeated key comes after it; text that is not JSON is
            // found by the document's `refusal`, as the events list was only skimmed.
            if let repeated { throw .event(index, "\(repeated.quoted) given twice") }
            if let inner = error.repeatedKey, let field { throw .event(index, "key \(ErrorText.quoted(inner)) given twice in \(field.quoted)") }
            throw TimelineDocument.notJSON
        }
        if let repeated { throw .event(index, "\(repeated.quoted) given twice") }
        return fields
    }

    private func readEvent(_ object: EventFields, index: Int, previous: Event?, policy: SubscriptionPolicy) throws(TimelineError) -> Event {
        guard let rawDo = object[.do], rawDo != .null else { throw .event(index, "missing \"do\"") }
        guard case .string(let name) = rawDo, Self.actionNames.contains(name) else {
            if rawDo == .string("capture") {
                throw .event(index, "unknown \"do\" \"capture\": a timeline with a policy uses \"use\" with a \"feature\"")
            }
            throw .event(index, "unknown \"do\" \(Self.show(rawDo))")
        }
        let at = try readInstant(object[.at], field: "at", index: index)
        if let previous, at < previous.at {
            throw .event(index, "\"at\" \(Self.show(object[.at]!)) is earlier than event \(index - 1)'s (\(previous.at))")
        }
        if index == 0, name != "install" { throw .event(index, "the first event must be \"install\", not \(ErrorText.quoted(name))") }
        if index > 0, name == "install" { throw .event(index, "a second \"install\" (the first is event 0)") }
        switch name {
        case "install": return Event(at: at, .install)
        case "reinstall": return Event(at: at, .reinstall)
        case "look": return Event(at: at, .look)
        case "sign-in": return Event(at: at, .signIn)
        case "relaunch": return Event(at: at, .relaunch)
        case "background": return Event(at: at, .background)
        case "foreground": return Event(at: at, .foreground)
        case "timer": return Event(at: at, .timer)
        case "use":
            guard let rawFeature = object[.feature], rawFeature != .null else { throw .event(index, "missing \"feature\"") }
            guard case .string(let featureID) = rawFeature, let feature = policy.featureIndex(featureID) else {
                throw .event(index, "unknown \"feature\" \(Self.show(rawFeature)): \(MessageText.bare(policy.name)) has \(Self.list(policy.features.map(\.id)))")
            }
            var day: LocalDate?
            if policy.features[feature].hasHistory { day = try readDay(object[.day], index: index) }
            return Event(at: at, .use(feature: feature, day: day))
        case "set-entitlement":
            guard let rawProduct = object[.product] else { throw .event(index, "missing \"product\"") }
            var product: Int?
            if rawProduct != .null {
                guard case .string(let productID) = rawProduct, let found = policy.productIndex(productID) else {
                    throw .event(index, "unknown \"product\" \(Self.show(rawProduct)): \(MessageText.bare(policy.name)) sells \(Self.list(policy.products.map(\.id) + ["null"], quoteLast: false))")
                }
                product = found
            }
            var expires: Instant?
            if let rawExpires = object[.expires], rawExpires != .null { expires = try readInstant(rawExpires, field: "expires", index: index) }
            var renews = true // absent
            if let rawRenews = object[.renews] { // `null` is neither true nor false: refused, as the contract says
                guard case .bool(let flag) = rawRenews else { throw .event(index, "\"renews\" must be true or false, not \(Self.show(rawRenews))") }
                renews = flag
            }
            return Event(at: at, .setEntitlement(product.map { Entitlement(product: $0, expires: expires, renews: renews) }))
        case "purchase", "refund":
            guard let rawProduct = object[.product], rawProduct != .null else { throw .event(index, "missing \"product\"") }
            guard case .string(let packID) = rawProduct, let pack = policy.packIndex(packID) else {
                let packs = policy.creditPacks.map(\.id)
                throw .event(index, "unknown \"product\" \(Self.show(rawProduct)): \(MessageText.bare(policy.name)) "
                             + (packs.isEmpty ? "sells no credit pack" : "sells the credit packs \(Self.list(packs))"))
            }
            return Event(at: at, name == "purchase" ? .purchase(pack: pack) : .refund(pack: pack))
        default: // "set-zone"
            guard let rawZone = object[.zone], rawZone != .null else { throw .event(index, "missing zone") }
            guard case .string(let zoneName) = rawZone, let zone = TimelineReader.zoneNamed(zoneName) else {
                throw .event(index, "unknown time zone \(Self.show(rawZone))")
            }
            return Event(at: at, .setZone(zone))
        }
    }

    private func readInstant(_ raw: JSONValue?, field: String, index: Int) throws(TimelineError) -> Instant {
        guard let raw, raw != .null else { throw .event(index, "missing \"\(field)\"") }
        guard case .string(let text) = raw else { throw .event(index, "malformed \"\(field)\" \(Self.show(raw))") }
        switch InstantParser.parse(text) {
        case .success(let instant): return instant
        case .failure(let failure): throw .event(index, InstantParser.problem(failure, field: field, shown: ErrorText.quoted(text)))
        }
    }

    /// The dates a history feature's `day` may name.
    package static let dayRange = LocalDate(year: 1970, month: 1, day: 1)...LocalDate(year: 2099, month: 12, day: 31)

    private func readDay(_ raw: JSONValue?, index: Int) throws(TimelineError) -> LocalDate {
        guard let raw, raw != .null else { throw .event(index, "missing \"day\"") }
        guard case .string(let text) = raw, let date = Self.date(text) else {
            throw .event(index, "malformed \"day\" \(Self.show(raw)): expected a real date YYYY-MM-DD")
        }
        guard Self.dayRange.contains(date) else { throw .event(index, "\"day\" \(ErrorText.quoted(text)) is outside 1970-01-01 to 2099-12-31") }
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
    static func show(_ value: JSONValue) -> String { ErrorText.json(value) }

    /// `"a", "b" or "c"`: each name cut, and at most `MessageText.listLimit` of them.
    static func list(_ names: [String], quoteLast: Bool = true) -> String { MessageText.list(names, quoteLast: quoteLast) }
}

/// Shared with the flagship's v1 reader (`FlagshipTimelineReader`).
extension TimelineReader {
    /// The file's `zone` (or another place's): a zone name Foundation knows.
    package static func zone(_ raw: JSONValue?, place: String) throws(TimelineError) -> TimeZoneRules {
        guard let raw, !raw.isNull else { throw TimelineError(place: place, problem: "missing") }
        guard let name = raw.string, let zone = zoneNamed(name) else {
            throw TimelineError(place: place, problem: "unknown time zone \(ErrorText.json(raw))")
        }
        return zone
    }

    /// The zone named `name`; nil for names no zone database has: empty, longer than
    /// any identifier, or holding a control character (which a C library would cut at).
    package static func zoneNamed(_ name: String) -> TimeZoneRules? {
        guard !name.isEmpty, name.utf8.count <= 128, !name.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return nil }
        return TimeZoneRules.named(name)
    }
}

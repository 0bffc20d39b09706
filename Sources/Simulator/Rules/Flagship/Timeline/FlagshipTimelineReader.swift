import Foundation
import SubscriptionModel
import SimulatorCore

/// Reads timeline files, refusing bad input exactly as the replay contract says:
/// the first fault wins, the file's own fields before the events, then the events in
/// order; within an event: its shape (an object, no known member given twice), `do`,
/// `at`, its place in the order, then the fields its `do` takes. Text that is not JSON
/// anywhere is refused before any of these.
///
/// Memory follows the events, not the text: the file's syntax is checked in one pass
/// that builds nothing (`TimelineDocument`), then each event is read and turned into an
/// `FlagshipEvent` at once; only its known fields are kept, and unknown ones are skipped.
package struct FlagshipTimelineReader: Sendable {
    /// The policy whose product ids `set-entitlement` may name.
    package var policy: CaptureRules

    /// A reader for `policy`'s products.
    package init(policy: CaptureRules = .mealCapture) {
        self.policy = policy
    }

    /// Reads the file at `path` (`-` for standard input).
    package func read(path: String) throws(TimelineError) -> FlagshipTimeline {
        try read(path: InputPath(path))
    }

    /// Reads the file at `path`, named by its bytes (`-` for standard input).
    package func read(path: InputPath) throws(TimelineError) -> FlagshipTimeline {
        let bytes = try InputFile.read(path, kind: "timeline file")
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(TimelineError) -> FlagshipTimeline in try read(bytes: buffer) }
        }
        return try result.get()
    }

    /// Reads a timeline from JSON text.
    package func read(data: Data) throws(TimelineError) -> FlagshipTimeline {
        let result = data.withUnsafeBytes { raw in
            Result { () throws(TimelineError) -> FlagshipTimeline in try read(bytes: raw.bindMemory(to: UInt8.self)) }
        }
        return try result.get()
    }

    /// Reads a timeline from JSON text's UTF-8 bytes.
    package func read(bytes: UnsafeBufferPointer<UInt8>) throws(TimelineError) -> FlagshipTimeline {
        try read(TimelineDocument(bytes, keys: ["zone", "events"]))
    }

    /// Reads a located document: the zone, then the events one at a time. A fault is
    /// reported as the document's `refusal`, so text that is not JSON is refused as such
    /// whatever else is wrong with it.
    package func read(_ document: TimelineDocument) throws(TimelineError) -> FlagshipTimeline {
        do throws(TimelineError) {
            let zone = try TimelineReader.zone(document.value("zone"), place: "zone")
            var events: [FlagshipEvent] = []
            try document.forEachEvent { (index, parser) throws(TimelineError) in
                events.append(try readEvent(&parser, index: index, previous: events.last))
            }
            return FlagshipTimeline(zone: zone, events: events)
        } catch {
            throw document.refusal(error)
        }
    }

    // MARK: Fields

    /// A field's value: a string without escapes as its bytes in the text (no copy),
    /// anything else built.
    private enum Field {
        case text(UnsafeBufferPointer<UInt8>)
        case value(JSONValue)

        var isNull: Bool {
            if case .value(.null) = self { return true }
            return false
        }

        /// The string's UTF-8, when the field is a string.
        func withText<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
            switch self {
            case .text(let bytes): return body(bytes)
            case .value(.string(let text)):
                var text = text
                return text.withUTF8(body)
            case .value: return nil
            }
        }

        var string: String? { withText { String(decoding: $0, as: UTF8.self) } }

        /// As an error line shows it.
        var shown: String {
            switch self {
            case .text(let bytes): ErrorText.quoted(String(decoding: bytes, as: UTF8.self))
            case .value(let value): ErrorText.json(value)
            }
        }
    }

    /// The fields an event may take.
    private struct EventFields {
        var action: Field?
        var at: Field?
        var kind: Field?
        var product: Field?
        var zone: Field?
    }

    private static func field(_ parser: inout JSONParser) throws(JSONSyntaxError) -> Field {
        if parser.peek() == UInt8(ascii: "\""), let bytes = try parser.unescapedStringBytes() { return .text(bytes) }
        return .value(try parser.value())
    }

    /// The keys an event's fields have, read from the key's bytes (no string is built).
    private enum EventKey {
        case `do`, at, kind, product, zone, other

        /// The key as an error line quotes it.
        var quoted: String {
            switch self {
            case .do: "\"do\""
            case .at: "\"at\""
            case .kind: "\"kind\""
            case .product: "\"product\""
            case .zone: "\"zone\""
            case .other: "a member"
            }
        }

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            switch bytes.count {
            case 2: self = bytes.spells("do") ? .do : bytes.spells("at") ? .at : .other
            case 4: self = bytes.spells("kind") ? .kind : bytes.spells("zone") ? .zone : .other
            case 7: self = bytes.spells("product") ? .product : .other
            default: self = .other
            }
        }
    }

    // MARK: Events

    /// Reads one event's members: the known ones kept, a known one given twice noted
    /// (the first such, refused once the event is read), the others skipped unread (an
    /// unknown member given twice too: nothing reads it).
    private func readEvent(_ parser: inout JSONParser, index: Int, previous: FlagshipEvent?) throws(TimelineError) -> FlagshipEvent {
        guard parser.peek() == UInt8(ascii: "{") else { throw .event(index, "not an object") }
        var fields = EventFields()
        var key = EventKey.other
        var repeated: EventKey?
        do {
            if try parser.beginObject() {
                repeat {
                    if let bytes = try parser.unescapedKeyBytes() {
                        key = EventKey(bytes)
                    } else {
                        var name = try parser.key()
                        key = name.withUTF8(EventKey.init)
                    }
                    switch key {
                    case .do where fields.action == nil: fields.action = try Self.field(&parser)
                    case .at where fields.at == nil: fields.at = try Self.field(&parser)
                    case .kind where fields.kind == nil: fields.kind = try Self.field(&parser)
                    case .product where fields.product == nil: fields.product = try Self.field(&parser)
                    case .zone where fields.zone == nil: fields.zone = try Self.field(&parser)
                    case .other: try parser.skipValue()
                    default: // a known key already read
                        if repeated == nil { repeated = key }
                        try parser.skipValue()
                    }
                } while try parser.nextMember()
            }
        } catch {
            // A fault after a repeated key comes after it; text that is not JSON is
            // found by the document's `refusal`, as the events list was only skimmed.
            if let repeated { throw .event(index, "\(repeated.quoted) given twice") }
            if let inner = error.repeatedKey { throw .event(index, "key \(ErrorText.quoted(inner)) given twice in \(key.quoted)") }
            throw TimelineDocument.notJSON
        }
        if let repeated { throw .event(index, "\(repeated.quoted) given twice") }
        return try event(fields, index: index, previous: previous)
    }

    private func event(_ fields: EventFields, index: Int, previous: FlagshipEvent?) throws(TimelineError) -> FlagshipEvent {
        guard let rawDo = fields.action, !rawDo.isNull else { throw .event(index, "missing \"do\"") }
        guard let action = rawDo.withText(Self.actionName) ?? nil else {
            // An action of the generic form only: most likely a policy's timeline without its "policy".
            if rawDo.withText({ TimelineReader.actionNames.contains(String(decoding: $0, as: UTF8.self)) }) == true {
                throw .event(index, "unknown \"do\" \(rawDo.shown): a timeline under a policy names it in \"policy\"")
            }
            throw .event(index, "unknown \"do\" \(rawDo.shown)")
        }
        guard let rawAt = fields.at, !rawAt.isNull else { throw .event(index, "missing \"at\"") }
        guard let parsed = rawAt.withText(InstantParser.parse(utf8:)) else { throw .event(index, "malformed \"at\" \(rawAt.shown)") }
        let at: Instant
        switch parsed {
        case .success(let instant): at = instant
        case .failure(let failure): throw .event(index, InstantParser.problem(failure, field: "at", shown: rawAt.shown))
        }
        if let previous, at < previous.at {
            throw .event(index, "\"at\" \(rawAt.shown) is earlier than event \(index - 1)'s (\(previous.at))")
        }
        if index == 0, action != .install { throw .event(index, "the first event must be \"install\", not \(rawDo.shown)") }
        if index > 0, action == .install { throw .event(index, "a second \"install\" (the first is event 0)") }
        switch action {
        case .install: return FlagshipEvent(at: at, .install)
        case .reinstall: return FlagshipEvent(at: at, .reinstall)
        case .look: return FlagshipEvent(at: at, .look)
        case .capture:
            guard let rawKind = fields.kind, !rawKind.isNull else { throw .event(index, "missing \"kind\"") }
            guard let kind = rawKind.withText(Self.captureKind) ?? nil else {
                throw .event(index, "unknown \"kind\" \(rawKind.shown): expected \"meal\", \"recipe-photo\" or \"recipe-link\"")
            }
            return FlagshipEvent(at: at, .capture(kind))
        case .setEntitlement:
            guard let rawProduct = fields.product else { throw .event(index, "missing \"product\"") }
            if rawProduct.isNull { return FlagshipEvent(at: at, .setEntitlement(nil)) }
            guard let productID = rawProduct.string, let tier = policy.tier(forProductID: productID) else {
                throw .event(index, "unknown \"product\" \(rawProduct.shown): expected \(ErrorText.quoted(policy.premiumProductID)), \(ErrorText.quoted(policy.unlimitedProductID)) or null")
            }
            return FlagshipEvent(at: at, .setEntitlement(tier))
        case .setZone:
            guard let rawZone = fields.zone, !rawZone.isNull else { throw .event(index, "missing zone") }
            guard let name = rawZone.string, let zone = TimelineReader.zoneNamed(name) else {
                throw .event(index, "unknown time zone \(rawZone.shown)")
            }
            return FlagshipEvent(at: at, .setZone(zone))
        }
    }



    /// The kinds of action a `do` names, without their payloads.
    private enum ActionName { case install, capture, setEntitlement, setZone, reinstall, look }

    private static func actionName(_ bytes: UnsafeBufferPointer<UInt8>) -> ActionName? {
        for (name, action) in actionNames where bytes.spells(name) { return action }
        return nil
    }

    private static func captureKind(_ bytes: UnsafeBufferPointer<UInt8>) -> CaptureKind? {
        for (name, kind) in captureKinds where bytes.spells(name) { return kind }
        return nil
    }

    /// The kinds by their names' bytes (compared as bytes, not through a string's view).
    private static let captureKinds: [([UInt8], CaptureKind)] = CaptureKind.allCases.map { (Array($0.rawValue.utf8), $0) }

    private static let actionNames: [([UInt8], ActionName)] = [
        (Array("capture".utf8), .capture), (Array("look".utf8), .look), (Array("set-entitlement".utf8), .setEntitlement),
        (Array("set-zone".utf8), .setZone), (Array("reinstall".utf8), .reinstall), (Array("install".utf8), .install),
    ]
}

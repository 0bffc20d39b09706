import Foundation
import SubscriptionModel
import SimulatorCore

/// Reads another implementation's generic replay output (JSON Lines, one object per
/// event, the generic contract's Output table in `docs/timeline-format.md`) back into
/// `Output` values and the screens it printed, refusing anything the contract
/// does not allow, so that a difference is never taken for a match.
///
/// As strict as `ReplayOutputParser` is for the v1 form: every key present, once, and
/// no other, at every level (`meters` has exactly the policy's meters, each exactly
/// the windows some plan limits, `screens` exactly the policy's screens); counts are
/// integers written as integers; plans, reasons, responses and windows are spelled as
/// the contract spells them; alert texts must be texts of the policy; `resetAt` is an
/// instant written in UTC as the contract writes it; `upgrade` lists plans of the
/// policy, each once, in rank order; `alert` is an object exactly when `response` is
/// `"alert"`. A refusal names the line and quotes the value as printed.
///
/// What the line shows but `Output` does not hold is returned beside it: the
/// screens, compared by the checker as printed (the program renders its own), and the
/// limits, each of which must be the plan's the line names (`limitProblem`). What the
/// line does not show (the entitlement, the zone, the counts of windows no plan
/// limits) is left empty, for the caller to fill from the timeline.
package struct OutputParser: Sendable {
    /// The policy whose output is read.
    package let policy: SubscriptionPolicy
    /// The contract's vocabulary for the policy, looked up by exact UTF-8 bytes.
    private let plans: [String: Int]
    private let meters: [String: Int]
    private let screens: [String: Int]
    private let alertTexts: Set<String>
    /// The same vocabulary as JSON strings in the package's own escaping, for the fast path.
    private let canonical: Canonical

    /// What the package's own lines spell, byte for byte.
    struct Canonical: Sendable {
        /// Each plan id, then `"none"`.
        var plans: [[UInt8]]
        var outcomes: [[UInt8]]
        var reasons: [[UInt8]]
        var responses: [[UInt8]]
        /// The alert texts, and as quoted.
        var alertTexts: [String]
        var alertQuoted: [[UInt8]]
        /// `"METER":` per meter, `"WINDOW":` per window, `"SCREEN":` per screen.
        var meters: [[UInt8]]
        var windows: [[UInt8]]
        var screens: [[UInt8]]
    }

    /// The keys of an output line, in the contract's order.
    static let keys = ["i", "do", "plan", "day", "outcome", "reason", "response", "alert", "resetAt", "upgrade", "meters", "screens"]

    /// A parser for `policy`'s output.
    package init(policy: SubscriptionPolicy) {
        self.policy = policy
        plans = Dictionary(policy.plans.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
        meters = Dictionary(policy.meters.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        screens = Dictionary(policy.screens.enumerated().map { ($0.element.name, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let responses = policy.plans.flatMap(\.responses).compactMap { $0 } + (policy.noPlanResponse.map { [$0] } ?? [])
        alertTexts = Set(responses.compactMap(\.alert).flatMap { [$0.title] + ($0.message.map { [$0] } ?? []) })
        func quoted(_ text: String) -> [UInt8] { Array(JSONText.quoted(text).utf8) }
        let texts = alertTexts.sorted()
        canonical = Canonical(plans: (policy.plans.map(\.id) + ["none"]).map(quoted), outcomes: ["allowed", "blocked"].map(quoted),
                              reasons: BlockReason.allCases.map { quoted($0.name) }, responses: ["paywall", "alert"].map(quoted),
                              alertTexts: texts, alertQuoted: texts.map(quoted),
                              meters: policy.meters.map { quoted($0) + [UInt8(ascii: ":")] },
                              windows: LimitWindow.allCases.map { quoted($0.name) + [UInt8(ascii: ":")] },
                              screens: policy.screens.map { quoted($0.name) + [UInt8(ascii: ":")] })
    }

    /// What a program printed for a timeline, read.
    package struct Parsed: Sendable {
        /// One output per event (entitlement, zone and unshown counts left empty).
        package var outputs: [Output]
        /// The screens printed with each output, in the policy's screen order.
        package var screens: [[ScreenValue]]
        /// The first line whose `meters` limits are not those of the plan it names:
        /// the event's index and what differs.
        package var limitProblem: (index: Int, detail: String)?
    }

    /// The outputs of `events` (under the parser's policy), from the bytes a program printed.
    package func parse(_ bytes: [UInt8], events: [Event]) throws(ReplayOutputParser.Malformed) -> Parsed {
        var parsed = Parsed(outputs: [], screens: [], limitProblem: nil)
        parsed.outputs.reserveCapacity(events.count)
        parsed.screens.reserveCapacity(events.count)
        try ReplayOutputParser.forEachLine(bytes, events: events.count) { (index, lineNumber, line) throws(ReplayOutputParser.Malformed) in
            // The package's own layout is read byte by byte; anything else the strict way.
            let read: (Output, [ScreenValue], String?)
            if let fast = line.withUnsafeBufferPointer({ canonicalOutput($0, index: index, event: events[index]) }) {
                read = fast
            } else {
                read = try LineReader(parser: self, line: lineNumber, index: index, event: events[index]).read(line)
            }
            let (output, shown, limitProblem) = read
            parsed.outputs.append(output)
            parsed.screens.append(shown)
            if parsed.limitProblem == nil, let limitProblem { parsed.limitProblem = (index, limitProblem) }
        }
        return parsed
    }

    /// What a line that disagrees with its plan's limit says: meter `meter`'s window
    /// `window` printed as `printed` where the named plan sets `planLimit`.
    func limitProblem(meter: Int, _ window: LimitWindow, printed: Int?, plan: Int?) -> String? {
        let planLimit = plan.flatMap { policy.plans[$0].limit(meter: meter, window)?.value }
        guard printed != planLimit else { return nil }
        return "meters.\(policy.meters[meter]).limit.\(window.name) is \(printed.map(String.init) ?? "null"), "
            + "but the plan the line names, \(policy.planID(plan)), \(planLimit.map { "sets \($0)" } ?? "sets no such limit")"
    }

    /// The output of a line printed exactly as `simulate replay` prints it (the fast
    /// path, `CanonicalCursor`); nil for any other line, which is then read strictly.
    func canonicalOutput(_ line: UnsafeBufferPointer<UInt8>, index: Int, event: Event) -> (Output, [ScreenValue], String?)? {
        var cursor = CanonicalCursor(line)
        let words = canonical
        guard cursor.literal(#"{"i":"#), cursor.integer() == index, cursor.literal(#","do":"#), cursor.quotedName(event.action.name),
              cursor.literal(#","plan":"#), let planIndex = cursor.oneOf(words.plans), cursor.literal(#","day":"#),
              let day = cursor.quotedDate(), cursor.literal(#","outcome":"#) else { return nil }
        let plan = planIndex < policy.plans.count ? planIndex : nil
        func optional(_ candidates: [[UInt8]]) -> Int?? {
            if cursor.literal("null") { return .some(nil) }
            return cursor.oneOf(candidates).map { .some($0) }
        }
        guard let outcomeIndex = optional(words.outcomes), cursor.literal(#","reason":"#), let reasonIndex = optional(words.reasons),
              cursor.literal(#","response":"#), let responseIndex = optional(words.responses), cursor.literal(#","alert":"#) else { return nil }
        var alert: Alert?
        if !cursor.literal("null") {
            guard cursor.literal(#"{"title":"#), let title = cursor.oneOf(words.alertQuoted), cursor.literal(#","message":"#) else { return nil }
            var message: String?
            if !cursor.literal("null") {
                guard let found = cursor.oneOf(words.alertQuoted) else { return nil }
                message = words.alertTexts[found]
            }
            guard cursor.literal("}") else { return nil }
            alert = Alert(title: words.alertTexts[title], message: message)
        }
        let response: BlockResponse?
        switch (responseIndex, alert) {
        case (nil, nil): response = nil
        case (0?, nil): response = .paywall
        case (1?, let alert?): response = .alert(alert)
        default: return nil
        }
        guard cursor.literal(#","resetAt":"#) else { return nil }
        var resetAt: Instant?
        if !cursor.literal("null") {
            guard let text = cursor.plainString(), case .success(let instant) = InstantParser.parse(text, years: InstantParser.outputYears), Self.same(text, instant.description) else { return nil }
            resetAt = instant
        }
        guard cursor.literal(#","upgrade":"#) else { return nil }
        var upgrade: PlanSet?
        if !cursor.literal("null") {
            guard cursor.literal("[") else { return nil }
            var set = PlanSet(), last = -1
            while !cursor.literal("]") {
                guard set.bits == 0 || cursor.literal(","), let found = cursor.oneOf(words.plans), found < policy.plans.count, found > last else { return nil }
                set.insert(found)
                last = found
            }
            upgrade = set
        }
        guard cursor.literal(#","meters":{"#) else { return nil }
        var counts = MeterCounts(meters: policy.meters.count)
        var limitProblem: String?
        for meter in policy.meters.indices {
            guard meter == 0 || cursor.literal(","), cursor.literal(words.meters[meter]), cursor.literal(#"{"used":{"#) else { return nil }
            var meterCounts = UsageCounts()
            let windows = policy.meterWindows[meter]
            for (position, window) in windows.enumerated() {
                guard position == 0 || cursor.literal(","), cursor.literal(words.windows[window.rawValue]), let used = cursor.integer(),
                      (Int(Int32.min)...Int(Int32.max)).contains(used) else { return nil }
                meterCounts[window] = used
            }
            guard cursor.literal(#"},"limit":{"#) else { return nil }
            for (position, window) in windows.enumerated() {
                guard position == 0 || cursor.literal(","), cursor.literal(words.windows[window.rawValue]) else { return nil }
                var printed: Int?
                if !cursor.literal("null") {
                    guard let found = cursor.integer() else { return nil }
                    printed = found
                }
                if limitProblem == nil { limitProblem = self.limitProblem(meter: meter, window, printed: printed, plan: plan) }
            }
            guard cursor.literal("}") else { return nil }
            if policy.hasCredits(meter: meter) {
                guard cursor.literal(#","credits":"#), let credits = cursor.integer(), (Int(Int32.min)...Int(Int32.max)).contains(credits) else { return nil }
                counts[meter] = meterCounts
                counts.setCredits(credits, of: meter)
            } else {
                counts[meter] = meterCounts
            }
            guard cursor.literal("}") else { return nil }
        }
        guard cursor.literal(#"},"screens":{"#) else { return nil }
        var shown: [ScreenValue] = []
        shown.reserveCapacity(policy.screens.count)
        for screen in policy.screens.indices {
            guard screen == 0 || cursor.literal(","), cursor.literal(words.screens[screen]) else { return nil }
            if cursor.literal("null") {
                shown.append(.null)
            } else if cursor.next == UInt8(ascii: "\"") {
                guard let text = cursor.plainString() else { return nil }
                shown.append(.text(text))
            } else if cursor.literal("[") {
                var items: [String] = []
                while !cursor.literal("]") {
                    guard items.isEmpty || cursor.literal(","), let item = cursor.plainString() else { return nil }
                    items.append(item)
                }
                shown.append(.list(items))
            } else if cursor.literal(#"{"used":"#) {
                guard let used = cursor.integer(), cursor.literal(#","limit":"#), let limit = cursor.integer(), cursor.literal("}") else { return nil }
                shown.append(.bar(used: used, limit: limit))
            } else if cursor.literal(#"{"text":"#) {
                guard let text = cursor.plainString(), cursor.literal("}") else { return nil }
                shown.append(.boxText(text))
            } else {
                return nil
            }
        }
        guard cursor.literal("}}"), cursor.atEnd else { return nil }
        let output = Output(plan: plan, day: day, outcome: outcomeIndex.map { $0 == 0 ? .allowed : .blocked },
                                  reason: reasonIndex.map { BlockReason.allCases[$0] }, response: response, resetAt: resetAt,
                                  upgrade: upgrade, counts: counts, entitlement: nil, zone: .utc)
        return (output, shown, limitProblem)
    }

    /// Whether `text` is spelled exactly as `known` (String's == also matches other
    /// spellings of the same letters).
    static func same(_ text: String, _ known: String) -> Bool { text.utf8.elementsEqual(known.utf8) }

    /// Reads one line.
    struct LineReader: OutputLineFields {
        let parser: OutputParser
        let line: Int
        let index: Int
        let event: Event
        var policy: SubscriptionPolicy { parser.policy }

        func read(_ bytes: ArraySlice<UInt8>) throws(ReplayOutputParser.Malformed) -> (Output, [ScreenValue], String?) {
            let members = try self.members(of: bytes, keys: OutputParser.keys, index: index, action: event.action.name)
            let planText = try string(members["plan"]!, "\"plan\"")
            let plan: Int?
            if OutputParser.same(planText, "none") {
                plan = nil
            } else if let found = parser.plans[planText], OutputParser.same(planText, policy.plans[found].id) {
                plan = found
            } else {
                throw fail("\"plan\" is \(PrintedText.quoted(planText)), not a plan of \(policy.name) (\((policy.plans.map(\.id) + ["none"]).joined(separator: ", ")))")
            }
            let dayText = try string(members["day"]!, "\"day\"")
            guard let day = ReplayOutputParser.parseDay(dayText) else { throw fail("\"day\" is \(PrintedText.quoted(dayText)), not a YYYY-MM-DD date") }
            let outcome: Outcome? = try optionalString(members["outcome"]!, "\"outcome\"").map { text throws(ReplayOutputParser.Malformed) in
                guard let parsed = Outcome(rawValue: text), OutputParser.same(text, parsed.rawValue) else {
                    throw fail("\"outcome\" is \(PrintedText.quoted(text)), not allowed, blocked or null")
                }
                return parsed
            }
            let reason: BlockReason? = try optionalString(members["reason"]!, "\"reason\"").map { text throws(ReplayOutputParser.Malformed) in
                guard let parsed = BlockReason(name: text), OutputParser.same(text, parsed.name) else {
                    throw fail("\"reason\" is \(PrintedText.quoted(text)), not \(BlockReason.allCases.map(\.name).joined(separator: ", ")) or null")
                }
                return parsed
            }
            let responseName = try optionalString(members["response"]!, "\"response\"")
            if let responseName, !OutputParser.same(responseName, "paywall"), !OutputParser.same(responseName, "alert") {
                throw fail("\"response\" is \(PrintedText.quoted(responseName)), not paywall, alert or null")
            }
            let alert = try self.alert(members["alert"]!)
            let response: BlockResponse?
            if let alert {
                guard responseName == "alert" else {
                    throw fail("\"alert\" is an alert but \"response\" is \(responseName.map { "\"\($0)\"" } ?? "null"), not \"alert\"")
                }
                response = .alert(alert)
            } else if responseName == "alert" {
                throw fail("\"response\" is \"alert\" but \"alert\" is null")
            } else {
                response = responseName == nil ? nil : .paywall
            }
            let resetAt = try optionalString(members["resetAt"]!, "\"resetAt\"").map { text throws(ReplayOutputParser.Malformed) in try instant(text) }
            let upgrade = try self.upgrade(members["upgrade"]!)
            let (counts, limitProblem) = try self.meters(members["meters"]!, plan: plan)
            let shown = try self.screens(members["screens"]!)
            let output = Output(plan: plan, day: day, outcome: outcome, reason: reason, response: response, resetAt: resetAt,
                                      upgrade: upgrade, counts: counts, entitlement: nil, zone: .utc)
            return (output, shown, limitProblem)
        }

        // MARK: Members

        /// `{"title": T, "message": M or null}` with texts of the policy, or null.
        func alert(_ value: JSONValue) throws(ReplayOutputParser.Malformed) -> Alert? {
            switch value {
            case .null: return nil
            case .object(let object):
                let parts = try members(object, keys: ["title", "message"], of: "\"alert\"")
                let title = try shown(try string(parts["title"]!, "\"alert\".\"title\""), "\"alert\".\"title\"")
                let message = try optionalString(parts["message"]!, "\"alert\".\"message\"").map { text throws(ReplayOutputParser.Malformed) in
                    try shown(text, "\"alert\".\"message\"")
                }
                return Alert(title: title, message: message)
            default: throw fail("\"alert\" is \(Self.printed(value)), not an object or null")
            }
        }

        /// An alert text the policy has, spelled exactly so (the texts are interned, so
        /// only the policy's own are taken).
        func shown(_ text: String, _ name: String) throws(ReplayOutputParser.Malformed) -> String {
            guard let known = parser.alertTexts.first(where: { $0 == text }) else {
                throw fail("\(name) is \(PrintedText.quoted(text)), which \(policy.name) never shows in an alert")
            }
            guard OutputParser.same(text, known) else {
                throw fail("\(name) is \(PrintedText.quoted(text)), which \(policy.name) spells with other Unicode characters")
            }
            return known
        }

        /// `YYYY-MM-DDTHH:MM:SSZ` (a fraction only where the instant has one, as the
        /// package writes instants in UTC).
        func instant(_ text: String) throws(ReplayOutputParser.Malformed) -> Instant {
            guard case .success(let instant) = InstantParser.parse(text, years: InstantParser.outputYears), OutputParser.same(text, instant.description) else {
                throw fail("\"resetAt\" is \(PrintedText.quoted(text)), not an instant written in UTC as YYYY-MM-DDTHH:MM:SSZ")
            }
            return instant
        }

        /// A list of plan ids of the policy, each once, in rank order; or null.
        func upgrade(_ value: JSONValue) throws(ReplayOutputParser.Malformed) -> PlanSet? {
            switch value {
            case .null: return nil
            case .array(let items):
                var set = PlanSet()
                var last = -1
                for item in items {
                    let id = try string(item, "an \"upgrade\" item")
                    guard let plan = parser.plans[id], OutputParser.same(id, policy.plans[plan].id) else {
                        throw fail("\"upgrade\" lists \(PrintedText.quoted(id)), not a plan of \(policy.name)")
                    }
                    guard plan > last else {
                        throw fail(set.contains(plan) ? "\"upgrade\" lists \(PrintedText.quoted(id)) twice"
                                   : "\"upgrade\" lists \(PrintedText.quoted(id)) after \(PrintedText.quoted(policy.plans[last].id)), not in \(policy.name)'s rank order")
                    }
                    set.insert(plan)
                    last = plan
                }
                return set
            default: throw fail("\"upgrade\" is \(Self.printed(value)), not a list or null")
            }
        }

        /// Each meter's counts, and the first limit that is not the named plan's.
        func meters(_ value: JSONValue, plan: Int?) throws(ReplayOutputParser.Malformed) -> (MeterCounts, String?) {
            guard case .object(let object) = value else { throw fail("\"meters\" is \(Self.printed(value)), not an object") }
            let byMeter = try members(object, keys: policy.meters, of: "\"meters\"")
            var counts = MeterCounts(meters: policy.meters.count)
            var limitProblem: String?
            for (meter, id) in policy.meters.enumerated() {
                let name = "\"meters\".\(PrintedText.quoted(id))"
                guard case .object(let meterObject) = byMeter[id]! else { throw fail("\(name) is \(Self.printed(byMeter[id]!)), not an object") }
                let hasCredits = policy.hasCredits(meter: meter)
                let parts = try members(meterObject, keys: hasCredits ? ["used", "limit", "credits"] : ["used", "limit"], of: name)
                let windows = policy.meterWindows[meter]
                let windowNames = windows.map(\.name)
                guard case .object(let usedObject) = parts["used"]! else { throw fail("\(name).\"used\" is \(Self.printed(parts["used"]!)), not an object") }
                let used = try members(usedObject, keys: windowNames, of: "\(name).\"used\"")
                guard case .object(let limitObject) = parts["limit"]! else { throw fail("\(name).\"limit\" is \(Self.printed(parts["limit"]!)), not an object") }
                let limits = try members(limitObject, keys: windowNames, of: "\(name).\"limit\"")
                var meterCounts = UsageCounts()
                for window in windows {
                    meterCounts[window] = try integer(used[window.name]!, "\(name).\"used\".\"\(window.name)\"", range: Int(Int32.min)...Int(Int32.max))
                    let printedLimit: Int?
                    if case .null = limits[window.name]! { printedLimit = nil } else {
                        printedLimit = try integer(limits[window.name]!, "\(name).\"limit\".\"\(window.name)\"", orNull: true)
                    }
                    if limitProblem == nil { limitProblem = parser.limitProblem(meter: meter, window, printed: printedLimit, plan: plan) }
                }
                counts[meter] = meterCounts
                if hasCredits {
                    counts.setCredits(try integer(parts["credits"]!, "\(name).\"credits\"", range: Int(Int32.min)...Int(Int32.max)), of: meter)
                }
            }
            return (counts, limitProblem)
        }

        /// The screens by name, in the policy's order.
        func screens(_ value: JSONValue) throws(ReplayOutputParser.Malformed) -> [ScreenValue] {
            guard case .object(let object) = value else { throw fail("\"screens\" is \(Self.printed(value)), not an object") }
            let names = policy.screens.map(\.name)
            let byName = try members(object, keys: names, of: "\"screens\"")
            return try names.map { screenName throws(ReplayOutputParser.Malformed) in
                let name = "\"screens\".\(PrintedText.quoted(screenName))"
                switch byName[screenName]! {
                case .null: return .null
                case .string(let text): return .text(text)
                case .array(let items):
                    return .list(try items.map { item throws(ReplayOutputParser.Malformed) in try string(item, "an item of \(name)") })
                case .object(let box) where box.members.count == 1 && box.members[0].key == "text":
                    let parts = try members(box, keys: ["text"], of: name)
                    return .boxText(try string(parts["text"]!, "\(name).\"text\""))
                case .object(let bar):
                    let parts = try members(bar, keys: ["used", "limit"], of: name)
                    return .bar(used: try integer(parts["used"]!, "\(name).\"used\""), limit: try integer(parts["limit"]!, "\(name).\"limit\""))
                case let other:
                    throw fail("\(name) is \(Self.printed(other)), not a text, a list of texts, a bar, a box or null")
                }
            }
        }
    }
}

/// Reads the `screens` of a policy file into `ScreenExpression`s, strictly: every plan
/// (or product) covered, every meter and window known, every placeholder usable where it
/// is written (`docs/policy-file.md`, "Screens").
struct ScreenExpressionReader {
    let reader: PolicyFileReader
    let policy: SubscriptionPolicy
    /// The file's `format`.
    let format: Int

    /// What a text may show where it is written.
    enum Context {
        /// No placeholder.
        case plain
        /// Inside a `meter` branch: `{used}`, `{limit}`/`{remaining}` unless the branch is
        /// `unlimited`, and `{credits}` when the meter has credit packs.
        case meter(hasLimit: Bool, credits: Bool)
        /// Inside an `expiry`: `{date}`.
        case expiry
    }

    func screens(_ value: JSONValue) throws(PolicyFileError) -> [Screen] {
        var screens: [Screen] = []
        for (name, expression) in try reader.keyed(value, "$.screens") {
            guard !name.isEmpty else { throw reader.fail("$.screens", "a screen name cannot be empty") }
            _ = try reader.oneLine(name, "$.screens" + PolicyFileReader.step(name), "a screen name")
            screens.append(Screen(name: name, value: try read(expression, "$.screens" + PolicyFileReader.step(name), .plain, depth: 1)))
        }
        return screens
    }

    static let kinds = ["byPlan", "byProduct", "planName", "meter", "plural", "expiry", "bar", "boxText", "metersInWarning"]

    /// How deep screen expressions may nest: a screen's own expression is at depth 1,
    /// and each `byPlan`, `byProduct` or `meter` puts its branches one deeper. Every
    /// walk of a screen (showing it, the checker's, `policy show`) recurses this deep
    /// at most, and a screen reads no further than a reviewer can follow.
    static let maximumDepth = 32

    func read(_ value: JSONValue, _ path: String, _ context: Context, depth: Int) throws(PolicyFileError) -> ScreenExpression {
        switch value {
        case .null: return .null
        case .string(let text): return .text(try template(text, path, context))
        case .object(let object):
            guard let kindValue = object["kind"] else { throw reader.fail(path, "missing \"kind\"; expected one of \(PolicyFileReader.list(Self.kinds))") }
            let kind = try reader.string(kindValue, path + ".kind")
            if ["byPlan", "byProduct", "meter"].contains(kind), depth >= Self.maximumDepth {
                throw reader.fail(path, "screens nest at most \(Self.maximumDepth) deep: this \(PolicyFileReader.quoted(kind)) would put its branches at depth \(depth + 1)")
            }
            switch kind {
            case "byPlan": return try byPlan(value, path, context, depth: depth)
            case "byProduct": return try byProduct(value, path, context, depth: depth)
            case "planName":
                _ = try reader.members(value, path, allowed: ["kind"])
                return .planName
            case "meter": return try meter(value, path, depth: depth)
            case "plural":
                guard case .meter(let hasLimit, let credits) = context else { throw reader.fail(path, "\"plural\" counts a meter's number: use it inside a \"meter\" screen") }
                let fields = try reader.members(value, path, allowed: ["kind", "count", "one", "other"], required: ["count", "one", "other"])
                let name = try reader.string(fields["count"]!, path + ".count")
                guard let number = ScreenNumber.allCases.first(where: { $0.name == name }) else {
                    throw reader.fail(path + ".count", "unknown number \(PolicyFileReader.quoted(name)); expected \"used\", \"limit\", \"remaining\" or \"credits\"")
                }
                guard number != .credits || credits else { throw reader.fail(path + ".count", "there are no credits: no credit pack is for this meter") }
                guard hasLimit || number == .used || number == .credits else { throw reader.fail(path + ".count", "there is no \(name) when the meter is unlimited") }
                return .plural(number, one: try template(try reader.string(fields["one"]!, path + ".one"), path + ".one", context),
                               other: try template(try reader.string(fields["other"]!, path + ".other"), path + ".other", context))
            case "expiry":
                let fields = try reader.members(value, path, allowed: ["kind", "renewing", "ending"], required: ["renewing", "ending"])
                return .expiry(renewing: try template(try reader.string(fields["renewing"]!, path + ".renewing"), path + ".renewing", .expiry),
                               ending: try template(try reader.string(fields["ending"]!, path + ".ending"), path + ".ending", .expiry))
            case "bar":
                let fields = try reader.members(value, path, allowed: ["kind", "meter", "window"], required: ["meter", "window"])
                let meter = try reader.meterReference(fields["meter"]!, path + ".meter", meters: policy.meters)
                return .bar(meter: meter, windows: try meterWindows(fields["window"]!, path + ".window", meter: meter))
            case "boxText":
                let fields = try reader.members(value, path, allowed: ["kind", "text"], required: ["text"])
                let text = try reader.string(fields["text"]!, path + ".text")
                _ = try template(text, path + ".text", .plain)
                return .boxText(text)
            case "metersInWarning":
                let fields = try reader.members(value, path, allowed: ["kind", "meters", "window", "percent"], required: ["meters", "window", "percent"])
                var meters: [Int] = []
                for (index, item) in try reader.array(fields["meters"]!, path + ".meters").enumerated() {
                    let meter = try reader.meterReference(item, path + ".meters[\(index)]", meters: policy.meters)
                    guard !meters.contains(meter) else { throw reader.fail(path + ".meters[\(index)]", "meter listed twice") }
                    meters.append(meter)
                }
                guard !meters.isEmpty else { throw reader.fail(path + ".meters", "list at least one meter") }
                let percent = try reader.integer(fields["percent"]!, path + ".percent", minimum: 1)
                guard percent <= 100 else { throw reader.fail(path + ".percent", "\(percent) is above 100") }
                return .metersInWarning(meters: meters, window: try window(fields["window"]!, path + ".window"), percent: percent)
            default:
                throw reader.fail(path + ".kind", "unknown kind \(PolicyFileReader.quoted(kind)); expected one of \(PolicyFileReader.list(Self.kinds))")
            }
        default:
            throw reader.fail(path, "expected a text, null or an object with a \"kind\", got \(PolicyFileReader.kind(value))")
        }
    }

    func window(_ value: JSONValue, _ path: String, inList: Bool = false) throws(PolicyFileError) -> LimitWindow {
        if case .array = value, !inList {
            throw reader.fail(path, "expected one window such as \"day\": only a \"meter\" or \"bar\" screen reads a list of windows (format 11)")
        }
        let name = try reader.string(value, path)
        guard let window = LimitWindow(name: name) else {
            throw reader.fail(path, "unknown window \(PolicyFileReader.quoted(name)); expected \"day\", \"week\", \"month\", \"rolling\", \"total\" or \"stock\"")
        }
        guard window != .rolling || policy.countsRolling else {
            throw reader.fail(path, "no plan limits a meter by rolling window, so none is counted (G4): add a rolling limit, or show another window")
        }
        guard window != .week || policy.countsWeeks else {
            throw reader.fail(path, "no plan limits a meter by week, so no week is counted (G4): add a week limit, or show another window")
        }
        return window
    }

    /// The branches are read once each, in file order (`else` first), and each slot the
    /// cases leave out shows the one `else` (`ScreenBranches`), never a copy of it.
    func byPlan(_ value: JSONValue, _ path: String, _ context: Context, depth: Int) throws(PolicyFileError) -> ScreenExpression {
        let fields = try reader.members(value, path, allowed: ["kind", "cases", "else"], required: ["cases"])
        var candidates: [ScreenExpression] = []
        let fallback = try fields["else"].map { (value) throws(PolicyFileError) -> Int in
            candidates.append(try read(value, path + ".else", context, depth: depth + 1))
            return candidates.count - 1
        }
        var picks = [Int?](repeating: nil, count: policy.plans.count + 1)
        for (key, branch) in try reader.keyed(fields["cases"]!, path + ".cases") {
            let casePath = path + ".cases" + PolicyFileReader.step(key)
            let slot: Int
            if key == "none" {
                guard policy.noPlanCanOccur else { throw reader.fail(casePath, "no plan is never in force: the guest default always applies") }
                slot = policy.plans.count
            } else {
                guard let plan = policy.planIndex(key) else {
                    throw reader.fail(casePath, "unknown plan \(PolicyFileReader.quoted(key)); expected \(PolicyFileReader.list(policy.plans.map(\.id) + (policy.noPlanCanOccur ? ["none"] : [])))")
                }
                slot = plan
            }
            candidates.append(try read(branch, casePath, context, depth: depth + 1))
            picks[slot] = candidates.count - 1
        }
        var resolved: [Int] = []
        for slot in picks.indices {
            if let pick = picks[slot] { resolved.append(pick); continue }
            let isNone = slot == policy.plans.count
            if isNone, !policy.noPlanCanOccur {
                // Never shown: no plan is never in force.
                candidates.append(.null)
                resolved.append(candidates.count - 1)
                continue
            }
            guard let fallback else {
                throw reader.fail(path + ".cases", "no case for plan \(PolicyFileReader.quoted(isNone ? "none" : policy.plans[slot].id)) and no \"else\"")
            }
            resolved.append(fallback)
        }
        return .byPlan(ScreenBranches(picks: resolved, from: candidates))
    }

    /// As `byPlan`: each branch read once, the `else` shared by every slot it covers.
    func byProduct(_ value: JSONValue, _ path: String, _ context: Context, depth: Int) throws(PolicyFileError) -> ScreenExpression {
        let fields = try reader.members(value, path, allowed: ["kind", "cases", "else"], required: ["cases", "else"])
        var candidates: [ScreenExpression] = []
        var picks = [Int?](repeating: nil, count: policy.products.count)
        for (key, branch) in try reader.keyed(fields["cases"]!, path + ".cases") {
            let casePath = path + ".cases" + PolicyFileReader.step(key)
            guard let product = policy.productIndex(key) else {
                throw reader.fail(casePath, "unknown product \(PolicyFileReader.quoted(key)); expected \(PolicyFileReader.list(policy.products.map(\.id)))")
            }
            candidates.append(try read(branch, casePath, context, depth: depth + 1))
            picks[product] = candidates.count - 1
        }
        candidates.append(try read(fields["else"]!, path + ".else", context, depth: depth + 1))
        let fallback = candidates.count - 1
        return .byProduct(ScreenBranches(picks: picks.map { $0 ?? fallback } + [fallback], from: candidates))
    }

    func meter(_ value: JSONValue, _ path: String, depth: Int) throws(PolicyFileError) -> ScreenExpression {
        let fields = try reader.members(value, path, allowed: ["kind", "meter", "window", "warningPercent", "below", "warning", "reached", "unlimited"],
                                        required: ["meter", "window", "below", "reached"])
        let meter = try reader.meterReference(fields["meter"]!, path + ".meter", meters: policy.meters)
        let windows = try meterWindows(fields["window"]!, path + ".window", meter: meter)
        var percent: Int?
        if let value = fields["warningPercent"] {
            let share = try reader.integer(value, path + ".warningPercent", minimum: 1)
            guard share < 100 else { throw reader.fail(path + ".warningPercent", "\(share) is not below 100: at 100 % the meter is reached") }
            percent = share
        }
        guard (percent == nil) == (fields["warning"] == nil) else {
            throw reader.fail(path, percent == nil ? "\"warning\" needs \"warningPercent\"" : "missing \"warning\" (the text from \"warningPercent\")")
        }
        let credits = policy.hasCredits(meter: meter)
        let withLimit = Context.meter(hasLimit: true, credits: credits)
        return .meter(ScreenMeter(
            meter: meter, windows: windows, warningPercent: percent,
            below: try read(fields["below"]!, path + ".below", withLimit, depth: depth + 1),
            warning: try fields["warning"].map { (value) throws(PolicyFileError) in try read(value, path + ".warning", withLimit, depth: depth + 1) },
            reached: try read(fields["reached"]!, path + ".reached", withLimit, depth: depth + 1),
            unlimited: try unlimited(fields["unlimited"], path, meter: meter, windows: windows, credits: credits, depth: depth)))
    }

    /// A `meter` screen's `unlimited` branch: required only when some plan shows a limit on
    /// none of its windows; left out, it is never shown (null).
    func unlimited(_ value: JSONValue?, _ path: String, meter: Int, windows: [LimitWindow], credits: Bool, depth: Int) throws(PolicyFileError) -> ScreenExpression {
        if let value { return try read(value, path + ".unlimited", .meter(hasLimit: false, credits: credits), depth: depth + 1) }
        guard let plan = ScreenMeter.planShowingNoLimit(in: policy, meter: meter, windows) else { return .null }
        let named = windows.count == 1 ? windows[0].name : "any of " + windows.map(\.name).joined(separator: ", ")
        throw reader.fail(path, "missing \"unlimited\" (the branch shown under plan \(PolicyFileReader.quoted(plan.id)), which shows no limit on \(named))")
    }

    /// A `meter` or `bar` screen's `window`: one window, or (format 11) a list of two or more,
    /// distinct, each one some plan shows a limit for on the meter (any other could never
    /// decide the screen).
    func meterWindows(_ value: JSONValue, _ path: String, meter: Int) throws(PolicyFileError) -> [LimitWindow] {
        guard case .array(let items) = value else { return [try window(value, path)] }
        try reader.require(.screenWindows, format, at: path)
        guard items.count >= 2 else {
            throw reader.fail(path, "list two windows or more, or write one window as a text (\"window\": \"day\")")
        }
        var windows: [LimitWindow] = []
        for (index, item) in items.enumerated() {
            let itemPath = path + "[\(index)]"
            let window = try window(item, itemPath, inList: true)
            guard !windows.contains(window) else { throw reader.fail(itemPath, "window \(PolicyFileReader.quoted(window.name)) listed twice") }
            guard policy.plans.contains(where: { $0.shownLimit(meter: meter, window) != nil }) else {
                let hidden = policy.plans.contains { $0.limit(meter: meter, window) != nil } ? " (a hidden limit is never shown)" : ""
                throw reader.fail(itemPath, "no plan shows a limit on \(PolicyFileReader.quoted(policy.meters[meter])) by \(window.name)\(hidden), so this window never decides the screen: leave it out")
            }
            windows.append(window)
        }
        return windows
    }

    /// Splits a text at its `{name}` placeholders, refusing any the context cannot fill.
    func template(_ text: String, _ path: String, _ context: Context) throws(PolicyFileError) -> ScreenTemplate {
        var segments: [ScreenTemplate.Segment] = []
        var literal = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            guard rest[open] == "{" else { throw reader.fail(path, "\"}\" without \"{\" in \(PolicyFileReader.quoted(text))") }
            literal += rest[rest.startIndex..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { throw reader.fail(path, "unclosed \"{\" in \(PolicyFileReader.quoted(text))") }
            let name = String(rest[rest.index(after: open)..<close])
            let segment: ScreenTemplate.Segment
            switch (name, context) {
            case ("date", .expiry): segment = .date
            case ("used", .meter): segment = .number(.used)
            case ("limit", .meter(true, _)): segment = .number(.limit)
            case ("remaining", .meter(true, _)): segment = .number(.remaining)
            case ("credits", .meter(_, true)): segment = .number(.credits)
            case ("limit", .meter(false, _)), ("remaining", .meter(false, _)):
                throw reader.fail(path, "placeholder {\(name)} has no value when the meter is unlimited")
            case ("credits", .meter(_, false)):
                throw reader.fail(path, "placeholder {credits} has no value: no credit pack is for this meter")
            case ("used", .expiry), ("limit", .expiry), ("remaining", .expiry), ("credits", .expiry):
                throw reader.fail(path, "placeholder {\(name)} is not filled in an \"expiry\" text, which fills only {date}")
            case ("used", _), ("limit", _), ("remaining", _), ("credits", _):
                throw reader.fail(path, "placeholder {\(name)} is only filled in the texts of a \"meter\" screen's branches (and their plurals, and a byPlan or byProduct in them), not in a box's fixed text or anywhere else")
            case ("date", _):
                throw reader.fail(path, "placeholder {date} is only filled inside an \"expiry\" screen")
            default:
                let here: String
                switch context {
                case .meter(hasLimit: true, credits: false): here = "; here {used}, {limit} or {remaining} is filled"
                case .meter(hasLimit: true, credits: true): here = "; here {used}, {limit}, {remaining} or {credits} is filled"
                case .meter(hasLimit: false, credits: false): here = "; here only {used} is filled"
                case .meter(hasLimit: false, credits: true): here = "; here {used} or {credits} is filled"
                case .expiry: here = "; here only {date} is filled"
                case .plain: here = "; no placeholder is filled here"
                }
                throw reader.fail(path, "unknown placeholder {\(MessageText.bare(name))} (the placeholders are {used}, {limit}, {remaining}, {credits} and {date})" + here)
            }
            if !literal.isEmpty { segments.append(.literal(literal)); literal = "" }
            segments.append(segment)
            rest = rest[rest.index(after: close)...]
        }
        literal += rest
        if !literal.isEmpty { segments.append(.literal(literal)) }
        return ScreenTemplate(segments: segments)
    }
}

import Foundation

extension SubscriptionPolicy {
    /// Reads a policy file's text (`docs/policy-file.md`), strictly: the first fault is
    /// thrown, naming `file`, its JSON path and what is wrong.
    public init(data: Data, file: String) throws(PolicyFileError) {
        let json: JSONValue
        do { json = try JSONValue.parse(data) } catch {
            if let key = error.repeatedKey,
               let steps = data.withUnsafeBytes({ JSONParser.containerPath(at: error.offset, in: $0.bindMemory(to: UInt8.self)) }) {
                throw PolicyFileError(file: file, path: JSONParser.pathText(steps), problem: "key \(PolicyFileReader.quoted(key)) given twice")
            }
            throw PolicyFileError(file: file, path: "$", problem: error.notJSONText(in: data))
        }
        try self.init(json: json, file: file)
        source.contentDigest = FNV1a.hash(bytes: data)
    }

    /// Reads a parsed policy file, strictly (see `init(data:file:)`).
    package init(json: JSONValue, file: String) throws(PolicyFileError) {
        self = try PolicyFileReader(file: file, root: json).policy()
        source = PolicySource(file: file)
    }
}

/// The policy file's strict reader: every key known, every id resolved, every response
/// that can be needed present, and nothing that could never be used.
///
/// Checks run in file order where they can (the top-level keys in the schema's order,
/// then each list in order), so the first fault of a file is the one named.
struct PolicyFileReader {
    let file: String
    /// The whole file, parsed (`policy()` reads it; `require` looks through it again when
    /// it refuses a key).
    let root: JSONValue

    /// The most plans and features a policy may have (they are bit sets in the engine).
    static let maxPlans = SubscriptionPolicy.maxPlans
    static let maxFeatures = 64
    /// The most meters a policy may have (the engine holds their counts inline).
    static let maxMeters = MeterCounts.capacity

    /// The error at `path` (a long path cut in its middle: `MessageText.path`).
    func fail(_ path: String, _ problem: String) -> PolicyFileError {
        PolicyFileError(file: file, path: MessageText.path(path), problem: problem)
    }

    // MARK: Shapes

    /// An object's members by key, after refusing duplicate and unknown keys and
    /// reporting the first missing required one.
    func members(_ value: JSONValue, _ path: String, allowed: [String], required: [String] = []) throws(PolicyFileError) -> [String: JSONValue] {
        guard case .object(let object) = value else { throw fail(path, "expected an object, got \(Self.kind(value))") }
        var found: [String: JSONValue] = [:]
        for member in object.members {
            guard allowed.contains(member.key) else {
                throw fail(path, "unknown key \(Self.quoted(member.key)); expected \(Self.list(allowed))")
            }
            guard found[member.key] == nil else { throw fail(path, "key \(Self.quoted(member.key)) given twice") }
            found[member.key] = member.value
        }
        for key in required where found[key] == nil { throw fail(path, "missing \(Self.quoted(key))") }
        return found
    }

    /// The members of an object whose keys are ids (free text), in file order, without duplicates.
    func keyed(_ value: JSONValue, _ path: String) throws(PolicyFileError) -> [(key: String, value: JSONValue)] {
        guard case .object(let object) = value else { throw fail(path, "expected an object, got \(Self.kind(value))") }
        var seen = Set<String>()
        var pairs: [(key: String, value: JSONValue)] = []
        for member in object.members {
            guard seen.insert(member.key).inserted else { throw fail(path, "key \(Self.quoted(member.key)) given twice") }
            pairs.append((member.key, member.value))
        }
        return pairs
    }

    func string(_ value: JSONValue, _ path: String) throws(PolicyFileError) -> String {
        guard case .string(let text) = value else { throw fail(path, "expected a string, got \(Self.kind(value))") }
        return text
    }

    /// A text that must say something (an id; what users see on its own, a plan's name
    /// or an alert's title or message, which would show as a blank): a string, not
    /// empty. (A screen's text may be empty: a label can be blank on purpose.)
    func shownText(_ value: JSONValue, _ path: String, _ what: String, _ hint: String = "") throws(PolicyFileError) -> String {
        let text = try string(value, path)
        guard !text.isEmpty else { throw fail(path, "\(what) cannot be empty" + hint) }
        return text
    }

    /// A text shown as written (a plan's name, an alert's title or message): `shownText`,
    /// without braces, since only a screen's texts fill placeholders.
    func writtenText(_ value: JSONValue, _ path: String, _ what: String, _ hint: String = "") throws(PolicyFileError) -> String {
        let text = try shownText(value, path, what, hint)
        let scalars = text.unicodeScalars
        guard let brace = scalars.firstIndex(where: { $0 == "{" || $0 == "}" }) else { return text }
        // Quoted from a little before the brace when it lies past what a quote shows.
        let shown = scalars.distance(from: scalars.startIndex, to: brace) < MessageText.valueLimit - 10 ? Self.quoted(text)
            : "…" + Self.quoted(String(scalars[scalars.index(brace, offsetBy: -20)...]))
        throw fail(path, "\(shown): \(what) is shown as written, so it cannot hold \"{\" or \"}\" (placeholders such as {remaining} are filled only in a screen's texts)")
    }

    /// An id where it refers to one defined elsewhere (an unknown one is named as such).
    func id(_ value: JSONValue, _ path: String) throws(PolicyFileError) -> String {
        try shownText(value, path, "an id")
    }

    /// An id where it is defined: `id`, and `oneLine`.
    func definedID(_ value: JSONValue, _ path: String) throws(PolicyFileError) -> String {
        try oneLine(id(value, path), path, "an id")
    }

    /// `text`, refused when it holds a character that breaks a line or reorders what
    /// follows (`MessageText.firstLineBreaking`: a newline, a tab, a direction override):
    /// an id or a plan's name is shown inside other lines (`policy show`, the reports),
    /// where such a character would break or forge one.
    func oneLine(_ text: String, _ path: String, _ what: String) throws(PolicyFileError) -> String {
        guard let problem = MessageText.notOneLine(text, what) else { return text }
        throw fail(path, problem)
    }

    func array(_ value: JSONValue, _ path: String) throws(PolicyFileError) -> [JSONValue] {
        guard case .array(let items) = value else { throw fail(path, "expected a list, got \(Self.kind(value))") }
        return items
    }

    func bool(_ value: JSONValue, _ path: String) throws(PolicyFileError) -> Bool {
        guard case .bool(let flag) = value else { throw fail(path, "expected true or false, got \(Self.kind(value))") }
        return flag
    }

    /// A whole number from `minimum` up.
    func integer(_ value: JSONValue, _ path: String, minimum: Int) throws(PolicyFileError) -> Int {
        guard case .number(let number) = value else { throw fail(path, "expected a whole number, got \(Self.kind(value))") }
        guard let int = number.int64, let small = Int(exactly: int), small <= 1_000_000_000 else {
            throw fail(path, "\(MessageText.json(value)) is not a whole number up to 1000000000")
        }
        guard small >= minimum else { throw fail(path, "\(MessageText.json(value)) is below \(minimum)") }
        return small
    }

    // MARK: The document

    static let topKeys = ["format", "policy", "about", "calendar", "dayStartsAt", "weekStartsOn", "rollingHours", "monthAnchor", "trial", "grace", "defaults", "meters", "features", "plans", "creditPacks", "otherProducts", "noPlanResponse", "screens"]

    func policy() throws(PolicyFileError) -> SubscriptionPolicy {
        let top = try members(root, "$", allowed: Self.topKeys, required: ["policy", "calendar", "meters", "features", "plans", "screens"])
        let format = try top["format"].map { (value) throws(PolicyFileError) in try integer(value, "$.format", minimum: 1) } ?? 1
        guard format <= Self.newestFormat else {
            throw fail("$.format", "format \(format) is newer than this reader's (1 to \(Self.newestFormat)); update the package")
        }
        let name = try definedID(top["policy"]!, "$.policy")
        let about = try top["about"].map { (value) throws(PolicyFileError) in try string(value, "$.about") }
        let calendar = try readCalendar(top["calendar"]!)
        let dayStart = try top["dayStartsAt"].map { (value) throws(PolicyFileError) in try readDayStart(value, format: format) } ?? 0
        let firstWeekday = try top["weekStartsOn"].map { (value) throws(PolicyFileError) in try readFirstWeekday(value, format: format) }
        let rollingLength = try top["rollingHours"].map { (value) throws(PolicyFileError) in try readRollingHours(value, format: format) } ?? 0
        let meters = try readMeters(top["meters"]!)
        let features = try readFeatures(top["features"]!, meters: meters, format: format)
        let read = try readPlans(top["plans"]!, meters: meters, features: features, format: format)
        var plans = read.plans
        if firstWeekday == nil, let weekLimit = read.weekLimitPath {
            throw fail(weekLimit, "a week limit needs the day weeks start on: add \"weekStartsOn\": \"monday\" (or another day) at the top of the file")
        }
        let monthsFromPurchase = try top["monthAnchor"].map { (value) throws(PolicyFileError) in try readMonthAnchor(value, format: format) } ?? false
        if monthsFromPurchase, let weekLimit = read.weekLimitPath {
            throw fail(weekLimit, "a week limit cannot yet be in a policy whose months run from the purchase (\"monthAnchor\": \"purchase\")")
        }
        if rollingLength == 0, let rollingLimit = read.rollingLimitPath {
            throw fail(rollingLimit, "a rolling limit needs the window's length: add \"rollingHours\": 24 (or another number of hours) at the top of the file")
        }
        let products = read.products
        let packs = try top["creditPacks"].map { (value) throws(PolicyFileError) in
            try readCreditPacks(value, meters: meters, features: features, products: products, plans: plans, format: format)
        } ?? []
        try refuseLimitsNoUseFits(plans, meters: meters, features: features, packs: packs)
        let trial = try top["trial"].map { (value) throws(PolicyFileError) in try readTimed(value, "$.trial", plans: plans, grace: false) }
        let grace = try top["grace"].map { (value) throws(PolicyFileError) in try readTimed(value, "$.grace", plans: plans, grace: true) }
        var guestDefault: Int?, registeredDefault: Int?
        if let value = top["defaults"] {
            let defaults = try members(value, "$.defaults", allowed: ["guest", "registered"])
            guestDefault = try defaults["guest"].map { (value) throws(PolicyFileError) in try planReference(value, "$.defaults.guest", plans: plans) }
            registeredDefault = try defaults["registered"].map { (value) throws(PolicyFileError) in try planReference(value, "$.defaults.registered", plans: plans) }
        }
        // A plan that sells nothing and that no default, trial or grace names is never in force.
        let named = Set([trial?.plan, grace?.plan, guestDefault, registeredDefault].compactMap { $0 })
        if let unused = plans.indices.first(where: { !plans[$0].isPaid && !named.contains($0) }) {
            throw fail("$.plans[\(unused)]", "plan \(Self.quoted(plans[unused].id)) can never be in force: it sells no product, and no default, trial or grace names it; give it \"products\", name it in \"defaults\", \"trial\" or \"grace\", or leave it out")
        }
        // Responses are checked once the plans that can be in force are known.
        let draft = SubscriptionPolicy(name: name, about: about, calendar: calendar, dayStart: dayStart, firstWeekday: firstWeekday, rollingLength: rollingLength, trial: trial, grace: grace,
                                       guestDefault: guestDefault, registeredDefault: registeredDefault, meters: meters,
                                       features: features, plans: plans, products: products, noPlanResponse: nil, screens: [])
        for (index, item) in try array(top["plans"]!, "$.plans").enumerated() {
            plans[index].responses = try readResponses(item, "$.plans[\(index)]", plan: index, policy: draft, format: format)
        }
        var noPlanResponse: BlockResponse?
        if draft.noPlanCanOccur {
            guard let value = top["noPlanResponse"] else {
                throw fail("$", "missing \"noPlanResponse\": with no guest default, a use can happen under no plan (G5.5)")
            }
            noPlanResponse = try readResponse(value, "$.noPlanResponse")
        } else if top["noPlanResponse"] != nil {
            throw fail("$.noPlanResponse", "no use can happen under no plan: the guest default \(Self.quoted(plans[guestDefault!].id)) always applies")
        }
        let withPlans = SubscriptionPolicy(name: name, about: about, calendar: calendar, dayStart: dayStart, firstWeekday: firstWeekday, rollingLength: rollingLength, trial: trial, grace: grace,
                                           guestDefault: guestDefault, registeredDefault: registeredDefault, meters: meters,
                                           features: features, plans: plans, products: products, creditPacks: packs, noPlanResponse: noPlanResponse, screens: [])
        let screens = try ScreenExpressionReader(reader: self, policy: withPlans, format: format).screens(top["screens"]!)
        var policy = SubscriptionPolicy(name: name, about: about, calendar: calendar, dayStart: dayStart, firstWeekday: firstWeekday, rollingLength: rollingLength,
                                        trial: trial, grace: grace, guestDefault: guestDefault, registeredDefault: registeredDefault, meters: meters,
                                        features: features, plans: plans, products: products, creditPacks: packs, noPlanResponse: noPlanResponse, screens: screens)
        policy.otherProducts = try top["otherProducts"].map { (value) throws(PolicyFileError) in
            try readOtherProducts(value, sold: products.map(\.id) + packs.map(\.id), format: format)
        } ?? []
        policy.monthsFromPurchase = monthsFromPurchase
        return policy
    }

    /// `[{"id": PRODUCT, "kind": KIND}, ...]`, in a file of format 9 or later: the products
    /// the app sells that no rule reads.
    func readOtherProducts(_ value: JSONValue, sold: [String], format: Int) throws(PolicyFileError) -> [OtherProduct] {
        try require(.otherProducts, format, at: "$.otherProducts")
        var others: [OtherProduct] = []
        for (index, item) in try array(value, "$.otherProducts").enumerated() {
            let path = "$.otherProducts[\(index)]"
            let fields = try members(item, path, allowed: ["id", "kind"], required: ["id", "kind"])
            let productID = try definedID(fields["id"]!, path + ".id")
            guard !sold.contains(productID) else {
                throw fail(path + ".id", "product \(Self.quoted(productID)) is sold by a plan or as a credit pack; an other product is one no rule reads")
            }
            guard !others.contains(where: { $0.id == productID }) else { throw fail(path + ".id", "product \(Self.quoted(productID)) listed twice") }
            let kindName = try string(fields["kind"]!, path + ".kind")
            guard let kind = OtherProduct.Kind(rawValue: kindName) else {
                throw fail(path + ".kind", "unknown kind \(Self.quoted(kindName)); expected \"consumable\", \"non-renewing\" or \"subscription-suite\"")
            }
            others.append(OtherProduct(id: productID, kind: kind))
        }
        guard !others.isEmpty else { throw fail("$.otherProducts", "an empty list: leave \"otherProducts\" out for a policy that sells none") }
        return others
    }

    /// `"HH:MM"`, in a file of format 5 or later: when a day starts on the calendar's
    /// wall clock, in milliseconds after midnight.
    func readDayStart(_ value: JSONValue, format: Int) throws(PolicyFileError) -> Int64 {
        try require(.dayStart, format, at: "$.dayStartsAt")
        let text = try string(value, "$.dayStartsAt")
        let digits = Array(text.utf8)
        func digit(_ i: Int) -> Int? { digits[i] >= 48 && digits[i] <= 57 ? Int(digits[i] - 48) : nil }
        guard digits.count == 5, digits[2] == UInt8(ascii: ":"), let h1 = digit(0), let h2 = digit(1), let m1 = digit(3), let m2 = digit(4),
              h1 * 10 + h2 < 24, m1 * 10 + m2 < 60 else {
            throw fail("$.dayStartsAt", "\(Self.quoted(text)) is not a time of day such as \"04:00\" (HH:MM, 00:00 to 23:59)")
        }
        return Int64((h1 * 10 + h2) * 60 + m1 * 10 + m2) * Milliseconds.minute
    }

    /// The longest rolling window, in hours: a leap year.
    static let longestRollingHours = 8_784

    /// A whole number of hours from 1 to `longestRollingHours`, in a file of format 7 or
    /// later: a rolling window's length, in ms.
    func readRollingHours(_ value: JSONValue, format: Int) throws(PolicyFileError) -> Int64 {
        try require(.rollingHours, format, at: "$.rollingHours")
        let hours = try integer(value, "$.rollingHours", minimum: 1)
        guard hours <= Self.longestRollingHours else { throw fail("$.rollingHours", "a rolling window is at most \(Self.longestRollingHours) hours (a leap year)") }
        return Int64(hours) * Milliseconds.hour
    }

    /// `"calendar"` or `"purchase"`, in a file of format 10 or later: whether months run
    /// from the day of the month the current subscription began (true) or from the 1st.
    func readMonthAnchor(_ value: JSONValue, format: Int) throws(PolicyFileError) -> Bool {
        try require(.monthAnchor, format, at: "$.monthAnchor")
        let text = try string(value, "$.monthAnchor")
        switch text {
        case "calendar": return false
        case "purchase": return true
        default: throw fail("$.monthAnchor", "\(Self.quoted(text)) is not a month anchor; expected \"calendar\" or \"purchase\"")
        }
    }

    /// `"monday"`, in a file of format 6 or later: the day a calendar week starts on.
    func readFirstWeekday(_ value: JSONValue, format: Int) throws(PolicyFileError) -> Weekday {
        try require(.firstWeekday, format, at: "$.weekStartsOn")
        let text = try string(value, "$.weekStartsOn")
        guard let day = Weekday(name: text) else {
            throw fail("$.weekStartsOn", "\(Self.quoted(text)) is not a day of the week; expected \(Self.list(Weekday.allCases.map(\.name)))")
        }
        return day
    }

    func readCalendar(_ value: JSONValue) throws(PolicyFileError) -> PolicyCalendar {
        let text = try string(value, "$.calendar")
        if text == "device" { return .device }
        guard let zone = TimeZoneRules.named(text) else {
            throw fail("$.calendar", "unknown time zone \(Self.quoted(text)); expected \"device\" or a zone such as \"UTC\"")
        }
        return .fixed(zone)
    }

    func readMeters(_ value: JSONValue) throws(PolicyFileError) -> [String] {
        var meters: [String] = []
        let items = try array(value, "$.meters")
        guard items.count <= Self.maxMeters else { throw fail("$.meters", "more than \(Self.maxMeters) meters") }
        for (index, item) in items.enumerated() {
            let meter = try definedID(item, "$.meters[\(index)]")
            guard !meters.contains(meter) else { throw fail("$.meters[\(index)]", "meter \(Self.quoted(meter)) listed twice") }
            meters.append(meter)
        }
        return meters
    }

    func readFeatures(_ value: JSONValue, meters: [String], format: Int) throws(PolicyFileError) -> [Feature] {
        let items = try array(value, "$.features")
        guard !items.isEmpty else { throw fail("$.features", "a policy needs at least one feature") }
        guard items.count <= Self.maxFeatures else { throw fail("$.features", "more than \(Self.maxFeatures) features") }
        var features: [Feature] = []
        for (index, item) in items.enumerated() {
            let path = "$.features[\(index)]"
            let fields = try members(item, path, allowed: ["id", "consumes", "then", "cost", "releases", "history"], required: ["id"])
            let featureID = try definedID(fields["id"]!, path + ".id")
            guard !features.contains(where: { $0.id == featureID }) else { throw fail(path + ".id", "feature \(Self.quoted(featureID)) listed twice") }
            var effect = Feature.Effect.gate
            if let consumed = fields["consumes"] {
                effect = .consumes(try meterReference(consumed, path + ".consumes", meters: meters))
            }
            if let released = fields["releases"] {
                guard fields["consumes"] == nil else { throw fail(path, "a feature either consumes or releases a meter, not both") }
                effect = .releases(try meterReference(released, path + ".releases", meters: meters))
            }
            let history = try fields["history"].map { (value) throws(PolicyFileError) in try bool(value, path + ".history") } ?? false
            if history, effect != .gate {
                throw fail(path + ".history", "a feature with a history window counts nothing (G6.3): drop \"consumes\"/\"releases\"")
            }
            let cost = try fields["cost"].map { (value) throws(PolicyFileError) in
                try readCost(value, path + ".cost", consumes: fields["consumes"] != nil, format: format)
            } ?? 1
            let then = try fields["then"].map { (value) throws(PolicyFileError) in
                try readThen(value, path + ".then", effect: effect, meters: meters, format: format)
            }
            features.append(Feature(id: featureID, effect: effect, hasHistory: history, cost: cost, then: then))
        }
        for (index, meter) in meters.enumerated()
        where !features.contains(where: { $0.effect == .consumes(index) || $0.then == index }) {
            throw fail("$.meters[\(index)]", "no feature consumes meter \(Self.quoted(meter)) (\"consumes\" or \"then\"), so its counts could never move: leave it out")
        }
        return features
    }

    func meterReference(_ value: JSONValue, _ path: String, meters: [String]) throws(PolicyFileError) -> Int {
        let meter = try id(value, path)
        guard let index = meters.firstIndex(of: meter) else { throw fail(path, "unknown meter \(Self.quoted(meter)); expected \(Self.list(meters))") }
        return index
    }

    func planReference(_ value: JSONValue, _ path: String, plans: [Plan]) throws(PolicyFileError) -> Int {
        let plan = try id(value, path)
        guard let index = plans.firstIndex(where: { $0.id == plan }) else {
            throw fail(path, "unknown plan \(Self.quoted(plan)); expected \(Self.list(plans.map(\.id)))")
        }
        return index
    }

    static let planKeys = ["id", "name", "products", "features", "limits", "history", "responses"]

    func readPlans(_ value: JSONValue, meters: [String], features: [Feature], format: Int) throws(PolicyFileError)
        -> (plans: [Plan], products: [StoreProduct], weekLimitPath: String?, rollingLimitPath: String?) {
        let items = try array(value, "$.plans")
        guard !items.isEmpty else { throw fail("$.plans", "a policy needs at least one plan") }
        guard items.count <= Self.maxPlans else { throw fail("$.plans", "more than \(Self.maxPlans) plans") }
        var plans: [Plan] = []
        var products: [StoreProduct] = []
        var weekLimitPath: String?, rollingLimitPath: String?
        for (index, item) in items.enumerated() {
            let path = "$.plans[\(index)]"
            let fields = try members(item, path, allowed: Self.planKeys, required: ["id", "name", "features"])
            let planID = try definedID(fields["id"]!, path + ".id")
            guard planID != "none" else { throw fail(path + ".id", "\"none\" is reserved for no plan (G5.5)") }
            guard !plans.contains(where: { $0.id == planID }) else { throw fail(path + ".id", "plan \(Self.quoted(planID)) listed twice") }
            let name = try oneLine(writtenText(fields["name"]!, path + ".name", "a plan name"), path + ".name", "a plan name")
            var sold = 0
            if let list = fields["products"] {
                for (p, product) in try array(list, path + ".products").enumerated() {
                    let productPath = path + ".products[\(p)]"
                    let parsed = try readProduct(product, productPath, plan: index, format: format)
                    if let other = products.first(where: { $0.id == parsed.id }) {
                        throw fail(productPath + ".id", "product \(Self.quoted(parsed.id)) is already sold by plan \(Self.quoted(other.plan == index ? planID : plans[other.plan].id))")
                    }
                    products.append(parsed)
                    sold += 1
                }
                guard sold > 0 else { throw fail(path + ".products", "an empty list: leave \"products\" out for a plan that sells none") }
            }
            let enabled = try readEnabled(fields["features"]!, path + ".features", features: features)
            var limits = [Limit?](repeating: nil, count: meters.count * LimitWindow.count)
            if let value = fields["limits"] {
                for (meterID, windows) in try keyed(value, path + ".limits") {
                    let meterPath = path + ".limits" + Self.step(meterID)
                    guard let meter = meters.firstIndex(of: meterID) else {
                        throw fail(meterPath, "unknown meter \(Self.quoted(meterID)); expected \(Self.list(meters))")
                    }
                    for (windowName, limit) in try keyed(windows, meterPath) {
                        guard let window = LimitWindow(name: windowName) else {
                            throw fail(meterPath, "unknown window \(Self.quoted(windowName)); expected \"day\", \"week\", \"month\", \"rolling\", \"total\" or \"stock\"")
                        }
                        if window == .week {
                            try require(.weekLimit, format, at: meterPath + Self.step(windowName))
                            weekLimitPath = weekLimitPath ?? meterPath + Self.step(windowName)
                        }
                        if window == .rolling {
                            try require(.rollingLimit, format, at: meterPath + Self.step(windowName))
                            rollingLimitPath = rollingLimitPath ?? meterPath + Self.step(windowName)
                        }
                        limits[meter * LimitWindow.count + window.rawValue] = try readLimit(limit, meterPath + Self.step(windowName))
                    }
                }
            }
            var history = [Int?](repeating: nil, count: features.count)
            if let value = fields["history"] {
                for (featureID, days) in try keyed(value, path + ".history") {
                    let featurePath = path + ".history" + Self.step(featureID)
                    guard let feature = features.firstIndex(where: { $0.id == featureID }) else { throw fail(featurePath, "unknown feature \(Self.quoted(featureID))") }
                    guard features[feature].hasHistory else { throw fail(featurePath, "feature \(Self.quoted(featureID)) has no history window") }
                    guard enabled & (1 << UInt64(feature)) != 0 else { throw fail(featurePath, "feature \(Self.quoted(featureID)) is not enabled in this plan") }
                    history[feature] = try integer(days, featurePath, minimum: 1)
                }
            }
            plans.append(Plan(id: planID, name: name, isPaid: sold > 0, enabledFeatures: enabled, limits: limits,
                                    historyDays: history, responses: Array(repeating: nil, count: BlockReason.allCases.count)))
        }
        return (plans, products, weekLimitPath, rollingLimitPath)
    }

    /// Refuses a `day`, `week`, `month` or `rolling` limit below the cost of a use the
    /// plan counts on it: no reset of the window lets that use through, so the reset a
    /// block names (G8) would promise room that never comes. A use counts on the meter it
    /// consumes, and on its second meter where the plan limits the first (G6.5); on the
    /// first, a block names such a reset only where the second's limits can block it with
    /// a later reset, or none. A meter credit packs are for is left alone: credits pay
    /// for the use past the limit (G13).
    func refuseLimitsNoUseFits(_ plans: [Plan], meters: [String], features: [Feature], packs: [CreditPack]) throws(PolicyFileError) {
        let paid = Set(packs.map(\.meter))
        for (index, plan) in plans.enumerated() {
            for (number, feature) in features.enumerated() where plan.enables(feature: number) {
                guard case .consumes(let first) = feature.effect else { continue }
                // The limit of `window` on `meter` when it is below the use's cost.
                func belowCost(_ meter: Int, _ window: LimitWindow) -> Int? {
                    guard !paid.contains(meter), let limit = plan.limit(meter: meter, window)?.value, limit < feature.cost else { return nil }
                    return limit
                }
                func path(_ meter: Int, _ window: LimitWindow) -> String { "$.plans[\(index)].limits" + Self.step(meters[meter]) + Self.step(window.name) }
                for window in [LimitWindow.day, .week, .month, .rolling] {
                    if let limit = belowCost(first, window),
                       feature.then.map({ second in LimitWindow.allCases.contains { plan.limit(meter: second, $0) != nil && Self.canResetLater($0, than: window) } }) ?? true {
                        throw fail(path(first, window), Self.neverFits(limit, feature: feature, then: feature.then.map { meters[$0] }))
                    }
                    if let second = feature.then, plan.limits(meter: first), let limit = belowCost(second, window) {
                        throw fail(path(second, window), Self.neverDraws(limit, feature: feature))
                    }
                }
            }
        }
    }

    /// Whether a block by `window` can name a later reset than one by `than` (or none):
    /// `total` and `stock` never reset; a day never turns after a week or a month does,
    /// and one calendar window turns for both meters at once; a rolling window turns at
    /// any instant.
    static func canResetLater(_ window: LimitWindow, than other: LimitWindow) -> Bool {
        switch (window, other) {
        case (.total, _), (.stock, _), (.rolling, _), (_, .rolling): true
        case (.day, .day), (.day, .week), (.day, .month), (.week, .week), (.month, .month): false
        default: true
        }
    }

    /// Why a limit below `feature`'s cost on a meter it consumes is refused, and what to
    /// write instead; `then`, the second meter it draws on, if any.
    static func neverFits(_ limit: Int, feature: Feature, then: String?) -> String {
        let promise = "its reset would promise room that never comes"
        if let then {
            return "a limit of \(limit) never fits a use of \(quoted(feature.id)) (cost \(feature.cost)), which so always draws on \(quoted(then)), and once that is spent too, the block could name this window's reset, which would not help: raise it to \(feature.cost) or more, or let \(quoted(feature.id)) consume \(quoted(then))"
        }
        if limit == 0 {
            return "a limit of 0 lets no use of \(quoted(feature.id)) through, and \(promise): leave \(quoted(feature.id)) out of this plan's features, or write {\"total\": 0}, which blocks it for good (credit packs for the meter then pay for each use)"
        }
        return "a limit of \(limit) lets no use of \(quoted(feature.id)) (cost \(feature.cost)) through, and \(promise): raise it to \(feature.cost) or more, or leave \(quoted(feature.id)) out of this plan's features"
    }

    /// Why a second meter's limit below the cost of a use drawn on it is refused.
    static func neverDraws(_ limit: Int, feature: Feature) -> String {
        let instead = limit == 0 ? "raise it, or write {\"total\": 0} for no room at all" : "raise it to \(feature.cost) or more"
        return "a limit of \(limit) lets no use of \(quoted(feature.id)) (cost \(feature.cost)) draw on this meter, and its reset would promise room that never comes: \(instead)"
    }

    /// The newest policy format this reader knows: the newest that adds a key (`FormatGatedKey`).
    static let newestFormat = FormatGatedKey.allCases.map(\.format).max()!

    /// Refuses `key` at `path` in a file of a format older than the one that adds it,
    /// naming the format the whole file needs when its other keys need a newer one still
    /// (`formatNeeded`): one edit of `format` is then enough.
    func require(_ key: FormatGatedKey, _ format: Int, at path: String) throws(PolicyFileError) {
        guard format < key.format else { return }
        var problem = "\(key.name) \(key.verb) \"format\": \(key.format) at the top of the file"
        if let newest = Self.formatNeeded(root), newest.format > key.format {
            problem += "; this file needs \"format\": \(newest.format) (for \(newest.name))"
        }
        throw fail(path, problem)
    }

    /// The key of the newest format in `json` (the first found of that format), or nil for
    /// a file of format 1. (Only where the reader looks for each key.)
    static func formatNeeded(_ json: JSONValue) -> FormatGatedKey? {
        var found: FormatGatedKey?
        func need(_ key: FormatGatedKey) { if key.format > found?.format ?? 1 { found = key } }
        func object(_ value: JSONValue?) -> [String: JSONValue] {
            guard case .object(let object)? = value else { return [:] }
            return Dictionary(object.members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        }
        func list(_ value: JSONValue?) -> [JSONValue] { if case .array(let items)? = value { items } else { [] } }
        let top = object(json)
        for key in FormatGatedKey.allCases { if let name = key.topKey, top[name] != nil { need(key) } }
        for feature in list(top["features"]).map(object) {
            if feature["cost"] != nil { need(.cost) }
            if feature["then"] != nil { need(.secondMeter) }
        }
        for plan in list(top["plans"]).map(object) {
            if list(plan["products"]).contains(where: { object($0)["introductoryOffer"] != nil }) { need(.introductoryOffer) }
            for windows in object(plan["limits"]).values.map(object) {
                if windows["week"] != nil { need(.weekLimit) }
                if windows["rolling"] != nil { need(.rollingLimit) }
            }
            if object(plan["responses"])["week"] != nil { need(.weekResponse) }
        }
        func screen(_ value: JSONValue) {
            switch value {
            case .object(let members):
                let fields = object(value)
                if case .string(let kind)? = fields["kind"], kind == "meter" || kind == "bar", case .array? = fields["window"] { need(.screenWindows) }
                members.members.forEach { screen($0.value) }
            case .array(let items): items.forEach(screen)
            default: break
            }
        }
        top["screens"].map(screen)
        return found
    }

    /// The most units one use may cost.
    static let largestCost = 1_000_000

    /// A consuming feature's `cost`, in a file of format 4 or later: the units a use adds.
    func readCost(_ value: JSONValue, _ path: String, consumes: Bool, format: Int) throws(PolicyFileError) -> Int {
        try require(.cost, format, at: path)
        guard consumes else { throw fail(path, "only a feature that consumes a meter has a cost (the units a use adds to it)") }
        let cost = try integer(value, path, minimum: 1)
        guard cost <= Self.largestCost else { throw fail(path, "a use costs at most \(Self.largestCost) units") }
        return cost
    }

    /// A consuming feature's `then`, in a file of format 8 or later: the meter a use draws
    /// on when its own meter's limits would block it.
    func readThen(_ value: JSONValue, _ path: String, effect: Feature.Effect, meters: [String], format: Int) throws(PolicyFileError) -> Int {
        try require(.secondMeter, format, at: path)
        guard case .consumes(let first) = effect else {
            throw fail(path, "only a feature that consumes a meter draws on a second one: add \"consumes\"")
        }
        let second = try meterReference(value, path, meters: meters)
        guard second != first else { throw fail(path, "the second meter is the one the feature consumes; name another, or drop \"then\"") }
        return second
    }

    /// The most credits one pack may add.
    static let largestPack = 1_000_000

    /// `[{"id": PRODUCT, "meter": METER, "credits": N}, ...]`, in a file of format 3 or later.
    func readCreditPacks(_ value: JSONValue, meters: [String], features: [Feature], products: [StoreProduct], plans: [Plan],
                         format: Int) throws(PolicyFileError) -> [CreditPack] {
        try require(.creditPacks, format, at: "$.creditPacks")
        guard meters.count <= MeterCounts.creditCapacity else {
            throw fail("$.creditPacks", "a policy with credit packs has at most \(MeterCounts.creditCapacity) meters (the credits are kept where a fourth meter's counts would be); this one has \(meters.count)")
        }
        var packs: [CreditPack] = []
        for (index, item) in try array(value, "$.creditPacks").enumerated() {
            let path = "$.creditPacks[\(index)]"
            let fields = try members(item, path, allowed: ["id", "meter", "credits"], required: ["id", "meter", "credits"])
            let packID = try definedID(fields["id"]!, path + ".id")
            if let product = products.first(where: { $0.id == packID }) {
                throw fail(path + ".id", "product \(Self.quoted(packID)) is already sold by plan \(Self.quoted(plans[product.plan].id))")
            }
            guard !packs.contains(where: { $0.id == packID }) else { throw fail(path + ".id", "credit pack \(Self.quoted(packID)) listed twice") }
            let meter = try meterReference(fields["meter"]!, path + ".meter", meters: meters)
            if let feature = features.first(where: { $0.then != nil && ($0.effect == .consumes(meter) || $0.then == meter) }) {
                throw fail(path + ".meter", "feature \(Self.quoted(feature.id)) draws on two meters, \(Self.quoted(meters[meter])) among them: a blocked use of it is paid by its second meter, not by credits (G6.5); sell credits for another meter")
            }
            let credits = try integer(fields["credits"]!, path + ".credits", minimum: 1)
            guard credits <= Self.largestPack else { throw fail(path + ".credits", "\(credits) credits: a pack adds at most \(Self.largestPack)") }
            packs.append(CreditPack(id: packID, meter: meter, credits: credits))
        }
        guard !packs.isEmpty else { throw fail("$.creditPacks", "an empty list: leave \"creditPacks\" out for a policy that sells none") }
        return packs
    }

    func readProduct(_ value: JSONValue, _ path: String, plan: Int, format: Int) throws(PolicyFileError) -> StoreProduct {
        let fields = try members(value, path, allowed: ["id", "kind", "period", "introductoryOffer"], required: ["id", "kind"])
        let productID = try definedID(fields["id"]!, path + ".id")
        let kind = try string(fields["kind"]!, path + ".kind")
        switch kind {
        case "auto-renewable":
            guard let value = fields["period"] else { throw fail(path, "missing \"period\" (such as \"P1M\" or \"P1Y\") for an auto-renewable product") }
            let period = try readPeriod(value, path + ".period")
            let offer = try fields["introductoryOffer"].map { (value) throws(PolicyFileError) in
                try readIntroductoryOffer(value, path + ".introductoryOffer", format: format)
            }
            return StoreProduct(id: productID, kind: .autoRenewable(period: period), plan: plan, introductoryOffer: offer)
        case "non-consumable":
            guard fields["period"] == nil else { throw fail(path + ".period", "a non-consumable product has no period") }
            guard fields["introductoryOffer"] == nil else { throw fail(path + ".introductoryOffer", "only an auto-renewable product has an introductory offer") }
            return StoreProduct(id: productID, kind: .nonConsumable, plan: plan)
        default:
            throw fail(path + ".kind", "unknown kind \(Self.quoted(kind)); expected \"auto-renewable\" or \"non-consumable\""
                       + (kind == "consumable" ? " (a consumable that pays for uses is a credit pack: \"creditPacks\", format 3)" : ""))
        }
    }

    /// A period of one unit (`isPeriod`).
    func readPeriod(_ value: JSONValue, _ path: String) throws(PolicyFileError) -> String {
        let period = try string(value, path)
        guard Self.isPeriod(period) else { throw fail(path, "\(Self.quoted(period)) is not a period such as \"P1W\", \"P1M\" or \"P1Y\" (one unit, D, W, M or Y, counted from 1 to \(Self.largestPeriodCount))") }
        return period
    }

    /// `{"payment": ..., "period": ..., "periods": N}`, in a file of format 2 or later.
    func readIntroductoryOffer(_ value: JSONValue, _ path: String, format: Int) throws(PolicyFileError) -> IntroductoryOffer {
        try require(.introductoryOffer, format, at: path)
        let fields = try members(value, path, allowed: ["payment", "period", "periods"], required: ["payment", "period"])
        let paymentText = try string(fields["payment"]!, path + ".payment")
        guard let payment = IntroductoryOffer.Payment(rawValue: paymentText) else {
            throw fail(path + ".payment", "unknown payment \(Self.quoted(paymentText)); expected \"free\", \"pay-as-you-go\" or \"pay-up-front\"")
        }
        let period = try readPeriod(fields["period"]!, path + ".period")
        let periods = try fields["periods"].map { (value) throws(PolicyFileError) in try integer(value, path + ".periods", minimum: 1) } ?? 1
        guard periods == 1 || payment == .payAsYouGo else {
            throw fail(path + ".periods", "\(periods) periods: only a pay-as-you-go offer lasts more than one period")
        }
        return IntroductoryOffer(payment: payment, period: period, periods: periods)
    }

    /// Whether `text` is a billing period of one unit: `P`, a whole number from 1 to
    /// `largestPeriodCount` without leading zeros, then `D`, `W`, `M` or `Y`. (The bound
    /// keeps every period one the simulator's generator can renew by; StoreKit's own
    /// periods run from a week to a year.)
    static func isPeriod(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 3, bytes.first == UInt8(ascii: "P"), let unit = bytes.last, "DWMY".utf8.contains(unit) else { return false }
        let digits = bytes[1..<bytes.count - 1]
        guard digits.count <= 4, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), digits.first != 0x30 else { return false }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) } <= largestPeriodCount
    }

    /// The largest number a period may count of its unit.
    static let largestPeriodCount = SubscriptionPolicy.largestPeriodCount

    func readEnabled(_ value: JSONValue, _ path: String, features: [Feature]) throws(PolicyFileError) -> UInt64 {
        var bits: UInt64 = 0
        if case .string("all") = value {
            for index in features.indices where !features[index].isReleasing { bits |= 1 << UInt64(index) }
            return bits
        }
        guard case .array(let items) = value else { throw fail(path, "expected \"all\" or a list of feature ids, got \(Self.kind(value))") }
        for (index, item) in items.enumerated() {
            let itemPath = path + "[\(index)]"
            let featureID = try id(item, itemPath)
            guard let feature = features.firstIndex(where: { $0.id == featureID }) else {
                throw fail(itemPath, "unknown feature \(Self.quoted(featureID)); expected \(Self.list(features.map(\.id)))")
            }
            guard !features[feature].isReleasing else {
                throw fail(itemPath, "feature \(Self.quoted(featureID)) releases stock and is never blocked (G4): leave it out")
            }
            guard bits & (1 << UInt64(feature)) == 0 else { throw fail(itemPath, "feature \(Self.quoted(featureID)) listed twice") }
            bits |= 1 << UInt64(feature)
        }
        return bits
    }

    func readLimit(_ value: JSONValue, _ path: String) throws(PolicyFileError) -> Limit {
        if case .number = value { return Limit(try integer(value, path, minimum: 0)) }
        // A limit is a whole number, or an object that says more of it: a "5" is the former's mistake.
        guard case .object = value else {
            throw fail(path, "expected a whole number (or an object such as {\"limit\": 5, \"hidden\": true}), got \(Self.kind(value))")
        }
        let fields = try members(value, path, allowed: ["limit", "hidden"], required: ["limit"])
        let limit = try integer(fields["limit"]!, path + ".limit", minimum: 0)
        let hidden = try fields["hidden"].map { (value) throws(PolicyFileError) in try bool(value, path + ".hidden") } ?? false
        return Limit(limit, hidden: hidden)
    }

    func readTimed(_ value: JSONValue, _ path: String, plans: [Plan], grace: Bool) throws(PolicyFileError) -> TimedPlan {
        let fields = try members(value, path, allowed: grace ? ["plan", "installedBefore", "hours"] : ["plan", "hours"],
                                 required: grace ? ["plan", "installedBefore", "hours"] : ["plan", "hours"])
        let plan = try planReference(fields["plan"]!, path + ".plan", plans: plans)
        let hours = try integer(fields["hours"]!, path + ".hours", minimum: 1)
        var cutoff: Instant?
        if grace {
            let text = try string(fields["installedBefore"]!, path + ".installedBefore")
            switch Self.utcInstant(text) {
            case .success(let instant): cutoff = instant
            case .failure(let problem): throw fail(path + ".installedBefore", "\(Self.quoted(text)) \(problem.text)")
            }
        }
        return TimedPlan(plan: plan, lengthMilliseconds: Int64(hours) * Milliseconds.hour, cutoff: cutoff)
    }

    /// Why a text is not a policy's instant: the words after the quoted text.
    struct InstantProblem: Error {
        let text: String
        static let form = InstantProblem(text: "is not an instant written YYYY-MM-DDTHH:MM:SSZ")
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` (a policy constant is written in UTC), years 1970–2099; a
    /// text of that form whose date does not exist, or whose year is outside, says so.
    static func utcInstant(_ text: String) -> Result<Instant, InstantProblem> {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A, bytes[16] == 0x3A,
              bytes[19] == 0x5A else { return .failure(.form) }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
              let minute = number(14..<16), let second = number(17..<19), hour <= 23, minute <= 59, second <= 59 else { return .failure(.form) }
        // The year first, as the timeline reader names the same faults.
        guard (1970...2099).contains(year) else { return .failure(InstantProblem(text: "is in \(year), outside the years 1970–2099")) }
        guard LocalDate.isValid(year: year, month: month, day: day) else {
            return .failure(InstantProblem(text: "is an impossible date: " + LocalDate.impossibility(year: year, month: month, day: day)))
        }
        let seconds = Int64(LocalDate.days(year: year, month: month, day: day)) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return .success(Instant(secondsSince1970: seconds))
    }

    // MARK: Responses

    func readResponses(_ item: JSONValue, _ path: String, plan: Int, policy: SubscriptionPolicy, format: Int) throws(PolicyFileError) -> [BlockResponse?] {
        let fields = try members(item, path, allowed: Self.planKeys)
        let possible = policy.reasonsThatCanOccur(under: plan)
        let planID = policy.plans[plan].id
        var responses = [BlockResponse?](repeating: nil, count: BlockReason.allCases.count)
        var fallback: BlockResponse?
        if let value = fields["responses"] {
            for (key, response) in try keyed(value, path + ".responses") {
                let responsePath = path + ".responses" + Self.step(key)
                if key == "any" {
                    fallback = try readResponse(response, responsePath)
                    continue
                }
                guard let reason = BlockReason(name: key), reason != .noPlan else {
                    throw fail(responsePath, "unknown reason \(Self.quoted(key)); expected \"not-in-plan\", \"history\", \"day\", \"week\", \"month\", \"rolling\", \"total\", \"stock\" or \"any\"")
                }
                if reason == .week { try require(.weekResponse, format, at: responsePath) }
                guard possible.contains(reason) else {
                    throw fail(responsePath, "reason \(Self.quoted(key)) can never occur under plan \(Self.quoted(planID))")
                }
                responses[reason.rawValue] = try readResponse(response, responsePath)
            }
        }
        if fallback != nil, possible.allSatisfy({ responses[$0.rawValue] != nil }) {
            throw fail(path + ".responses.any", possible.isEmpty
                ? "\"any\" can never apply: no reason can occur under plan \(Self.quoted(planID))"
                : "\"any\" can never apply: every reason that can occur under plan \(Self.quoted(planID)) has its own response")
        }
        for reason in possible where responses[reason.rawValue] == nil {
            guard let fallback else {
                throw fail(path + ".responses", "no response for reason \(Self.quoted(reason.name)), which can occur under plan \(Self.quoted(planID))")
            }
            responses[reason.rawValue] = fallback
        }
        return responses
    }

    func readResponse(_ value: JSONValue, _ path: String) throws(PolicyFileError) -> BlockResponse {
        if case .string("paywall") = value { return .paywall }
        guard case .object = value else { throw fail(path, "expected \"paywall\" or {\"alert\": {...}}, got \(Self.kind(value))") }
        let fields = try members(value, path, allowed: ["alert"], required: ["alert"])
        let alert = try members(fields["alert"]!, path + ".alert", allowed: ["title", "message"], required: ["title"])
        guard alert["message"] != nil else { throw fail(path + ".alert", "missing \"message\" (write null for none)") }
        let title = try writtenText(alert["title"]!, path + ".alert.title", "an alert title")
        var message: String?
        if alert["message"]! != .null { message = try writtenText(alert["message"]!, path + ".alert.message", "an alert message", " (write null for none)") }
        return .alert(Alert(title: title, message: message))
    }

    // MARK: Showing values in messages

    /// The step of a JSON path into an object's member `key`: `.key`, escaped and cut
    /// (`MessageText.step`).
    static func step(_ key: String) -> String { MessageText.step(key) }

    /// A text as an error shows it (`MessageText.quoted`: escaped, cut after 60 characters).
    static func quoted(_ text: String) -> String { MessageText.quoted(text) }

    /// `"a", "b" or "c"`, each name cut, at most `MessageText.listLimit` of them.
    static func list(_ names: [String]) -> String { MessageText.list(names) }

    static func kind(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number, .string: MessageText.json(value)
        case .array: "a list"
        case .object: "an object"
        }
    }
}

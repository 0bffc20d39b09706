import SubscriptionModel
import SimulatorCore

/// The lenient reader of a StoreKit configuration's JSON (`docs/storekit.md`).
///
/// It looks only at the keys it needs (`version`, `products`,
/// `nonRenewingSubscriptions`, `subscriptionGroups` and `subscriptionSuiteGroups` with
/// each group's `id`, `name` and `subscriptions`, and of a product its `productID`,
/// `type`, `recurringSubscriptionPeriod` (a suite's `duration`), `groupNumber`,
/// `displayPrice`, its offers and billing plans) and never at anything else:
/// `settings` (team and app ids, the last sync date, error injections, any key pair),
/// `appPolicies`, localizations and internal ids are skipped unread, so no message can
/// show them (a key given twice anywhere is refused by the JSON reader, naming the key
/// and its object's path, never a value). A `null` reads as a missing key, as Xcode
/// writes `"introductoryOffer" : null`.
///
/// What the comparison and the simulation need (kinds, periods, levels, the free
/// trial's offer) is read strictly: a fault there is refused. What only the listing
/// shows (prices, the other offers, billing plans) is read leniently: a fault there is
/// a warning, and the value is left out. A newer major version than the reader knows
/// is read the same way, with a warning, and a product type it does not know is
/// skipped with a warning instead of refused.
final class StoreKitConfigurationReader {
    let file: String
    /// What was read with a fault that did not stop the reading, in file order.
    var warnings: [StoreKitFileError] = []
    /// Whether the file's major version is newer than the reader knows.
    var newer = false

    init(file: String) {
        self.file = file
    }

    func fail(_ path: String, _ problem: String) -> StoreKitFileError {
        StoreKitFileError(file: file, place: path, problem: problem)
    }

    func warn(_ path: String, _ problem: String) {
        warnings.append(fail(path, problem))
    }

    /// The value `body` reads, or nil with its fault kept as a warning saying what is left out.
    func lenient<T>(_ leftOut: String, _ body: () throws(StoreKitFileError) -> T) -> T? {
        do {
            return try body()
        } catch {
            warnings.append(StoreKitFileError(file: file, place: error.place, problem: error.problem + "; " + leftOut))
            return nil
        }
    }

    func configuration(_ json: JSONValue) throws(StoreKitFileError) -> StoreKitConfiguration {
        let root = try object(json, "$")
        guard let version = present(root["version"]) else {
            throw fail("$", "missing \"version\": not a StoreKit configuration file (Xcode writes {\"major\": N, \"minor\": N})")
        }
        let versionObject = try object(version, "$.version")
        guard let majorValue = present(versionObject["major"]) else { throw fail("$.version", "missing \"major\"") }
        let known = StoreKitConfiguration.majorVersions
        // (Past a 32-bit field, the range named is the versions a file can have, from the first.)
        let major = try integer(majorValue, "$.version.major", in: known.lowerBound...Self.largest) { major in
            "version \(major) is not one this reader knows (\(known.lowerBound).x to \(known.upperBound).x)"
        }
        if major > known.upperBound {
            newer = true
            warn("$.version.major", "version \(major) is newer than this reader knows (\(known.lowerBound).x to \(known.upperBound).x): what it knows is read, the rest skipped")
        }
        let minor = try present(versionObject["minor"]).map { value throws(StoreKitFileError) in try integer(value, "$.version.minor") } ?? 0

        var products: [StoreKitProduct] = []
        var groups: [StoreKitGroup] = []
        func add(_ product: StoreKitProduct?) throws(StoreKitFileError) {
            guard let product else { return }
            if let earlier = products.first(where: { $0.id == product.id }) {
                throw fail(product.path + ".productID", "product \(ErrorText.quoted(product.id)) is already listed at \(earlier.path)")
            }
            products.append(product)
        }

        for (index, value) in try list(root["products"], "$.products").enumerated() {
            try add(try oneTimeProduct(value, "$.products[\(index)]"))
        }
        for (index, value) in try list(root["nonRenewingSubscriptions"], "$.nonRenewingSubscriptions").enumerated() {
            let path = "$.nonRenewingSubscriptions[\(index)]"
            try add(StoreKitProduct(id: try productID(value, path), kind: .nonRenewing, path: path, price: price(try object(value, path), path)))
        }
        for (index, value) in try list(root["subscriptionGroups"], "$.subscriptionGroups").enumerated() {
            let path = "$.subscriptionGroups[\(index)]"
            let group = try object(value, path)
            groups.append(StoreKitGroup(id: try optionalString(group["id"], path + ".id"), name: try optionalString(group["name"], path + ".name")))
            for (position, subscription) in try list(group["subscriptions"], path + ".subscriptions").enumerated() {
                try add(try autoRenewable(subscription, path + ".subscriptions[\(position)]", group: groups.count - 1))
            }
        }
        // 6.x: subscription suites, in groups of their own.
        for (index, value) in try list(root["subscriptionSuiteGroups"], "$.subscriptionSuiteGroups").enumerated() {
            let path = "$.subscriptionSuiteGroups[\(index)]"
            let group = try object(value, path)
            groups.append(StoreKitGroup(id: try optionalString(group["id"], path + ".id"), name: try optionalString(group["name"], path + ".name"), suite: true))
            for (position, subscription) in try list(group["subscriptions"], path + ".subscriptions").enumerated() {
                try add(try suite(subscription, path + ".subscriptions[\(position)]", group: groups.count - 1))
            }
        }
        // 6.x: every file seen has this list empty, so its entries' shape is unknown.
        if let bundles = present(root["subscriptionBundleGroups"]) {
            if case .array(let entries) = bundles {
                if !entries.isEmpty {
                    warn("$.subscriptionBundleGroups", "\(Figures.count(entries.count, "subscription bundle group")) not read (this reader knows no bundle's shape); their products are not listed")
                }
            } else {
                warn("$.subscriptionBundleGroups", "expected a list, got \(Self.kind(bundles)); not read")
            }
        }
        return StoreKitConfiguration(versionMajor: major, versionMinor: minor, products: products, groups: groups, warnings: warnings)
    }

    // MARK: Products

    /// The `type`s of the `products` list.
    static let oneTimeTypes: [String: StoreKitProduct.Kind] = ["Consumable": .consumable, "NonConsumable": .nonConsumable, "NonRenewingSubscription": .nonRenewing]

    /// A product of `products`; nil for a type a newer version may have added (skipped with a warning).
    func oneTimeProduct(_ value: JSONValue, _ path: String) throws(StoreKitFileError) -> StoreKitProduct? {
        let id = try productID(value, path)
        let fields = try object(value, path)
        guard let typeValue = present(fields["type"]) else {
            throw fail(path, "missing \"type\" (\"Consumable\", \"NonConsumable\" or \"NonRenewingSubscription\")")
        }
        let type = try string(typeValue, path + ".type")
        guard let kind = Self.oneTimeTypes[type] else {
            if newer {
                warn(path + ".type", "unknown product type \(ErrorText.quoted(type)); product \(ErrorText.quoted(id)) skipped")
                return nil
            }
            throw fail(path + ".type", "unknown product type \(ErrorText.quoted(type)); expected \"Consumable\", \"NonConsumable\" or \"NonRenewingSubscription\" (auto-renewable products belong in \"subscriptionGroups\")")
        }
        return StoreKitProduct(id: id, kind: kind, path: path, price: price(fields, path))
    }

    func autoRenewable(_ value: JSONValue, _ path: String, group: Int) throws(StoreKitFileError) -> StoreKitProduct {
        let id = try productID(value, path)
        let fields = try object(value, path)
        guard let periodValue = present(fields["recurringSubscriptionPeriod"]) else {
            throw fail(path, "missing \"recurringSubscriptionPeriod\" (such as \"P1M\") for subscription \(ErrorText.quoted(id))")
        }
        let period = try period(periodValue, path + ".recurringSubscriptionPeriod")
        guard let levelValue = present(fields["groupNumber"]) else {
            throw fail(path, "missing \"groupNumber\" (the subscription's level in its group, 1 the highest) for subscription \(ErrorText.quoted(id))")
        }
        let level = try integer(levelValue, path + ".groupNumber", in: 1...Self.largest) { "level \($0) is below 1 (1 is the highest level of a group)" }
        var trial: StoreKitFreeTrial?
        var single: StoreKitOffer?
        if let offer = present(fields["introductoryOffer"]) {
            trial = try freeTrial(offer, path + ".introductoryOffer")
            single = lenient("offer not listed") { () throws(StoreKitFileError) in try listed(offer, path + ".introductoryOffer", .introductory) }
        }
        // Newer files list the introductory offers; the first free one is the trial, and
        // every one's payment mode must be one Xcode writes.
        var offers: [StoreKitOffer] = []
        for (index, offer) in try list(fields["introductoryOffers"], path + ".introductoryOffers").enumerated() {
            let offerPath = path + ".introductoryOffers[\(index)]"
            if trial == nil {
                trial = try freeTrial(offer, offerPath)
            } else {
                _ = try paymentMode(offer, offerPath)
            }
            if let listed = lenient("offer not listed", { () throws(StoreKitFileError) in try listed(offer, offerPath, .introductory) }) { offers.append(listed) }
        }
        // 5.0 writes its one offer in both forms: the list, when it has any, is listed.
        if offers.isEmpty, let single { offers = [single] }
        offers += otherOffers(fields, path)
        var product = StoreKitProduct(id: id, kind: .autoRenewable(StoreKitSubscription(period: period, group: group, level: level, freeTrial: trial)), path: path,
                                      price: price(fields, path), offers: offers)
        product.billingPlans = billingPlans(fields, path, price: product.price)
        return product
    }

    /// A subscription suite of a suite group (6.x): its `duration` is its period, its
    /// `groupNumber` its level; its offers are listed, never a trial.
    func suite(_ value: JSONValue, _ path: String, group: Int) throws(StoreKitFileError) -> StoreKitProduct {
        let id = try productID(value, path)
        let fields = try object(value, path)
        guard let periodValue = present(fields["duration"]) else {
            throw fail(path, "missing \"duration\" (such as \"P1Y\") for subscription suite \(ErrorText.quoted(id))")
        }
        let period = try period(periodValue, path + ".duration")
        guard let levelValue = present(fields["groupNumber"]) else {
            throw fail(path, "missing \"groupNumber\" (the suite's level in its group, 1 the highest) for subscription suite \(ErrorText.quoted(id))")
        }
        let level = try integer(levelValue, path + ".groupNumber", in: 1...Self.largest) { "level \($0) is below 1 (1 is the highest level of a group)" }
        var offers: [StoreKitOffer] = []
        let introductory = lenient("offers not listed") { () throws(StoreKitFileError) in try list(fields["introductoryOffers"], path + ".introductoryOffers") } ?? []
        for (index, offer) in introductory.enumerated() {
            offers += lenient("offer not listed") { () throws(StoreKitFileError) in try listed(offer, path + ".introductoryOffers[\(index)]", .introductory) }.map { [$0] } ?? []
        }
        return StoreKitProduct(id: id, kind: .suite(StoreKitSubscription(period: period, group: group, level: level, freeTrial: nil)), path: path,
                               price: price(fields, path), offers: offers)
    }

    // MARK: What only the listing shows

    /// The product's `displayPrice` as shown, or nil (a price that is not a string is a warning).
    func price(_ fields: JSONObject, _ path: String) -> String? {
        lenient("price not shown") { () throws(StoreKitFileError) in try optionalString(fields["displayPrice"], path + ".displayPrice").map(StoreKitPrice.shown) } ?? nil
    }

    /// The lists of offers only the listing shows, in this order.
    static let otherOfferLists: [(key: String, kind: StoreKitOffer.Kind)] = [("adHocOffers", .promotional), ("codeOffers", .code), ("winbackOffers", .winBack)]

    /// A subscription's promotional offers, offer codes and win-back offers: each one
    /// with a fault is left out with a warning.
    func otherOffers(_ fields: JSONObject, _ path: String) -> [StoreKitOffer] {
        var offers: [StoreKitOffer] = []
        for (key, kind) in Self.otherOfferLists {
            let values = lenient("offers not listed") { () throws(StoreKitFileError) in try list(fields[key], path + "." + key) } ?? []
            for (index, value) in values.enumerated() {
                if let offer = lenient("offer not listed", { () throws(StoreKitFileError) in try listed(value, path + ".\(key)[\(index)]", kind) }) {
                    offers.append(offer)
                }
            }
        }
        return offers
    }

    /// An offer as the listing shows it: its payment mode (one Xcode writes), its period
    /// and number of periods if given, and its price.
    func listed(_ value: JSONValue, _ path: String, _ kind: StoreKitOffer.Kind) throws(StoreKitFileError) -> StoreKitOffer {
        let mode = try paymentMode(value, path, offer: kind)
        let fields = try object(value, path)
        var offerPeriod: String?
        if let value = present(fields["subscriptionPeriod"]) { offerPeriod = try period(value, path + ".subscriptionPeriod") }
        var periods = 1
        if let count = present(fields["numberOfPeriods"]) {
            periods = try integer(count, path + ".numberOfPeriods", in: 1...Self.largest) { "\($0) is below 1" }
        }
        return StoreKitOffer(kind: kind, paymentMode: mode, period: offerPeriod, periods: periods, price: price(fields, path))
    }

    /// A subscription's billing plans (5.0 on) but the ordinary one (`BILLED_UPFRONT`,
    /// enabled, at the product's price, with no other commitment); a plan with a fault
    /// is left out with a warning.
    func billingPlans(_ fields: JSONObject, _ path: String, price: String?) -> [StoreKitBillingPlan] {
        let values = lenient("billing plans not listed") { () throws(StoreKitFileError) in try list(fields["billingPlans"], path + ".billingPlans") } ?? []
        var plans: [StoreKitBillingPlan] = []
        for (index, value) in values.enumerated() {
            let planPath = path + ".billingPlans[\(index)]"
            let plan = lenient("billing plan not listed") { () throws(StoreKitFileError) -> StoreKitBillingPlan in
                let plan = try object(value, planPath)
                guard let type = present(plan["billingPlanType"]) else { throw fail(planPath, "missing \"billingPlanType\"") }
                var enabled = true
                if let flag = present(plan["isEnabled"]) {
                    guard case .bool(let value) = flag else { throw fail(planPath + ".isEnabled", "expected true or false, got \(Self.kind(flag))") }
                    enabled = value
                }
                return StoreKitBillingPlan(type: StoreKitPrice.word(try string(type, planPath + ".billingPlanType")), price: self.price(plan, planPath),
                                           commitment: try optionalString(plan["commitmentDisplayPrice"], planPath + ".commitmentDisplayPrice").map(StoreKitPrice.shown),
                                           enabled: enabled)
            }
            guard let plan else { continue }
            let ordinary = plan.type == "BILLED_UPFRONT" && plan.enabled && plan.price == price && (plan.commitment == nil || plan.commitment == price)
            if !ordinary { plans.append(plan) }
        }
        return plans
    }

    /// The payment modes Xcode writes for an introductory offer; only `free` is a trial.
    static let paymentModes = ["free", "payAsYouGo", "payUpFront"]

    /// The offer's payment mode, one Xcode writes. Xcode writes one for every offer, so
    /// an offer without one (or with null) is refused, as is any other value, rather than
    /// read as "no trial": a misspelt or lost `free` would otherwise hide the trial the
    /// file means.
    func paymentMode(_ value: JSONValue, _ path: String, offer: StoreKitOffer.Kind = .introductory) throws(StoreKitFileError) -> String {
        guard let mode = present(try object(value, path)["paymentMode"]) else {
            let article = offer == .promotional || offer == .winBack ? "a" : "an"
            throw fail(path, "missing \"paymentMode\" (\"free\", \"payAsYouGo\" or \"payUpFront\") of \(article) \(offer.rawValue)")
        }
        guard let text = mode.string, Self.paymentModes.contains(text) else {
            throw fail(path + ".paymentMode", "unknown payment mode \(ErrorText.json(mode)); expected \"free\", \"payAsYouGo\" or \"payUpFront\"")
        }
        return text
    }

    /// The offer as a free trial, or nil for an offer that costs something (`payAsYouGo`,
    /// `payUpFront`).
    func freeTrial(_ value: JSONValue, _ path: String) throws(StoreKitFileError) -> StoreKitFreeTrial? {
        guard try paymentMode(value, path) == "free" else { return nil }
        let fields = try object(value, path)
        guard let periodValue = present(fields["subscriptionPeriod"]) else { throw fail(path, "missing \"subscriptionPeriod\" of a free trial") }
        let period = try period(periodValue, path + ".subscriptionPeriod")
        var periods = 1
        if let count = present(fields["numberOfPeriods"]) {
            periods = try integer(count, path + ".numberOfPeriods", in: 1...Self.largest) { "\($0) is below 1" }
        }
        return StoreKitFreeTrial(period: period, periods: periods)
    }

    func productID(_ value: JSONValue, _ path: String) throws(StoreKitFileError) -> String {
        guard let id = present(try object(value, path)["productID"]) else { throw fail(path, "missing \"productID\"") }
        let text = try string(id, path + ".productID")
        guard !text.isEmpty else { throw fail(path + ".productID", "an empty product id") }
        // (A policy's ids are one line: a draft or a run names the product by it.)
        if let problem = MessageText.notOneLine(text, "a product id") { throw fail(path + ".productID", problem) }
        return text
    }

    /// An ISO 8601 period of one unit, as StoreKit writes them (`P3D`, `P1W`, `P1M`, `P1Y`).
    func period(_ value: JSONValue, _ path: String) throws(StoreKitFileError) -> String {
        let text = try string(value, path)
        guard ProductPeriod(iso: text) != nil else {
            throw fail(path, "\(ErrorText.quoted(text)) is not a period such as \"P3D\", \"P1W\", \"P1M\" or \"P1Y\"")
        }
        return text
    }

    // MARK: Shapes

    /// The value, or nil for a missing key or `null`.
    func present(_ value: JSONValue?) -> JSONValue? {
        guard let value, !value.isNull else { return nil }
        return value
    }

    func object(_ value: JSONValue, _ path: String) throws(StoreKitFileError) -> JSONObject {
        guard let object = value.object else { throw fail(path, "expected an object, got \(Self.kind(value))") }
        return object
    }

    /// A list's elements; a missing list is empty.
    func list(_ value: JSONValue?, _ path: String) throws(StoreKitFileError) -> [JSONValue] {
        guard let value = present(value) else { return [] }
        guard case .array(let elements) = value else { throw fail(path, "expected a list, got \(Self.kind(value))") }
        return elements
    }

    func string(_ value: JSONValue, _ path: String) throws(StoreKitFileError) -> String {
        guard let text = value.string else { throw fail(path, "expected a string, got \(Self.kind(value))") }
        return text
    }

    func optionalString(_ value: JSONValue?, _ path: String) throws(StoreKitFileError) -> String? {
        guard let value = present(value) else { return nil }
        return try string(value, path)
    }

    /// The largest number a field is read up to: Xcode's fields are 32-bit.
    static let largest = Int(Int32.max)

    /// A whole number in `range`. A number written with a fraction or an exponent is not
    /// whole; a whole one outside `range` (however large: `1000000000000`, `2^63`) is out
    /// of range, and the message gives the range, except that one below it that fits a
    /// 32-bit field gets `below`'s words when the caller has its own.
    func integer(_ value: JSONValue, _ path: String, in range: ClosedRange<Int> = -largest...largest,
                 below: ((Int) -> String)? = nil) throws(StoreKitFileError) -> Int {
        guard case .number(let number) = value else { throw fail(path, "expected a whole number, got \(Self.kind(value))") }
        guard number.isInteger else { throw fail(path, "expected a whole number, got \(ErrorText.json(value))") }
        let integer = number.int64.flatMap { Int(exactly: $0) }
        if let integer, let below, integer < range.lowerBound, integer >= -Self.largest { throw fail(path, below(integer)) }
        guard let integer, range.contains(integer) else {
            throw fail(path, "out of range: expected a whole number from \(range.lowerBound) to \(range.upperBound), got \(ErrorText.json(value))")
        }
        return integer
    }

    /// What a value is, for messages, without its content.
    static func kind(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "true or false"
        case .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }
}

import Foundation
import SubscriptionModel
import SimulatorCore

/// A starting policy for what a StoreKit configuration sells (`simulate policy init
/// --storekit FILE`): the file's products in plans, with one placeholder feature and
/// limit for the team to replace with the app's own.
///
/// - **Subscriptions**: a plan for each service of each subscription group. A service
///   is the products whose ids differ only in words of a period (`monthly`, `yearly`,
///   `annual`, `1m`, …): `pro.monthly` and `pro.yearly` are one plan, whatever levels
///   the file puts them at; `plus.monthly` and `pro.monthly` are two, unless their
///   levels overlap (a policy has no two plans of one rank, and StoreKit makes a move
///   within a level a crossgrade), when they are one plan too. Plans rank by their
///   levels in the group (level 1 the highest, so the last among the paid plans).
///   Each subscription keeps its period and its introductory offer.
/// - **Lifetime purchases** (non-consumables) join the plan of the same service
///   (`pro.lifetime` with `pro.monthly`), else give a plan of their own, ranked below
///   the subscriptions.
/// - **A free plan** (the default for guests and registered users) with one feature,
///   `use`, counted by the meter `uses`, 5 a day, and a paywall: the placeholders,
///   named in the policy's `about` and in `notes`.
/// - **Consumables** are credit packs for the placeholder meter (format 3): as many
///   credits as the id counts beside a unit (`credits_100`, `500coins` → 100, 500), else
///   10, said in `notes` for the team to check; one its id calls a tip is one of the
///   other products (format 9).
/// - What gives no plan a policy has (non-renewing subscriptions, subscription suites)
///   and tips are the policy's `otherProducts`, which no rule reads, each said in `notes`.
///
/// The draft is a policy the reader accepts as it is; its text is the same for the
/// same file.
package struct StoreKitPolicyDraft: Sendable {
    /// The policy file's text.
    package let text: String
    /// What the team should know: the placeholders, and each product left out.
    package let notes: [String]

    /// A draft named `name` for `configuration`, read from `file` (as the about line names it).
    package init(configuration: StoreKitConfiguration, name: String, file: String) {
        var plans: [Plan] = []
        var notes: [String] = []
        var subscriptions: [(product: StoreKitProduct, subscription: StoreKitSubscription)] = []
        var lifetimes: [StoreKitProduct] = []
        var packs: [(id: String, credits: Int)] = []
        var others: [OtherProduct] = []
        for product in configuration.products {
            switch product.kind {
            case .autoRenewable(let subscription): subscriptions.append((product, subscription))
            case .nonConsumable: lifetimes.append(product)
            case .consumable where Self.isTip(product.id):
                others.append(OtherProduct(id: product.id, kind: .consumable))
                notes.append("\(StoreKitFinding.shown(product.id)): a consumable its id calls a tip, which buys nothing a policy counts, listed among the other products")
            case .consumable:
                let credits = Self.creditsGuess(product.id)
                packs.append((product.id, credits ?? 10))
                notes.append("\(StoreKitFinding.shown(product.id)): a consumable, drafted as a pack of \(credits ?? 10) credits for \"uses\""
                             + (credits == nil ? " (a placeholder: its id counts no coins, tokens or credits)" : " (the count in its id)"))
            case .nonRenewing, .suite:
                if let kind = StoreKitComparison.otherKind(product) { others.append(OtherProduct(id: product.id, kind: kind)) }
                notes.append("\(StoreKitFinding.shown(product.id)): a \(product.kindText), which gives no plan a policy has, listed among the other products")
            }
        }
        // The words every product's service shares (`com`, the app's name) say nothing of a plan.
        let keys = (subscriptions.map(\.product) + lifetimes).map { Self.serviceKey($0.id).split(separator: " ").map(String.init) }
        let common = keys.dropFirst().reduce(Set(keys.first ?? [])) { $0.intersection($1) }
        // Each group's services, ranked by their levels (worst first); services whose
        // levels overlap are one plan, since a policy has no two plans of one rank.
        for group in configuration.groups.indices {
            var services: [Service] = []
            for (product, subscription) in subscriptions where subscription.group == group {
                let key = Self.serviceKey(product.id)
                if let index = services.firstIndex(where: { $0.keys.first == key }) {
                    services[index].add(product, level: subscription.level)
                } else {
                    services.append(Service(keys: [key], products: [product], best: subscription.level, worst: subscription.level))
                }
            }
            var merged: [Service] = []
            for service in services.sorted(by: { ($0.best, $0.worst) < ($1.best, $1.worst) }) {
                if let last = merged.last, service.best <= last.worst {
                    merged[merged.count - 1].merge(service)
                } else {
                    merged.append(service)
                }
            }
            let named = [configuration.groups[group].name, configuration.groups[group].id].compactMap { $0 }.first { !$0.isEmpty }
            let groupName = named ?? "Group \(group + 1)"
            for service in merged.reversed() {
                let name = merged.count == 1 ? groupName : Self.displayName(service.keys[0], common: common, fallback: service.products[0].id)
                plans.append(Plan(name: name, products: service.products, keys: service.keys))
            }
        }
        // Lifetime purchases: with their service, or a plan of their own below the subscriptions.
        var ownPlans: [Plan] = []
        for product in lifetimes {
            let key = Self.serviceKey(product.id)
            if let index = plans.firstIndex(where: { $0.keys.contains(key) }) {
                plans[index].products.append(product)
            } else {
                ownPlans.append(Plan(name: Self.displayName(key, common: common, fallback: product.id), products: [product], keys: [key]))
            }
        }
        plans = ownPlans + plans
        // The products as the policy writes them: a period a policy cannot state leaves its
        // product out, an offer it cannot state leaves the offer out, each said.
        for index in plans.indices {
            plans[index].texts = plans[index].products.compactMap { product in
                let written = Self.productText(product)
                if let note = written.note { notes.append(note) }
                return written.text
            }
        }
        plans.removeAll { $0.texts.isEmpty }
        // A policy has at most 64 plans, the free one among them.
        if plans.count > SubscriptionPolicy.maxPlans - 1 {
            for plan in plans[(SubscriptionPolicy.maxPlans - 1)...] {
                notes += plan.products.map { "\(StoreKitFinding.shown($0.id)) left out: a policy has at most \(SubscriptionPolicy.maxPlans) plans" }
            }
            plans.removeLast(plans.count - (SubscriptionPolicy.maxPlans - 1))
        }
        notes.insert("placeholders to replace with the app's own: the feature \"use\", its meter \"uses\", the free plan's limit of 5 a day and its screens", at: 0)
        if Set(subscriptions.map(\.subscription.group)).count > 1 {
            notes.append("the subscriptions are in more than one group: a policy gives one plan at a time (S4), so 'simulate storekit' warns of it, and 'run --storekit' needs a copy of the file with one group")
        }
        let text = Self.text(name: name, file: file, plans: plans, packs: packs, others: others)
        // The lifetime purchases 'simulate storekit' will warn of (S4), found by its own rule
        // on the drafted policy (always readable: the drafts of every fixture and real file are read).
        if let drafted = try? SubscriptionPolicy(data: Data(text.utf8), file: file) {
            notes += StoreKitComparison.lifetimeSplits(policy: drafted, configuration: configuration).map { "\($0.product): \($0.detail)" }
        }
        self.notes = notes
        self.text = text
    }

    /// Words that count what a pack holds.
    static let unitWords: Set<String> = ["coin", "coins", "token", "tokens", "credit", "credits", "gem", "gems", "point", "points",
                                         "scan", "scans", "use", "uses", "generation", "generations", "message", "messages", "pack"]
    /// Words that make a consumable a tip.
    static let tipWords: Set<String> = ["tip", "tips", "tipjar", "donation", "donate", "coffee", "beer", "pizza", "thanks"]

    /// Whether a consumable's id calls it a tip (`app.tip.small`, `tip.coffee`).
    package static func isTip(_ id: String) -> Bool {
        idWords(id).contains { tipWords.contains($0.text) }
    }

    /// The count a consumable's id gives next to a word of units (`credits_100`,
    /// `500coins.1.99`, `coins10` → 100, 500, 10), from 1 to 1000000; nil when it gives none.
    package static func creditsGuess(_ id: String) -> Int? {
        let words = idWords(id).map(\.text)
        for (index, word) in words.enumerated() {
            guard let count = Int(word), (1...1_000_000).contains(count) else { continue }
            // A price (`1.99`): a number followed by two digits, or following a number.
            let isDigits = { (word: String) in Int(word) != nil }
            if index + 1 < words.count, words[index + 1].count == 2, isDigits(words[index + 1]) { continue }
            if index > 0, isDigits(words[index - 1]) { continue }
            let neighbours = [index > 0 ? words[index - 1] : "", index + 1 < words.count ? words[index + 1] : ""]
            if neighbours.contains(where: unitWords.contains) { return count }
        }
        return nil
    }

    /// A paid plan of the draft: its name, products and the services they are of.
    struct Plan {
        var name: String
        var products: [StoreKitProduct]
        var keys: [String]
        /// The products as the policy file writes them.
        var texts: [String] = []
    }

    /// The subscriptions of one or more services of a group, and the best and worst
    /// levels among them (1 the best).
    struct Service {
        var keys: [String]
        var products: [StoreKitProduct]
        var best: Int
        var worst: Int

        mutating func add(_ product: StoreKitProduct, level: Int) {
            products.append(product)
            best = min(best, level)
            worst = max(worst, level)
        }

        /// Takes `other`'s products in (a service of overlapping levels).
        mutating func merge(_ other: Service) {
            keys += other.keys
            products += other.products
            best = min(best, other.best)
            worst = max(worst, other.worst)
        }
    }

    /// The words of a product id that name a period or a kind of purchase, not a service.
    static let periodWords: Set<String> = [
        "sub", "subs", "subscription", "subscriptions", "auto", "renewable", "autorenewable", "renewing",
        "week", "weekly", "weeks", "month", "monthly", "months", "mo", "year", "yearly", "years", "yr", "annual", "annually", "quarter",
        "quarterly", "semiannual", "semiannually", "halfyear", "biannual", "day", "daily", "days", "lifetime", "life", "forever",
        "onetime", "once", "permanent", "w", "m", "y", "d", "p",
    ]

    /// `pro.monthly` → `pro`, `com.app.Premium_1Y` → `com app premium`: the id's words,
    /// lower-cased, without a period's.
    package static func serviceKey(_ id: String) -> String {
        let words = idWords(id)
        // Without a period's words (`1m`, `monthly`), and a number only when it counts a
        // period written onto it (`1Month`, not `tier_1.monthly`).
        let kept = words.indices.filter { index in
            let letters = String(words[index].text.drop { $0.isNumber })
            if letters.isEmpty {
                return !(words[index].joined && index + 1 < words.count && periodWords.contains(words[index + 1].text))
            }
            return !periodWords.contains(letters)
        }
        return kept.map { words[$0].text }.joined(separator: " ")
    }

    /// The words of an id, lower-cased, each with whether the next follows it with no
    /// character between (`1Month`): split at anything but a letter or digit, at a
    /// capital after a small letter (`proMonthly`), between letters and digits
    /// (`premium1Month`, `500coins`) and before the last capital of a run followed by a
    /// small letter (`PROMonthly`).
    static func idWords(_ id: String) -> [(text: String, joined: Bool)] {
        let characters = Array(id)
        // Each word, and whether the next one follows it with no character between (`1Month`).
        var words: [(text: String, joined: Bool)] = []
        var word = ""
        for (index, character) in characters.enumerated() {
            let previous = index > 0 ? characters[index - 1] : nil
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let separator = !character.isLetter && !character.isNumber
            let boundary = separator
                || character.isUppercase && (previous?.isLowercase ?? false)
                || character.isLetter && (previous?.isNumber ?? false)
                || character.isNumber && (previous?.isLetter ?? false)
                || character.isUppercase && (previous?.isUppercase ?? false) && (next?.isLowercase ?? false)
            if boundary, !word.isEmpty {
                words.append((word.lowercased(), !separator))
                word = ""
            }
            if !separator { word.append(character) }
        }
        if !word.isEmpty { words.append((word.lowercased(), false)) }
        return words
    }

    /// A plan's name from its service key: its words but those every service shares
    /// (`common`), each capitalised (`com app pro` → `Pro`, `premium standard` →
    /// `Premium Standard`), or `fallback` when none is left.
    static func displayName(_ key: String, common: Set<String>, fallback: String) -> String {
        let words = key.split(separator: " ").map(String.init)
        let own = words.filter { !common.contains($0) }
        let shown = own.isEmpty ? Array(words.suffix(1)) : own
        guard !shown.isEmpty else { return fallback }
        return shown.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// A plan's name as a policy may write it: without braces, which a name shown as
    /// written cannot hold, and one line (`MessageText.firstLineBreaking`: a tab or a
    /// newline becomes a space, a direction override goes); `Plan` when nothing else is left.
    static func writtenName(_ name: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in name.unicodeScalars where scalar != "{" && scalar != "}" {
            if !MessageText.breaksLine(scalar) {
                kept.append(scalar)
            } else if scalar.properties.isWhitespace, kept.last != " " {
                kept.append(" ")
            }
        }
        let text = String(kept).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? "Plan" : text
    }

    /// An id made of `name`'s letters and digits, lower-case, words joined by `-`. A
    /// letter's accents are dropped (`Prêt-Matériel` gives `pret-materiel`): a letter
    /// is split into its base and its marks (canonical decomposition), and the marks go.
    package static func slug(_ name: String) -> String {
        var out = "", pending = false
        for scalar in name.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pending, !out.isEmpty { out += "-" }
                out.unicodeScalars.append(scalar)
                pending = false
            } else if scalar.properties.generalCategory != .nonspacingMark {
                pending = true
            }
        }
        return out
    }

    /// The policy file.
    static func text(name: String, file: String, plans: [Plan], packs: [(id: String, credits: Int)] = [], others: [OtherProduct] = []) -> String {
        var ids: Set<String> = ["free", "none"]
        func unique(_ base: String) -> String {
            var id = base.isEmpty ? "plan" : base, counter = 2
            while ids.contains(id) { id = (base.isEmpty ? "plan" : base) + "-\(counter)"; counter += 1 }
            ids.insert(id)
            return id
        }
        var planLines = [
            #"    {"id": "free", "name": "Free", "features": "all", "limits": {"uses": {"day": 5}}, "responses": {"day": "paywall"}}"#,
        ]
        for plan in plans {
            let products = plan.texts.joined(separator: ",\n")
            planLines.append("""
                    {
                      "id": \(JSONText.quoted(unique(slug(plan.name)))), "name": \(JSONText.quoted(Self.writtenName(plan.name))), "features": "all",
                      "products": [
                \(products)
                      ]
                    }
                """)
        }
        let about = "Drafted by 'simulate policy init' from \(file): one plan for each service of each subscription group and for each other lifetime purchase"
            + (packs.isEmpty ? ". " : ", and a credit pack for each consumable. ")
            + "EDIT: the feature \"use\", its meter \"uses\", the free plan's limit of 5 a day"
            + (packs.isEmpty ? "" : ", the packs' credits") + " and the screens are placeholders for the app's own."
        let packLines = packs.map { "    {\"id\": \(JSONText.quoted($0.id)), \"meter\": \"uses\", \"credits\": \($0.credits)}" }
        let packsText = packs.isEmpty ? "" : "\n  \"creditPacks\": [\n" + packLines.joined(separator: ",\n") + "\n  ],"
        let otherLines = others.map { "    {\"id\": \(JSONText.quoted($0.id)), \"kind\": \"\($0.kind.rawValue)\"}" }
        let othersText = others.isEmpty ? "" : "\n  \"otherProducts\": [\n" + otherLines.joined(separator: ",\n") + "\n  ],"
        return """
            {
              "format": \(!others.isEmpty ? 9 : packs.isEmpty ? 2 : 3),
              "policy": \(JSONText.quoted(name)),
              "about": \(JSONText.quoted(about)),
              "calendar": "device",
              "defaults": {"guest": "free", "registered": "free"},
              "meters": ["uses"],
              "features": [{"id": "use", "consumes": "uses"}],
              "plans": [
            \(planLines.joined(separator: ",\n"))
              ],\(packsText)\(othersText)
              "screens": {
                "uses": {
                  "kind": "meter", "meter": "uses", "window": "day",
                  "below": {"kind": "plural", "count": "remaining", "one": "{remaining} use left today", "other": "{remaining} uses left today"},
                  "reached": "No uses left today",
                  "unlimited": "Unlimited uses"
                },
                "plan": {"kind": "planName"}
              }
            }

            """
    }

    /// One product of a plan as the policy file writes it, or nil with a note when the
    /// policy cannot state its period; a note too when its introductory offer is left out.
    static func productText(_ product: StoreKitProduct) -> (text: String?, note: String?) {
        let id = StoreKitFinding.shown(product.id)
        var fields = [#""id": "# + JSONText.quoted(product.id)]
        var note: String?
        if let subscription = product.subscription {
            guard let period = ProductPeriod(iso: subscription.period).flatMap(policyPeriod) else {
                return (nil, "\(id) left out: its period \(subscription.period) is not one a policy states (one unit, counted from 1 to \(SubscriptionPolicy.largestPeriodCount))")
            }
            fields += [#""kind": "auto-renewable""#, #""period": "# + JSONText.quoted(period)]
            if let listed = StoreKitComparison.introductoryOffer(product) {
                if let offer = policyOffer(listed) {
                    var offerFields = [#""payment": "# + JSONText.quoted(offer.payment.rawValue), #""period": "# + JSONText.quoted(offer.period)]
                    if offer.periods != 1 { offerFields.append(#""periods": \#(offer.periods)"#) }
                    fields.append(#""introductoryOffer": {"# + offerFields.joined(separator: ", ") + "}")
                } else {
                    note = "\(id): its introductory offer (\(listed)) left out: not a length a policy states"
                }
            }
        } else {
            fields.append(#""kind": "non-consumable""#)
        }
        return ("        {" + fields.joined(separator: ", ") + "}", note)
    }

    /// `period` as a policy file writes it: one unit, counted from 1 to 999 (`P12M` as
    /// `P1Y`, `P14D` as `P2W`), or nil for a length no such period states.
    package static func policyPeriod(_ period: ProductPeriod) -> String? {
        let (count, unit): (Int, String)
        switch (period.months, period.days) {
        case (let months, 0) where months > 0: (count, unit) = months % 12 == 0 ? (months / 12, "Y") : (months, "M")
        case (0, let days) where days > 0: (count, unit) = days % 7 == 0 ? (days / 7, "W") : (days, "D")
        default: return nil
        }
        return count <= SubscriptionPolicy.largestPeriodCount ? "P\(count)\(unit)" : nil
    }

    /// `offer` as a policy states it, or nil when it cannot: a free or paid-up-front offer
    /// of several periods as one longer period (a free `2 × P1W` is a free `P2W`).
    package static func policyOffer(_ offer: IntroductoryOffer) -> IntroductoryOffer? {
        guard let period = ProductPeriod(iso: offer.period) else { return nil }
        if offer.payment == .payAsYouGo {
            return policyPeriod(period).map { IntroductoryOffer(payment: .payAsYouGo, period: $0, periods: offer.periods) }
        }
        let whole = ProductPeriod(months: period.months * offer.periods, days: period.days * offer.periods)
        return policyPeriod(whole).map { IntroductoryOffer(payment: offer.payment, period: $0) }
    }
}

import Foundation
import Simulator
import SubscriptionModel
import Testing

/// The StoreKit fixtures: one configuration per format version Xcode has written (1.0,
/// 1.2, 2.0, 3.0, 4.0, 5.0), each agreeing with a shipped policy, and files that
/// disagree in each way S1–S6 of docs/storekit.md names.
enum StoreKitFixtures {
    static let folder = PackagePaths.root.appendingPathComponent("Tests/Scenarios/StoreKit")

    static func path(_ name: String) -> String { folder.appendingPathComponent(name + ".storekit").path }

    /// The fixture read as the command reads it (`file` names it in errors).
    static func read(_ name: String) throws -> StoreKitConfiguration {
        try StoreKitConfiguration(data: try Data(contentsOf: URL(fileURLWithPath: path(name))), file: name + ".storekit")
    }

    /// A configuration from a text, or the one line its error prints.
    static func read(text: String) -> Result<StoreKitConfiguration, StoreKitFileError> {
        Result { () throws(StoreKitFileError) in try StoreKitConfiguration(text: text, file: "app.storekit") }
    }

    /// The findings of a fixture against a shipped policy, as the command prints them.
    static func findings(_ name: String, _ policy: String) throws -> [String] {
        StoreKitComparison(policy: SubscriptionPolicy.named(policy)!, configuration: try read(name)).findings.map(\.description)
    }

    /// A minimal configuration of one format version around one group's subscriptions.
    static func file(major: Int = 3, subscriptions: String, products: String = "") -> String {
        """
        {"products": [\(products)], "subscriptionGroups": [{"id": "G1", "name": "Pro", "subscriptions": [\(subscriptions)]}],
         "version": {"major": \(major), "minor": 0}}
        """
    }

    /// A configuration of one monthly subscription "p" whose `key` (`introductoryOffer`,
    /// or `introductoryOffers` from version 5) is `offer`.
    static func file(major: Int = 3, offer: String, key: String = "introductoryOffer") -> String {
        file(major: major, subscriptions: "{\"productID\": \"p\", \"recurringSubscriptionPeriod\": \"P1M\", \"groupNumber\": 1, \"\(key)\": \(offer)}")
    }

    /// The error for a payment mode Xcode does not write, shown as `shown`, at `offer`'s path under "p".
    static func unknownPaymentMode(_ shown: String, offer: String = "introductoryOffer") -> String {
        "error: app.storekit: $.subscriptionGroups[0].subscriptions[0].\(offer).paymentMode: unknown payment mode \(shown); expected \"free\", \"payAsYouGo\" or \"payUpFront\""
    }

    /// The refusal of an offer that gives no payment mode.
    static func missingPaymentMode(offer: String = "introductoryOffer") -> String {
        "error: app.storekit: $.subscriptionGroups[0].subscriptions[0].\(offer): missing \"paymentMode\" (\"free\", \"payAsYouGo\" or \"payUpFront\") of an introductory offer"
    }

    /// Values the fixtures hold in `settings` and `appPolicies` that nothing may print.
    static let secrets = ["QX7TEAM1D9", "6799000001", "6799000002", "6799000003", "785546123", "FIXTURE-EULA-TEXT"]
}

@Suite("StoreKit configuration files: the lenient reader")
struct StoreKitReaderTests {
    @Test("every format version is read: products, kinds, periods, groups, levels and free trials", arguments: [
        ("daa-tiers-v1.0", "1.0", "daa-tiers"), ("oxalate-v1.2", "1.2", "oxalate"), ("daily-quip-v2.0", "2.0", "daily-quip"),
        ("face-recall-v3.0", "3.0", "face-recall"), ("meal-capture-v4.0", "4.0", "meal-capture"), ("daily-quip-v5.0", "5.0", "daily-quip"),
    ])
    func versions(name: String, version: String, policyName: String) throws {
        let configuration = try StoreKitFixtures.read(name)
        #expect(configuration.versionText == version)
        let policy = try #require(SubscriptionPolicy.named(policyName))
        #expect(Set(configuration.products.map(\.id)) == Set(policy.products.map(\.id)), "\(name)")
        for product in configuration.products {
            let sold = policy.products[policy.productIndex(product.id)!]
            #expect(product.kindText == sold.kind.description, "\(name): \(product.id)")
        }
    }

    @Test("a subscription's group, level and free trial are read; an offer that costs something is no trial")
    func subscriptionDetails() throws {
        let meal = try StoreKitFixtures.read("meal-capture-v4.0")
        #expect(meal.groups == [StoreKitGroup(id: "0A6F3D12", name: "Analyses")])
        #expect(meal.product("PremiumStandardSub")?.subscription == StoreKitSubscription(period: "P1M", group: 0, level: 2, freeTrial: nil))
        #expect(try StoreKitFixtures.read("meal-capture-trial").product("PremiumStandardSub")?.subscription?.freeTrial == StoreKitFreeTrial(period: "P1W"))
        #expect(meal.product("unlimited")?.subscription?.level == 1)
        // 5.x lists introductory offers; the first free one is the trial.
        let listed = StoreKitFixtures.file(major: 5, subscriptions: """
            {"productID": "pro.monthly", "recurringSubscriptionPeriod": "P1M", "groupNumber": 1,
             "introductoryOffers": [{"paymentMode": "payUpFront", "subscriptionPeriod": "P1M"},
                                    {"paymentMode": "free", "subscriptionPeriod": "P1W", "numberOfPeriods": 2}]},
            {"productID": "pro.yearly", "recurringSubscriptionPeriod": "P1Y", "groupNumber": 1,
             "introductoryOffer": {"paymentMode": "payAsYouGo", "subscriptionPeriod": "P1M", "numberOfPeriods": 3}}
            """)
        let configuration = try StoreKitFixtures.read(text: listed).get()
        #expect(configuration.product("pro.monthly")?.subscription?.freeTrial == StoreKitFreeTrial(period: "P1W", periods: 2))
        #expect(configuration.product("pro.monthly")?.subscription?.freeTrial?.days == 14)
        #expect(configuration.product("pro.yearly")?.subscription?.freeTrial == nil)
    }

    @Test("keys the reader does not use are skipped, whatever they hold; missing optional keys and nulls are tolerated")
    func lenient() throws {
        let text = """
            {"settings": {"_developerTeamID": 42, "_storeKitErrors": "not a list"}, "appPolicies": [1, 2],
             "sharedSecret": {"key": "x"}, "identifier": null, "nonRenewingSubscriptions": null,
             "products": [{"productID": "tip", "type": "Consumable", "displayPrice": [], "localizations": 7}],
             "subscriptionGroups": [{"subscriptions": [{"productID": "pro", "recurringSubscriptionPeriod": "P1W",
                                     "groupNumber": 1, "introductoryOffer": null, "futureKey": {"a": [true]}}]}],
             "version": {"major": 1}}
            """
        let configuration = try StoreKitFixtures.read(text: text).get()
        #expect(configuration.versionText == "1.0")
        #expect(configuration.products.map(\.id) == ["tip", "pro"])
        #expect(configuration.groups == [StoreKitGroup(id: nil, name: nil)])
        #expect(configuration.groups[0].shown(index: 0) == "group 1")
        #expect(configuration.product("pro")?.subscription?.freeTrial == nil)
    }

    @Test("what the reader uses must have its shape: one line naming the file, the JSON path and the fault", arguments: [
        ("{\"products\": []}", "error: app.storekit: $: missing \"version\": not a StoreKit configuration file (Xcode writes {\"major\": N, \"minor\": N})"),
        ("{\"version\": {\"major\": 0}}", "error: app.storekit: $.version.major: version 0 is not one this reader knows (1.x to 6.x)"),
        ("{\"version\": {\"major\": -1, \"minor\": 0}}", "error: app.storekit: $.version.major: version -1 is not one this reader knows (1.x to 6.x)"),
        ("{\"version\": {\"major\": 99999999999}}", "error: app.storekit: $.version.major: out of range: expected a whole number from 1 to 2147483647, got 99999999999"),
        ("{\"version\": {\"major\": \"3\"}}", "error: app.storekit: $.version.major: expected a whole number, got a string"),
        ("{\"version\": {\"major\": 3.0}}", "error: app.storekit: $.version.major: expected a whole number, got 3.0"),
        ("[]", "error: app.storekit: $: expected an object, got a list"),
        (StoreKitFixtures.file(subscriptions: "", products: "{\"productID\": \"a\", \"type\": \"Auto-Renewable\"}"),
         "error: app.storekit: $.products[0].type: unknown product type \"Auto-Renewable\"; expected \"Consumable\", \"NonConsumable\" or \"NonRenewingSubscription\" (auto-renewable products belong in \"subscriptionGroups\")"),
        (StoreKitFixtures.file(subscriptions: "", products: "{\"productID\": \"a\"}"),
         "error: app.storekit: $.products[0]: missing \"type\" (\"Consumable\", \"NonConsumable\" or \"NonRenewingSubscription\")"),
        (StoreKitFixtures.file(subscriptions: "", products: "{\"type\": \"Consumable\"}"), "error: app.storekit: $.products[0]: missing \"productID\""),
        (StoreKitFixtures.file(subscriptions: "{\"productID\": \"p\", \"recurringSubscriptionPeriod\": \"P1Q\", \"groupNumber\": 1}"),
         "error: app.storekit: $.subscriptionGroups[0].subscriptions[0].recurringSubscriptionPeriod: \"P1Q\" is not a period such as \"P3D\", \"P1W\", \"P1M\" or \"P1Y\""),
        (StoreKitFixtures.file(subscriptions: "{\"productID\": \"p\", \"recurringSubscriptionPeriod\": \"P1M\"}"),
         "error: app.storekit: $.subscriptionGroups[0].subscriptions[0]: missing \"groupNumber\" (the subscription's level in its group, 1 the highest) for subscription \"p\""),
        (StoreKitFixtures.file(subscriptions: "{\"productID\": \"p\", \"recurringSubscriptionPeriod\": \"P1M\", \"groupNumber\": 0}"),
         "error: app.storekit: $.subscriptionGroups[0].subscriptions[0].groupNumber: level 0 is below 1 (1 is the highest level of a group)"),
        (StoreKitFixtures.file(offer: "{\"paymentMode\": \"free\"}"),
         "error: app.storekit: $.subscriptionGroups[0].subscriptions[0].introductoryOffer: missing \"subscriptionPeriod\" of a free trial"),
        (StoreKitFixtures.file(subscriptions: "{\"productID\": \"a\", \"recurringSubscriptionPeriod\": \"P1M\", \"groupNumber\": 1}",
                               products: "{\"productID\": \"a\", \"type\": \"NonConsumable\"}"),
         "error: app.storekit: $.subscriptionGroups[0].subscriptions[0].productID: product \"a\" is already listed at $.products[0]"),
        ("{\"version\": {\"major\": 3}, \"subscriptionGroups\": {}}", "error: app.storekit: $.subscriptionGroups: expected a list, got an object"),
        // A payment mode Xcode does not write is refused, not read as "no trial".
        (StoreKitFixtures.file(offer: "{\"paymentMode\": \"freeTrial\", \"subscriptionPeriod\": \"P1W\"}"), StoreKitFixtures.unknownPaymentMode("\"freeTrial\"")),
        (StoreKitFixtures.file(offer: "{\"paymentMode\": \"Free\", \"subscriptionPeriod\": \"P1W\"}"), StoreKitFixtures.unknownPaymentMode("\"Free\"")),
        (StoreKitFixtures.file(offer: "{\"paymentMode\": 0, \"subscriptionPeriod\": \"P1W\"}"), StoreKitFixtures.unknownPaymentMode("0")),
        (StoreKitFixtures.file(offer: "{\"paymentMode\": [\"free\"]}"), StoreKitFixtures.unknownPaymentMode("[\"free\"]")),
        // Xcode writes a payment mode for every offer: one without it (or with null) is refused too.
        (StoreKitFixtures.file(offer: "{\"subscriptionPeriod\": \"P1W\"}"), StoreKitFixtures.missingPaymentMode()),
        (StoreKitFixtures.file(offer: "{\"paymentMode\": null, \"subscriptionPeriod\": \"P1W\"}"), StoreKitFixtures.missingPaymentMode()),
        (StoreKitFixtures.file(major: 5, offer: "[{\"paymentMode\": \"free\", \"subscriptionPeriod\": \"P1W\"}, {\"subscriptionPeriod\": \"P1M\"}]", key: "introductoryOffers"),
         StoreKitFixtures.missingPaymentMode(offer: "introductoryOffers[1]")),
        // Every listed offer's, also after the free one that is the trial.
        (StoreKitFixtures.file(major: 5, offer: "[{\"paymentMode\": \"free\", \"subscriptionPeriod\": \"P1W\"}, {\"paymentMode\": \"payUpfront\"}]", key: "introductoryOffers"),
         StoreKitFixtures.unknownPaymentMode("\"payUpfront\"", offer: "introductoryOffers[1]")),
    ])
    func refused(text: String, line: String) {
        switch StoreKitFixtures.read(text: text) {
        case .success: Issue.record("read: \(text)")
        case .failure(let error): #expect(error.description == line)
        }
    }

    @Test("a key given twice is refused, anywhere in the file, naming the object that gives it and the key, never a value")
    func keyGivenTwice() throws {
        #expect(StoreKitFixtures.read(text: #"{"version": {"major": 3, "major": 5}}"#).failure?.description
                == #"error: app.storekit: $.version: key "major" given twice"#)
        let offer = StoreKitFixtures.file(subscriptions: """
            {"productID": "p", "recurringSubscriptionPeriod": "P1M", "groupNumber": 1,
             "introductoryOffer": {"paymentMode": "free", "subscriptionPeriod": "P1W", "paymentMode": "payUpFront"}}
            """)
        #expect(StoreKitFixtures.read(text: offer).failure?.description
                == #"error: app.storekit: $.subscriptionGroups[0].subscriptions[0].introductoryOffer: key "paymentMode" given twice"#)
        // Even in what the reader never reads: the key is named, its values are not.
        let fixture = try String(contentsOfFile: StoreKitFixtures.path("meal-capture-v4.0"), encoding: .utf8)
        let settings = fixture.replacingOccurrences(of: #""_developerTeamID" : "QX7TEAM1D9","#,
                                                    with: #""_developerTeamID" : "QX7TEAM1D9", "_developerTeamID" : "QX7TEAM1D9","#)
        #expect(settings != fixture)
        let line = try #require(StoreKitFixtures.read(text: settings).failure?.description)
        #expect(line == #"error: app.storekit: $.settings: key "_developerTeamID" given twice"#)
        #expect(!StoreKitFixtures.secrets.contains { line.contains($0) })
    }

    @Test("text that is not JSON is refused with the line and column of the fault")
    func syntax() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: StoreKitFixtures.path("malformed-syntax")))
        #expect(throws: StoreKitFileError(file: "malformed-syntax.storekit", place: "line 26, column 43", problem: "not JSON (trailing comma)")) {
            try StoreKitConfiguration(data: data, file: "malformed-syntax.storekit")
        }
        #expect(throws: StoreKitFileError(file: "app.storekit", place: "line 2, column 1", problem: "not JSON (unexpected end of text)")) {
            try StoreKitConfiguration(text: "{\"version\":\n", file: "app.storekit")
        }
    }
}

@Suite("StoreKit against a policy (docs/storekit.md, S1–S6)")
struct StoreKitComparisonTests {
    @Test("each format version's fixture agrees with its shipped policy", arguments: [
        ("daa-tiers-v1.0", "daa-tiers"), ("oxalate-v1.2", "oxalate"), ("daily-quip-v2.0", "daily-quip"),
        ("face-recall-v3.0", "face-recall"), ("meal-capture-v4.0", "meal-capture"), ("daily-quip-v5.0", "daily-quip"),
    ])
    func agrees(name: String, policy: String) throws {
        #expect(try StoreKitFixtures.findings(name, policy) == [])
    }

    @Test("S1: a product one side has and the other lacks, whatever its kind")
    func catalogue() throws {
        #expect(try StoreKitFixtures.findings("daily-quip-catalogue", "daily-quip") == [
            "dailyquip.annual: only in the policy: plan premium sells it (auto-renewable P1Y); the file does not list it",
            "dailyquip.tip: only in the file: consumable; the policy does not sell it",
        ])
        #expect(try StoreKitFixtures.findings("daily-quip-weekly", "daily-quip") == [
            "dailyquip.tip: only in the file: consumable; the policy does not sell it",
            "dailyquip.weekly: only in the file: auto-renewable P1W, level 1 of group \"Daily Quip Premium\"; the policy does not sell it",
        ])
    }

    @Test("S2: the kind; S3: the billing period, compared by length (P7D is P1W, P12M is P1Y)")
    func kindAndPeriod() throws {
        #expect(try StoreKitFixtures.findings("daily-quip-kind", "daily-quip") == [
            "dailyquip.lifetime: kind: the policy sells it as non-consumable (plan premium), the file lists it as consumable",
        ])
        #expect(try StoreKitFixtures.findings("daily-quip-period", "daily-quip") == [
            "dailyquip.annual: period: the policy renews it every P1Y, the file every P6M",
        ])
        let sameLengths = StoreKitFixtures.file(subscriptions: """
            {"productID": "facerecall.premium.monthly", "recurringSubscriptionPeriod": "P1M", "groupNumber": 1},
            {"productID": "facerecall.premium.yearly", "recurringSubscriptionPeriod": "P12M", "groupNumber": 1}
            """)
        let configuration = try StoreKitFixtures.read(text: sameLengths).get()
        #expect(StoreKitComparison(policy: .faceRecall, configuration: configuration).agrees)
        let nonRenewing = """
            {"nonRenewingSubscriptions": [{"productID": "facerecall.premium.yearly", "type": "NonRenewingSubscription"}],
             "subscriptionGroups": [{"subscriptions": [{"productID": "facerecall.premium.monthly", "recurringSubscriptionPeriod": "P1M", "groupNumber": 1}]}],
             "version": {"major": 2, "minor": 0}}
            """
        #expect(StoreKitComparison(policy: .faceRecall, configuration: try StoreKitFixtures.read(text: nonRenewing).get()).findings.map(\.description) == [
            "facerecall.premium.yearly: kind: the policy sells it as auto-renewable P1Y (plan premium), the file lists it as non-renewing subscription",
        ])
    }

    @Test("S4: the policy's subscriptions in several groups, as Apple allows, are a warning, not a finding")
    func groups() throws {
        let line = "in group \"DAA Premium\", apart from com.daa.core.monthly in group \"DAA Plans\": a user could hold both at once, where the policy's plans are one entitlement at a time; the app reports one of them to the rules (say, the higher plan's)"
        let comparison = StoreKitComparison(policy: .daaTiers, configuration: try StoreKitFixtures.read("daa-tiers-groups"))
        #expect(comparison.agrees, "\(comparison.findings.map(\.description))")
        #expect(comparison.warnings == ["warning: com.daa.premium.monthly: " + line, "warning: com.daa.premium.yearly: " + line])
        // Its summary gives each group's own levels, not every product in the first group.
        let levels = try #require(comparison.text(file: "g.storekit", policyName: "daa-tiers").split(separator: "\n").first { $0.hasPrefix("  levels") })
        #expect(levels.hasPrefix("  levels    group \"DAA Plans\": ") && levels.contains("; group \"DAA Premium\": premium at level ")
                && levels.hasSuffix(", as the plans rank within each group"), "\(levels)")
        #expect(levels.components(separatedBy: "group \"").count == 3, "each group named once: \(levels)")
    }

    @Test("a lifetime purchase a user can own beside another plan's product is a warning, as S4 is; under a policy of one paid plan none is")
    func lifetimeBesideAnotherPlan() throws {
        let file = StoreKitFixtures.file(subscriptions: #"{"productID": "pro.monthly", "recurringSubscriptionPeriod": "P1M", "groupNumber": 1}"#,
                                         products: #"{"productID": "app.removeads", "type": "NonConsumable"}, {"productID": "app.themes", "type": "NonConsumable"}"#)
        let configuration = try StoreKitFixtures.read(text: file).get()
        let draft = try SubscriptionPolicy(data: Data(StoreKitPolicyDraft(configuration: configuration, name: "a", file: "a").text.utf8), file: "a.json")
        #expect(draft.plans.map(\.id) == ["free", "app-removeads", "app-themes", "pro"])
        let comparison = StoreKitComparison(policy: draft, configuration: configuration)
        #expect(comparison.agrees)
        let tail = ": a user could hold both at once, where the policy's plans are one entitlement at a time; the app reports one of them to the rules (say, the higher plan's)"
        #expect(comparison.warnings == ["warning: app.removeads: a lifetime purchase of plan app-removeads, which a user keeps beside app.themes of plan app-themes" + tail,
                                        "warning: app.themes: a lifetime purchase of plan app-themes, which a user keeps beside app.removeads of plan app-removeads" + tail])
        let mapping = try StoreKitProductMapping(policy: draft, configuration: configuration)
        #expect(mapping.summary.contains("warning: app.themes: a lifetime purchase of plan app-themes"), "\(mapping.summary)")
        // daily-quip's lifetime purchase is in Premium, its one paid plan, with its subscriptions: nothing to warn of.
        #expect(StoreKitComparison.lifetimeSplits(policy: .dailyQuip, configuration: try StoreKitFixtures.read("daily-quip-v5.0")).isEmpty)
    }

    @Test("S1–S2: the policy's other products (format 9) are in the file, as the kind it says")
    func otherProducts() throws {
        func policy(_ others: String) throws -> SubscriptionPolicy {
            let text = String(decoding: try #require(ExamplePolicies.text("scan-credits")), as: UTF8.self)
                .replacingOccurrences(of: #""format": 3"#, with: #""format": 9"#)
                .replacingOccurrences(of: #""creditPacks": ["#, with: #""otherProducts": \#(others), "creditPacks": ["#)
            return try SubscriptionPolicy(data: Data(text.utf8), file: "others.json")
        }
        let file = StoreKitFixtures.file(subscriptions: #"{"productID": "scanner.pro.monthly", "recurringSubscriptionPeriod": "P1M", "groupNumber": 1}, "#
                                         + #"{"productID": "scanner.pro.yearly", "recurringSubscriptionPeriod": "P1Y", "groupNumber": 1}"#,
                                         products: #"{"productID": "scanner.credits.10", "type": "Consumable"}, {"productID": "scanner.credits.50", "type": "Consumable"}, {"productID": "tip.small", "type": "Consumable"}"#)
        let configuration = try StoreKitFixtures.read(text: file).get()
        let without = StoreKitComparison(policy: try #require(ExamplePolicies.named("scan-credits")), configuration: configuration)
        #expect(without.findings.map(\.description) == ["tip.small: only in the file: consumable; the policy does not sell it"])
        let agreeing = StoreKitComparison(policy: try policy(#"[{"id": "tip.small", "kind": "consumable"}]"#), configuration: configuration)
        #expect(agreeing.agrees)
        // Agreeing, it says it compared the other products too.
        #expect(agreeing.text(file: "f", policyName: "p").split(separator: "\n").contains("  others    1 in both, each of the same kind, which no rule reads: tip.small (consumable)"),
                "\(agreeing.text(file: "f", policyName: "p"))")
        #expect(StoreKitComparison(policy: try policy(#"[{"id": "tip.small", "kind": "non-renewing"}]"#), configuration: configuration).findings.map(\.description)
                == ["tip.small: kind: the policy lists it as an other product (non-renewing), the file lists it as consumable"])
        #expect(StoreKitComparison(policy: try policy(#"[{"id": "tip.small", "kind": "consumable"}, {"id": "pass.30days", "kind": "non-renewing"}]"#),
                                   configuration: configuration).findings.map(\.description)
                == ["pass.30days: only in the policy: an other product (non-renewing); the file does not list it"])
    }

    @Test("S5: a higher plan needs a better (lower) level; one plan's products at two levels are a warning, not a finding")
    func levels() throws {
        let comparison = StoreKitComparison(policy: .daaTiers, configuration: try StoreKitFixtures.read("daa-tiers-levels"))
        #expect(comparison.warnings == [
            "warning: com.daa.core.monthly (level 3) and com.daa.core.yearly (level 2) of group \"DAA Plans\" are both plan core: the policy means a switch between them as a crossgrade, where StoreKit makes com.daa.core.monthly to com.daa.core.yearly an upgrade (at once) and back a downgrade (at the renewal)",
        ])
        #expect(try StoreKitFixtures.findings("daa-tiers-levels", "daa-tiers") == [
            "com.daa.advanced.monthly: level: 2 in group \"DAA Plans\", not above com.daa.core.yearly at 2, though plan advanced ranks above core; a higher plan needs a better (lower) level",
            "com.daa.advanced.yearly: level: 2 in group \"DAA Plans\", not above com.daa.core.yearly at 2, though plan advanced ranks above core; a higher plan needs a better (lower) level",
        ])
        // Reversed ranks: premium, the highest plan, at the worst level.
        let reversed = StoreKitFixtures.file(subscriptions: """
            {"productID": "PremiumStandardSub", "recurringSubscriptionPeriod": "P1M", "groupNumber": 1},
            {"productID": "unlimited", "recurringSubscriptionPeriod": "P1M", "groupNumber": 2}
            """)
        #expect(StoreKitComparison(policy: .mealCapture, configuration: try StoreKitFixtures.read(text: reversed).get()).findings.map(\.description) == [
            "unlimited: level: 2 in group \"Pro\", not above PremiumStandardSub at 1, though plan unlimited ranks above premium; a higher plan needs a better (lower) level",
        ])
    }

    @Test("S6: an introductory offer the policy does not declare, one it declares that the file lacks, and one paid otherwise or for another length; the app's own trial is not compared")
    func introductoryOffers() throws {
        #expect(try StoreKitFixtures.findings("face-recall-trial", "face-recall") == [
            "facerecall.premium.monthly: introductory offer: the file sells one (free P1W); the policy declares none for the product",
            "facerecall.premium.yearly: introductory offer: the file sells one (free P1W); the policy declares none for the product",
        ])
        // meal-capture's three days from the install are the app's own: its file sells no offer.
        #expect(try StoreKitFixtures.findings("meal-capture-v4.0", "meal-capture").isEmpty)
        #expect(try StoreKitFixtures.findings("meal-capture-trial", "meal-capture") == [
            "PremiumStandardSub: introductory offer: the file sells one (free P1W); the policy declares none for the product",
        ])
        // A policy of format 2 declares them.
        let declaring = try SubscriptionPolicy(data: Data(Self.mealCaptureDeclaring(premium: #"{"payment": "free", "period": "P7D"}"#,
                                                                               unlimited: #"{"payment": "pay-as-you-go", "period": "P1M", "periods": 3}"#).utf8), file: "offers.json")
        #expect(StoreKitComparison(policy: declaring, configuration: try StoreKitFixtures.read("meal-capture-trial")).findings.map(\.description) == [
            "unlimited: introductory offer: the policy declares one (pay-as-you-go 3 × P1M); the file sells none",
        ])
        let other = StoreKitFixtures.file(subscriptions: """
            {"productID": "PremiumStandardSub", "recurringSubscriptionPeriod": "P1M", "groupNumber": 2, "introductoryOffer": {"paymentMode": "free", "subscriptionPeriod": "P1D", "numberOfPeriods": 7}},
            {"productID": "unlimited", "recurringSubscriptionPeriod": "P1M", "groupNumber": 1, "introductoryOffer": {"paymentMode": "payAsYouGo", "subscriptionPeriod": "P1M", "numberOfPeriods": 2}}
            """)
        #expect(StoreKitComparison(policy: declaring, configuration: try StoreKitFixtures.read(text: other).get()).findings.map(\.description) == [
            "unlimited: introductory offer: the file sells pay-as-you-go 2 × P1M, the policy declares pay-as-you-go 3 × P1M",
        ], "a free 7 × P1D is a free P7D; two months paid as you go are not three")
    }

    /// meal-capture's rules in format 2, declaring an introductory offer on each product.
    static func mealCaptureDeclaring(premium: String, unlimited: String) throws -> String {
        let text = try String(contentsOf: PackagePaths.root.appendingPathComponent("Sources/SubscriptionModel/Policies/meal-capture.json"), encoding: .utf8)
        return text
            .replacing(#"{"id": "PremiumStandardSub", "kind": "auto-renewable", "period": "P1M"}"#,
                       with: #"{"id": "PremiumStandardSub", "kind": "auto-renewable", "period": "P1M", "introductoryOffer": "# + premium + "}")
            .replacing(#"{"id": "unlimited", "kind": "auto-renewable", "period": "P1M"}"#,
                       with: #"{"id": "unlimited", "kind": "auto-renewable", "period": "P1M", "introductoryOffer": "# + unlimited + "}")
            .replacing(#"  "policy": "meal-capture","#, with: #"  "format": 2, "policy": "meal-capture","#)
    }

    @Test("agreeing, it says what was compared")
    func agreeingSummary() throws {
        let comparison = StoreKitComparison(policy: .mealCapture, configuration: try StoreKitFixtures.read("meal-capture-v4.0"))
        #expect(comparison.text(file: "m.storekit", policyName: "meal-capture") == """
            agrees: m.storekit (StoreKit configuration 4.0) and policy meal-capture
              products  2 in both, each of the same kind and period: PremiumStandardSub (auto-renewable P1M, plan premium), unlimited (auto-renewable P1M, plan unlimited)
              levels    group "Analyses": premium at level 2, unlimited at level 1, as the plans rank
              offers    no introductory offers on either side
              trial     the app's own, plan trial for 72 hours (P3D) from the install: not a StoreKit offer, not compared
            """)
    }

    @Test("an odd product id is quoted, so it cannot break its line")
    func oddIDs() {
        #expect(StoreKitFinding(product: "a\nb", aspect: .onlyInFile, detail: "consumable").description == "\"a\\nb\": only in the file: consumable")
        #expect(StoreKitFinding.shown("com.app_pro-1.monthly") == "com.app_pro-1.monthly")
        #expect(StoreKitFinding.shown("pro monthly") == "\"pro monthly\"")
    }
}

@Suite("--storekit: a policy selling the file's products")
struct StoreKitMappingTests {
    @Test("a new subscription takes the plan of the policy's products at its level; consumables are left out")
    func weekly() throws {
        let mapping = try StoreKitProductMapping(policy: .dailyQuip, configuration: try StoreKitFixtures.read("daily-quip-weekly"))
        let policy = mapping.policy
        #expect(policy.products.map(\.id) == ["dailyquip.monthly", "dailyquip.annual", "dailyquip.lifetime", "dailyquip.weekly"])
        #expect(policy.products[policy.productIndex("dailyquip.weekly")!] == StoreProduct(id: "dailyquip.weekly", kind: .autoRenewable(period: "P1W"), plan: policy.planIndex("premium")!))
        #expect(policy.plans == SubscriptionPolicy.dailyQuip.plans && policy.screens.count == SubscriptionPolicy.dailyQuip.screens.count)
        #expect(mapping.notes == ["dailyquip.tip left out (consumable: gives no plan)",
                                  "dailyquip.weekly added to plan premium (auto-renewable P1W, level 1 like dailyquip.monthly)"])
    }

    @Test("the file's period replaces the policy's; a product it lacks is dropped")
    func periodsAndDrops() throws {
        let period = try StoreKitProductMapping(policy: .dailyQuip, configuration: try StoreKitFixtures.read("daily-quip-period")).policy
        #expect(period.products[period.productIndex("dailyquip.annual")!].kind == .autoRenewable(period: "P6M"))
        let catalogue = try StoreKitProductMapping(policy: .dailyQuip, configuration: try StoreKitFixtures.read("daily-quip-catalogue"))
        #expect(catalogue.policy.productIndex("dailyquip.annual") == nil)
        #expect(catalogue.notes.last == "dailyquip.annual dropped (not in the file)")
    }

    @Test("a byProduct screen keeps its branch for a product both sides have; a new product gets the else branch")
    func screens() throws {
        let text = StoreKitFixtures.file(subscriptions: """
            {"productID": "premium_yearly", "recurringSubscriptionPeriod": "P1Y", "groupNumber": 1},
            {"productID": "premium_weekly", "recurringSubscriptionPeriod": "P1W", "groupNumber": 1}
            """)
        let policy = try StoreKitProductMapping(policy: .oxalate, configuration: try StoreKitFixtures.read(text: text).get()).policy
        let old = SubscriptionPolicy.oxalate
        func branches(_ policy: SubscriptionPolicy) -> [ScreenExpression] {
            guard case .byProduct(let branches) = policy.screens.first(where: { $0.name == "plan" })!.value else { return [] }
            return (0..<branches.count).map { branches[$0] }
        }
        let before = branches(old), after = branches(policy)
        #expect(policy.products.map(\.id) == ["premium_yearly", "premium_weekly"])
        #expect(after == [before[old.productIndex("premium_yearly")!], before.last!, before.last!])
        #expect(after[0] != after[1], "the yearly branch is its own, not the else branch")
    }

    @Test("refused, naming the product: a kind, a split group, levels against ranks", arguments: [
        ("daily-quip-kind", "daily-quip", "dailyquip.lifetime: kind: the policy sells it as non-consumable (plan premium), the file lists it as consumable"),
        ("daa-tiers-groups", "daa-tiers", "com.daa.premium.monthly: group: in group \"DAA Premium\", apart from com.daa.core.monthly in group \"DAA Plans\": a user could hold both at once, where the policy's plans are one entitlement at a time"),
        // One plan's products at two levels is only a warning (StoreKitRealShapesTests); the ranks are refused.
        ("daa-tiers-levels", "daa-tiers", "com.daa.advanced.monthly: level: 2 in group \"DAA Plans\", not above com.daa.core.yearly at 2, though plan advanced ranks above core; a higher plan needs a better (lower) level"),
    ])
    func refusedFixtures(name: String, policy: String, problem: String) throws {
        let configuration = try StoreKitFixtures.read(name)
        #expect(throws: StoreKitProductMapping.Refusal(problem: problem)) {
            try StoreKitProductMapping(policy: SubscriptionPolicy.named(policy)!, configuration: configuration)
        }
    }

    @Test("a subscription at a level the policy has nothing at, a lifetime it does not sell, a paid plan with nothing left", arguments: [
        (StoreKitFixtures.file(subscriptions: """
            {"productID": "facerecall.premium.monthly", "recurringSubscriptionPeriod": "P1M", "groupNumber": 2},
            {"productID": "facerecall.plus.monthly", "recurringSubscriptionPeriod": "P1M", "groupNumber": 1}
            """), "facerecall.plus.monthly: auto-renewable at level 1 of group \"Pro\", where the policy sells nothing, so no plan it would give; add it to a plan's products in the policy"),
        (StoreKitFixtures.file(subscriptions: "{\"productID\": \"facerecall.premium.monthly\", \"recurringSubscriptionPeriod\": \"P1M\", \"groupNumber\": 1}",
                               products: "{\"productID\": \"facerecall.forever\", \"type\": \"NonConsumable\"}"),
         "facerecall.forever: a non-consumable the policy does not sell, so no plan it would give; add it to a plan's products in the policy"),
        (StoreKitFixtures.file(subscriptions: "", products: "{\"productID\": \"tip\", \"type\": \"Consumable\"}"),
         "plan premium: the file lists none of its products (facerecall.premium.monthly, facerecall.premium.yearly), so nothing could buy it; list one, or drop the plan from the policy"),
        // A second group: adding its product to a plan would only meet S4, so the hint says to leave the group out.
        ("""
         {"products": [], "subscriptionGroups": [
           {"id": "G1", "name": "Pro", "subscriptions": [{"productID": "facerecall.premium.monthly", "recurringSubscriptionPeriod": "P1M", "groupNumber": 1}]},
           {"id": "G2", "name": "Lite", "subscriptions": [{"productID": "facerecall.lite.monthly", "recurringSubscriptionPeriod": "P1M", "groupNumber": 1}]}],
          "version": {"major": 3, "minor": 0}}
         """, "facerecall.lite.monthly: auto-renewable in group \"Lite\", while the policy's subscriptions are in group \"Pro\": a user could hold one of each at once, and a policy gives one plan (G5); give --storekit a copy of the file without group \"Lite\""),
    ])
    func refused(text: String, problem: String) throws {
        let configuration = try StoreKitFixtures.read(text: text).get()
        #expect(throws: StoreKitProductMapping.Refusal(problem: problem)) {
            try StoreKitProductMapping(policy: .faceRecall, configuration: configuration)
        }
    }

    @Test("a file that agrees gives the policy back unchanged", arguments: [
        ("daa-tiers-v1.0", "daa-tiers"), ("oxalate-v1.2", "oxalate"), ("daily-quip-v2.0", "daily-quip"),
        ("face-recall-v3.0", "face-recall"), ("meal-capture-v4.0", "meal-capture"), ("daily-quip-v5.0", "daily-quip"),
    ])
    func unchanged(name: String, policy: String) throws {
        let shipped = SubscriptionPolicy.named(policy)!
        let mapping = try StoreKitProductMapping(policy: shipped, configuration: try StoreKitFixtures.read(name))
        #expect(mapping.policy == shipped)
        #expect(mapping.notes == [])
    }
}

@Suite("simulate storekit and --storekit on the command line")
struct StoreKitCommandTests {
    @Test("exit 0 when the file agrees, with what was compared")
    func agrees() throws {
        let result = try runSimulate(["storekit", StoreKitFixtures.path("daily-quip-v2.0"), "--policy", "daily-quip"])
        #expect(result.status == 0)
        #expect(result.err.isEmpty)
        let lines = result.out.split(separator: "\n")
        #expect(lines.first == "agrees: \(StoreKitFixtures.path("daily-quip-v2.0")) (StoreKit configuration 2.0) and policy daily-quip")
        #expect(lines.count == 4 && lines[3] == "  offers    no introductory offers on either side")
    }

    @Test("exit 1 when it disagrees: a header, then one finding per line naming the product")
    func disagrees() throws {
        let result = try runSimulate(["storekit", StoreKitFixtures.path("daa-tiers-levels"), "--policy", "daa-tiers"])
        #expect(result.status == 1)
        #expect(result.err.hasPrefix("warning: com.daa.core.monthly (level 3) and com.daa.core.yearly (level 2) of group \"DAA Plans\" are both plan core:"), "\(result.err)")
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.first == "disagrees: \(StoreKitFixtures.path("daa-tiers-levels")) (StoreKit configuration 3.0) and policy daa-tiers: 2 findings")
        #expect(lines.dropFirst().map { $0.prefix { $0 != ":" } } == ["com.daa.advanced.monthly", "com.daa.advanced.yearly"])
    }

    @Test("exit 2 for a file it cannot read: one line on standard error naming the file and the fault, nothing on standard output", arguments: [
        ("malformed-syntax", "line 26, column 43: not JSON (trailing comma)"),
        ("malformed-level", "$.subscriptionGroups[0].subscriptions[1].groupNumber: expected a whole number, got a string"),
        ("no-such-file", "no such file"),
    ])
    func unreadable(name: String, fault: String) throws {
        let path = StoreKitFixtures.path(name)
        let result = try runSimulate(["storekit", path, "--policy", "face-recall"])
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.err == "error: \(path): \(fault)\n")
    }

    @Test("exit 2 for a fault in a real file, from storekit and from --storekit, naming the place: a payment mode Xcode does not write (and its value), a key given twice (and the key)", arguments: [
        (#""paymentMode" : "free""#, #""paymentMode" : "freeTrial""#,
         #"$.subscriptionGroups[0].subscriptions[0].introductoryOffer.paymentMode: unknown payment mode "freeTrial"; expected "free", "payAsYouGo" or "payUpFront""#),
        (#""groupNumber" : 2,"#, #""groupNumber" : 2, "groupNumber" : 1,"#,
         #"$.subscriptionGroups[0].subscriptions[0]: key "groupNumber" given twice"#),
    ])
    func faultInRealFile(replacing: String, with broken: String, fault: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/broken.storekit"
        let fixture = try String(contentsOfFile: StoreKitFixtures.path("meal-capture-trial"), encoding: .utf8)
        let text = fixture.replacingOccurrences(of: replacing, with: broken)
        #expect(text != fixture)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let compared = try runSimulate(["storekit", path, "--policy", "meal-capture"])
        #expect(compared.status == 2 && compared.out.isEmpty)
        #expect(compared.err == "error: \(InputPath(path).shown): \(fault)\n") // the name cut as the command cuts it
        let run = try runSimulate(["run", "--policy", "meal-capture", "--storekit", path, "--users", "5", "--report", folder + "/r"])
        #expect(run.status == 2 && run.out.isEmpty)
        #expect(run.err == "error: --storekit \(InputPath(path).shown): \(fault)\n")
    }

    @Test("bad command lines: no file (without --policy the file is still read and named), two files, a misspelt flag, an unknown policy, --storekit without --policy", arguments: [
        (["storekit", "a.storekit"], "error: a.storekit: no such file"),
        (["storekit", "--policy", "oxalate"], "error: storekit needs a StoreKit configuration FILE; see 'simulate storekit --help'"),
        (["storekit", "a", "b", "--policy", "oxalate"], "error: storekit takes one FILE, got 2"),
        (["storekit", "a.storekit", "--polcy", "oxalate"], "error: unknown option \"--polcy\" for 'storekit'; did you mean --policy? See 'simulate storekit --help'."),
        (["storekit", "a.storekit", "--policy", "nope"], "error: --policy: \"nope\" is no shipped policy or example ('simulate policies' lists them) and no readable policy file (no such file)"),
        (["run", "--storekit", "a.storekit"], "error: --storekit goes with --policy NAME|FILE (the default meal-capture rules' own generator has its products built in; --policy meal-capture --storekit FILE runs them on the generic engine)"),
    ])
    func badCommandLines(arguments: [String], line: String) throws {
        let result = try runSimulate(arguments)
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.err == line + "\n")
    }

    @Test("--storekit refuses a file it cannot map, before the run, naming the file and the product")
    func runRefusesUnmappable() throws {
        let path = StoreKitFixtures.path("daily-quip-kind")
        let result = try runSimulate(["run", "--policy", "daily-quip", "--storekit", path, "--users", "5", "--report", try temporaryFolder() + "/r"])
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.err == "error: --storekit \(path): dailyquip.lifetime: kind: the policy sells it as non-consumable (plan premium), the file lists it as consumable\n")
        let missing = try runSimulate(["run", "--policy", "daily-quip", "--storekit", "/nonexistent/x.storekit", "--users", "5"])
        #expect(missing.status == 2 && missing.err == "error: --storekit /nonexistent/x.storekit: no such file\n", "\(missing.err)")
        let mutants = try runSimulate(["mutants", "--policy", "daily-quip", "--storekit", path])
        #expect(mutants.status == 2 && mutants.err.hasPrefix("error: unknown option \"--storekit\" for 'mutants'"), "the mutants are built for the shipped products")
    }

    @Test("run --storekit: the run sells the file's products, says so, and its report records the command")
    func run() throws {
        let path = StoreKitFixtures.path("daily-quip-weekly")
        let folder = try temporaryFolder() + "/r"
        let result = try runSimulate(["run", "--policy", "daily-quip", "--storekit", path, "--seed", "7", "--users", "60", "--years", "1", "--quiet", "--report", folder])
        #expect(result.status == 0, "\(result.out)")
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.prefix(2) == ["simulate run --policy daily-quip",
            "  storekit    \(path): dailyquip.monthly auto-renewable P1M (premium), dailyquip.annual auto-renewable P1Y (premium), dailyquip.lifetime non-consumable (premium), dailyquip.weekly auto-renewable P1W (premium); dailyquip.tip left out (consumable: gives no plan); dailyquip.weekly added to plan premium (auto-renewable P1W, level 1 like dailyquip.monthly)"])
        let report = try String(contentsOfFile: folder + "/report.json", encoding: .utf8)
        #expect(report.contains("simulate run --policy daily-quip --seed 7 --users 60 --years 1 --storekit \(path)"))
        #expect(report.contains("dailyquip.weekly"), "the report's policy lists the file's products")
        let without = try runSimulate(["run", "--policy", "daily-quip", "--seed", "7", "--users", "60", "--years", "1", "--quiet", "--report", folder])
        let digest = { (out: String) in out.split(separator: "\n").first { $0.hasPrefix("  digest") } }
        #expect(digest(without.out) != nil && digest(without.out) != digest(result.out), "the file's products change the timelines")
    }

    @Test("a StoreKit file in a folder with a space and a quote is one shell word in the report's command")
    func runStoreKitPathQuoted() throws {
        let (root, folder, path) = try copyIntoOddFolder(StoreKitFixtures.path("daily-quip-weekly"), folder: "app's config", file: "app.storekit")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try runSimulate(["run", "--policy", "daily-quip", "--storekit", path, "--seed", "7", "--users", "3", "--years", "1", "--quiet", "--report", folder + "/r"])
        #expect(result.status == 0, "\(result.err)")
        let report = try RunReport.read(path: folder + "/r/report.json")
        #expect(report.options.command.hasSuffix(" --storekit '" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"), "\(report.options.command)")
    }

    @Test("replay --seed --user --storekit regenerates a user of such a run, buying the file's weekly product")
    func replay() throws {
        let path = StoreKitFixtures.path("daily-quip-weekly")
        let folder = try temporaryFolder()
        // The first of seed 7's users who buys the weekly product, which only the file sells.
        var buyer: (user: Int, timeline: String, err: String)?
        for user in 0..<60 where buyer == nil {
            let out = folder + "/user\(user).json"
            let result = try runSimulate(["replay", "--policy", "daily-quip", "--storekit", path, "--seed", "7", "--user", "\(user)", "--out", out])
            #expect(result.status == 0, "\(result.err)")
            let timeline = try String(contentsOfFile: out, encoding: .utf8)
            if timeline.contains("\"product\": \"dailyquip.weekly\"") { buyer = (user, timeline, result.err) }
        }
        let (user, timeline, err) = try #require(buyer, "none of seed 7's first 60 users buys the weekly product")
        #expect(timeline.contains("\"about\": \"simulate run --policy daily-quip --seed 7 --years 3 --storekit \(path): user \(user)\""))
        #expect(err.contains("regenerate it with: swift run -c release simulate replay --policy daily-quip --seed 7 --user \(user) --years 3 --storekit \(path)"), "\(err)")
    }

    @Test("without swarm too: the regenerate command printed keeps --no-swarm, and running it writes the very same timeline")
    func replayNoSwarmRegenerates() throws {
        let path = StoreKitFixtures.path("daily-quip-weekly")
        let folder = try temporaryFolder()
        let result = try runSimulate(["replay", "--policy", "daily-quip", "--storekit", path, "--no-swarm", "--seed", "11", "--user", "5", "--years", "1",
                                      "--out", folder + "/a.json"])
        #expect(result.status == 0)
        let prefix = "regenerate it with: swift run -c release simulate "
        let command = try #require(result.err.split(separator: "\n").compactMap { line in line.range(of: prefix).map { String(line[$0.upperBound...]) } }.first)
        #expect(command == "replay --policy daily-quip --seed 11 --user 5 --years 1 --no-swarm --storekit \(path)", "the one order every command prints")
        let again = try runSimulate(["replay", "--policy", "daily-quip", "--seed", "11", "--user", "5", "--years", "1", "--no-swarm", "--storekit", path,
                                     "--out", folder + "/b.json"])
        #expect(again.status == 0)
        #expect(try String(contentsOfFile: folder + "/a.json", encoding: .utf8) == String(contentsOfFile: folder + "/b.json", encoding: .utf8))
    }

    @Test("the shards of a --storekit run merge into the whole run's report (the file read again for the floors); shards with and without it do not")
    func storeKitShardsMerge() throws {
        let path = StoreKitFixtures.path("daily-quip-weekly")
        let folder = try temporaryFolder()
        let run = ["run", "--policy", "daily-quip", "--storekit", path, "--seed", "5", "--users", "60", "--years", "1", "--quiet"]
        for index in 1...2 {
            #expect(try runSimulate(run + ["--shard", "\(index)/2", "--report", folder + "/s\(index)"]).status == 0)
        }
        #expect(try runSimulate(run + ["--report", folder + "/whole"]).status == 0)
        let merged = try runSimulate(["merge", "--report", folder + "/merged", folder + "/s1", folder + "/s2"])
        #expect(merged.status == 0, "\(merged.err)")
        let a = try RunReport.read(path: folder + "/merged/report.json"), b = try RunReport.read(path: folder + "/whole/report.json")
        #expect(b.options.storeKit == path)
        #expect(a.withoutTiming == b.withoutTiming)
        let plain = ["run", "--policy", "daily-quip", "--seed", "5", "--users", "60", "--years", "1", "--quiet", "--shard", "2/2", "--report", folder + "/p2"]
        #expect(try runSimulate(plain).status == 0)
        let mixed = try runSimulate(["merge", "--report", folder + "/mixed", folder + "/s1", folder + "/p2"])
        #expect(mixed.status == 2)
        #expect(mixed.err == "error: \(ErrorText.quotedPath(folder + "/p2")): --storekit absent, not \(ErrorText.quotedPath(path)) as in \(ErrorText.quotedPath(folder + "/s1")); shards of one run only\n", "\(mixed.err)")
    }

    @Test("the shards of a --storekit run made in two folders, each from its own copy of the file, merge while the copies' bytes are the same; a copy changed since is passed over for one that still holds them")
    func storeKitShardsFromTwoFolders() throws {
        let text = try String(contentsOfFile: StoreKitFixtures.path("daily-quip-weekly"), encoding: .utf8)
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Each folder has a copy of the policy file too, whose hash the run records as well.
        let rules = try ShardCommandLineTests.dailyQuipText()
        let run = ["run", "--policy", "q.json", "--storekit", "p.storekit", "--seed", "5", "--users", "60", "--years", "1", "--quiet"]
        for (place, bytes, shard) in [("m1", text, "1/2"), ("m2", text, "2/2"), ("m3", text + "\n", "2/2")] {
            try ShardCommandLineTests.runShard(run, files: [("p.storekit", bytes), ("q.json", rules)], shard: shard, in: folder, place: place)
        }
        let recorded = try RunReport.read(path: "\(folder)/m1/s/report.json").options
        #expect(recorded.storeKitDigest == Figures.hex(FNV1a.hash(bytes: Array(text.utf8))))
        #expect(recorded.policyDigest == Figures.hex(FNV1a.hash(bytes: Array(rules.utf8))), "the policy's hash survives the StoreKit file's products")
        #expect(try runSimulate(run + ["--report", "whole"], in: "\(folder)/m1").status == 0)
        let merged = try runSimulate(["merge", "--report", "merged", "m1/s", "m2/s"], in: folder)
        #expect(merged.status == 0, "\(merged.err)")
        let whole = try RunReport.read(path: "\(folder)/m1/whole/report.json")
        #expect(try RunReport.read(path: "\(folder)/merged/report.json").coverage == whole.coverage, "the floors are set again from the file")
        #expect(try RunReport.read(path: "\(folder)/merged/report.json").counts == whole.counts)
        let other = try runSimulate(["merge", "--report", "other", "m1/s", "m3/s"], in: folder)
        let storeKit = { (place: String) in try RunReport.read(path: "\(folder)/\(place)/s/report.json").options.storeKit ?? "" }
        #expect(try other.status == 2
                && other.err == "error: \"m3/s\": --storekit \(ErrorText.quotedPath(storeKit("m3"))) holds other bytes than \(ErrorText.quotedPath(storeKit("m1"))) in \"m1/s\" (the files differ); shards of one run only\n",
                "\(other.err)")
        // The first shard's copy changes after the run: the second's is read instead; both changed, refused.
        try (text + "\n").write(toFile: "\(folder)/m1/p.storekit", atomically: true, encoding: .utf8)
        #expect(try runSimulate(["merge", "--report", "again", "m1/s", "m2/s"], in: folder).status == 0)
        try (text + "\n").write(toFile: "\(folder)/m2/p.storekit", atomically: true, encoding: .utf8)
        let changed = try runSimulate(["merge", "--report", "changed", "m1/s", "m2/s"], in: folder)
        let now = { (place: String) in try "\(ErrorText.quotedPath(storeKit(place))) has other bytes now than when the shards ran (the file changed)" }
        #expect(try changed.status == 2
                && changed.err == "error: \"m1/s\": its StoreKit file cannot be read again to set the floors: no copy the shards recorded holds the bytes they read (\(now("m1")); \(now("m2"))); give the merge one with --storekit FILE\n",
                "\(changed.err)")
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/changed"))
        try text.write(toFile: "\(folder)/kept.storekit", atomically: true, encoding: .utf8)
        #expect(try runSimulate(["merge", "--report", "given", "--storekit", "kept.storekit", "m1/s", "m2/s"], in: folder).status == 0)
    }

    @Test("nothing of settings, team or app ids or EULA texts is ever printed: agreeing, disagreeing, malformed or running")
    func secretsNeverPrinted() throws {
        var outputs: [String] = []
        for (name, policy, status) in [("face-recall-v3.0", "face-recall", 0), ("face-recall-trial", "face-recall", 1), ("meal-capture-v4.0", "meal-capture", 0),
                                       ("meal-capture-trial", "meal-capture", 1), ("daily-quip-weekly", "daily-quip", 1), ("malformed-syntax", "face-recall", 2),
                                       ("malformed-level", "face-recall", 2)] {
            let result = try runSimulate(["storekit", StoreKitFixtures.path(name), "--policy", policy])
            #expect(result.status == Int32(status), "\(name)")
            outputs.append(result.out + result.err)
        }
        let folder = try temporaryFolder() + "/r"
        let run = try runSimulate(["run", "--policy", "meal-capture", "--storekit", StoreKitFixtures.path("meal-capture-v4.0"), "--seed", "3",
                                   "--users", "20", "--years", "1", "--report", folder])
        #expect(run.status == 0)
        outputs.append(run.out + run.err)
        for file in ["report.json", "report.md", "report.html", "summary.txt"] {
            outputs.append(try String(contentsOfFile: folder + "/" + file, encoding: .utf8))
        }
        let fixtures = try ["face-recall-v3.0", "meal-capture-v4.0", "malformed-syntax"].map { try String(contentsOfFile: StoreKitFixtures.path($0), encoding: .utf8) }
        for secret in StoreKitFixtures.secrets {
            #expect(fixtures.contains { $0.contains(secret) }, "the fixtures hold \(secret)")
            #expect(!outputs.contains { $0.contains(secret) }, "\(secret) is printed")
        }
    }

    @Test("simulate help storekit and --help print the command's help; the overview lists it")
    func help() throws {
        let help = try runSimulate(["help", "storekit"])
        #expect(help.status == 0)
        #expect(help.out.contains("\nUSAGE\n  simulate storekit FILE.storekit [--policy NAME|FILE]\n"))
        for rule in ["S1", "S2", "S3", "S4", "S5", "S6"] { #expect(help.out.contains("(\(rule))"), "\(rule)") }
        #expect(try runSimulate(["storekit", "--help"]).out == help.out)
        #expect(try runSimulate(["--help"]).out.contains("simulate storekit FILE [--policy X]"))
        #expect(try runSimulate(["help", "run"]).out.contains("--storekit F"))
        #expect(try runSimulate(["help", "replay"]).out.contains("--storekit F"))
    }
}

extension Result {
    /// The error, when this is a failure.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

import Foundation
import Simulator
import SubscriptionModel
import Testing

/// The shapes of real apps' StoreKit files (Issue 38): format 6.x with suite groups and
/// billing plans, a newer major version read with a warning, one plan's monthly and
/// yearly at two levels, `simulate storekit FILE` without a policy listing what the file
/// sells, and a subscription offers key pair that nothing ever prints. Every fixture is
/// hand-written in the shape real files have.
@Suite("StoreKit configuration files: real apps' shapes")
struct StoreKitRealShapesTests {
    /// Writes `text` as `app.storekit` in a new temporary folder; the caller removes the folder.
    static func write(_ text: String) throws -> (folder: String, path: String) {
        let folder = try temporaryFolder()
        let path = folder + "/app.storekit"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return (folder, path)
    }

    /// The listing of `daily-quip-suite-6.3`, after its header.
    static let sixThreeListing = [
        "group \"Daily Quip Premium\"",
        "  dailyquip.monthly: auto-renewable P1M, level 1, 2.99",
        "    introductory offer: pay up front P3M",
        "    promotional offer: pay as you go 3 × P1M at 0.99",
        "    offer code: free P1M",
        "  dailyquip.annual: auto-renewable P1Y, level 1, 19.99",
        "    win-back offer: free P2W",
        "    billing plan MONTHLY: 1.75, commitment 21.00",
        "suite group \"Quip Suite\"",
        "  dailyquip.suite.yearly: subscription suite P1Y, level 1, 49.99",
        "products outside groups",
        "  dailyquip.lifetime: non-consumable, 39.99",
    ]

    @Test("format 6.3 is read: subscription groups with billing plans, suite groups with a SubscriptionSuite and its duration, bundle groups")
    func sixThree() throws {
        let configuration = try StoreKitFixtures.read("daily-quip-suite-6.3")
        #expect(configuration.versionText == "6.3")
        #expect(configuration.warnings.isEmpty)
        #expect(configuration.groups == [StoreKitGroup(id: "D41C0E55", name: "Daily Quip Premium"), StoreKitGroup(id: "7B3E91C4", name: "Quip Suite", suite: true)])
        #expect(configuration.products.map(\.id) == ["dailyquip.lifetime", "dailyquip.monthly", "dailyquip.annual", "dailyquip.suite.yearly"])
        #expect(configuration.products.map(\.kindText) == ["non-consumable", "auto-renewable P1M", "auto-renewable P1Y", "subscription suite P1Y"])
        #expect(configuration.product("dailyquip.suite.yearly")?.suiteSubscription == StoreKitSubscription(period: "P1Y", group: 1, level: 1, freeTrial: nil))
        // An introductory offer that costs something is listed, and is no trial.
        #expect(configuration.product("dailyquip.monthly")?.subscription == StoreKitSubscription(period: "P1M", group: 0, level: 1, freeTrial: nil))
        #expect(configuration.product("dailyquip.annual")?.billingPlans == [StoreKitBillingPlan(type: "MONTHLY", price: "1.75", commitment: "21.00")])

        let path = StoreKitFixtures.path("daily-quip-suite-6.3")
        let listed = try runSimulate(["storekit", path])
        #expect(listed.status == 0)
        #expect(listed.err.isEmpty)
        #expect(listed.out == (["\(InputPath(path).shown) (StoreKit configuration 6.3): 4 products, 2 groups"] + Self.sixThreeListing).joined(separator: "\n") + "\n")

        // Against a policy: the suite is a product the policy does not sell, and the monthly's
        // introductory offer (the first listed) one daily-quip does not declare; the rest agrees.
        let compared = try runSimulate(["storekit", path, "--policy", "daily-quip"])
        #expect(compared.status == 1)
        #expect(compared.err.isEmpty)
        #expect(compared.out == """
            disagrees: \(InputPath(path).shown) (StoreKit configuration 6.3) and policy daily-quip: 2 findings
            dailyquip.suite.yearly: only in the file: subscription suite P1Y; the policy does not sell it
            dailyquip.monthly: introductory offer: the file sells one (pay-up-front P3M); the policy declares none for the product

            """)
    }

    @Test("storekit FILE without --policy prints what the file sells: groups, products with kind, period, level and price, offers (exit 0)")
    func listing() throws {
        let text = """
            {"products": [{"productID": "tip", "type": "Consumable", "displayPrice": "0.99"}],
             "nonRenewingSubscriptions": [{"productID": "season", "type": "NonRenewingSubscription", "displayPrice": "9.99"}],
             "subscriptionGroups": [
               {"id": "G1", "name": "Pro", "subscriptions": [
                 {"productID": "pro.weekly", "recurringSubscriptionPeriod": "P1W", "groupNumber": 2, "displayPrice": "1.99",
                  "introductoryOffer": {"paymentMode": "free", "subscriptionPeriod": "P3D", "numberOfPeriods": 1, "displayPrice": "0.00"}},
                 {"productID": "pro.yearly", "recurringSubscriptionPeriod": "P1Y", "groupNumber": 1, "displayPrice": "29.99",
                  "introductoryOffer": {"paymentMode": "payAsYouGo", "subscriptionPeriod": "P1M", "numberOfPeriods": 2, "displayPrice": "0.99"},
                  "adHocOffers": [{"paymentMode": "payUpFront", "subscriptionPeriod": "P6M", "numberOfPeriods": 1, "displayPrice": "9.99"}]}]},
               {"subscriptions": []}],
             "version": {"major": 3, "minor": 0}}
            """
        let (folder, path) = try Self.write(text)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try runSimulate(["storekit", path])
        #expect(result.status == 0)
        #expect(result.err.isEmpty)
        #expect(result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == [
            "\(InputPath(path).shown) (StoreKit configuration 3.0): 4 products, 2 groups",
            "group \"Pro\"",
            "  pro.weekly: auto-renewable P1W, level 2, 1.99",
            "    introductory offer: free P3D",
            "  pro.yearly: auto-renewable P1Y, level 1, 29.99",
            "    introductory offer: pay as you go 2 × P1M at 0.99",
            "    promotional offer: pay up front P6M at 9.99",
            "group 2",
            "  no subscriptions",
            "products outside groups",
            "  tip: consumable, 0.99",
            "  season: non-renewing subscription, 9.99",
            "",
        ])
    }

    @Test("what only the listing shows is read leniently: a fault there is a warning naming the place, the rest is listed (exit 0)")
    func listingWarnings() throws {
        let text = StoreKitFixtures.file(subscriptions: """
            {"productID": "pro", "recurringSubscriptionPeriod": "P1M", "groupNumber": 1, "displayPrice": 4.99,
             "codeOffers": [{"paymentMode": "freeTrial", "subscriptionPeriod": "P1M"}, {"paymentMode": "free", "subscriptionPeriod": "P2W"}],
             "billingPlans": [{"billingPlanType": "MONTHLY", "displayPrice": "0.5", "isEnabled": "yes"}]}
            """)
        let configuration = try StoreKitFixtures.read(text: text).get()
        #expect(configuration.warnings.map(\.message) == [
            "app.storekit: $.subscriptionGroups[0].subscriptions[0].codeOffers[0].paymentMode: unknown payment mode \"freeTrial\"; expected \"free\", \"payAsYouGo\" or \"payUpFront\"; offer not listed",
            "app.storekit: $.subscriptionGroups[0].subscriptions[0].displayPrice: expected a string, got a number; price not shown",
            "app.storekit: $.subscriptionGroups[0].subscriptions[0].billingPlans[0].isEnabled: expected true or false, got a string; billing plan not listed",
        ])
        let (folder, path) = try Self.write(text)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try runSimulate(["storekit", path])
        #expect(result.status == 0)
        #expect(result.out.hasSuffix("group \"Pro\"\n  pro: auto-renewable P1M, level 1\n    offer code: free P2W\n"), "\(result.out)")
        #expect(result.err == configuration.warnings.map { "warning: " + $0.message.replacingOccurrences(of: "app.storekit", with: InputPath(path).shown) + "\n" }.joined())
    }

    /// A file of a major version newer than the reader knows: a product type and a list it
    /// does not know, beside what it does.
    static let seven = """
        {"products": [{"productID": "pro.lifetime", "type": "NonConsumable", "displayPrice": "49.99"},
                      {"productID": "pro.pass", "type": "SubscriptionPass", "displayPrice": "9.99"}],
         "subscriptionPassGroups": [{"id": "P1", "passes": [{"productID": "pro.pass"}]}],
         "subscriptionGroups": [{"id": "G1", "name": "Pro", "subscriptions": [
           {"productID": "pro.monthly", "recurringSubscriptionPeriod": "P1M", "groupNumber": 1, "displayPrice": "4.99", "futureOffers": [{"x": 1}]}]}],
         "version": {"major": 7, "minor": 1}}
        """

    @Test("a newer major version (7) is read as far as the reader knows it, with a warning; an unknown product type is skipped with one")
    func futureMajor() throws {
        let configuration = try StoreKitFixtures.read(text: Self.seven).get()
        #expect(configuration.versionText == "7.1")
        #expect(configuration.products.map(\.id) == ["pro.lifetime", "pro.monthly"])
        let warnings = [
            "$.version.major: version 7 is newer than this reader knows (1.x to 6.x): what it knows is read, the rest skipped",
            "$.products[1].type: unknown product type \"SubscriptionPass\"; product \"pro.pass\" skipped",
        ]
        #expect(configuration.warnings.map { "\($0.place): \($0.problem)" } == warnings)

        let (folder, path) = try Self.write(Self.seven)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let shown = InputPath(path).shown
        let listed = try runSimulate(["storekit", path])
        #expect(listed.status == 0)
        #expect(listed.err == warnings.map { "warning: \(shown): \($0)\n" }.joined())
        #expect(listed.out == """
            \(shown) (StoreKit configuration 7.1): 2 products, 1 group
            group "Pro"
              pro.monthly: auto-renewable P1M, level 1, 4.99
            products outside groups
              pro.lifetime: non-consumable, 49.99

            """)
        let compared = try runSimulate(["storekit", path, "--policy", "daily-quip"])
        #expect(compared.status == 1)
        #expect(compared.err == listed.err)
        #expect(compared.out.hasPrefix("disagrees: \(shown) (StoreKit configuration 7.1) and policy daily-quip: "))
        // A known product type in a known format version is still refused.
        #expect(throws: StoreKitFileError(file: "app.storekit", place: "$.products[1].type", problem: "unknown product type \"SubscriptionPass\"; expected \"Consumable\", \"NonConsumable\" or \"NonRenewingSubscription\" (auto-renewable products belong in \"subscriptionGroups\")")) {
            try StoreKitConfiguration(text: Self.seven.replacingOccurrences(of: "\"major\": 7", with: "\"major\": 6"), file: "app.storekit")
        }
    }

    @Test("a field the reader needs stays required in a newer version and in 6.x's suites: exit 2, one line, nothing on stdout", arguments: [
        (seven.replacingOccurrences(of: "\"recurringSubscriptionPeriod\": \"P1M\", ", with: ""),
         "$.subscriptionGroups[0].subscriptions[0]: missing \"recurringSubscriptionPeriod\" (such as \"P1M\") for subscription \"pro.monthly\""),
        ("""
         {"subscriptionSuiteGroups": [{"id": "S", "subscriptions": [{"productID": "suite", "groupNumber": 1, "type": "SubscriptionSuite"}]}],
          "version": {"major": 6, "minor": 3}}
         """, "$.subscriptionSuiteGroups[0].subscriptions[0]: missing \"duration\" (such as \"P1Y\") for subscription suite \"suite\""),
        ("""
         {"subscriptionSuiteGroups": [{"id": "S", "subscriptions": [{"productID": "suite", "duration": "a year", "groupNumber": 1}]}],
          "version": {"major": 6, "minor": 3}}
         """, "$.subscriptionSuiteGroups[0].subscriptions[0].duration: \"a year\" is not a period such as \"P3D\", \"P1W\", \"P1M\" or \"P1Y\""),
        ("{\"subscriptionSuiteGroups\": {}, \"version\": {\"major\": 6, \"minor\": 3}}", "$.subscriptionSuiteGroups: expected a list, got an object"),
    ])
    func stillRequired(text: String, fault: String) throws {
        let (folder, path) = try Self.write(text)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for arguments in [["storekit", path], ["storekit", path, "--policy", "daily-quip"]] {
            let result = try runSimulate(arguments)
            #expect(result.status == 2)
            #expect(result.out.isEmpty)
            #expect(result.err == "error: \(InputPath(path).shown): \(fault)\n")
        }
    }

    @Test("one plan's monthly and yearly at two levels, as Apple allows: a warning against the policy (which agrees) and for run --storekit, which simulates the file")
    func planAtTwoLevels() throws {
        let path = StoreKitFixtures.path("daily-quip-levels")
        let compared = try runSimulate(["storekit", path, "--policy", "daily-quip"])
        #expect(compared.status == 0)
        #expect(compared.out.hasPrefix("agrees: \(InputPath(path).shown) (StoreKit configuration 4.0) and policy daily-quip\n"), "\(compared.out)")
        #expect(compared.err == "warning: dailyquip.annual (level 2) and dailyquip.monthly (level 1) of group \"Daily Quip Premium\" are both plan premium: the policy means a switch between them as a crossgrade, where StoreKit makes dailyquip.annual to dailyquip.monthly an upgrade (at once) and back a downgrade (at the renewal)\n")
        let warning = "warning: dailyquip.annual (level 2) and dailyquip.monthly (level 1) of group \"Daily Quip Premium\" are both plan premium: the simulation switches between them as a crossgrade, where StoreKit makes dailyquip.annual to dailyquip.monthly an upgrade (at once) and back a downgrade (at the renewal)"
        let mapping = try StoreKitProductMapping(policy: .dailyQuip, configuration: try StoreKitFixtures.read("daily-quip-levels"))
        #expect(mapping.notes == [warning])
        #expect(mapping.policy.products == SubscriptionPolicy.dailyQuip.products, "the same products, periods and plans")

        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try runSimulate(["run", "--policy", "daily-quip", "--storekit", path, "--seed", "7", "--users", "30", "--years", "1", "--quiet", "--report", folder + "/r"])
        #expect(run.status == 0, "\(run.err)")
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(lines.prefix(2) == ["simulate run --policy daily-quip",
            "  storekit    \(path): dailyquip.monthly auto-renewable P1M (premium), dailyquip.annual auto-renewable P1Y (premium), dailyquip.lifetime non-consumable (premium); \(warning)"])
        #expect(lines.contains("All invariants held."))
        #expect(FileManager.default.fileExists(atPath: folder + "/r/report.json"))
    }

    @Test("a subscription offers key pair is never read: its text appears in no output and no error, listing, comparing, running or refusing")
    func keyPairNeverPrinted() throws {
        let path = StoreKitFixtures.path("daily-quip-keypair")
        let key = ["FIXTURE-KEYPAIR-TEXT", "BEGIN PRIVATE KEY", "FIXTUREKEYID42"]
        let original = try String(contentsOfFile: path, encoding: .utf8)
        #expect(key.allSatisfy(original.contains), "the fixture holds the key pair")
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The key pair's object with a key given twice, and the file cut off inside it.
        let twice = original.replacingOccurrences(of: "\"id\" : \"FIXTUREKEYID42\",", with: "\"id\" : \"FIXTUREKEYID42\", \"id\" : \"FIXTUREKEYID42\",")
        #expect(twice != original)
        try Data(twice.utf8).write(to: URL(fileURLWithPath: folder + "/twice.storekit"))
        let cut = String(original.prefix(upTo: original.range(of: "FIXTURE-KEYPAIR-TEXT")!.upperBound))
        try Data(cut.utf8).write(to: URL(fileURLWithPath: folder + "/cut.storekit"))

        let runs: [([String], Int32)] = [
            (["storekit", path], 0),
            (["storekit", path, "--policy", "daily-quip"], 0),
            (["run", "--policy", "daily-quip", "--storekit", path, "--seed", "3", "--users", "5", "--years", "1", "--quiet", "--report", folder + "/r"], 0),
            (["storekit", folder + "/twice.storekit"], 2),
            (["storekit", folder + "/cut.storekit", "--policy", "daily-quip"], 2),
            (["run", "--policy", "daily-quip", "--storekit", folder + "/twice.storekit", "--users", "5", "--report", folder + "/r2"], 2),
        ]
        for (arguments, status) in runs {
            let result = try runSimulate(arguments)
            #expect(result.status == status, "\(arguments): \(result.err)")
            for secret in key + StoreKitFixtures.secrets {
                #expect(!result.out.contains(secret) && !result.err.contains(secret), "\(arguments) printed \(secret)")
            }
        }
        #expect(try runSimulate(["storekit", folder + "/twice.storekit"]).err
                == "error: \(InputPath(folder + "/twice.storekit").shown): $.settings.subscriptionOffersKeyPair: key \"id\" given twice\n")
        for file in ["report.json", "report.md", "report.html"] {
            let report = try String(contentsOfFile: folder + "/r/" + file, encoding: .utf8)
            #expect(!key.contains(where: report.contains), "\(file)")
        }
    }
}

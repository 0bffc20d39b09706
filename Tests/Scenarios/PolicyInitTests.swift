import Foundation
import Simulator
import SubscriptionModel
import Testing

/// `simulate policy init --storekit FILE`: a starting policy for what a StoreKit file
/// sells, which the policy reader accepts, `run --policy` runs and `storekit --policy`
/// compares (docs/storekit.md).
@Suite("policy init --storekit: a starting policy from a StoreKit file")
struct PolicyInitTests {
    /// The fixtures the reader reads (not the malformed ones).
    static let fixtures = [
        "daa-tiers-v1.0", "daa-tiers-levels", "daa-tiers-groups", "oxalate-v1.2", "daily-quip-v2.0", "daily-quip-v5.0", "daily-quip-suite-6.3",
        "daily-quip-weekly", "daily-quip-levels", "daily-quip-catalogue", "face-recall-v3.0", "face-recall-trial", "meal-capture-v4.0",
        "meal-capture-trial",
    ]

    @Test("each fixture's draft is a policy that sells exactly the file's subscriptions and lifetime purchases, with their periods and introductory offers", arguments: fixtures)
    func sellsTheFile(name: String) throws {
        let configuration = try StoreKitFixtures.read(name)
        let draft = StoreKitPolicyDraft(configuration: configuration, name: "draft", file: name + ".storekit")
        let policy = try SubscriptionPolicy(data: Data(draft.text.utf8), file: "draft.json")
        let sellable = configuration.products.filter {
            switch $0.kind {
            case .autoRenewable, .nonConsumable: true
            default: false
            }
        }
        #expect(policy.products.map(\.id).sorted() == sellable.map(\.id).sorted(), "\(name)")
        for listed in sellable {
            let product = try #require(policy.products.first { $0.id == listed.id })
            #expect(product.kind.description == listed.kindText, "\(name): \(listed.id)")
            let offer = StoreKitComparison.introductoryOffer(listed)
            switch (product.introductoryOffer, offer) {
            case (nil, nil): break
            case (let declared?, let sold?): #expect(StoreKitComparison.sameOffer(declared, sold), "\(name): \(listed.id): \(declared) against \(sold)")
            default: Issue.record("\(name): \(listed.id): the draft declares \(String(describing: product.introductoryOffer)), the file sells \(String(describing: offer))")
            }
        }
        // Consumables are credit packs (format 3), each said; what a policy cannot sell is said, product by product.
        let consumables = configuration.products.filter { if case .consumable = $0.kind { !StoreKitPolicyDraft.isTip($0.id) } else { false } }
        #expect(policy.creditPacks.map(\.id).sorted() == consumables.map(\.id).sorted(), "\(name)")
        for listed in consumables {
            #expect(draft.notes.contains { $0.hasPrefix(StoreKitFinding.shown(listed.id) + ": a consumable, drafted as a pack of ") }, "\(name): \(listed.id)")
        }
        // The rest (tips, non-renewing subscriptions, suites) are the other products (format 9), each said.
        let rest = configuration.products.filter { !sellable.contains($0) && !consumables.contains($0) }
        #expect(policy.otherProducts.map(\.id).sorted() == rest.map(\.id).sorted(), "\(name)")
        for listed in rest {
            #expect(draft.notes.contains { $0.hasPrefix(StoreKitFinding.shown(listed.id) + ": ") && $0.hasSuffix("listed among the other products") },
                    "\(name): \(listed.id)")
        }
        #expect(draft.notes.first?.hasPrefix("placeholders to replace with the app's own") == true)
        // Every file agrees with its draft; subscriptions in several groups are a warning (S4).
        let comparison = StoreKitComparison(policy: policy, configuration: configuration)
        #expect(comparison.agrees, "\(name): \(comparison.findings.map(\.description))")
        let groups = Set(configuration.products.compactMap { $0.subscription?.group })
        #expect(comparison.warnings.contains { $0.contains("a user could hold both at once") } == (groups.count > 1), "\(name): \(comparison.warnings)")
        #expect(StoreKitPolicyDraft(configuration: configuration, name: "draft", file: name + ".storekit").text == draft.text, "the same text for the same file")
    }

    @Test("a consumable is a credit pack of the count its id gives beside a unit, else 10; one its id calls a tip is an other product")
    func consumablesAsPacks() {
        #expect(StoreKitPolicyDraft.creditsGuess("credits_100") == 100)
        #expect(StoreKitPolicyDraft.creditsGuess("com.app.500coins.1.99") == 500, "the price's numbers are not the count")
        #expect(StoreKitPolicyDraft.creditsGuess("com.app.coins10") == 10)
        #expect(StoreKitPolicyDraft.creditsGuess("tokens_100x") == 100)
        #expect(StoreKitPolicyDraft.creditsGuess("coins.1.99") == nil, "a price beside a unit is no count")
        #expect(StoreKitPolicyDraft.creditsGuess("consumable.fuel.octane87") == nil, "a number beside no unit is no count")
        #expect(StoreKitPolicyDraft.creditsGuess("com.app.gold") == nil)
        #expect(StoreKitPolicyDraft.creditsGuess("credits_0") == nil && StoreKitPolicyDraft.creditsGuess("credits_2000000") == nil)
        #expect(StoreKitPolicyDraft.isTip("com.app.tip.small") && StoreKitPolicyDraft.isTip("de.app.tip.coffee") && StoreKitPolicyDraft.isTip("TipJar.Large"))
        #expect(!StoreKitPolicyDraft.isTip("com.app.multiple.tokens") && !StoreKitPolicyDraft.isTip("stipend.credits_5"))
    }

    @Test("a service's monthly, yearly and lifetime are one plan; services rank by their levels, and services of overlapping levels are one plan; a lifetime of no service is a plan of its own, lowest")
    func plans() throws {
        let tiers = try SubscriptionPolicy(data: Data(StoreKitPolicyDraft(configuration: try StoreKitFixtures.read("daa-tiers-v1.0"), name: "t", file: "t").text.utf8), file: "t.json")
        #expect(tiers.plans.map(\.id) == ["free", "core", "advanced", "premium"])
        // Core's yearly at level 2 beside advanced: their levels overlap, so they are one plan.
        let overlapping = try SubscriptionPolicy(data: Data(StoreKitPolicyDraft(configuration: try StoreKitFixtures.read("daa-tiers-levels"), name: "t", file: "t").text.utf8),
                                                 file: "t.json")
        #expect(overlapping.plans.map(\.id) == ["free", "advanced", "premium"])
        #expect(overlapping.products.filter { $0.plan == 1 }.map(\.id) == ["com.daa.advanced.monthly", "com.daa.advanced.yearly", "com.daa.core.monthly", "com.daa.core.yearly"])
        let quip = try SubscriptionPolicy(data: Data(StoreKitPolicyDraft(configuration: try StoreKitFixtures.read("daily-quip-v2.0"), name: "q", file: "q").text.utf8), file: "q.json")
        #expect(quip.plans.count == 2)
        #expect(quip.products.map(\.plan) == [1, 1, 1], "\(quip.products.map(\.id))")
        #expect(StoreKitPolicyDraft.serviceKey("com.app.Premium_1Y") == "com app premium")
        #expect(StoreKitPolicyDraft.serviceKey("pro.monthly") == StoreKitPolicyDraft.serviceKey("pro.yearly"))
        #expect(StoreKitPolicyDraft.serviceKey("plus.monthly") != StoreKitPolicyDraft.serviceKey("pro.monthly"))
        let coffee = StoreKitFixtures.file(subscriptions: """
            {"productID": "pro.monthly", "recurringSubscriptionPeriod": "P1M", "groupNumber": 1,
             "introductoryOffer": {"paymentMode": "free", "subscriptionPeriod": "P1W", "numberOfPeriods": 2}}
            """, products: #"{"productID": "tip.coffee", "type": "NonConsumable"}"#)
        let draft = StoreKitPolicyDraft(configuration: try StoreKitFixtures.read(text: coffee).get(), name: "c", file: "c")
        let policy = try SubscriptionPolicy(data: Data(draft.text.utf8), file: "c.json")
        #expect(policy.plans.map(\.name) == ["Free", "Tip Coffee", "Pro"])
        #expect(draft.notes.contains("tip.coffee: a lifetime purchase of plan tip-coffee, which a user keeps beside pro.monthly of plan pro: a user could hold both at once, where the policy's plans are one entitlement at a time"),
                "\(draft.notes)")
        #expect(policy.products.first { $0.id == "pro.monthly" }?.introductoryOffer == IntroductoryOffer(payment: .free, period: "P2W"),
                "a free 2 × P1W is written as a free P2W, which a policy states")
    }

    @Test("on the command line: prints the policy or writes --out, then show, run and storekit take it; never overwrites; bad input exits 2")
    func commandLine() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = StoreKitFixtures.path("daily-quip-v5.0"), out = folder + "/quip.json"
        let printed = try runSimulate(["policy", "init", "--storekit", file])
        #expect(printed.status == 0 && printed.out.hasPrefix("{\n  \"format\": 2,\n  \"policy\": \"daily-quip-v5-0\""), "\(printed.out)")
        #expect(printed.err.hasPrefix("note: placeholders to replace with the app's own"))
        let written = try runSimulate(["policy", "init", "--storekit", file, "--out", out])
        #expect(written.status == 0 && written.out.isEmpty)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == printed.out)
        // The next commands, as every printed command is: from the package's folder, on the release build.
        let next = "swift run -c release simulate"
        #expect(written.err.hasSuffix("wrote \(out); next: \(next) policy show \(out); \(next) run --policy \(out); \(next) storekit \(file) --policy \(out)\n"),
                "\(written.err)")
        #expect(try runSimulate(["policy", "show", out]).status == 0)
        let compared = try runSimulate(["storekit", file, "--policy", out])
        #expect(compared.status == 0 && compared.out.hasPrefix("agrees: "), "\(compared.out)")
        let run = try runSimulate(["run", "--policy", out, "--seed", "3", "--users", "40", "--years", "1", "--quiet", "--report", folder + "/r"])
        #expect(run.status == 0, "\(run.out)\(run.err)")

        let again = try runSimulate(["policy", "init", "--storekit", StoreKitFixtures.path("oxalate-v1.2"), "--out", out])
        #expect(again.status == 2 && again.out.isEmpty)
        #expect(again.err.hasPrefix("error: --out ") && again.err.contains("already exists"), "\(again.err)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == printed.out, "the existing file untouched")
        let folderGiven = try runSimulate(["policy", "init", "--storekit", file, "--out", folder])
        #expect(folderGiven.status == 2 && folderGiven.err.hasSuffix(": a folder; name the policy file to write\n"), "\(folderGiven.err)")
        let underFile = try runSimulate(["policy", "init", "--storekit", file, "--out", out + "/x.json"])
        #expect(underFile.status == 2 && underFile.out.isEmpty)
        #expect(underFile.err.hasPrefix("error: --out ") && underFile.err.split(separator: "\n").count == 1, "one error line, no notes before it: \(underFile.err)")
        let nested = try runSimulate(["policy", "init", "--storekit", file, "--out", folder + "/new/folders/p.json"])
        #expect(nested.status == 0 && FileManager.default.fileExists(atPath: folder + "/new/folders/p.json"), "its folder is made: \(nested.err)")
        let missing = try runSimulate(["policy", "init"])
        #expect(missing.status == 2 && missing.err.contains("policy init needs --storekit FILE"), "\(missing.err)")
        let bad = try runSimulate(["policy", "init", "--storekit", StoreKitFixtures.path("malformed-syntax"), "--out", folder + "/bad.json"])
        #expect(bad.status == 2 && bad.err.hasPrefix("error: "), "\(bad.err)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/bad.json"), "nothing written")
    }
}

@Suite("policy init --storekit: what a policy cannot state as the file does")
struct PolicyInitEdgeTests {
    /// The policy drafted from a file of one subscription in a group of `id` named `name`
    /// (as JSON writes it), and the draft's text.
    func drafted(group name: String, id: String = "G1") throws -> (policy: SubscriptionPolicy, text: String) {
        let text = """
            {"products": [], "subscriptionGroups": [{"id": "\(id)", "name": "\(name)", "subscriptions": [
              {"productID": "pro.monthly", "recurringSubscriptionPeriod": "P1M", "groupNumber": 1}]}],
             "version": {"major": 3, "minor": 0}}
            """
        let draft = StoreKitPolicyDraft(configuration: try StoreKitFixtures.read(text: text).get(), name: "e", file: "e.storekit")
        return (try SubscriptionPolicy(data: Data(draft.text.utf8), file: "e.json"), draft.text)
    }

    @Test("group names are escaped in the JSON (quotes, backslashes), an empty name falls back to the group's id or its number")
    func groupNames() throws {
        for (name, id, expected) in [(#"Pro \"Max\" \\ Co"#, "G1", #"Pro "Max" \ Co"#), ("", "G7", "G7"), ("", "", "Group 1")] {
            let draft = try drafted(group: name, id: id)
            #expect(draft.policy.plans.map(\.name) == ["Free", expected], "\(draft.text)")
        }
    }

    @Test("a plan's id drops a name's accents (Prêt-Matériel gives pret-materiel); its name keeps them and loses braces, which a plan's name cannot hold")
    func accentedAndBracedNames() throws {
        let draft = try drafted(group: "Prêt-Matériel {Pro} Ærø")
        #expect(draft.policy.plans.map(\.name) == ["Free", "Prêt-Matériel Pro Ærø"], "\(draft.text)")
        #expect(draft.policy.plans.map(\.id) == ["free", "pret-materiel-pro-r"], "Æ and ø have no base letter and part the words")
        #expect(try drafted(group: "{}").policy.plans.map(\.name) == ["Free", "Plan"], "a name of braces alone")
    }

    @Test("a group's name holding a tab, a newline or a direction override drafts a plan name of one line, which the draft's own reader accepts; such a product id is refused")
    func lineBreakingNames() throws {
        #expect(try drafted(group: #"Pro\tMax"#).policy.plans.map(\.name) == ["Free", "Pro Max"])
        #expect(try drafted(group: #"Pro\n\nMax\u202E"#).policy.plans.map(\.name) == ["Free", "Pro Max"])
        #expect(try drafted(group: #"\t"#).policy.plans.map(\.name) == ["Free", "Plan"], "a name of a tab alone")
        let text = """
            {"products": [], "subscriptionGroups": [{"id": "G1", "name": "Pro", "subscriptions": [
              {"productID": "pro.monthly\\u202E", "recurringSubscriptionPeriod": "P1M", "groupNumber": 1}]}],
             "version": {"major": 3, "minor": 0}}
            """
        guard case .failure(let error) = StoreKitFixtures.read(text: text) else {
            Issue.record("a product id with a direction override was read")
            return
        }
        #expect(error.description.hasSuffix(#"$.subscriptionGroups[0].subscriptions[0].productID: "pro.monthly\u202E" holds U+202E: a product id is one line of visible characters"#), "\(error)")
    }

    @Test("periods are written as a policy states them (one unit, 1 to 999), offers too; what it cannot state is left out and said")
    func periods() throws {
        #expect(StoreKitPolicyDraft.policyPeriod(ProductPeriod(months: 12)) == "P1Y")
        #expect(StoreKitPolicyDraft.policyPeriod(ProductPeriod(days: 14)) == "P2W")
        #expect(StoreKitPolicyDraft.policyPeriod(ProductPeriod(days: 3)) == "P3D")
        #expect(StoreKitPolicyDraft.policyPeriod(ProductPeriod(months: 1, days: 3)) == nil, "no one unit says a month and three days")
        #expect(StoreKitPolicyDraft.policyPeriod(ProductPeriod(days: 1000)) == nil, "more than 999 of a unit")
        #expect(StoreKitPolicyDraft.policyOffer(IntroductoryOffer(payment: .payUpFront, period: "P1M", periods: 3)) == IntroductoryOffer(payment: .payUpFront, period: "P3M"))
        #expect(StoreKitPolicyDraft.policyOffer(IntroductoryOffer(payment: .payAsYouGo, period: "P1M", periods: 3)) == IntroductoryOffer(payment: .payAsYouGo, period: "P1M", periods: 3))
        #expect(StoreKitPolicyDraft.policyOffer(IntroductoryOffer(payment: .free, period: "P7D", periods: 2)) == IntroductoryOffer(payment: .free, period: "P2W"))
        let text = StoreKitFixtures.file(major: 5, subscriptions: """
            {"productID": "pro.monthly", "recurringSubscriptionPeriod": "P1M", "groupNumber": 1,
             "introductoryOffers": [{"paymentMode": "payUpFront", "subscriptionPeriod": "P1M", "numberOfPeriods": 3}]},
            {"productID": "pro.yearly", "recurringSubscriptionPeriod": "P12M", "groupNumber": 1,
             "introductoryOffers": [{"paymentMode": "free", "subscriptionPeriod": "P1D", "numberOfPeriods": 1000}]}
            """)
        let configuration = try StoreKitFixtures.read(text: text).get()
        let draft = StoreKitPolicyDraft(configuration: configuration, name: "p", file: "p.storekit")
        let policy = try SubscriptionPolicy(data: Data(draft.text.utf8), file: "p.json")
        #expect(policy.products.map(\.kind.description) == ["auto-renewable P1M", "auto-renewable P1Y"])
        #expect(policy.products[0].introductoryOffer == IntroductoryOffer(payment: .payUpFront, period: "P3M"))
        #expect(policy.products[1].introductoryOffer == nil)
        #expect(draft.notes.contains("pro.yearly: its introductory offer (free 1000 × P1D) left out: not a length a policy states"), "\(draft.notes)")
        #expect(StoreKitComparison(policy: policy, configuration: configuration).findings.map(\.description)
                == ["pro.yearly: introductory offer: the file sells one (free 1000 × P1D); the policy declares none for the product"])
    }

    @Test("product ids split into words as apps write them; a number counting a period goes with it, any other stays")
    func serviceKeys() {
        #expect(StoreKitPolicyDraft.serviceKey("Premium1Month") == "premium")
        #expect(StoreKitPolicyDraft.serviceKey("Premium1Year") == "premium")
        #expect(StoreKitPolicyDraft.serviceKey("PROMonthly") == "pro")
        #expect(StoreKitPolicyDraft.serviceKey("com.app.pro_1m") == "com app pro")
        #expect(StoreKitPolicyDraft.serviceKey("tier_1.monthly") != StoreKitPolicyDraft.serviceKey("tier_2.monthly"))
        #expect(StoreKitPolicyDraft.serviceKey("tier1") == "tier 1" && StoreKitPolicyDraft.serviceKey("tier2") == "tier 2")
    }

    @Test("an introductory offer paid otherwise for as long is a finding (S6)")
    func paymentDiffers() {
        #expect(StoreKitComparison.offerProblem(IntroductoryOffer(payment: .payUpFront, period: "P1W"), declared: IntroductoryOffer(payment: .free, period: "P1W"))
                == "the file sells pay-up-front P1W, the policy declares free P1W")
        #expect(StoreKitComparison.offerProblem(IntroductoryOffer(payment: .free, period: "P1W"), declared: IntroductoryOffer(payment: .free, period: "P7D")) == nil)
    }

    @Test("a new file is linked into place: one there already, even made after the check, is never overwritten, and nothing is left beside it")
    func neverOverwrites() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/p.json"
        try ReportFolder.writeNewFile("first\n", to: path)
        #expect(throws: ReportFolder.WriteError.self) { try ReportFolder.writeNewFile("second\n", to: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "first\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["p.json"], "no temporary file left")
    }
}

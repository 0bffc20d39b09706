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
        // What the file sells and a policy cannot is said, product by product.
        for listed in configuration.products where !sellable.contains(listed) {
            #expect(draft.notes.contains { $0.hasPrefix(StoreKitFinding.shown(listed.id) + " left out: ") }, "\(name): \(listed.id)")
        }
        #expect(draft.notes.first?.hasPrefix("placeholders to replace with the app's own") == true)
        // A file of one group with nothing the policy cannot sell agrees with its draft.
        let comparison = StoreKitComparison(policy: policy, configuration: configuration)
        let groups = Set(configuration.products.compactMap { $0.subscription?.group })
        if sellable.count == configuration.products.count, groups.count <= 1 {
            #expect(comparison.agrees, "\(name): \(comparison.findings.map(\.description))")
        } else {
            #expect(comparison.findings.allSatisfy { [.onlyInFile, .group].contains($0.aspect) }, "\(name): \(comparison.findings.map(\.description))")
        }
        #expect(StoreKitPolicyDraft(configuration: configuration, name: "draft", file: name + ".storekit").text == draft.text, "the same text for the same file")
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
        #expect(written.err.contains("wrote \(out); next: simulate policy show "), "\(written.err)")
        #expect(try runSimulate(["policy", "show", out]).status == 0)
        let compared = try runSimulate(["storekit", file, "--policy", out])
        #expect(compared.status == 0 && compared.out.hasPrefix("agrees: "), "\(compared.out)")
        let run = try runSimulate(["run", "--policy", out, "--seed", "3", "--users", "40", "--years", "1", "--quiet", "--report", folder + "/r"])
        #expect(run.status == 0, "\(run.out)\(run.err)")

        let again = try runSimulate(["policy", "init", "--storekit", StoreKitFixtures.path("oxalate-v1.2"), "--out", out])
        #expect(again.status == 2 && again.out.isEmpty)
        #expect(again.err.hasPrefix("error: --out ") && again.err.contains("already exists"), "\(again.err)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == printed.out, "the existing file untouched")
        let missing = try runSimulate(["policy", "init"])
        #expect(missing.status == 2 && missing.err.contains("policy init needs --storekit FILE"), "\(missing.err)")
        let bad = try runSimulate(["policy", "init", "--storekit", StoreKitFixtures.path("malformed-syntax"), "--out", folder + "/bad.json"])
        #expect(bad.status == 2 && bad.err.hasPrefix("error: "), "\(bad.err)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/bad.json"), "nothing written")
    }
}

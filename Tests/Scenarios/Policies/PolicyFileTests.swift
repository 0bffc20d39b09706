import Foundation
import Simulator
import SubscriptionModel
import TestSupport
import Testing

/// The policy files: the shipped ones load and say what the rules say; a bad file is
/// refused with one line naming the file, the JSON path and the fault (`docs/policy-file.md`).
@Suite("Policy files")
struct PolicyFileTests {
    /// A small valid policy; each error test breaks one thing in it.
    static let base = """
        {"policy": "t", "calendar": "device", "defaults": {"guest": "free"}, "meters": ["m"],
         "features": [{"id": "f", "consumes": "m"}, {"id": "g"}],
         "plans": [
           {"id": "free", "name": "Free", "features": ["f"], "limits": {"m": {"day": 3}},
            "responses": {"day": "paywall", "not-in-plan": "paywall"}},
           {"id": "pro", "name": "Pro", "products": [{"id": "pro.monthly", "kind": "auto-renewable", "period": "P1M"}], "features": "all"}],
         "screens": {"s": {"kind": "planName"}}}
        """

    func read(_ text: String) throws(PolicyFileError) -> SubscriptionPolicy {
        try SubscriptionPolicy(data: Data(text.utf8), file: "t.json")
    }

    @Test("the small policy the error tests start from is valid")
    func baseIsValid() throws {
        let policy = try read(Self.base)
        #expect(policy.plans.map(\.id) == ["free", "pro"] && policy.paidPlans == [1])
    }

    @Test("an unknown key is refused, naming where it is")
    func unknownKey() {
        #expect(policyFileError(Self.base.replacingOccurrences(of: #""name": "Free","#, with: #""name": "Free", "colour": "red","#))
                == #"error: t.json: $.plans[0]: unknown key "colour"; expected "id", "name", "products", "features", "limits", "history" or "responses""#)
        #expect(policyFileError(Self.base.replacingOccurrences(of: #"{"policy": "t","#, with: #"{"policy": "t", "trail": {},"#))?
                    .hasPrefix(#"error: t.json: $: unknown key "trail"; expected "format", "policy", "about", "calendar", "dayStartsAt", "weekStartsOn", "rollingHours", "monthAnchor", "trial""#) == true)
    }

    @Test("a missing response for a reason that can occur is refused")
    func missingResponse() {
        #expect(policyFileError(Self.base.replacingOccurrences(of: #", "not-in-plan": "paywall""#, with: ""))
                == #"error: t.json: $.plans[0].responses: no response for reason "not-in-plan", which can occur under plan "free""#)
    }

    @Test("a response for a reason that can never occur is refused")
    func impossibleResponse() {
        #expect(policyFileError(Self.base.replacingOccurrences(of: #""day": "paywall","#, with: #""day": "paywall", "month": "paywall","#))
                == #"error: t.json: $.plans[0].responses.month: reason "month" can never occur under plan "free""#)
    }

    @Test("an \"any\" response is refused when it can never apply, and read when it covers a reason left out")
    func anyResponse() throws {
        #expect(policyFileError(Self.base.replacingOccurrences(of: #""not-in-plan": "paywall"}"#, with: #""not-in-plan": "paywall", "any": "paywall"}"#))
                == #"error: t.json: $.plans[0].responses.any: "any" can never apply: every reason that can occur under plan "free" has its own response"#)
        #expect(policyFileError(Self.base.replacingOccurrences(of: #""features": "all"}]"#, with: #""features": "all", "responses": {"any": "paywall"}}]"#))
                == #"error: t.json: $.plans[1].responses.any: "any" can never apply: no reason can occur under plan "pro""#)
        let covered = try read(Self.base.replacingOccurrences(of: #""not-in-plan": "paywall"}"#, with: #""any": {"alert": {"title": "Not here", "message": null}}}"#))
        #expect(covered.plans[0].responses[BlockReason.notInPlan.rawValue] == .alert(Alert(title: "Not here", message: nil)))
        #expect(covered.plans[0].responses[BlockReason.day.rawValue] == .paywall)
    }

    @Test("a billing period is one unit counted from 1 to 999, and the generator renews by every period the reader takes")
    func periods() throws {
        for unit in ["D", "W", "M", "Y"] {
            for count in [1, 2, 7, 12, 999] {
                let text = "P\(count)\(unit)"
                let policy = try read(Self.base.replacingOccurrences(of: #""period": "P1M""#, with: #""period": "\#(text)""#))
                #expect(policy.products[0].kind == .autoRenewable(period: text))
                let period = try #require(ProductPeriod(iso: text), "\(text)")
                #expect(period.description == ProductPeriod(months: unit == "Y" ? 12 * count : unit == "M" ? count : 0,
                                                            days: unit == "W" ? 7 * count : unit == "D" ? count : 0).description, "\(text)")
            }
            for text in ["P1000\(unit)", "P100000\(unit)", "P0\(unit)", "P01\(unit)"] {
                #expect(policyFileError(Self.base.replacingOccurrences(of: #""period": "P1M""#, with: #""period": "\#(text)""#))
                        == "error: t.json: $.plans[1].products[0].period: \"\(text)\" is not a period such as \"P1W\", \"P1M\" or \"P1Y\" (one unit, D, W, M or Y, counted from 1 to 999)")
            }
        }
    }

    @Test("format 2 adds a product's introductory offer; format 1 (the default) refuses one, and a newer format is refused by name")
    func introductoryOffers() throws {
        func offered(_ offer: String, format: String = #""format": 2, "#) -> String {
            Self.base.replacingOccurrences(of: #"{"policy": "t""#, with: "{" + format + #""policy": "t""#)
                .replacingOccurrences(of: #""period": "P1M"}"#, with: #""period": "P1M", "introductoryOffer": "# + offer + "}")
        }
        #expect(try read(offered(#"{"payment": "free", "period": "P1W"}"#)).products[0].introductoryOffer == IntroductoryOffer(payment: .free, period: "P1W"))
        #expect(try read(offered(#"{"payment": "pay-as-you-go", "period": "P1M", "periods": 3}"#)).products[0].introductoryOffer?.description == "pay-as-you-go 3 × P1M")
        #expect(try read(Self.base.replacingOccurrences(of: #"{"policy": "t""#, with: #"{"format": 1, "policy": "t""#)) == read(Self.base),
                "format 1 said is format 1 unsaid")
        #expect(policyFileError(offered(#"{"payment": "free", "period": "P1W"}"#, format: ""))
                == #"error: t.json: $.plans[1].products[0].introductoryOffer: an introductory offer needs "format": 2 at the top of the file"#)
        #expect(policyFileError(offered(#"{"payment": "half", "period": "P1W"}"#))
                == #"error: t.json: $.plans[1].products[0].introductoryOffer.payment: unknown payment "half"; expected "free", "pay-as-you-go" or "pay-up-front""#)
        #expect(policyFileError(offered(#"{"payment": "free", "period": "P1W", "periods": 2}"#))
                == #"error: t.json: $.plans[1].products[0].introductoryOffer.periods: 2 periods: only a pay-as-you-go offer lasts more than one period"#)
        #expect(policyFileError(offered(#"{"payment": "free", "period": "3 days"}"#))
                == #"error: t.json: $.plans[1].products[0].introductoryOffer.period: "3 days" is not a period such as "P1W", "P1M" or "P1Y" (one unit, D, W, M or Y, counted from 1 to 999)"#)
        let lifetime = Self.base.replacingOccurrences(of: #"{"policy": "t""#, with: #"{"format": 2, "policy": "t""#)
            .replacingOccurrences(of: #"{"id": "pro.monthly", "kind": "auto-renewable", "period": "P1M"}"#,
                                  with: #"{"id": "pro.life", "kind": "non-consumable", "introductoryOffer": {"payment": "free", "period": "P1W"}}"#)
        #expect(policyFileError(lifetime) == #"error: t.json: $.plans[1].products[0].introductoryOffer: only an auto-renewable product has an introductory offer"#)
    }

    @Test("a key refused for its format names the format the whole file needs, so one edit is enough; a newer format reads every older key")
    func formatTheFileNeeds() throws {
        // An introductory offer (format 2) and a credit pack (format 3) in a file of format 1, then 2.
        func both(format: String) -> String {
            Self.base.replacingOccurrences(of: #"{"policy": "t""#, with: "{" + format + #""policy": "t""#)
                .replacingOccurrences(of: #""period": "P1M"}"#, with: #""period": "P1M", "introductoryOffer": {"payment": "free", "period": "P1W"}}"#)
                .replacingOccurrences(of: #""screens": "#, with: #""creditPacks": [{"id": "m.10", "meter": "m", "credits": 10}], "screens": "#)
        }
        #expect(policyFileError(both(format: ""))
                == #"error: t.json: $.plans[1].products[0].introductoryOffer: an introductory offer needs "format": 2 at the top of the file; this file needs "format": 3 (for credit packs)"#)
        #expect(policyFileError(both(format: #""format": 2, "#)) == #"error: t.json: $.creditPacks: credit packs need "format": 3 at the top of the file"#)
        #expect(try read(both(format: #""format": 3, "#)).creditPacks.count == 1)
        #expect(try read(both(format: #""format": 10, "#)) == read(both(format: #""format": 3, "#)), "format 10 reads format 3's keys alike")
    }

    @Test("a consumable among a plan's products points to credit packs; an alert without a message says to write null")
    func pointedRefusals() throws {
        let consumable = Self.base.replacingOccurrences(of: #""kind": "auto-renewable", "period": "P1M""#, with: #""kind": "consumable""#)
        #expect(policyFileError(consumable) == #"error: t.json: $.plans[1].products[0].kind: unknown kind "consumable"; expected "auto-renewable" or "non-consumable" (a consumable that pays for uses is a credit pack: "creditPacks", format 3)"#)
        let silent = Self.base.replacingOccurrences(of: #""day": "paywall""#, with: #""day": {"alert": {"title": "Daily limit reached"}}"#)
        #expect(policyFileError(silent) == #"error: t.json: $.plans[0].responses.day.alert: missing "message" (write null for none)"#)
    }

    @Test("format 9 adds the other products: a product no rule reads, of a kind that gives no plan; mistakes are refused by path")
    func otherProducts() throws {
        func others(_ list: String, format: String = #""format": 9, "#) -> String {
            Self.base.replacingOccurrences(of: #"{"policy": "t","#, with: "{" + format + #""policy": "t", "otherProducts": \#(list),"#)
        }
        let policy = try read(others(#"[{"id": "tip.small", "kind": "consumable"}, {"id": "pass", "kind": "non-renewing"}, {"id": "suite", "kind": "subscription-suite"}]"#))
        #expect(policy.otherProducts == [OtherProduct(id: "tip.small", kind: .consumable), OtherProduct(id: "pass", kind: .nonRenewing),
                                         OtherProduct(id: "suite", kind: .subscriptionSuite)])
        #expect(try read(Self.base).otherProducts.isEmpty)
        #expect(policyFileError(others(#"[{"id": "tip", "kind": "consumable"}]"#, format: #""format": 8, "#))
                == #"error: t.json: $.otherProducts: other products need "format": 9 at the top of the file"#)
        #expect(policyFileError(others(#"[{"id": "tip", "kind": "non-consumable"}]"#))
                == #"error: t.json: $.otherProducts[0].kind: unknown kind "non-consumable"; expected "consumable", "non-renewing" or "subscription-suite""#)
        #expect(policyFileError(others(#"[{"id": "pro.monthly", "kind": "consumable"}]"#))
                == #"error: t.json: $.otherProducts[0].id: product "pro.monthly" is sold by a plan or as a credit pack; an other product is one no rule reads"#)
        #expect(policyFileError(others(#"[{"id": "tip", "kind": "consumable"}, {"id": "tip", "kind": "consumable"}]"#))
                == #"error: t.json: $.otherProducts[1].id: product "tip" listed twice"#)
        #expect(policyFileError(others("[]")) == #"error: t.json: $.otherProducts: an empty list: leave "otherProducts" out for a policy that sells none"#)
        #expect(policyFileError(others(#"[{"id": "tip"}]"#)) == #"error: t.json: $.otherProducts[0]: missing "kind""#)
    }

    @Test("format 3 adds credit packs: each names a consumable, the meter it fills and its credits; mistakes are refused by path")
    func creditPacks() throws {
        func packs(_ list: String, format: String = #""format": 3, "#) -> String {
            Self.base.replacingOccurrences(of: #"{"policy": "t""#, with: "{" + format + #""policy": "t""#)
                .replacingOccurrences(of: #""screens": "#, with: #""creditPacks": "# + list + #", "screens": "#)
        }
        let policy = try read(packs(#"[{"id": "m.10", "meter": "m", "credits": 10}, {"id": "m.50", "meter": "m", "credits": 50}]"#))
        #expect(policy.creditPacks == [CreditPack(id: "m.10", meter: 0, credits: 10), CreditPack(id: "m.50", meter: 0, credits: 50)])
        #expect(policy.hasCredits(meter: 0) && policy.packIndex("m.50") == 1 && policy.packIndex("pro.monthly") == nil)
        #expect(try read(Self.base).creditPacks.isEmpty && !read(Self.base).hasCredits(meter: 0))
        #expect(policyFileError(packs(#"[{"id": "m.10", "meter": "m", "credits": 10}]"#, format: #""format": 2, "#))
                == #"error: t.json: $.creditPacks: credit packs need "format": 3 at the top of the file"#)
        #expect(policyFileError(packs("[]")) == #"error: t.json: $.creditPacks: an empty list: leave "creditPacks" out for a policy that sells none"#)
        #expect(policyFileError(packs(#"[{"id": "pro.monthly", "meter": "m", "credits": 10}]"#))
                == #"error: t.json: $.creditPacks[0].id: product "pro.monthly" is already sold by plan "pro""#)
        #expect(policyFileError(packs(#"[{"id": "a", "meter": "m", "credits": 1}, {"id": "a", "meter": "m", "credits": 2}]"#))
                == #"error: t.json: $.creditPacks[1].id: credit pack "a" listed twice"#)
        #expect(policyFileError(packs(#"[{"id": "a", "meter": "x", "credits": 1}]"#)) == #"error: t.json: $.creditPacks[0].meter: unknown meter "x"; expected "m""#)
        #expect(policyFileError(packs(#"[{"id": "a", "meter": "m", "credits": 0}]"#)) == #"error: t.json: $.creditPacks[0].credits: 0 is below 1"#)
        #expect(policyFileError(packs(#"[{"id": "a", "meter": "m", "credits": 1000001}]"#))
                == #"error: t.json: $.creditPacks[0].credits: 1000001 credits: a pack adds at most 1000000"#)
        #expect(policyFileError(packs(#"[{"id": "a", "meter": "m"}]"#)) == #"error: t.json: $.creditPacks[0]: missing "credits""#)
        let fourMeters = packs(#"[{"id": "a", "meter": "m", "credits": 1}]"#).replacingOccurrences(of: #""meters": ["m"]"#, with: #""meters": ["m", "n", "o", "p"]"#)
            .replacingOccurrences(of: #"{"id": "g"}"#, with: #"{"id": "g"}, {"id": "n", "consumes": "n"}, {"id": "o", "consumes": "o"}, {"id": "p", "consumes": "p"}"#)
        #expect(policyFileError(fourMeters) == #"error: t.json: $.creditPacks: a policy with credit packs has at most 3 meters (the credits are kept where a fourth meter's counts would be); this one has 4"#)
        // {credits}: a meter screen's balance, for a meter with packs only.
        func screen(_ value: String, _ list: String = #"[{"id": "a", "meter": "m", "credits": 1}]"#) -> String {
            packs(list).replacingOccurrences(of: #""screens": {"s": {"kind": "planName"}}"#, with: #""screens": {"s": "# + value + "}")
        }
        let meterScreen = { (text: String) in #"{"kind": "meter", "meter": "m", "window": "day", "below": "x", "reached": "x", "unlimited": "# + text + "}" }
        #expect(try read(screen(meterScreen(#""{credits} left""#))).screens.count == 1)
        #expect(try read(screen(meterScreen(#"{"kind": "plural", "count": "credits", "one": "{credits} credit", "other": "{credits} credits"}"#))).screens.count == 1)
        #expect(policyFileError(screen(#""{credits}""#)) == #"error: t.json: $.screens.s: placeholder {credits} is only filled in the texts of a "meter" screen's branches (and their plurals, and a byPlan or byProduct in them), not in a box's fixed text or anywhere else"#)
        let noPacks = Self.base.replacingOccurrences(of: #""screens": {"s": {"kind": "planName"}}"#, with: #""screens": {"s": "# + meterScreen(#""{credits}""#) + "}")
        #expect(policyFileError(noPacks) == #"error: t.json: $.screens.s.unlimited: placeholder {credits} has no value: no credit pack is for this meter"#)
        let pluralNoPacks = Self.base.replacingOccurrences(of: #""screens": {"s": {"kind": "planName"}}"#,
                                                           with: #""screens": {"s": "# + meterScreen(#"{"kind": "plural", "count": "credits", "one": "a", "other": "b"}"#) + "}")
        #expect(policyFileError(pluralNoPacks) == #"error: t.json: $.screens.s.unlimited.count: there are no credits: no credit pack is for this meter"#)
        let idle = packs(#"[{"id": "a", "meter": "n", "credits": 1}]"#).replacingOccurrences(of: #""meters": ["m"]"#, with: #""meters": ["m", "n"]"#)
        // A pack for a meter no feature consumes: the meter itself is refused first.
        #expect(policyFileError(idle) == #"error: t.json: $.meters[1]: no feature consumes meter "n" ("consumes" or "then"), so its counts could never move: leave it out"#)
    }

    @Test("a meter no feature consumes is refused; a meter screen on a window no plan limits is read (its unlimited branch shows the count)")
    func neverUsed() throws {
        let twoMeters = Self.base.replacingOccurrences(of: #""meters": ["m"]"#, with: #""meters": ["m", "n"]"#)
        #expect(policyFileError(twoMeters) == #"error: t.json: $.meters[1]: no feature consumes meter "n" ("consumes" or "then"), so its counts could never move: leave it out"#)
        // A limit on it changes nothing: no use ever counts there.
        let limited = twoMeters.replacingOccurrences(of: #""limits": {"m": {"day": 3}}"#, with: #""limits": {"m": {"day": 3}, "n": {"day": 1}}"#)
        #expect(policyFileError(limited) == policyFileError(twoMeters))
        // A feature's second meter is used: read.
        let second = twoMeters.replacingOccurrences(of: #"{"id": "f", "consumes": "m"}"#, with: #"{"id": "f", "consumes": "m", "then": "n"}"#)
            .replacingOccurrences(of: #""policy": "t""#, with: #""format": 8, "policy": "t""#)
        #expect(try read(second).meters == ["m", "n"])
        // A meter screen on a window no plan limits still shows the count in `unlimited`: read.
        let counter = Self.base.replacingOccurrences(of: #""screens": {"s": {"kind": "planName"}}"#,
                                                     with: #""screens": {"s": {"kind": "meter", "meter": "m", "window": "month", "below": "x", "reached": "y", "unlimited": "{used} this month"}}"#)
        #expect(try read(counter).screens.count == 1)
    }

    @Test("format 4 adds a consuming feature's cost, 1 to 1,000,000 units; a cost elsewhere or in an older format is refused by path")
    func featureCost() throws {
        func cost(_ value: String, format: String = #""format": 4, "#, feature: String = #"{"id": "f", "consumes": "m""#) -> String {
            Self.base.replacingOccurrences(of: #"{"policy": "t""#, with: "{" + format + #""policy": "t""#)
                .replacingOccurrences(of: #"{"id": "f", "consumes": "m"}"#, with: feature + #", "cost": "# + value + "}")
                .replacingOccurrences(of: #""day": 3"#, with: #""day": 10"#) // room for a use of 5
        }
        #expect(try read(cost("5")).features.map(\.cost) == [5, 1])
        #expect(try read(Self.base).features.map(\.cost) == [1, 1])
        #expect(policyFileError(cost("5", format: #""format": 3, "#)) == #"error: t.json: $.features[0].cost: a feature's cost needs "format": 4 at the top of the file"#)
        #expect(policyFileError(cost("0")) == #"error: t.json: $.features[0].cost: 0 is below 1"#)
        #expect(policyFileError(cost("1000001")) == #"error: t.json: $.features[0].cost: a use costs at most 1000000 units"#)
        #expect(policyFileError(cost("2.5")) == #"error: t.json: $.features[0].cost: 2.5 is not a whole number up to 1000000000"#)
        #expect(policyFileError(cost("3", feature: #"{"id": "f", "releases": "m""#))
                == #"error: t.json: $.features[0].cost: only a feature that consumes a meter has a cost (the units a use adds to it)"#)
        #expect(policyFileError(cost("3", feature: #"{"id": "f""#))
                == #"error: t.json: $.features[0].cost: only a feature that consumes a meter has a cost (the units a use adds to it)"#)
    }

    @Test("format 5 adds dayStartsAt, a time of day HH:MM; another form or an older format is refused by path")
    func dayStart() throws {
        func start(_ value: String, format: String = #""format": 5, "#) -> String {
            Self.base.replacingOccurrences(of: #"{"policy": "t""#, with: "{" + format + #""policy": "t""#)
                .replacingOccurrences(of: #""calendar": "device""#, with: #""calendar": "device", "dayStartsAt": "# + value)
        }
        #expect(try read(start(#""04:30""#)).dayStart == 16_200_000)
        #expect(try read(start(#""00:00""#)).dayStart == 0 && read(Self.base).dayStart == 0)
        #expect(policyFileError(start(#""04:00""#, format: #""format": 4, "#)) == #"error: t.json: $.dayStartsAt: a day start needs "format": 5 at the top of the file"#)
        for bad in ["24:00", "4:00", "04:60", "04-00", ""] {
            #expect(policyFileError(start("\"" + bad + "\"")) == "error: t.json: $.dayStartsAt: \"\(bad)\" is not a time of day such as \"04:00\" (HH:MM, 00:00 to 23:59)", "\(bad)")
        }
        #expect(policyFileError(start("4")) == "error: t.json: $.dayStartsAt: expected a string, got 4")
        #expect(policyFileError(Self.base.replacingOccurrences(of: #"{"policy": "t""#, with: #"{"format": 12, "policy": "t""#))
                == #"error: t.json: $.format: format 12 is newer than this reader's (1 to 11); update the package"#)
    }

    @Test("a long dayStartsAt, weekStartsOn or monthAnchor is echoed as every value is: its first 60 characters, then …")
    func longCalendarSettings() {
        let long = String(repeating: "funday", count: 30)
        let shown = "\"" + String(long.prefix(60)) + "\"…"
        for (key, format, rest) in [("dayStartsAt", 5, "is not a time of day such as"), ("weekStartsOn", 6, "is not a day of the week;"), ("monthAnchor", 10, "is not a month anchor;")] {
            let text = Self.base.replacingOccurrences(of: #"{"policy": "t""#, with: #"{"format": \#(format), "policy": "t""#)
                .replacingOccurrences(of: #""calendar": "device""#, with: #""calendar": "device", "\#(key)": "\#(long)""#)
            let line = policyFileError(text) ?? "accepted"
            #expect(line.hasPrefix("error: t.json: $.\(key): \(shown) \(rest)"), "\(line)")
        }
    }

    @Test("a product sold by two plans is refused")
    func productSoldTwice() {
        let twice = Self.base.replacingOccurrences(of: #""features": "all"}]"#, with: """
            "features": "all"}, {"id": "max", "name": "Max", "products": [{"id": "pro.monthly", "kind": "auto-renewable", "period": "P1M"}], "features": "all"}]
            """)
        #expect(policyFileError(twice) == #"error: t.json: $.plans[2].products[0].id: product "pro.monthly" is already sold by plan "pro""#)
    }

    @Test("a limit below 0 is refused")
    func negativeLimit() {
        #expect(policyFileError(Self.base.replacingOccurrences(of: #""day": 3"#, with: #""day": -1"#))
                == "error: t.json: $.plans[0].limits.m.day: -1 is below 0")
        #expect(policyFileError(Self.base.replacingOccurrences(of: #""day": 3"#, with: #""day": {"limit": -2, "hidden": true}"#))
                == "error: t.json: $.plans[0].limits.m.day.limit: -2 is below 0")
    }

    @Test("a limit given as a string or a list is refused as not being a whole number, the object form named beside it")
    func limitOfAnotherKind() {
        #expect(policyFileError(Self.base.replacingOccurrences(of: #""day": 3"#, with: #""day": "3""#))
                == #"error: t.json: $.plans[0].limits.m.day: expected a whole number (or an object such as {"limit": 5, "hidden": true}), got "3""#)
        #expect(policyFileError(Self.base.replacingOccurrences(of: #""day": 3"#, with: #""day": [3]"#))
                == #"error: t.json: $.plans[0].limits.m.day: expected a whole number (or an object such as {"limit": 5, "hidden": true}), got a list"#)
    }

    @Test("a use that can happen under no plan needs a response")
    func noPlanResponse() {
        // (Free stays the registered default, so it can be in force.)
        #expect(policyFileError(Self.base.replacingOccurrences(of: #""defaults": {"guest": "free"}, "#, with: #""defaults": {"registered": "free"}, "#))
                == #"error: t.json: $: missing "noPlanResponse": with no guest default, a use can happen under no plan (G5.5)"#)
    }

    @Test("a grace cut-off of the right form is refused for what is wrong with it: an impossible date, a year outside 1970–2099, the form")
    func graceCutoffFaults() throws {
        let face = try String(contentsOf: PackagePaths.root.appendingPathComponent("Sources/SubscriptionModel/Policies/face-recall.json"), encoding: .utf8)
        func cutoff(_ text: String) -> String? { policyFileError(face.replacingOccurrences(of: "\"2026-03-01T00:00:00Z\"", with: text)) }
        #expect(cutoff("\"2026-02-29T00:00:00Z\"") == #"error: t.json: $.grace.installedBefore: "2026-02-29T00:00:00Z" is an impossible date: February 2026 has 28 days"#)
        #expect(cutoff("\"2100-01-01T00:00:00Z\"") == #"error: t.json: $.grace.installedBefore: "2100-01-01T00:00:00Z" is in 2100, outside the years 1970–2099"#)
        #expect(cutoff("\"2026-03-01T24:00:00Z\"") == #"error: t.json: $.grace.installedBefore: "2026-03-01T24:00:00Z" is not an instant written YYYY-MM-DDTHH:MM:SSZ"#)
        #expect(cutoff("\"2026-03-01T00:00:00+01:00\"") == #"error: t.json: $.grace.installedBefore: "2026-03-01T00:00:00+01:00" is not an instant written YYYY-MM-DDTHH:MM:SSZ"#)
        #expect(cutoff("\"2024-02-29T00:00:00Z\"") == nil, "a leap day that exists")
        #expect(cutoff("\"2100-02-29T00:00:00Z\"") == #"error: t.json: $.grace.installedBefore: "2100-02-29T00:00:00Z" is in 2100, outside the years 1970–2099"#,
                "the year first, as a timeline's reader says it")
    }

    @Test("ids, plan names and screen names are one line of visible characters: policy show and the reports print them inside other lines")
    func oneLineNames() {
        #expect(policyFileError(Self.base.replacingOccurrences(of: #"{"id": "g"}"#, with: #"{"id": "ed\u0000it\nnext"}"#))
                == #"error: t.json: $.features[1].id: "ed\u0000it\nnext" holds U+0000: an id is one line of visible characters"#)
        #expect(policyFileError(Self.base.replacingOccurrences(of: #""name": "Free","#, with: #""name": "Free\nplans (paid ones in rank order):","#))
                == #"error: t.json: $.plans[0].name: "Free\nplans (paid ones in rank order):" holds U+000A: a plan name is one line of visible characters"#)
        #expect(policyFileError(Self.base.replacingOccurrences(of: #""name": "Pro","#, with: #""name": "Pro\u202E","#))
                == #"error: t.json: $.plans[1].name: "Pro\u202E" holds U+202E: a plan name is one line of visible characters"#)
        #expect(policyFileError(Self.base.replacingOccurrences(of: #""screens": {"s": "#, with: #""screens": {"a\tb": "#))
                == #"error: t.json: $.screens["a\tb"]: "a\tb" holds U+0009: a screen name is one line of visible characters"#)
        // Wherever an id is defined: the policy, a meter, a product, another product, a credit pack.
        #expect(policyFileError(Self.base.replacingOccurrences(of: #"{"policy": "t","#, with: #"{"policy": "t\u2029","#))
                == #"error: t.json: $.policy: "t\u2029" holds U+2029: an id is one line of visible characters"#)
        #expect(policyFileError(Self.base.replacingOccurrences(of: #""meters": ["m"]"#, with: #""meters": ["m", "n\r"]"#))
                == #"error: t.json: $.meters[1]: "n\r" holds U+000D: an id is one line of visible characters"#)
        #expect(policyFileError(Self.base.replacingOccurrences(of: #"{"id": "pro.monthly","#, with: #"{"id": "pro.monthly\u0085","#))
                == #"error: t.json: $.plans[1].products[0].id: "pro.monthly\u0085" holds U+0085: an id is one line of visible characters"#)
        #expect(policyFileError(Self.base.replacingOccurrences(of: #"{"policy": "t","#, with: #"{"format": 9, "otherProducts": [{"id": "tip\u2066", "kind": "consumable"}], "policy": "t","#))
                == #"error: t.json: $.otherProducts[0].id: "tip\u2066" holds U+2066: an id is one line of visible characters"#)
        #expect(policyFileError(Self.base.replacingOccurrences(of: #"{"policy": "t","#, with: #"{"format": 3, "creditPacks": [{"id": "pack\t10", "meter": "m", "credits": 10}], "policy": "t","#))
                == #"error: t.json: $.creditPacks[0].id: "pack\t10" holds U+0009: an id is one line of visible characters"#)
        // A name in another script may hold the marks it needs: a direction mark, a joiner.
        #expect(policyFileError(Self.base.replacingOccurrences(of: #""name": "Pro","#, with: #""name": "\u05E4\u05E8\u05D5\u200F 2","#)) == nil)
        // What users read may still break lines: an alert's message, a screen's text.
        #expect(policyFileError(Self.base.replacingOccurrences(of: #""not-in-plan": "paywall""#,
                                                              with: #""not-in-plan": {"alert": {"title": "Not in Free", "message": "Upgrade\nto Pro"}}"#)) == nil)
    }

    @Test("a key a dotted path would misread steps in brackets: a product id's case is one key, not three")
    func bracketSteps() {
        let byProduct = #"{"kind": "byProduct", "cases": {"app.pro.weekly": "W"}, "else": "E"}"#
        #expect(policyFileError(Self.base.replacingOccurrences(of: #"{"kind": "planName"}"#, with: byProduct))
                == #"error: t.json: $.screens.s.cases["app.pro.weekly"]: unknown product "app.pro.weekly"; expected "pro.monthly""#)
        #expect(MessageText.step("cards") == ".cards" && MessageText.step("view-card") == ".view-card" && MessageText.step("é") == ".é")
        #expect(MessageText.step("a b") == #"["a b"]"# && MessageText.step("") == #"[""]"# && MessageText.step(#"x"y"#) == #"["x\"y"]"#)
    }

    @Test("screens: every plan needs a case, placeholders only where they are filled")
    func screenFaults() {
        #expect(policyFileError(Self.base.replacingOccurrences(of: #"{"kind": "planName"}"#, with: #"{"kind": "byPlan", "cases": {"free": "F"}}"#))
                == #"error: t.json: $.screens.s.cases: no case for plan "pro" and no "else""#)
        #expect(policyFileError(Self.base.replacingOccurrences(of: #"{"kind": "planName"}"#, with: #""{used} used""#))
                == #"error: t.json: $.screens.s: placeholder {used} is only filled in the texts of a "meter" screen's branches (and their plurals, and a byPlan or byProduct in them), not in a box's fixed text or anywhere else"#)
        // Inside a meter's branch, the innermost expression decides: an expiry fills only {date}.
        let expiryInMeter = #"{"kind": "meter", "meter": "m", "window": "day", "below": {"kind": "expiry", "renewing": "{remaining} left", "ending": "x"}, "reached": "none left", "unlimited": "all"}"#
        #expect(policyFileError(Self.base.replacingOccurrences(of: #"{"kind": "planName"}"#, with: expiryInMeter))
                == #"error: t.json: $.screens.s.below.renewing: placeholder {remaining} is not filled in an "expiry" text, which fills only {date}"#)
        let unlimited = #"{"kind": "meter", "meter": "m", "window": "day", "below": "{remaining} left", "reached": "none left", "unlimited": "{remaining} left"}"#
        #expect(policyFileError(Self.base.replacingOccurrences(of: #"{"kind": "planName"}"#, with: unlimited))
                == #"error: t.json: $.screens.s.unlimited: placeholder {remaining} has no value when the meter is unlimited"#)
        // An unknown placeholder is named with the ones filled where it is written.
        let misspelt = #"{"kind": "meter", "meter": "m", "window": "day", "below": "{USED} used", "reached": "none left", "unlimited": "{used} used"}"#
        #expect(policyFileError(Self.base.replacingOccurrences(of: #"{"kind": "planName"}"#, with: misspelt))
                == #"error: t.json: $.screens.s.below: unknown placeholder {USED} (the placeholders are {used}, {limit}, {remaining}, {credits} and {date}); here {used}, {limit} or {remaining} is filled"#)
        #expect(policyFileError(Self.base.replacingOccurrences(of: #"{"kind": "planName"}"#, with: #""{plan}""#))
                == #"error: t.json: $.screens.s: unknown placeholder {plan} (the placeholders are {used}, {limit}, {remaining}, {credits} and {date}); no placeholder is filled here"#)
    }

    @Test("a text users see on its own cannot be empty: an alert's title or message, a plan's name; a screen's text can")
    func emptyTexts() throws {
        func alert(_ title: String, _ message: String) -> String {
            Self.base.replacingOccurrences(of: #""day": "paywall""#, with: #""day": {"alert": {"title": \#(title), "message": \#(message)}}"#)
        }
        #expect(policyFileError(alert(#""""#, "null")) == "error: t.json: $.plans[0].responses.day.alert.title: an alert title cannot be empty")
        #expect(policyFileError(alert(#""""#, #""Upgrade""#)) == "error: t.json: $.plans[0].responses.day.alert.title: an alert title cannot be empty")
        #expect(policyFileError(alert(#""Enough""#, #""""#)) == "error: t.json: $.plans[0].responses.day.alert.message: an alert message cannot be empty (write null for none)")
        #expect(policyFileError(alert(#""Enough""#, "null")) == nil)
        #expect(policyFileError(alert(#"" ""#, "null")) == nil, "a blank is not empty")
        #expect(policyFileError(Self.base.replacingOccurrences(of: #""name": "Pro""#, with: #""name": """#)) == "error: t.json: $.plans[1].name: a plan name cannot be empty")
        let noPlan = Self.base.replacingOccurrences(of: #""defaults": {"guest": "free"}, "#, with: #""defaults": {"registered": "free"}, "noPlanResponse": {"alert": {"title": "", "message": null}}, "#)
        #expect(policyFileError(noPlan) == "error: t.json: $.noPlanResponse.alert.title: an alert title cannot be empty")
        let blankScreen = try read(Self.base.replacingOccurrences(of: #"{"kind": "planName"}"#, with: #"{"kind": "byPlan", "cases": {"free": "", "pro": "Pro"}}"#))
        #expect(blankScreen.screens.map(\.name) == ["s"])
    }

    @Test("a key given twice is refused, naming the object that gives it, wherever it is")
    func keyGivenTwice() {
        #expect(policyFileError(Self.base.replacingOccurrences(of: #""name": "Free","#, with: #""name": "Free", "name": "Gratis","#))
                == #"error: t.json: $.plans[0]: key "name" given twice"#)
        let alert = #""day": {"alert": {"title": "Enough", "message": null, "title": "Limit"}}"#
        #expect(policyFileError(Self.base.replacingOccurrences(of: #""day": "paywall""#, with: alert))
                == #"error: t.json: $.plans[0].responses.day.alert: key "title" given twice"#)
        #expect(policyFileError(Self.base.replacingOccurrences(of: #"{"policy": "t","#, with: #"{"policy": "t", "policy": "u","#))
                == #"error: t.json: $: key "policy" given twice"#)
        // Before any other fault, as the JSON reader refuses it.
        #expect(policyFileError(Self.base.replacingOccurrences(of: #""day": 3"#, with: #""day": -1, "day": 3"#))
                == #"error: t.json: $.plans[0].limits.m: key "day" given twice"#)
    }

    @Test("text that is not JSON is refused at the document")
    func notJSON() {
        #expect(policyFileError("{\"policy\": ")?.hasPrefix("error: t.json: $: not JSON") == true)
        // Where, as a line and a column (the second line's fourth character here).
        #expect(policyFileError("{\"policy\":\n  [,") == "error: t.json: $: not JSON (expected a value at line 2, column 4)")
    }

    @Test("every shipped policy loads by name, and only those names")
    func shippedPolicies() {
        #expect(SubscriptionPolicy.shippedNames == ["meal-capture", "daa-tiers", "oxalate", "daily-quip", "face-recall"])
        for name in SubscriptionPolicy.shippedNames { #expect(SubscriptionPolicy.named(name)?.name == name) }
        #expect(SubscriptionPolicy.named("meal_capture") == nil)
        #expect(SubscriptionPolicy.daaTiers.products.map(\.kind.description).allSatisfy { $0.hasPrefix("auto-renewable P1") })
        #expect(SubscriptionPolicy.dailyQuip.products.map(\.kind) == [.autoRenewable(period: "P1M"), .autoRenewable(period: "P1Y"), .nonConsumable])
    }

    @Test("the v1 rules come from the meal-capture policy file and are the v1 numbers and texts")
    func captureRulesFromPolicyFile() throws {
        let v1 = CaptureRules(
            trialLengthMilliseconds: 72 * 3_600_000, trialDailyLimit: 10, premiumProductID: "PremiumStandardSub", unlimitedProductID: "unlimited",
            premiumDailyLimit: 10, unlimitedDailyLimit: 50,
            texts: .init(limitAlertTitle: "You have reached your daily limit", premiumLimitAlertMessage: "Upgrade to unlimited to continue",
                         unlimitedLimitAlertMessage: nil, belowLimitLabel: "Below limit", limitReachedLabel: "Limit reached",
                         noLimitLabel: "No limit", noUsageLimitText: "You have no usage limit"))
        #expect(CaptureRules.mealCapture == v1)
        #expect(try CaptureRules(policy: .mealCapture) == v1)
    }

    @Test("a policy of another shape cannot run on the v1 machine")
    func otherShapesRefusedByV1() {
        #expect(throws: CaptureRules.ShapeError.self) { try CaptureRules(policy: .dailyQuip) }
    }
}

/// The generic contract's input errors, first fault first, worded as the v1 reader's.
@Suite("Policy timeline errors")
struct TimelineErrorTests {
    func error(_ text: String, folder: String = "/nonexistent") -> String? {
        do {
            _ = try TimelineReader().read(data: Data(text.utf8), folder: folder)
            return nil
        } catch {
            // `read` throws only `TimelineError` (typed throws), so this is one.
            return error.description
        }
    }

    static let install = #"{"at": "2026-03-30T09:00:00-04:00", "do": "install"}"#

    func timeline(_ events: String..., policy: String = #""oxalate""#, zone: String = #""America/New_York""#) -> String {
        #"{"policy": \#(policy), "zone": \#(zone), "events": [\#(([Self.install] + events).joined(separator: ", "))]}"#
    }

    @Test("the file's own fields in the order policy, zone, events")
    func topLevelOrder() {
        #expect(error(#"{"policy": 3, "zone": "Mars/Olympus"}"#) == "error: policy: expected a shipped policy's name or a policy file's path, got 3")
        #expect(error(#"{"policy": "oxalate", "zone": "Mars/Olympus"}"#) == #"error: zone: unknown time zone "Mars/Olympus""#)
        #expect(error(#"{"policy": "oxalate", "zone": "UTC"}"#) == "error: events: missing")
        #expect(error(#"{"policy": "oxalate", "zone": "UTC", "events": []}"#) == "error: events: empty")
        #expect(error(#"{"policy": "no-such-policy", "zone": "UTC", "events": []}"#)
                == #"error: policy: "no-such-policy" is no shipped policy or example ('simulate policies' lists them) and no readable policy file (no such file at "/nonexistent/no-such-policy")"#)
    }

    @Test("purchase and refund name one of the policy's credit packs")
    func creditPackEvents() {
        let credits = { (event: String) in self.timeline(event, policy: #""scan-credits""#) }
        #expect(error(credits(#"{"at": "2026-03-30T10:00:00-04:00", "do": "purchase"}"#)) == #"error: event 1: missing "product""#)
        #expect(error(credits(#"{"at": "2026-03-30T10:00:00-04:00", "do": "refund", "product": null}"#)) == #"error: event 1: missing "product""#)
        #expect(error(credits(#"{"at": "2026-03-30T10:00:00-04:00", "do": "purchase", "product": "scanner.pro.monthly"}"#))
                == #"error: event 1: unknown "product" "scanner.pro.monthly": scan-credits sells the credit packs "scanner.credits.10" or "scanner.credits.50""#)
        #expect(error(timeline(#"{"at": "2026-03-30T10:00:00-04:00", "do": "purchase", "product": "x"}"#))
                == #"error: event 1: unknown "product" "x": oxalate sells no credit pack"#)
        // A refund with no purchase before it reads (the contract allows it; the generator never draws one).
        #expect(error(credits(#"{"at": "2026-03-30T10:00:00-04:00", "do": "refund", "product": "scanner.credits.10"}"#)) == nil)
    }

    @Test("a policy file named relative to the timeline's folder and not found there is named by the path tried")
    func relativePolicyPathNamed() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try #"{"policy": "rules/missing.json", "zone": "UTC", "events": [{"at": "2026-01-01T00:00:00Z", "do": "install"}]}"#
            .write(toFile: folder + "/t.json", atomically: true, encoding: .utf8)
        let result = try runSimulate(["replay", folder + "/t.json"])
        #expect(result.status == 2 && result.out.isEmpty)
        #expect(result.err.contains(#"policy: "rules/missing.json" is no shipped policy or example ('simulate policies' lists them) and no readable policy file (no such file at "# + ErrorText.quotedPath(folder + "/rules/missing.json") + ")"),
                "\(result.err)")
    }

    @Test("a timeline read from standard input names a relative policy path by the path tried, in the working folder")
    func relativePolicyPathFromStandardInput() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let executable = try #require(PackagePaths.simulate)
        let process = Process(), input = Pipe(), out = Pipe(), err = Pipe()
        process.executableURL = executable
        process.arguments = ["replay", "-"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        (process.standardInput, process.standardOutput, process.standardError) = (input, out, err)
        try process.run()
        input.fileHandleForWriting.write(Data(#"{"policy": "rules/missing.json", "zone": "UTC", "events": [{"at": "2026-01-01T00:00:00Z", "do": "install"}]}"#.utf8))
        try input.fileHandleForWriting.close()
        let printed = out.fileHandleForReading.readDataToEndOfFile(), said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let real = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path  // the working folder as the system names it
        #expect(process.terminationStatus == 2 && printed.isEmpty)
        #expect(said.contains("no readable policy file (no such file at \(ErrorText.quotedPath(real + "/rules/missing.json")))") || said.contains("no readable policy file (no such file at \(ErrorText.quotedPath(folder + "/rules/missing.json")))"),
                "\(said)")
    }

    @Test("a policy path with a space, a quote or a $ is one shell word in the commands printed: the regenerate command runs as pasted")
    func policyPathQuotedInCommands() throws {
        let (root, folder, path) = try copyIntoOddFolder(PackagePaths.root.appendingPathComponent("Sources/SubscriptionModel/Policies/daily-quip.json").path,
                                                         folder: "my rules's $HOME", file: "quip.json")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try runSimulate(["run", "--policy", path, "--users", "2", "--years", "1", "--quiet", "--report", folder + "/report"])
        #expect(run.status == 0, "\(run.err)")
        let word = "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
        #expect(run.out.hasPrefix("simulate run --policy \(word)\n"), "\(run.out.prefix(200))")
        let command = ShrunkFailure<PolicyRules>.regenerateCommand(policyName: path, seed: 7, user: 1, years: 1, generatorFlags: "")
        #expect(command == "swift run -c release simulate replay --policy \(word) --seed 7 --user 1 --years 1")
        // The words after `swift run -c release simulate`, through a shell, reach the command as they were meant.
        let simulate = try #require(PackagePaths.simulate)
        let shell = Process(), out = Pipe()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", command.replacingOccurrences(of: "swift run -c release simulate", with: ShellText.word(simulate.path))]
        shell.standardOutput = out
        shell.standardError = FileHandle.nullDevice
        try shell.run()
        let printed = out.fileHandleForReading.readDataToEndOfFile()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0 && !printed.isEmpty)
    }

    @Test("a feature the policy does not have, a product it does not sell")
    func unknownFeatureAndProduct() {
        #expect(error(timeline(#"{"at": "2026-03-30T09:01:00-04:00", "do": "use", "feature": "chat"}"#))
                == #"error: event 1: unknown "feature" "chat": oxalate has "ask-oracle", "create-recipe", "delete-recipe", "track-meal" or "export-data""#)
        #expect(error(timeline(#"{"at": "2026-03-30T09:01:00-04:00", "do": "use"}"#)) == #"error: event 1: missing "feature""#)
        #expect(error(timeline(#"{"at": "2026-03-30T09:01:00-04:00", "do": "set-entitlement", "product": "unlimited"}"#))
                == #"error: event 1: unknown "product" "unlimited": oxalate sells "premium_monthly", "premium_yearly" or null"#)
        #expect(error(timeline(#"{"at": "2026-03-30T09:01:00-04:00", "do": "capture", "kind": "meal"}"#, policy: #""meal-capture""#))
                == #"error: event 1: unknown "do" "capture": a timeline with a policy uses "use" with a "feature""#)
    }

    @Test("a history feature's day: missing, not a real date, out of range; other features ignore it")
    func historyDay() {
        let use = #"{"at": "2026-03-30T09:01:00-04:00", "do": "use", "feature": "track-meal""#
        #expect(error(timeline(use + "}")) == #"error: event 1: missing "day""#)
        #expect(error(timeline(use + #", "day": "2026-02-30"}"#)) == #"error: event 1: malformed "day" "2026-02-30": expected a real date YYYY-MM-DD"#)
        #expect(error(timeline(use + #", "day": "1969-12-31"}"#)) == #"error: event 1: "day" "1969-12-31" is outside 1970-01-01 to 2099-12-31"#)
        #expect(error(timeline(#"{"at": "2026-03-30T09:01:00-04:00", "do": "use", "feature": "ask-oracle", "day": "nonsense"}"#)) == nil)
    }

    @Test("expires must be an instant or null; renews true or false")
    func entitlementDetails() {
        let entitle = #"{"at": "2026-03-30T09:01:00-04:00", "do": "set-entitlement", "product": "premium_monthly""#
        #expect(error(timeline(entitle + #", "expires": "2026-05-01"}"#))
                == #"error: event 1: malformed "expires" "2026-05-01": expected YYYY-MM-DDTHH:MM:SS[.fff] then Z or ±HH:MM"#)
        #expect(error(timeline(entitle + #", "expires": null, "renews": "yes"}"#)) == #"error: event 1: "renews" must be true or false, not "yes""#)
        #expect(error(timeline(entitle + #", "expires": "2026-05-01T02:00:00Z", "renews": false}"#)) == nil)
    }

    @Test("a renews of null is neither true nor false: refused, while an absent one means true")
    func nullRenewsIsRefused() throws {
        let entitle = #"{"at": "2026-03-30T09:01:00-04:00", "do": "set-entitlement", "product": "premium_monthly", "expires": "2026-04-30T09:01:00-04:00""#
        #expect(error(timeline(entitle + #", "renews": null}"#)) == #"error: event 1: "renews" must be true or false, not null"#)
        let absent = try TimelineReader().read(data: Data(timeline(entitle + "}").utf8), folder: "/nonexistent")
        guard case .setEntitlement(let entitlement?) = absent.events[1].action else { Issue.record("event 1 is an entitlement"); return }
        #expect(entitlement.renews)
    }

    @Test("a member the contract reads given twice is refused, as in the v1 contract: the file's, an event's, or one inside them")
    func memberGivenTwice() {
        #expect(error(#"{"policy": "oxalate", "zone": "UTC", "policy": "daa-tiers", "events": []}"#) == #"error: file: "policy" given twice"#)
        #expect(error(#"{"policy": {"a": 1, "a": 2}, "zone": "UTC", "events": []}"#) == #"error: policy: key "a" given twice"#)
        #expect(error(timeline(#"{"at": "2026-03-30T09:01:00-04:00", "do": "use", "feature": "ask-oracle", "feature": "export-data"}"#))
                == #"error: event 1: "feature" given twice"#)
        #expect(error(timeline(#"{"at": "2026-03-30T09:01:00-04:00", "do": "use", "feature": "track-meal", "day": "2026-03-30", "day": "2026-03-29"}"#))
                == #"error: event 1: "day" given twice"#)
        let entitle = #"{"at": "2026-03-30T09:01:00-04:00", "do": "set-entitlement", "product": "premium_monthly""#
        #expect(error(timeline(entitle + #", "renews": true, "expires": null, "renews": false}"#)) == #"error: event 1: "renews" given twice"#)
        #expect(error(timeline(entitle + #", "expires": "2026-04-30T09:01:00-04:00", "expires": null}"#)) == #"error: event 1: "expires" given twice"#)
        #expect(error(timeline(entitle + #", "expires": {"at": 1, "at": 2}}"#)) == #"error: event 1: key "at" given twice in "expires""#)
        #expect(error(timeline(#"{"at": "2026-03-30T09:01:00-04:00", "do": "look", "\u0064o": "sign-in"}"#)) == #"error: event 1: "do" given twice"#)
    }

    @Test("the events' order rules, as in the v1 contract")
    func eventOrder() {
        #expect(error(timeline(#"{"at": "2026-03-30T08:59:59-04:00", "do": "look"}"#))
                == #"error: event 1: "at" "2026-03-30T08:59:59-04:00" is earlier than event 0's (2026-03-30T13:00:00Z)"#)
        #expect(error(timeline(Self.install)) == #"error: event 1: a second "install" (the first is event 0)"#)
        #expect(error(#"{"policy": "oxalate", "zone": "UTC", "events": [{"at": "2026-03-30T09:00:00Z", "do": "sign-in"}]}"#)
                == #"error: event 0: the first event must be "install", not "sign-in""#)
        #expect(error(timeline(#"{"at": "2026-03-30T09:01:00-04:00", "do": "set-zone"}"#)) == "error: event 1: missing zone")
    }

    @Test("a policy file beside the timeline is read; a bad one is named with its fault")
    func policyFileBesideTimeline() throws {
        let folder = URL(fileURLWithPath: Scratch.root).appendingPathComponent("policy-timeline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(PolicyFileTests.base.utf8).write(to: folder.appendingPathComponent("good.json"))
        try Data(PolicyFileTests.base.replacingOccurrences(of: #""day": 3"#, with: #""day": -1"#).utf8).write(to: folder.appendingPathComponent("bad.json"))
        #expect(error(#"{"policy": "good.json", "zone": "UTC", "events": [{"at": "2026-03-30T09:00:00Z", "do": "install"}, {"at": "2026-03-30T09:00:00Z", "do": "use", "feature": "g"}]}"#,
                      folder: folder.path) == nil)
        // Named as found from the working folder (outside it here: the whole path, cut in its middle).
        let named = ErrorText.path(Array(folder.appendingPathComponent("bad.json").standardizedFileURL.path.utf8))
        #expect(error(#"{"policy": "bad.json", "zone": "UTC", "events": []}"#, folder: folder.path)
                == "error: policy: \(named): $.plans[0].limits.m.day: -1 is below 0")
    }

    @Test("a timeline's policy file with a fault is named as found from where the command ran, not as the timeline names it")
    func policyFileNamedFromWorkingFolder() throws {
        let folder = URL(fileURLWithPath: Scratch.root).appendingPathComponent("policy-named-\(UUID().uuidString)")
        let failures = folder.appendingPathComponent("runs/failures"), policies = folder.appendingPathComponent("policies")
        for made in [failures, policies] { try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true) }
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(PolicyFileTests.base.replacingOccurrences(of: #""day": 3"#, with: #""day": -1"#).utf8).write(to: policies.appendingPathComponent("app.json"))
        try Data(#"{"policy": "../../policies/app.json", "zone": "UTC", "events": []}"#.utf8).write(to: failures.appendingPathComponent("user-1.json"))
        let result = try runSimulate(["replay", "runs/failures/user-1.json"], in: folder.path)
        #expect(result.status == 2 && result.out.isEmpty)
        #expect(result.err == "error: policy: policies/app.json: $.plans[0].limits.m.day: -1 is below 0\n", "\(result.err)")
    }
}

extension PolicyFileTests {
    @Test("format 11 adds meter and bar screens of several windows: two or more, distinct, each one a plan shows a limit for; mistakes are refused by path")
    func screenWindows() throws {
        func screen(_ window: String, format: String = #""format": 11, "#) -> String {
            Self.base.replacingOccurrences(of: #"{"policy": "t""#, with: "{" + format + #""policy": "t""#)
                .replacingOccurrences(of: #""limits": {"m": {"day": 3}}"#, with: #""limits": {"m": {"day": 3, "month": 20, "total": {"limit": 99, "hidden": true}}}"#)
                .replacingOccurrences(of: #""responses": {"day": "paywall","#, with: #""responses": {"day": "paywall", "month": "paywall", "total": "paywall","#)
                .replacingOccurrences(of: #""screens": {"s": {"kind": "planName"}}"#,
                                      with: #""screens": {"s": {"kind": "meter", "meter": "m", "window": \#(window), "below": "{remaining} left", "reached": "none", "unlimited": "{used}"}}"#)
        }
        let policy = try read(screen(#"["day", "month"]"#))
        guard case .meter(let meter)? = policy.screens.first?.value else { Issue.record("not a meter screen"); return }
        #expect(meter.windows == [.day, .month])
        #expect(try read(screen(#""day""#, format: "")).screens == read(screen(#""day""#)).screens, "one window reads as before")
        let path = "error: t.json: $.screens.s.window"
        #expect(policyFileError(screen(#"["day", "month"]"#, format: "")) == path + #": a screen of several windows needs "format": 11 at the top of the file"#)
        #expect(policyFileError(screen(#"["day", "month"]"#, format: "").replacingOccurrences(of: #""period": "P1M"}"#, with: #""period": "P1M", "introductoryOffer": {"payment": "free", "period": "P1W"}}"#))
                == #"error: t.json: $.plans[1].products[0].introductoryOffer: an introductory offer needs "format": 2 at the top of the file; this file needs "format": 11 (for a screen of several windows)"#)
        // The scan for the format a file needs finds a list nested in a choice, too.
        let nested = screen(#""day""#, format: "").replacingOccurrences(of: #""period": "P1M"}"#, with: #""period": "P1M", "introductoryOffer": {"payment": "free", "period": "P1W"}}"#)
            .replacingOccurrences(of: #"{"kind": "meter", "meter": "m", "window": "day","#,
                                  with: #"{"kind": "byPlan", "cases": {"pro": "Pro"}, "else": {"kind": "meter", "meter": "m", "window": ["day", "month"],"#)
            .replacingOccurrences(of: #""unlimited": "{used}"}}"#, with: #""unlimited": "{used}"}}}"#)
        #expect(nested.contains(#""else": {"kind": "meter", "meter": "m", "window": ["day", "month"]"#) && !nested.contains(#""s": {"kind": "meter""#))
        #expect(policyFileError(nested)
                == #"error: t.json: $.plans[1].products[0].introductoryOffer: an introductory offer needs "format": 2 at the top of the file; this file needs "format": 11 (for a screen of several windows)"#)
        for list in ["[]", #"["day"]"#] {
            #expect(policyFileError(screen(list)) == path + #": list two windows or more, or write one window as a text ("window": "day")"#)
        }
        #expect(policyFileError(screen(#"["day", "day"]"#)) == path + #"[1]: window "day" listed twice"#)
        #expect(policyFileError(screen(#"["day", "year"]"#)) == path + #"[1]: unknown window "year"; expected "day", "week", "month", "rolling", "total" or "stock""#)
        #expect(policyFileError(screen(#"["day", "stock"]"#)) == path + #"[1]: no plan shows a limit on "m" by stock, so this window never decides the screen: leave it out"#)
        #expect(policyFileError(screen(#"["day", "total"]"#)) == path + #"[1]: no plan shows a limit on "m" by total (a hidden limit is never shown), so this window never decides the screen: leave it out"#)
        func other(_ screen: String) -> String {
            Self.base.replacingOccurrences(of: #"{"policy": "t""#, with: #"{"format": 11, "policy": "t""#)
                .replacingOccurrences(of: #""limits": {"m": {"day": 3}}"#, with: #""limits": {"m": {"day": 3, "month": 20}}"#)
                .replacingOccurrences(of: #""responses": {"day": "paywall","#, with: #""responses": {"day": "paywall", "month": "paywall","#)
                .replacingOccurrences(of: #""screens": {"s": {"kind": "planName"}}"#, with: #""screens": {"s": \#(screen)}"#)
        }
        let bar = try read(other(#"{"kind": "bar", "meter": "m", "window": ["day", "month"]}"#))
        #expect(bar.screens.first?.value == .bar(meter: 0, windows: [.day, .month]))
        #expect(policyFileError(other(#"{"kind": "bar", "meter": "m", "window": ["day", "week"]}"#))
                == path + #"[1]: no plan limits a meter by week, so no week is counted (G4): add a week limit, or show another window"#)
        #expect(policyFileError(other(#"{"kind": "metersInWarning", "meters": ["m"], "window": ["day", "month"], "percent": 80}"#))
                == path + #": expected one window such as "day": only a "meter" or "bar" screen reads a list of windows (format 11)"#)
        #expect(policyFileError(screen(#"["day", 3]"#)) == path + "[1]: expected a string, got 3")
    }
}

extension PolicyFileTests {
    @Test("a meter screen's unlimited branch may be left out only where every plan shows a limit on its window, or on one of its windows")
    func unlimitedLeftOut() throws {
        func screen(_ window: String, proLimits: String) -> String {
            Self.base.replacingOccurrences(of: #"{"policy": "t""#, with: #"{"format": 11, "policy": "t""#)
                .replacingOccurrences(of: #""limits": {"m": {"day": 3}}"#, with: #""limits": {"m": {"day": 3, "month": 20}}"#)
                .replacingOccurrences(of: #""responses": {"day": "paywall","#, with: #""responses": {"day": "paywall", "month": "paywall","#)
                .replacingOccurrences(of: #""features": "all"}"#, with: #""features": "all", "limits": {"m": \#(proLimits)}, "responses": {"any": "paywall"}}"#)
                .replacingOccurrences(of: #""screens": {"s": {"kind": "planName"}}"#,
                                      with: #""screens": {"s": {"kind": "meter", "meter": "m", "window": \#(window), "below": "{remaining} left", "reached": "none"}}"#)
        }
        // Pro limits the month: a list with it needs no unlimited branch, and policy show lists none.
        let policy = try read(screen(#"["day", "month"]"#, proLimits: #"{"month": 100}"#))
        guard case .meter(let meter)? = policy.screens.first?.value else { Issue.record("not a meter screen"); return }
        #expect(meter.unlimited == .null)
        #expect(!PolicyDescription.text(policy).contains("unlimited:"))
        // The day alone: Pro shows no day limit (a hidden one is not shown), so the branch is required.
        #expect(policyFileError(screen(#""day""#, proLimits: #"{"month": 100}"#))
                == #"error: t.json: $.screens.s: missing "unlimited" (the branch shown under plan "pro", which shows no limit on day)"#)
        #expect(policyFileError(screen(#"["day", "month"]"#, proLimits: #"{"day": {"limit": 9, "hidden": true}}"#))
                == #"error: t.json: $.screens.s: missing "unlimited" (the branch shown under plan "pro", which shows no limit on any of day, month)"#)
    }
}

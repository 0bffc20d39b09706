import Foundation
@testable import Simulator
@testable import SimulatorCore
import SubscriptionModel
import Testing

/// The screen check renders each screen key once (`ScreenKey`), and a key keeps a
/// count only up to the largest value a screen can tell apart from every larger one
/// (its ceiling). These tests hold the ceilings to that promise with the engine's own
/// rendering: a ceiling set too low would let a count the screens show differently
/// share a key with one already verified, and this is where it would show.
@Suite("Screen keys keep every count a screen can tell apart")
struct ScreenKeyTests {
    /// Counts tried on each read window: every small count, the usual limits and their
    /// warning shares, and a few far beyond any limit.
    static let counts = Array(0...60) + [99, 100, 101, 250, 1_000, 123_456]

    /// A policy written to use every form a screen can read a count with: `{used}` and a
    /// plural on it, a warning share, a meter screen inside `byPlan` and `byProduct`,
    /// `metersInWarning` at an odd percent, a `bar`, a hidden limit, no plan (and four
    /// windows read, the most a key holds).
    static let everyForm: SubscriptionPolicy = {
        let text = #"""
        {"policy": "every-form", "calendar": "device", "defaults": {"registered": "basic"}, "noPlanResponse": "paywall",
         "meters": ["notes", "tags", "exports"],
         "features": [{"id": "note", "consumes": "notes"}, {"id": "tag", "consumes": "tags"}, {"id": "export", "consumes": "exports"}],
         "plans": [
          {"id": "basic", "name": "Basic", "features": "all",
           "limits": {"notes": {"day": 7, "total": 30}, "tags": {"stock": 9}, "exports": {"month": {"limit": 4, "hidden": true}}},
           "responses": {"any": "paywall"}},
          {"id": "plus", "name": "Plus", "products": [{"id": "plus.monthly", "kind": "auto-renewable", "period": "P1M"}], "features": "all",
           "limits": {"notes": {"day": 20}}, "responses": {"any": "paywall"}}],
         "screens": {
          "used": {"kind": "meter", "meter": "notes", "window": "total", "warningPercent": 50,
                   "below": "{used} of {limit} notes", "warning": "{remaining} notes left",
                   "reached": {"kind": "plural", "count": "used", "one": "{used} note, no more", "other": "{used} notes, no more"},
                   "unlimited": "{used} notes"},
          "today": {"kind": "byPlan", "cases": {"plus": {"kind": "meter", "meter": "notes", "window": "day", "warningPercent": 75,
                      "below": {"kind": "plural", "count": "remaining", "one": "{remaining} left", "other": "{remaining} left today"},
                      "warning": "Almost there", "reached": "Done for today", "unlimited": "No daily limit"}},
                    "else": {"kind": "bar", "meter": "notes", "window": "day"}},
          "store": {"kind": "byProduct", "cases": {"plus.monthly": {"kind": "bar", "meter": "tags", "window": "stock"}},
                    "else": {"kind": "meter", "meter": "tags", "window": "stock", "below": "Room for tags", "reached": "Tags full", "unlimited": "Tags: no limit"}},
          "warnings": {"kind": "metersInWarning", "meters": ["tags"], "window": "stock", "percent": 33},
          "monthly": {"kind": "meter", "meter": "exports", "window": "month", "below": "{used} exports", "reached": "No exports", "unlimited": "{used} exports so far"}}}
        """#
        do { return try SubscriptionPolicy(data: Data(text.utf8), file: "every-form.json") } catch { fatalError("\(error)") }
    }()

    /// The policies the ceilings are held to: every shipped one and `everyForm`.
    static let policies: [(name: String, policy: SubscriptionPolicy)] =
        SubscriptionPolicy.shippedNames.map { ($0, SubscriptionPolicy.named($0)!) } + [("every-form", everyForm)]

    @Test("every policy: a count shows the screens of that count cut to its ceiling, rendered by the engine and by the oracle",
          arguments: policies.indices)
    func countAboveCeilingShowsTheCeilingsScreens(index: Int) throws {
        let (name, policy) = Self.policies[index]
        let reads = ScreenKey.Reads(policy: policy)
        let engine = SubscriptionMachine(policy: policy)
        let oracle = ScreenOracle(policy: policy)
        let entitlements: [Entitlement?] = [nil] + policy.products.indices.map { Entitlement(product: $0, expires: nil, renews: true) }
        var compared = 0
        for plan in [nil] + policy.plans.indices.map(Optional.some) {
            for (position, read) in reads.windows.prefix(4).enumerated() {
                let ceiling = reads.ceiling(plan: plan, position: position)
                for count in Self.counts + [-1, -7] {
                    for entitlement in entitlements {
                        let shown = Self.output(policy, plan: plan, read, count, entitlement)
                        let cut = Self.output(policy, plan: plan, read, min(count, ceiling), entitlement)
                        let context = "\(name), plan \(plan.map { policy.plans[$0].id } ?? "none"), \(policy.meters[read.meter]) \(read.window.name) \(count) against its ceiling \(ceiling)"
                        #expect(engine.screens(of: shown) == engine.screens(of: cut), "\(context)")
                        #expect(oracle.values(Self.inputs(shown)) == oracle.values(Self.inputs(cut)), "\(context) (oracle)")
                        compared += 1
                    }
                }
            }
        }
        // Policies whose screens read no count have nothing to cut; the others must have been tried.
        #expect(compared > 0 || reads.windows.isEmpty)
    }

    @Test("every-form: {used} keeps every count; a warning share, a bar and a hidden limit stop at the limit")
    func everyFormCeilings() {
        let policy = Self.everyForm
        let reads = ScreenKey.Reads(policy: policy)
        #expect(reads.isComplete && reads.windows.count == 4)
        func ceiling(_ plan: String?, _ meter: String, _ window: LimitWindow) -> Int {
            let row = plan.map { id in policy.plans.firstIndex { $0.id == id }! }
            let position = reads.windows.firstIndex { policy.meters[$0.meter] == meter && $0.window == window }!
            return reads.ceiling(plan: row, position: position)
        }
        #expect(ceiling("basic", "notes", .total) == MeterCounts.largest) // `{used}` shows every count
        #expect(ceiling(nil, "notes", .total) == MeterCounts.largest) // under no plan `reached` shows `{used}` too
        #expect(ceiling("basic", "notes", .day) == 7) // a bar up to its limit
        #expect(ceiling("plus", "notes", .day) == 20) // plus's own branch: remaining and states up to 20
        #expect(ceiling("basic", "tags", .stock) == 9) // a meter without numbers, and 33 % of 9 is 3, below it
        #expect(ceiling("basic", "exports", .month) == MeterCounts.largest) // hidden: `unlimited` shows `{used}`
    }

    @Test("face-recall: the banner's ceilings are the 80 % shares of the free limits, and 0 where no limit is shown")
    func faceRecallCeilings() {
        let policy = SubscriptionPolicy.faceRecall
        let reads = ScreenKey.Reads(policy: policy)
        #expect(reads.windows.map { "\(policy.meters[$0.meter]) \($0.window.name)" } == ["people stock", "tags stock"])
        func ceilings(_ plan: String?) -> [Int] {
            let row = plan.map { id in policy.plans.firstIndex { $0.id == id }! }
            return (0..<2).map { reads.ceiling(plan: row, position: $0) }
        }
        #expect(ceilings("free") == [20, 4]) // 20 of 25 and 4 of 5 are the first counts at 80 %
        #expect(ceilings("grace") == [0, 0])
        #expect(ceilings("premium") == [0, 0]) // a premium user's growing stock never makes a new key
        #expect(ceilings(nil) == [0, 0])
    }

    @Test("scan-credits: a screen that shows {credits} puts each balance in the key, so two balances never share one")
    func creditsInTheKey() throws {
        let policy = try #require(PolicyLoader.builtIn("scan-credits"))
        let reads = ScreenKey.Reads(policy: policy)
        #expect(reads.creditMeters == [0] && reads.isComplete)
        let engine = SubscriptionMachine(policy: policy)
        var keys: [ScreenKey] = [], screens: [[ScreenValue]] = []
        for credits in [0, 1, 2, 9, 10, 2_147_483_647] {
            var counts = MeterCounts(meters: 1)
            counts[0] = UsageCounts(day: 3, month: 3, total: 3, stock: 3)
            counts.setCredits(credits, of: 0)
            keys.append(reads.key(plan: 0, entitlement: nil, expiryDay: .min, counts: counts))
            screens.append(engine.screens(of: Output(plan: 0, day: LocalDate(daysSince1970: 20_000), outcome: nil, reason: nil, response: nil,
                                                     resetAt: nil, upgrade: nil, counts: counts, entitlement: nil, zone: .utc)))
        }
        #expect(Set(keys).count == keys.count, "a balance left out of the key")
        #expect(Set(screens.map { "\($0)" }).count == screens.count, "the engine shows each balance")
    }

    @Test("every policy: a key reads each count from its own meter and window, and no other count",
          arguments: policies.indices)
    func keyReadsEachCountFromItsOwnLane(index: Int) {
        let (name, policy) = Self.policies[index]
        let reads = ScreenKey.Reads(policy: policy)
        for plan in [nil] + policy.plans.indices.map(Optional.some) {
            let none = reads.key(plan: plan, entitlement: nil, expiryDay: .min, counts: MeterCounts(meters: policy.meters.count))
            for meter in policy.meters.indices {
                for window in LimitWindow.allCases {
                    // One count at 1, every other at 0: the key changes when a screen reads
                    // this count under the plan (its ceiling is above 0), and only then.
                    var counts = MeterCounts(meters: policy.meters.count)
                    counts[meter][window] = 1
                    let key = reads.key(plan: plan, entitlement: nil, expiryDay: .min, counts: counts)
                    let position = reads.windows.prefix(4).firstIndex { $0.meter == meter && $0.window == window }
                    let read = position.map { reads.ceiling(plan: plan, position: $0) > 0 } ?? false
                    #expect((key != none) == read, "\(name), plan \(plan.map { policy.plans[$0].id } ?? "none"), \(policy.meters[meter]) \(window.name)")
                    // The fast check of the screens reads the same counts as the key.
                    #expect(reads.readCounts(counts, plan: plan) == key.countLanes)
                }
            }
        }
    }

    @Test("keys are equal only when every field is: a change to any one of the eight makes them differ")
    func keyEqualityReadsEveryField() {
        var base = ScreenKey()
        base.plan = 1
        base.product = 2
        base.renews = true
        base.expiryDay = 20_500
        (base[count: 0], base[count: 1], base[count: 2], base[count: 3]) = (1, 2, 3, 4)
        // `==` is written out by hand (inline, for speed): a field added to the key and not
        // to `==` would let two screens share a key, and fails here. The eight fields are
        // the lanes of two vectors of four 32-bit lanes: a field stored beside them changes
        // the key's size.
        #expect(MemoryLayout<ScreenKey>.size == 32)
        // Each field reads back what was written to it: no two share a lane.
        #expect(base.plan == 1 && base.product == 2 && base.renews && base.expiryDay == 20_500)
        #expect((base[count: 0], base[count: 1], base[count: 2], base[count: 3]) == (1, 2, 3, 4))
        expectEqualityReadsEveryField(base, [
            ("plan", { $0.plan = 0 }), ("product", { $0.product = -1 }), ("renews", { $0.renews = false }),
            ("expiryDay", { $0.expiryDay = .min }), ("count 0", { $0[count: 0] = 0 }), ("count 1", { $0[count: 1] = 0 }),
            ("count 2", { $0[count: 2] = 0 }), ("count 3", { $0[count: 3] = 0 }),
        ], storedFields: 2)
    }

    @Test("daily-quip: the cards screen shows what remains of the day's 5, so counts past 5 read alike")
    func dailyQuipCeilings() {
        let policy = SubscriptionPolicy.dailyQuip
        let reads = ScreenKey.Reads(policy: policy)
        #expect(reads.windows.count == 1 && reads.windows[0].window == .day)
        #expect(reads.ceiling(plan: 0, position: 0) == 5) // free
        #expect(reads.ceiling(plan: 1, position: 0) == 0) // premium: "Unlimited cards"
    }

    /// An output under `plan` with `count` in the read window and 0 everywhere else.
    static func output(_ policy: SubscriptionPolicy, plan: Int?, _ read: (meter: Int, window: LimitWindow), _ count: Int,
                       _ entitlement: Entitlement? = nil) -> Output {
        var counts = MeterCounts(meters: policy.meters.count)
        counts[read.meter][read.window] = count
        return Output(plan: plan, day: LocalDate(daysSince1970: 20_000), outcome: nil, reason: nil, response: nil, resetAt: nil,
                            upgrade: nil, counts: counts, entitlement: entitlement, zone: .utc)
    }

    /// A policy whose meter screen reads several windows (format 11), with a warning, a
    /// hidden limit, and limits that tie at some counts (equal ones too).
    static let severalWindows: SubscriptionPolicy = {
        let text = #"""
        {"format": 11, "policy": "several", "calendar": "device", "defaults": {"registered": "free"}, "noPlanResponse": "paywall", "meters": ["m"],
         "features": [{"id": "f", "consumes": "m"}],
         "plans": [
          {"id": "free", "name": "Free", "features": "all", "limits": {"m": {"day": 3, "month": 6, "total": 6}}, "responses": {"any": "paywall"}},
          {"id": "pro", "name": "Pro", "products": [{"id": "pro", "kind": "auto-renewable", "period": "P1M"}], "features": "all",
           "limits": {"m": {"month": 40, "total": {"limit": 50, "hidden": true}}}, "responses": {"any": "paywall"}}],
         "screens": {"left": {"kind": "meter", "meter": "m", "window": ["total", "day", "month"], "warningPercent": 60,
                              "below": "{remaining} of {limit}", "warning": "only {remaining} of {limit}", "reached": "none", "unlimited": "no limit"},
                     "bar": {"kind": "bar", "meter": "m", "window": ["month", "day"]}}}
        """#
        do { return try SubscriptionPolicy(data: Data(text.utf8), file: "several.json") } catch { fatalError("\(error)") }
    }()

    @Test("a screen of several windows: the key cuts each window at its own limit, and any two counts together show what their cuts show",
          arguments: ["several", "study-week"])
    func severalWindowsCutTogether(name: String) throws {
        let policy = name == "several" ? Self.severalWindows : try #require(PolicyLoader.builtIn(name))
        let reads = ScreenKey.Reads(policy: policy)
        let engine = SubscriptionMachine(policy: policy)
        let oracle = ScreenOracle(policy: policy)
        let counts = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 39, 40, 41, 49, 50, 51, 119, 120, 121, 500]
        var compared = 0
        for plan in [nil] + policy.plans.indices.map(Optional.some) {
            for first in reads.windows.indices.prefix(4) {
                for second in reads.windows.indices.prefix(4) where second > first {
                    for a in counts {
                        for b in counts {
                            func output(_ a: Int, _ b: Int) -> Output {
                                var all = MeterCounts(meters: policy.meters.count)
                                all[reads.windows[first].meter][reads.windows[first].window] = a
                                all[reads.windows[second].meter][reads.windows[second].window] = b
                                return Output(plan: plan, day: LocalDate(daysSince1970: 20_000), outcome: nil, reason: nil, response: nil,
                                              resetAt: nil, upgrade: nil, counts: all, entitlement: nil, zone: .utc)
                            }
                            let shown = output(a, b)
                            let cut = output(min(a, reads.ceiling(plan: plan, position: first)), min(b, reads.ceiling(plan: plan, position: second)))
                            let context = "\(name), plan \(plan.map { policy.plans[$0].id } ?? "none"), \(reads.windows[first].window.name) \(a), \(reads.windows[second].window.name) \(b)"
                            #expect(engine.screens(of: shown) == engine.screens(of: cut), "\(context)")
                            #expect(oracle.values(Self.inputs(shown)) == oracle.values(Self.inputs(cut)), "\(context) (oracle)")
                            #expect(engine.screens(of: shown) == oracle.values(Self.inputs(shown)), "\(context): the engine and the oracle")
                            compared += 1
                        }
                    }
                }
            }
        }
        #expect(compared > 1_000)
        // Each window is cut at its limit under a plan that shows it, and not kept at all where none is shown.
        func ceilings(_ plan: Int?) -> [String] {
            reads.windows.indices.map { "\(reads.windows[$0].window.name) \(reads.ceiling(plan: plan, position: $0))" }
        }
        if name == "study-week" {
            #expect(ceilings(0) == ["day 3", "week 10", "month 0"] && ceilings(1) == ["day 0", "week 40", "month 120"])
        } else {
            #expect(ceilings(0) == ["total 6", "day 3", "month 6"] && ceilings(1) == ["total 0", "day 0", "month 40"] && ceilings(nil) == ["total 0", "day 0", "month 0"])
        }
    }

    /// The screen oracle's inputs for an output.
    static func inputs(_ output: Output) -> ScreenOracle.Inputs {
        .init(plan: output.plan, counts: Array(output.counts), entitlement: output.entitlement, zone: output.zone)
    }
}

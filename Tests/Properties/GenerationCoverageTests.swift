import Foundation
import Simulator
import SubscriptionModel
import Testing
import TestSupport

/// Coverage categories derived from each policy, counted from timelines and the
/// reference outputs, with floors that scale with a run's size.
@Suite("Policy generator: coverage")
struct GenerationCoverageTests {
    typealias Category = CoverageCategory

    static func blocked(_ policy: SubscriptionPolicy) -> [String] {
        Category.all(for: policy).compactMap { if case .blocked = $0 { $0.name(in: policy) } else { nil } }
    }

    @Test("each plan's blocked reasons are those G6 can give, less the windows a more lasting one shadows")
    func blockedCategories() {
        // Worked out by hand from the policy files and G6.4 (total, stock, month, day).
        #expect(Self.blocked(.mealCapture) == ["blocked(trial, day, paywall)", "blocked(premium, day, alert)", "blocked(unlimited, day, alert)",
                                              "blocked(none, no-plan, paywall)"])
        // The free plans' day limits equal their total limits: `total` always blocks first.
        #expect(Self.blocked(.daaTiers) == ["blocked(free_guest, not-in-plan, paywall)", "blocked(free_guest, total, paywall)",
                                           "blocked(free_registered, not-in-plan, paywall)", "blocked(free_registered, total, paywall)",
                                           "blocked(core, not-in-plan, paywall)", "blocked(core, day, alert)", "blocked(core, total, paywall)",
                                           "blocked(advanced, day, alert)", "blocked(advanced, total, paywall)"])
        #expect(Self.blocked(.oxalate) == ["blocked(free, not-in-plan, paywall)", "blocked(free, history, paywall)", "blocked(free, month, paywall)",
                                          "blocked(free, stock, paywall)", "blocked(premium, day, alert)"])
        #expect(Self.blocked(.dailyQuip) == ["blocked(free, day, paywall)"])
        #expect(Self.blocked(.faceRecall) == ["blocked(free, not-in-plan, paywall)", "blocked(free, stock, paywall)", "blocked(grace, not-in-plan, paywall)"])
    }

    @Test("categories a policy cannot reach are absent")
    func absentCategories() {
        let names = Dictionary(uniqueKeysWithValues: GenerationSettings.names.map { name in
            (name, Set(Category.all(for: GenerationSettings.policy(name)).map { $0.name(in: GenerationSettings.policy(name)) }))
        })
        #expect(names.filter { $0.value.contains("trial-ends-between-uses") }.keys.sorted() == ["meal-capture"])
        #expect(names.filter { $0.value.contains("lost-in-trial") }.keys.sorted() == ["meal-capture"])
        #expect(names.filter { $0.value.contains("grace-ends-between-uses") }.keys.sorted() == ["face-recall"])
        #expect(names.filter { $0.value.contains("bought(non-consumable)") }.keys.sorted() == ["daily-quip"])
        #expect(names.filter { $0.value.contains("upgrade") }.keys.sorted() == ["daa-tiers", "meal-capture"])
        #expect(names.filter { $0.value.contains("crossgrade") }.keys.sorted() == ["daa-tiers", "daily-quip", "face-recall", "oxalate"])
        // One recipe: 80 % of 1 rounds up to the limit itself, so no warning below it.
        #expect(!names["oxalate"]!.contains("stock-at-warning(recipes)") && names["oxalate"]!.contains("stock-at-limit(recipes)"))
        #expect(names["face-recall"]!.isSuperset(of: ["stock-at-warning(people)", "stock-at-warning(tags)", "release-at-limit(tags)"]))
        #expect(names["oxalate"]!.isSuperset(of: ["reset(questions, month)", "history-first-day(track-meal)", "history-day-before(track-meal)"]))
        for (name, categories) in names {
            #expect(categories.isSuperset(of: ["after-2038-01-19", "before-1980", "month-rollover", "report-changes-nothing", "dst-fall-back",
                                               "missing-midnight", "last-minute-before-reset"]), "\(name)")
        }
    }

    @Test("every category of every shipped policy is judged at the default size, and none of a policy without figures")
    func judgedAtDefaultSize() throws {
        for name in GenerationSettings.names {
            let counts = CoverageCounts(policy: GenerationSettings.policy(name))
            for (category, floor) in zip(counts.categories, counts.floors(users: CampaignOptions.defaultUsers, years: CampaignOptions.defaultYears, swarm: true)) {
                #expect(floor.value > 0, "\(name): \(category.name(in: counts.policy)) \(floor.rule)")
            }
        }
        let renamed = try SubscriptionPolicy(data: Data(#"{"policy": "quotes", "calendar": "device", "defaults": {"guest": "free"}, "meters": ["q"], "features": [{"id": "read", "consumes": "q"}], "plans": [{"id": "free", "name": "Free", "features": "all", "limits": {"q": {"day": 5}}, "responses": {"any": "paywall"}}], "screens": {}}"#.utf8), file: "quotes.json")
        let floors = CoverageCounts(policy: renamed).floors(users: 1_000_000, years: 3, swarm: true)
        #expect(floors.allSatisfy { $0.value == 0 && $0.rule.hasPrefix("not judged") })
    }

    /// daily-quip's file with its free plan's `"day": 5` set to `day` (the name kept).
    static func dailyQuip(dayLimit day: Int) throws -> SubscriptionPolicy {
        try dailyQuip(limits: "\"day\": \(day)")
    }

    /// daily-quip's file with its free plan's `"day": 5` replaced by `limits` (the name
    /// kept), and with `anyResponse` its paywall given for any reason, not only `day`.
    static func dailyQuip(limits: String, anyResponse: Bool = false) throws -> SubscriptionPolicy {
        let url = BehaviourBaselineTests.root.appendingPathComponent("Sources/SubscriptionModel/Policies/daily-quip.json")
        var text = try String(contentsOf: url, encoding: .utf8)
        try #require(text.components(separatedBy: "\"day\": 5").count == 2, "daily-quip sets one day limit, of 5")
        if anyResponse { text = text.replacingOccurrences(of: #""responses": {"day": "paywall"}"#, with: #""responses": {"any": "paywall"}"#) }
        return try SubscriptionPolicy(data: Data(text.replacingOccurrences(of: "\"day\": 5", with: limits).utf8), file: "daily-quip.json")
    }

    /// How often `category` is reached over `users` users of `policy`'s generator.
    static func reached(_ category: String, _ policy: SubscriptionPolicy, users: Int) throws -> Int {
        let generator = GenerationSettings.generator(policy)
        var tracker = CoverageTracker(policy: policy)
        for user in 0..<users { tracker.observe(timeline: generator.user(seed: GenerationSettings.seed, user: user).timeline) }
        let counts = tracker.counts
        let index = try #require(counts.categories.firstIndex { $0.name(in: policy) == category })
        return counts.counts[index]
    }

    @Test("floors belong to a shipped policy's rules, not its name: a file named daily-quip with another limit is not judged; an exact copy is")
    func floorsFollowRulesNotName() throws {
        let copy = try Self.dailyQuip(dayLimit: 5)
        #expect(copy == .dailyQuip)
        #expect(CoverageCounts(policy: copy).floors(users: 1_000_000, years: 3, swarm: true).allSatisfy { $0.value > 0 })
        let changed = try Self.dailyQuip(dayLimit: 500)
        #expect(changed.name == "daily-quip" && changed != .dailyQuip)
        #expect(CoverageCounts(policy: changed).floors(users: 1_000_000, years: 3, swarm: true).allSatisfy {
            $0.value == 0 && $0.rule == "not judged: the figures are measured on the shipped daily-quip, and this policy's plans, features, products, credit packs, trial, grace, calendar, day start or stock warning differ from its"
        })
        // Another `about` sentence, or another screen text, draws the same users: judged.
        let url = BehaviourBaselineTests.root.appendingPathComponent("Sources/SubscriptionModel/Policies/daily-quip.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        try #require(text.components(separatedBy: #""about": "DailyQuipAI:"#).count == 2)
        let retold = try SubscriptionPolicy(data: Data(text.replacingOccurrences(of: #""about": "DailyQuipAI:"#, with: #""about": "Our own words. DailyQuipAI:"#).utf8),
                                            file: "daily-quip.json")
        #expect(retold != .dailyQuip && retold.about?.hasPrefix("Our own words.") == true)
        #expect(CoverageCounts(policy: retold).floors(users: 1_000_000, years: 3, swarm: true).allSatisfy { $0.value > 0 })
        let reworded = try SubscriptionPolicy(data: Data(text.replacingOccurrences(of: #""Unlimited cards""#, with: #""No limit on cards""#).utf8), file: "daily-quip.json")
        #expect(reworded != .dailyQuip)
        #expect(CoverageCounts(policy: reworded).floors(users: 1_000_000, years: 3, swarm: true).allSatisfy { $0.value > 0 }, "a screen's text draws the same users")
        // Nor does a plan's display name or an alert's text; an alert turned into a paywall does not.
        let daa = try String(contentsOf: BehaviourBaselineTests.root.appendingPathComponent("Sources/SubscriptionModel/Policies/daa-tiers.json"), encoding: .utf8)
        for (old, new, judged) in [(#""name": "Core""#, #""name": "Core Plus""#, true),
                                   (#""title": "Daily limit reached""#, #""title": "That's all for today""#, true),
                                   (#""day": {"alert": {"title": "Daily limit reached", "message": "Resets at midnight"}}"#, #""day": "paywall""#, false)] {
            let edited = try SubscriptionPolicy(data: Data(daa.replacingOccurrences(of: old, with: new).utf8), file: "daa-tiers.json")
            #expect(edited != .daaTiers)
            let floors = CoverageCounts(policy: edited).floors(users: 1_000_000, years: 3, swarm: true)
            #expect(floors.allSatisfy { ($0.value > 0) == judged }, "\(new): \(judged ? "judged" : "not judged")")
        }
        // The stock warning's share is read by the generator and the categories: another share is not judged.
        let face = try String(contentsOf: BehaviourBaselineTests.root.appendingPathComponent("Sources/SubscriptionModel/Policies/face-recall.json"), encoding: .utf8)
        try #require(face.components(separatedBy: #""percent": 80"#).count == 2)
        let warnsEarlier = try SubscriptionPolicy(data: Data(face.replacingOccurrences(of: #""percent": 80"#, with: #""percent": 30"#).utf8), file: "face-recall.json")
        #expect(CoverageCounts(policy: warnsEarlier).floors(users: 1_000_000, years: 3, swarm: true).allSatisfy { $0.value == 0 })
        #expect(CoverageCounts(policy: .faceRecall).floors(users: 1_000_000, years: 3, swarm: true).allSatisfy { $0.value > 0 })
    }

    @Test("a burst reaches a day limit far above the shipped ones (up to UserTraits' largest burst) and passes it", .enabled(if: CampaignTests.enabled, "campaign-sized: SIMULATE_CAMPAIGN_TESTS=1 runs it, as .ci/run does"))
    func burstsReachLargeDayLimits() throws {
        for limit in [200, 1_000] {
            let users = 150
            #expect(try Self.reached("blocked(free, day, paywall)", Self.dailyQuip(dayLimit: limit), users: users) > 0,
                    "day limit \(limit): blocked(free, day) never reached; seed \(GenerationSettings.seed), \(users) users")
        }
    }

    @Test("a month limit far above the shipped ones is reached by a streak of bursts, alone or above a day limit that caps each day", .enabled(if: CampaignTests.enabled, "campaign-sized: SIMULATE_CAMPAIGN_TESTS=1 runs it, as .ci/run does"))
    func streaksReachLargeMonthLimits() throws {
        // With bursts of 90 a day, 2,000 a month was never reached; 100 a day needs 20 days of it.
        for limits in [#""month": 2000"#, #""day": 100, "month": 2000"#, #""day": 50, "month": 1000"#] {
            let users = 150
            #expect(try Self.reached("blocked(free, month, paywall)", Self.dailyQuip(limits: limits, anyResponse: true), users: users) > 0,
                    "{\(limits)}: blocked(free, month) never reached; seed \(GenerationSettings.seed), \(users) users")
        }
    }

    @Test("without swarm testing no floor is judged (the figures are the swarm generator's), and the report records it")
    func noFloorsWithoutSwarm() throws {
        let policy = GenerationSettings.policy("daa-tiers")
        let counts = CoverageCounts(policy: policy)
        #expect(counts.floors(users: 1_000_000, years: 3, swarm: true).allSatisfy { $0.value > 0 })
        #expect(counts.floors(users: 1_000_000, years: 3, swarm: false).allSatisfy { $0.value == 0 && $0.rule == CoverageFigures.notJudgedWithoutSwarm })
        #expect(CoverageFigures.notJudgedWithoutSwarm == "not judged: floors are measured with swarm testing on, and this run has --no-swarm")

        let options = CampaignOptions(seed: GenerationSettings.seed, users: 200, years: GenerationSettings.years, jobs: 2)
        let off = Campaign(options: options, policy: policy, policyName: policy.name, swarm: false).run()
        #expect(!off.swarm && off.unexercised.isEmpty && off.passed)
        let report = RunReport(result: off, failures: [])
        #expect(report.options.swarm == false)
        #expect(report.coverage.allSatisfy { $0.exercised && $0.floor == 0 && $0.floorRule == CoverageFigures.notJudgedWithoutSwarm })
        #expect(try JSONDecoder().decode(RunReport.self, from: Data(report.json().utf8)).options.swarm == false)

        let on = RunReport(result: Campaign(options: options, policy: policy, policyName: policy.name).run(), failures: [])
        #expect(on.options.swarm == nil && !on.json().contains("\"swarm\""), "a default run's report is as before")
        #expect(on.coverage.contains { $0.floor > 0 }, "seed \(GenerationSettings.seed), 200 users: some floor judged with swarm on")
    }

    @Test("a run reaches every floor for its size", arguments: GenerationSettings.names)
    func runReachesFloors(name: String) {
        let policy = GenerationSettings.policy(name)
        let generator = GenerationSettings.generator(policy)
        var tracker = CoverageTracker(policy: policy)
        let users = GenerationSettings.coverageUsers
        for user in 0..<users { tracker.observe(timeline: generator.user(seed: GenerationSettings.seed, user: user).timeline) }
        let counts = tracker.counts
        let floors = counts.floors(users: users, years: GenerationSettings.years, swarm: true)
        #expect(floors.contains { $0.value > 0 }, "\(name): no floor judged at \(users) users")
        for index in counts.categories.indices {
            #expect(counts.counts[index] >= floors[index].value,
                    "\(name): \(counts.categories[index].name(in: policy)) reached \(counts.counts[index]) times, floor \(floors[index].value) (\(floors[index].rule)); seed \(GenerationSettings.seed), \(users) users; reproduce with: swift run -c release simulate run --policy \(name) --seed \(GenerationSettings.seed) --users \(users)")
        }
    }
}

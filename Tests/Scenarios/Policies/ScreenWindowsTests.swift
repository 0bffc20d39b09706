import Foundation
import Simulator
import SubscriptionModel
import Testing

/// A `meter` screen of several windows (policy format 11): it reads the window, of those
/// the plan shows a limit for, with the fewest uses left (on a tie, the larger limit), and
/// its state and numbers are that window's.
@Suite("Meter screens of several windows")
struct ScreenWindowsTests {
    /// Free: 3 a day and 6 a month, a warning from 60 %; Pro: a hidden day limit only.
    static func policy(windows: String) -> SubscriptionPolicy {
        try! SubscriptionPolicy(data: Data("""
            {"format": 11, "policy": "left", "calendar": "device", "defaults": {"guest": "free"}, "meters": ["m"],
             "features": [{"id": "f", "consumes": "m"}],
             "plans": [
               {"id": "free", "name": "Free", "features": "all", "limits": {"m": {"day": 3, "month": 6}},
                "responses": {"day": "paywall", "month": "paywall"}},
               {"id": "pro", "name": "Pro", "products": [{"id": "pro", "kind": "auto-renewable", "period": "P1M"}],
                "features": "all", "limits": {"m": {"day": {"limit": 50, "hidden": true}}}, "responses": {"day": "paywall"}}],
             "screens": {"left": {"kind": "meter", "meter": "m", "window": \(windows), "warningPercent": 60,
                                  "below": "{remaining} left ({used} used)", "warning": "only {remaining} of {limit} left",
                                  "reached": "none left", "unlimited": "{used} used"},
                         "bar": {"kind": "bar", "meter": "m", "window": \(windows)}}}
            """.utf8), file: "left.json")
    }

    static let policy = policy(windows: #"["day", "month"]"#)

    @Test("the window with the fewest left decides the state and the numbers; on a tie the larger limit, in either order; unlimited shows the first listed window's count",
          arguments: [#"["day", "month"]"#, #"["month", "day"]"#])
    func fewestLeftDecides(windows: String) throws {
        let policy = Self.policy(windows: windows)
        let dayFirst = windows.hasPrefix(#"["day""#)
        var run = ScriptedUser(policy, zone: "UTC")
        var shown: [String] = [], bars: [ScreenValue] = []
        func see(_ output: Output) {
            guard case .text(let text) = run.screen(output, "left") else { fatalError("not a text") }
            shown.append(text)
            bars.append(run.screen(output, "bar"))
        }
        see(run("2026-03-30T09:00:00Z", .install))
        for minute in 1...3 { see(run("2026-03-30T09:0\(minute):00Z", .use("f"))) }
        #expect(shown == ["3 left (0 used)", "2 left (1 used)", "only 1 of 3 left", "none left"], "the day decides: 3 left against the month's 6")
        shown = []
        see(run("2026-03-31T09:00:00Z", .look))      // day 3 left, month 3 left: a tie, the month's (the larger limit), below 60 %
        see(run("2026-03-31T09:01:00Z", .use("f")))  // 2 and 2: the month's 4 of 6 warns (the day's 1 of 3 would not)
        see(run("2026-03-31T09:02:00Z", .use("f")))  // 1 and 1: the month's limit, 6
        see(run("2026-03-31T09:03:00Z", .use("f")))  // the month's 6th: both reached
        #expect(shown == ["3 left (3 used)", "only 2 of 6 left", "only 1 of 6 left", "none left"])
        // The bar shows the same window: the day's on the 30th, the month's from the first tie.
        #expect(bars == [.bar(used: 0, limit: 3), .bar(used: 1, limit: 3), .bar(used: 2, limit: 3), .bar(used: 3, limit: 3),
                         .bar(used: 3, limit: 6), .bar(used: 4, limit: 6), .bar(used: 5, limit: 6), .bar(used: 6, limit: 6)])
        bars = []
        shown = []
        see(run("2026-03-31T23:00:00Z", .look))
        see(run("2026-04-01T00:00:00Z", .look))      // a new day and a new month
        see(run("2026-04-01T10:00:00Z", .use("f")))  // 2 left today, 5 this month
        see(run("2026-04-02T09:00:00Z", .entitle("pro")))
        see(run("2026-04-02T09:01:00Z", .use("f")))
        // Pro shows no limit on either window: unlimited, with the first listed window's
        // count (the day's 0 and 1, or the month's 1 and 2).
        #expect(shown == ["none left", "3 left (0 used)", "2 left (1 used)"] + (dayFirst ? ["0 used", "1 used"] : ["1 used", "2 used"]))
        #expect(bars == [.bar(used: 6, limit: 6), .bar(used: 0, limit: 3), .bar(used: 1, limit: 3), .null, .null], "no bar under Pro, which shows no limit")
        // The checker's own reading of the screens agrees on every event (G10).
        var check = TimelineCheck(policy: policy) { ReferenceImplementation() }
        let verdict = check.check(run.timeline)
        #expect(verdict.violation == nil, "\(verdict.violation.map { "\($0)" } ?? "")")
        // Coverage: the day from the install, the month from the first tie, the day again in
        // April, then no choice under Pro.
        let list = dayFirst ? "day/month" : "month/day"
        #expect(Self.fewestLeftCounts(run.timeline, policy) == ["fewest-left(m, day of \(list))": 2, "fewest-left(m, month of \(list))": 1])
    }

    /// The coverage counts of the deciding windows, by name.
    static func fewestLeftCounts(_ timeline: Timeline, _ policy: SubscriptionPolicy = policy) -> [String: Int] {
        var tracker = CoverageTracker(policy: policy)
        tracker.observe(timeline: timeline)
        let counts = tracker.counts
        return Dictionary(uniqueKeysWithValues: zip(counts.categories.map { $0.name(in: policy) }, counts.counts).filter { $0.0.hasPrefix("fewest-left") })
    }

    @Test("policy show names the windows and how one decides")
    func described() {
        #expect(PolicyDescription.text(Self.policy).contains("\n    by the state of m day or month, whichever has the fewest left (on a tie, the larger limit):\n"))
    }

    @Test("a day after the month is spent: the month, with none left, decides over the day's 3")
    func spentMonthDecides() {
        var run = ScriptedUser(Self.policy, zone: "UTC")
        run("2026-03-28T09:00:00Z", .install)
        run.repeated(3, "f", from: "2026-03-28T09:01:00Z")
        run.repeated(3, "f", from: "2026-03-29T09:01:00Z")
        let next = run("2026-03-30T09:00:00Z", .look)
        #expect(run.used(next, "m", .day) == 0 && run.used(next, "m", .month) == 6)
        #expect(run.screen(next, "left") == .text("none left"))
        let blocked = run("2026-03-30T09:01:00Z", .use("f"))
        #expect(blocked.reason == .month && run.screen(blocked, "left") == .text("none left"))
        // Coverage counts each change of the deciding window: the day's at the install, the
        // month's on the 30th.
        #expect(Self.fewestLeftCounts(run.timeline) == ["fewest-left(m, day of day/month)": 1, "fewest-left(m, month of day/month)": 1])
    }

    @Test("coverage lists a window only where a plan shows its limit beside another of the list's")
    func coverageCategories() {
        let names = CoverageCategory.all(for: Self.policy).map { $0.name(in: Self.policy) }.filter { $0.hasPrefix("fewest-left") }
        #expect(names == ["fewest-left(m, day of day/month)", "fewest-left(m, month of day/month)"])
        let study = PolicyLoader.builtIn("study-week")!
        let listed = CoverageCategory.all(for: study).map { $0.name(in: study) }.filter { $0.hasPrefix("fewest-left") }
        #expect(listed == ["fewest-left(lessons, day of day/week/month)", "fewest-left(lessons, week of day/week/month)",
                           "fewest-left(lessons, month of day/week/month)"])
        #expect(!CoverageCategory.all(for: PolicyLoader.builtIn("chat-pool")!).contains { if case .fewestLeft = $0 { true } else { false } })
    }
}

import Foundation
import Simulator
import SubscriptionModel
import Testing

/// `simulate policy show`'s text, and the documented example policy file.
@Suite("Policy description")
struct PolicyDescriptionTests {
    @Test("daa-tiers reads as its rules: calendar, defaults, ranked plans with products, limits, responses")
    func daaTiers() {
        let lines = PolicyDescription.text(.daaTiers).split(separator: "\n").map(String.init)
        for expected in [
            "policy daa-tiers",
            "calendar: UTC",
            "defaults: guest free_guest, registered free_registered",
            "  chat: consumes questions",
            "  muhurta: gate (counts nothing)",
            "  free_guest \"Free (Guest)\"",
            "    features: chat, compatibility",
            "    limits: questions day 3, total 3",
            "  core \"Core\", paid, rank 1",
            "    products: com.daa.core.monthly (auto-renewable P1M), com.daa.core.yearly (auto-renewable P1Y)",
            "    responses: not-in-plan → paywall; day → alert \"Daily limit reached\" / \"Resets at midnight\"; total → paywall",
            "  premium \"Premium\", paid, rank 3",
            "    limits: questions unlimited",
            "    responses: none (nothing can be blocked)",
            "  plan:",
            "    the plan's name",
        ] {
            #expect(lines.contains(expected), "missing line: \(expected)")
        }
    }

    @Test("a policy's about text shows on one line, a newline in it escaped")
    func aboutOnOneLine() throws {
        let text = PolicyFileTests.base.replacingOccurrences(of: #"{"policy": "t","#, with: #"{"policy": "t", "about": "Notes\nplans (paid ones in rank order):","#)
        let lines = PolicyDescription.text(try SubscriptionPolicy(data: Data(text.utf8), file: "t.json")).split(separator: "\n")
        #expect(lines[1] == #"  Notes\nplans (paid ones in rank order):"#)
        #expect(lines.filter { $0.hasPrefix("plans") }.count == 1, "no forged line")
    }

    @Test("hidden limits, lifetime products, grace and no-plan responses are stated")
    func otherShapes() throws {
        let meal = PolicyDescription.text(.mealCapture)
        #expect(meal.contains("trial: trial for 72 h from the install\n"))
        #expect(meal.contains("no plan: every use blocked (no-plan) → paywall\n"))
        #expect(meal.contains("    limits: analyses day 50 (hidden)\n"))
        #expect(PolicyDescription.text(.dailyQuip).contains("dailyquip.lifetime (non-consumable)"))
        #expect(PolicyDescription.text(.faceRecall).contains("grace: grace for users installed before 2026-03-01T00:00:00Z, until 720 h after it\n"))
        #expect(PolicyDescription.text(.oxalate).contains("    history: track-meal 3 days\n"))
        let oneDay = try SubscriptionPolicy(data: Data(try String(contentsOf: PackagePaths.root.appendingPathComponent("Sources/SubscriptionModel/Policies/oxalate.json"), encoding: .utf8)
            .replacingOccurrences(of: #""history": {"track-meal": 3}"#, with: #""history": {"track-meal": 1}"#).utf8), file: "oxalate.json")
        #expect(PolicyDescription.text(oneDay).contains("    history: track-meal 1 day\n"))
        // A rolling window's length is a rule: the description (and so a report's policy,
        // which a merge compares between shards) holds it.
        let askWindow = try #require(ExamplePolicies.named("ask-window"))
        #expect(PolicyDescription.text(askWindow).contains("calendar: device (the device's current zone); a rolling window holds a use for 24 h\n"))
        #expect(!PolicyDescription.text(.dailyQuip).contains("rolling window"))
        // A day start moves the month's turn too (calendar months).
        let nightOwl = try #require(ExamplePolicies.named("night-owl"))
        #expect(PolicyDescription.text(nightOwl).contains("; a day starts at 04:00 on its clock, a month at that hour on the 1st"), "\(PolicyDescription.text(nightOwl).prefix(300))")
    }

    @Test("the example of docs/policy-file.md is a valid policy")
    func documentedExample() throws {
        let doc = try String(contentsOf: PackagePaths.root.appendingPathComponent("docs/policy-file.md"), encoding: .utf8)
        let start = try #require(doc.range(of: "```json\n"))
        let end = try #require(doc.range(of: "```", range: start.upperBound..<doc.endIndex))
        let policy = try SubscriptionPolicy(data: Data(doc[start.upperBound..<end.lowerBound].utf8), file: "policy-file.md")
        var run = ScriptedUser(policy, zone: "UTC")
        run("2026-01-01T09:00:00Z", .install)
        let fourth = run.repeated(4, "read-quote", from: "2026-01-01T09:01:00Z")
        #expect(run.screen(fourth, "counter") == .text("1 quote left"))
        #expect(run.screen(run("2026-01-01T09:10:00Z", .use("read-quote")), "counter") == .text("No quotes left today"))
        #expect(run("2026-01-01T09:11:00Z", .use("share")).reason == .notInPlan)
    }

    @Test("a name that is no shipped policy and no file is one error line")
    func unknownPolicy() {
        #expect(throws: PolicyLoader.LoadError(problem: "\"no-such\" is no shipped policy or example ('simulate policies' lists them) and no readable policy file (no such file at \"/nonexistent/no-such\")")) {
            try PolicyLoader.load("no-such", folder: "/nonexistent")
        }
    }

    @Test("a built-in name mistyped is named back: a letter off, a capital, an example's, the name with .json; not in a path or far from every name")
    func mistypedPolicy() {
        func problem(_ name: String) -> String? {
            do { _ = try PolicyLoader.load(name, folder: "/nonexistent") } catch { return error.problem }
            return nil
        }
        #expect(problem("daily-qiup")?.hasPrefix("\"daily-qiup\" is no shipped policy or example (did you mean daily-quip? 'simulate policies' lists them) and no readable policy file (") == true,
                "\(problem("daily-qiup") ?? "")")
        #expect(problem("Oxalate")?.contains("(did you mean oxalate? ") == true)
        #expect(problem("chat-pol")?.contains("(did you mean chat-pool? ") == true, "an example's name")
        #expect(problem("rules/daily-qiup")?.contains("did you mean") == false, "a path is a file's, not a name's")
        #expect(problem("oxalate.json")?.contains(#"(did you mean oxalate, without ".json"? "#) == true, "the shipped file's name is the name")
        #expect(problem("oxalat.json")?.contains("did you mean") == false, "another file name is a file's")
        #expect(problem("rules/oxalate.json")?.contains("did you mean") == false)
        #expect(problem("quotes")?.contains("did you mean") == false)
    }
}

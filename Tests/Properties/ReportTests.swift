import Foundation
import Simulator
import SubscriptionModel
import Testing

/// The reports a run writes: complete, self-contained, and comparable.
@Suite("Reports")
struct ReportTests {
    static let report = RunReport(result: SharedCampaign.result, failures: [])

    @Test("a failing check's report says how its failing output is counted, as each rule set's checker counts it")
    func stoppedCheckCounting() {
        var flagship = Self.report
        (flagship.kind, flagship.passed) = (.check, false)
        #expect(flagship.options.policy == nil)
        #expect(MarkdownReport.stoppedCheckNote(flagship)?.contains("which counts as a check of every invariant the checker applies to it and as a "
                                                                    + "violation of the first it breaks: the comparison with the reference") == true)
        var policy = flagship
        policy.options.policy = "daily-quip"
        #expect(MarkdownReport.stoppedCheckNote(policy)?.contains("which counts as a check and a violation of the first invariant it breaks only: "
                                                                  + "the other checks and the digest count the events checked until then") == true)
        #expect(MarkdownReport.stoppedCheckNote(Self.report) == nil, "a run says nothing of the kind")
        for report in [flagship, policy] {
            #expect(MarkdownReport.stoppedCheckNote(report)?.contains("(a program that fails as a whole there, a crash, a time-out or output that "
                                                                      + "is not the contract's, counts as a check and a violation of matches-reference only)") == true)
        }
    }

    @Test("a merged check of the flagship's rules keeps its invariant table's columns aligned, matches-reference's longer rules included")
    func mergedCheckColumns() throws {
        var report = Self.report
        report.kind = .check
        var reference = report.invariants[0]
        (reference.name, reference.rules) = ("matches-reference", "all rules: the reference model")
        report.invariants.append(reference)
        let lines = MergeSummary.text(report, parts: []).split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("  invariant ") })
        let table = lines[start...].prefix { !$0.isEmpty }
        #expect(table.count == report.invariants.count + 1 && Set(table.map(\.count)).count == 1, "\(table.joined(separator: "\n"))")
    }

    @Test("report.json round-trips and carries seed, options, tool, counts, invariants and coverage")
    func jsonRoundTrip() throws {
        let report = Self.report
        let decoded = try JSONDecoder().decode(RunReport.self, from: Data(report.json().utf8))
        #expect(decoded == report)
        #expect(report.tool == RunReport.toolVersion)
        #expect(report.options.seed == PropertySettings.seed)
        #expect(report.invariants.map(\.name) == FlagshipInvariant.traceInvariants.map(\.rawValue))
        // The coverage categories, then the analyses' day window at each calendar edge.
        #expect(report.coverage.map(\.category) == EdgeCategory.allCases.map(\.rawValue) + CalendarEdge.allCases.map { "calendar(analyses, day, \($0.name))" })
        #expect(report.counts.events == SharedCampaign.result.events)
        // Its dictionaries were rebuilt by the decoder, so an encoding that followed their
        // order rather than sorting would show here.
        #expect(decoded.json() == report.json(), "the same report encodes to the same bytes")
    }

    @Test("report.html is one self-contained page with an SVG chart per section")
    func htmlSelfContained() {
        let page = HTMLReport.page(Self.report)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.components(separatedBy: "http://").count == page.components(separatedBy: "xmlns=\"http://www.w3.org/2000/svg\"").count,
                "no http link other than the SVG namespace")
        #expect(!page.contains("https://") && !page.contains("<script") && !page.contains("<link") && !page.contains("src="))
        for title in ["Attempt outcomes by plan", "Attempts per local minute around midnight", "Coverage against floors", "Violations by invariant"] {
            #expect(page.contains("aria-label=\"\(title)\""), "chart \(title)")
        }
        #expect(page.components(separatedBy: "<svg").count - 1 == 5)
    }

    /// The shared run's report with every category judged (a floor of 1) and reached.
    static var judgedReport: RunReport {
        var report = report
        for index in report.coverage.indices {
            report.coverage[index].floor = 1
            report.coverage[index].exercised = true
        }
        return report
    }

    @Test("the verdict names each broken invariant and each category below its floor; a check's coverage is not judged")
    func verdictNamesFailures() {
        var report = Self.judgedReport
        #expect(report.verdictLines == ["All invariants held.", "Every coverage category reached its floor."])
        report.invariants[1].violations = 2
        report.coverage[0].exercised = false
        report.coverage[2].exercised = false
        #expect(report.verdictLines == ["1 invariant broke: \(report.invariants[1].name).",
                                        "2 coverage categories were not exercised: \(report.coverage[0].category), \(report.coverage[2].category)."])
        report.kind = .check
        #expect(report.verdictLines == ["1 invariant broke: \(report.invariants[1].name).",
                                        "Coverage is counted, not judged, for a check (as simulate check does)."])
    }

    @Test("the verdict (merge prints it) and report.md name an invariant with no check instead of counting it as held; a check's deterministic says why")
    func verdictNamesUncheckedInvariants() throws {
        var report = Self.judgedReport
        let deterministic = try #require(report.invariants.firstIndex { $0.name == "deterministic" })
        report.invariants[deterministic].checks = 0
        report.kind = .check
        let why = "(deterministic was not checked: a check gives each timeline to the program once)"
        #expect(report.verdictLines[0] == "All invariants checked held \(why).")
        #expect(MarkdownReport.text(report).contains("\nAll \(report.invariants.count - 1) invariants checked held \(why).\n"))
        report.kind = .run
        #expect(report.verdictLines[0] == "All invariants checked held (deterministic was not checked).", "a run gives no reason it cannot know")
    }

    @Test("the verdict says every category reached its floor only when every one had a floor; a policy's are coverage categories")
    func verdictCountsJudgedCategories() {
        var report = Self.judgedReport
        let total = report.coverage.count
        report.coverage[1].floor = 0
        report.coverage[4].floor = 0
        #expect(report.verdictLines[1] == "Every coverage category with a floor reached it (\(total - 2) of \(total); the others are \"not judged\", and report.md says why).")
        #expect(MarkdownReport.text(report).contains(report.verdictLines[1].replacingOccurrences(of: "report.md says why", with: "the table below says why")),
                "report.md says the same, pointing at its own table")
        report.coverage[1].floor = 1
        #expect(report.verdictLines[1] == "Every coverage category with a floor reached it (\(total - 1) of \(total); the other is \"not judged\", and report.md says why).")
        for index in report.coverage.indices { report.coverage[index].floor = 0 }
        #expect(report.verdictLines[1] == "No coverage category was judged: each has a floor of 0 (\"not judged\"; report.md says why).")
        report.options.policy = "oxalate"
        #expect(report.verdictLines[1] == "No coverage category was judged: each has a floor of 0 (\"not judged\"; report.md says why).")
        report.coverage[0].floor = 1
        report.coverage[0].exercised = false
        #expect(report.verdictLines[1] == "1 coverage category was not exercised: \(report.coverage[0].category).")
    }

    @Test("a mutants run that failed with every mutant killed says the reference run failed, and why; no other run does")
    func failedReferenceNote() throws {
        let killed = try JSONDecoder().decode(RunReport.MutantEntry.self, from: Data(#"{"name": "m", "mistake": "a mistake", "killed": true}"#.utf8))
        var report = Self.judgedReport
        report.kind = .mutants
        report.mutants = [killed, killed]
        #expect(report.passed && report.failedReferenceNote == nil, "a passing run")
        report.passed = false
        report.coverage[3].exercised = false
        #expect(report.failedReferenceNote == """
            Every mutant was killed, but the reference run of the same users failed:
            All invariants held.
            1 coverage category was not exercised: \(report.coverage[3].category).
            """)
        report.mutants![1].killed = false
        #expect(report.failedReferenceNote == nil, "a surviving mutant is the reason, and the matrix shows it")
        report.mutants = nil
        report.kind = .run
        #expect(report.failedReferenceNote == nil, "not a mutants run")
    }

    @Test("report.md names every invariant and coverage category, and marks one below its floor")
    func markdownMarksUnexercised() {
        var report = Self.judgedReport
        #expect(MarkdownReport.text(report).contains("\n## Coverage\n\nEvery coverage category reached its floor.\n"))
        #expect(MarkdownReport.text(report).contains("| invariant | rules (`docs/rules.md`) |"))
        report.coverage[0].reached = 0
        report.coverage[0].exercised = false
        let text = MarkdownReport.text(report)
        #expect(text.contains("**Not exercised:** dst-spring-forward."))
        for invariant in FlagshipInvariant.traceInvariants { #expect(text.contains("`\(invariant.rawValue)`")) }
        // A check's report, as a check builds its coverage: counted, no floor judged.
        report.kind = .check
        report.coverage = RunReport.coverage(report.coverage, as: .check)
        let check = MarkdownReport.text(report)
        #expect(check.contains("\n## Coverage\n\nCoverage is counted, not judged, for a check.\n"))
        #expect(!check.contains("not exercised") && !check.contains("Not exercised") && !check.contains("✓"), "a check judges no floor")
    }

    @Test("report.md keeps its tables whole and shows, never renders, a plan id with a | or HTML in it")
    func markdownEscapesPolicyNames() throws {
        #expect(MarkdownReport.table(["plan", "uses"], [["free|guest", "1"], ["`a|b`", "2"]], right: [false, true])
                == "| plan | uses |\n| --- | ---: |\n| free\\|guest | 1 |\n| `a\\|b` | 2 |")
        #expect(MarkdownReport.plain("<b>x</b>&y") == "&lt;b&gt;x&lt;/b&gt;&amp;y")
        // A run of a policy whose plan id has both: the behaviour tables show it as text.
        let policy = try SubscriptionPolicy(data: Data(#"{"policy": "odd", "calendar": "device", "defaults": {"guest": "a|<b>"}, "meters": ["q"], "features": [{"id": "read", "consumes": "q"}], "plans": [{"id": "a|<b>", "name": "A", "features": "all", "limits": {"q": {"day": 5}}, "responses": {"any": "paywall"}}], "screens": {}}"#.utf8), file: "odd.json")
        let result = Campaign(options: CampaignOptions(seed: 1, users: 3, years: 1, jobs: 1), policy: policy).run()
        let markdown = MarkdownReport.text(RunReport(result: result, failures: []))
        let behaviour = try #require(markdown.range(of: "## Behaviour").map { markdown[$0.lowerBound...] })
        #expect(behaviour.contains("\n| a\\|&lt;b&gt; | "), "the plan's row")
        #expect(!behaviour.contains("<b>"), "no HTML of the policy's reaches the tables")
    }

    @Test("a policy's report.md cites docs/policies.md and says Coverage; a run without swarm says why no floor is judged")
    func markdownForPolicy() {
        var report = Self.judgedReport
        report.options.policy = "oxalate"
        var text = MarkdownReport.text(report)
        #expect(text.contains("| invariant | rules (`docs/policies.md`) |"))
        #expect(text.contains("\n## Coverage\n\nEvery coverage category reached its floor.\n"))
        #expect(!text.contains("--no-swarm"))
        #expect(text.contains("Outcomes of uses; plans after every event (`none`: no plan in force).") && !text.contains("labels and plans"),
                "a policy has no labels")
        report.options.swarm = false
        text = MarkdownReport.text(report)
        #expect(text.contains("the last column but one says which. This run has --no-swarm, so no floor is judged: the floors are measured with swarm testing on.\n"))
        #expect(HTMLReport.page(report).contains("aria-label=\"Coverage against floors\""))
        #expect(HTMLReport.page(report).contains("<th>rules (docs/policies.md)</th>") && !HTMLReport.page(report).contains("docs/rules.md"))
    }

    @Test("diff names what moved, and nothing when nothing did")
    func diffNamesMoves() {
        let old = Self.report
        #expect(ReportDiff.markdown(old: old, new: old).contains("No behaviour changed."))
        var new = old
        new.behaviour.outcomesByPlan["premium"]?["captured"] = (old.behaviour.outcomesByPlan["premium"]?["captured"] ?? 0) + 7
        new.coverage[2].reached += 1
        let text = ReportDiff.markdown(old: old, new: new)
        #expect(text.contains("outcome `captured` under premium"))
        #expect(text.contains("(+7)"))
        #expect(text.contains("`missing-midnight`"))
        #expect(!text.contains("No behaviour changed."))
    }

    @Test("diff shows the users of each persona that moved, and an expected count that moved under the same floor")
    func diffNamesPersonasAndExpected() throws {
        let old = Self.report
        var new = old
        let persona = try #require(old.counts.personas.keys.sorted().first)
        new.counts.personas[persona, default: 0] += 5
        new.coverage[0].expected += 4
        let text = ReportDiff.markdown(old: old, new: new, oldName: "a", newName: "b")
        let count = old.counts.personas[persona] ?? 0
        #expect(text.contains("| users: \(persona) | \(Figures.grouped(count)) → \(Figures.grouped(count + 5)) "), "\(text)")
        #expect(text.contains("| `\(old.coverage[0].category)` | \(Figures.grouped(old.coverage[0].reached)) | expected \(old.coverage[0].expectedText) → \(new.coverage[0].expectedText) |"), "\(text)")
        #expect(text.contains("Totals") && !text.contains("No behaviour changed."))
    }

    @Test("diff shows the rules an invariant cites when they change (a shipped policy changed cites only the general ids), and no rules column otherwise; a column blank in every row is left out")
    func diffShowsRulesCited() {
        let old = Self.report
        var new = old
        new.invariants[0].rules = "G4, G6"
        let name = old.invariants[0].name
        let text = ReportDiff.markdown(old: old, new: new, oldName: "a", newName: "b")
        // A column blank in every row (no checks or violations moved) is left out.
        #expect(text.contains("| invariant | rules cited |\n"), "\(text)")
        #expect(text.contains("| `\(name)` | \(old.invariants[0].rules) → G4, G6 |\n"), "\(text)")
        new.invariants[0].rules = old.invariants[0].rules
        new.invariants[1].checks += 3
        let counts = ReportDiff.markdown(old: old, new: new)
        #expect(counts.contains("| invariant | checks |\n") && !counts.contains("rules cited") && !counts.contains("violations"), "\(counts)")
        new.invariants[1].violations += 1
        #expect(ReportDiff.markdown(old: old, new: new).contains("| invariant | checks | violations |\n"))
    }

    @Test("diff says when a floor is no longer judged, how many categories are judged, and that another policy draws other users")
    func diffNamesJudgingAndPolicyDraws() throws {
        let old = Self.judgedReport
        var new = old
        for index in new.coverage.indices {
            new.coverage[index].floor = 0
            new.coverage[index].expected = 0
        }
        var text = ReportDiff.markdown(old: old, new: new, oldName: "a", newName: "b")
        let first = old.coverage[0]
        #expect(text.contains("| categories judged (with a floor) | \(old.coverage.count) of \(old.coverage.count) → 0 of \(old.coverage.count) |"), "\(text)")
        #expect(text.contains("| `\(first.category)` | \(Figures.grouped(first.reached)) | floor 1 → not judged; expected \(first.expectedText) → — |"), "\(text)")
        #expect(!text.contains("→ 0 |"), "a floor that is not judged is not shown as 0")

        // Only the setup (and the policy) differ: it says so, and that nothing moved.
        var other = old
        other.options.policy = "my-rules"
        other.options.policyLines = ["plans:", "  free"]
        text = ReportDiff.markdown(old: old, new: other, oldName: "a", newName: "b")
        // A report counts no screen's text, so a policy that changed says where such a change shows.
        #expect(text.contains("| policy | meal-capture (v1) | my-rules |")
                && text.hasSuffix("No behaviour changed: every count and the outputs' digest are the same. A report does not count what screens show, "
                                  + "so a change to a screen's texts is seen only in the policy lines above, or in a replay of one user under each policy.\n"), "\(text)")
        #expect(ReportDiff.markdown(old: old, new: old).hasSuffix("No behaviour changed.\n"), "the same policy: nothing more to say")
        // A changed copy of a shipped policy cites the general rules only: that row is no
        // behaviour, so the same digest's meaning is still said, and why the rules moved.
        var shipped = old
        shipped.options.policy = "daily-quip"
        shipped.invariants[0].rules = "G2, G3; Q1"
        var copied = shipped
        copied.options.policy = "/tmp/dq2.json"
        copied.options.policyLines = ["plans:", "  free"]
        copied.invariants[0].rules = "G2, G3"
        let copiedText = ReportDiff.markdown(old: shipped, new: copied, oldName: "a", newName: "b")
        #expect(copiedText.contains("| `\(old.invariants[0].name)` | G2, G3; Q1 → G2, G3 |")
                && copiedText.contains("a team's own policy, or a shipped one changed in any way (a rule, a text, a --storekit file's products), cites the general rules only")
                && copiedText.hasSuffix("The outputs' digest and every total are the same. A report does not count what screens show, "
                                        + "so a change to a screen's texts is seen only in the policy lines above, or in a replay of one user under each policy.\n"),
                "\(copiedText)")
        // The generator's note is made when the users moved (events, personas), not for a text alone.
        #expect(!text.contains("the same seed gives other users under the two policies"), "the same counts: the same users")
        var moved = other
        moved.counts.events += 1
        #expect(ReportDiff.markdown(old: old, new: moved).contains("the same seed gives other users under the two policies"))
        #expect(!ReportDiff.markdown(old: old, new: old).contains("other users"), "no note without a policy change")
        // The v1 path against a policy on the general engine: said to be two engines.
        #expect(text.contains("## Two engines\n\na ran the flagship's own rules (meal-capture's hand-written engine and generator, the v1 path), b a policy on the general engine"), "\(text)")
        #expect(!ReportDiff.markdown(old: other, new: moved).contains("Two engines"), "two policies: one engine")

        // A policy file and a StoreKit file edited between two runs at the same paths: their bytes' hashes differ.
        var before = old, after = old
        before.options.policy = "/p/my.json"
        after.options.policy = "/p/my.json"
        (before.options.policyDigest, after.options.policyDigest) = ("00000000000000aa", "00000000000000bb")
        (before.options.storeKitDigest, after.options.storeKitDigest) = ("00000000000000cc", "00000000000000dd")
        text = ReportDiff.markdown(old: before, new: after, oldName: "a", newName: "b")
        #expect(text.contains("| policy file's bytes (FNV-1a) | 00000000000000aa | 00000000000000bb |") && text.hasSuffix("No behaviour changed.\n"), "\(text)")
        #expect(text.contains("| storekit file's bytes (FNV-1a) | 00000000000000cc | 00000000000000dd |"), "\(text)")
        after.options.policyDigest = nil // a report from before the hashes: nothing to compare
        after.options.storeKitDigest = "00000000000000cc"
        #expect(ReportDiff.markdown(old: before, new: after) == ReportDiff.markdown(old: before, new: before))

        // Two checks of different programs say which programs.
        var buggyCheck = old, fixedCheck = old
        buggyCheck.kind = .check
        fixedCheck.kind = .check
        buggyCheck.options.program = "./app replay"
        fixedCheck.options.program = "./app replay --fixed (batch)"
        #expect(ReportDiff.markdown(old: buggyCheck, new: fixedCheck, oldName: "a", newName: "b").contains("| program | ./app replay | ./app replay --fixed (batch) |"))
        // A check that stopped at its first failing user says so beside its users; a
        // passing check's shard, which has its share of the users, does not.
        var stopped = buggyCheck
        stopped.counts.users = 2
        stopped.passed = false
        let stoppedText = ReportDiff.markdown(old: old, new: stopped, oldName: "a", newName: "b")
        #expect(stoppedText.contains("| users | \(Figures.grouped(old.counts.users)) → 2 (") && stoppedText.contains("); b: the check stopped at its first failing user |"), "\(stoppedText)")
        var shardOfCheck = buggyCheck
        shardOfCheck.passed = true
        shardOfCheck.shard = ShardRecord(shard: try #require(Shard(index: 1, count: 2)), command: "simulate check", simulatedMilliseconds: 0)
        shardOfCheck.counts.users = Shard(index: 1, count: 2)!.size(of: old.options.users)
        let shardText = ReportDiff.markdown(old: old, new: shardOfCheck, oldName: "a", newName: "b")
        #expect(shardText.contains("| users | ") && !shardText.contains("stopped"), "\(shardText)")

        // A plan added under which a reason never occurs: its 0 is no change.
        var added = old
        added.behaviour.outcomesByPlan["plus"] = ["blocked: history": 0]
        #expect(ReportDiff.markdown(old: old, new: added) == ReportDiff.markdown(old: old, new: old))
    }

    @Test("diff says a category is now or no longer exercised only where both reports judge it: not against a check, nor a run too small for its floor")
    func diffExercisedOnlyWhereJudged() throws {
        var old = Self.judgedReport
        old.coverage[0].floor = 10
        old.coverage[0].reached = 3
        old.coverage[0].exercised = false
        var reached = old
        reached.coverage[0].reached = 12
        reached.coverage[0].exercised = true
        #expect(ReportDiff.markdown(old: old, new: reached).contains("now exercised"), "judged in both: the change is said")
        #expect(ReportDiff.markdown(old: reached, new: old).contains("**no longer exercised**"))
        var check = reached
        check.kind = .check
        check.coverage = RunReport.coverage(old.coverage, as: .check)
        #expect(!ReportDiff.markdown(old: old, new: check).contains("exercised"), "a check judges no floor")
        var small = reached
        small.coverage[0].floor = 0
        #expect(!ReportDiff.markdown(old: old, new: small).contains("exercised"), "a run too small to judge the category")
    }

    @Test("diff lists what only one report has (invariant, category, plan, mutant), the setup that differs and the policy's changed lines")
    func diffNamesWhatIsGone() throws {
        let old = Self.judgedReport
        var new = old
        let gone = new.coverage.removeFirst(), dropped = new.invariants.removeLast()
        new.behaviour.outcomesByPlan["premium"] = nil
        new.options.policy = "my-rules"
        new.options.policyLines = ["plans:", "  free"]
        new.options.swarm = false
        new.kind = .mutants
        let killed = try JSONDecoder().decode(RunReport.MutantEntry.self, from: Data(#"{"name": "m", "mistake": "a mistake", "killed": true, "caughtBy": "usage-day"}"#.utf8))
        new.mutants = [killed]
        var text = ReportDiff.markdown(old: old, new: new, oldName: "a", newName: "b")
        #expect(text.contains("| `\(gone.category)` | \(Figures.grouped(gone.reached)) → not in b |"), "\(text)")
        #expect(text.contains("| `\(dropped.name)` | \(Figures.grouped(dropped.checks)) → not in b |"))
        let premium = try #require(old.behaviour.outcomesByPlan["premium"]?.sorted { $0.key < $1.key }.first)
        #expect(text.contains("| all | outcome `\(premium.key)` under premium | \(Figures.grouped(premium.value)) → not in b |"))
        #expect(text.contains("| persona | what is counted | change |"), "\(text)")
        // A persona's plan row counts the events after which that plan was in force.
        let persona = try #require(old.behaviour.byPersona.first { !$0.value.plans.isEmpty })
        let plan = try #require(persona.value.plans.keys.sorted().first)
        var morePlan = old
        morePlan.behaviour.byPersona[persona.key]!.plans[plan]! += 2
        #expect(ReportDiff.markdown(old: old, new: morePlan).contains("| \(persona.key) | events under plan `\(plan)` | "), "\(ReportDiff.markdown(old: old, new: morePlan))")
        for row in ["| report of | simulate run | simulate mutants |", "| policy | meal-capture (v1) | my-rules |", "| swarm | — (v1 path) | off |",
                    "| `m` | not in a | killed by `usage-day` |", "+ plans:", "+   free"] {
            #expect(text.contains(row), "\(row)")
        }
        #expect(!text.contains("now exercised"), "a category only one report has is not 'now exercised'")
        // The policy's lines as a line diff, each change under the line it sits under.
        var before = new, after = new
        before.options.policyLines = ["plans:", "  core", "    limits: day 20", "  advanced", "    limits: day 50", "    responses: day → paywall"]
        after.options.policyLines = ["plans:", "  core", "    limits: day 50", "  advanced", "    limits: day 20", "    responses: day → paywall"]
        let swapped = ReportDiff.markdown(old: before, new: after, oldName: "a", newName: "b")
        for line in ["-     limits: day 20", "+     limits: day 20", "-     limits: day 50", "+     limits: day 50", "    core"] {
            #expect(swapped.contains("\n" + line + "\n"), "\(line)\n\(swapped)")
        }
        after.options.policyLines = ["plans:", "  core", "    limits: day 20", "  advanced", "    limits: day 20", "    responses: day → paywall"]
        let matched = ReportDiff.markdown(old: before, new: after, oldName: "a", newName: "b")
        #expect(matched.contains("\n    advanced\n-     limits: day 50\n+     limits: day 20\n"), "a limit made equal to another plan's shows both sides under its plan\n\(matched)")
        // A screen's text, deep in its expression, is shown under the screen and the branch it is in.
        let screens = ["screens:", "  cards:", "    by the state of cards day:", "      below:", "        \"{remaining} left\"",
                       "      reached:", "        \"none left\"", "  plan:", "    the plan's name"]
        before.options.policyLines = screens
        after.options.policyLines = screens.map { $0 == "        \"none left\"" ? "        \"no cards left\"" : $0 }
        let screen = ReportDiff.markdown(old: before, new: after, oldName: "a", newName: "b")
        #expect(screen.contains("```diff\n  screens:\n    cards:\n      by the state of cards day:\n        reached:\n-         \"none left\"\n+         \"no cards left\"\n```"),
                "\(screen)")
        // A changed line shows the unchanged lines under it (what a changed case shows).
        let cases = ["screens:", "  plan:", "    no entitlement:", "      \"Free\"", "    premium:", "      \"Premium\""]
        before.options.policyLines = cases
        after.options.policyLines = cases.map { $0 == "    no entitlement:" ? "    premium_weekly, no entitlement:" : $0 }
        let shownUnder = ReportDiff.markdown(old: before, new: after, oldName: "a", newName: "b")
        #expect(shownUnder.contains("```diff\n  screens:\n    plan:\n-     no entitlement:\n+     premium_weekly, no entitlement:\n        \"Free\"\n```"), "\(shownUnder)")
        // A later change under the lines so shown does not show them again.
        let deep = ["screens:", "  cards:", "    no entitlement:", "      by the state of cards day:", "        reached:", "          \"none left\"",
                    "    premium:", "      \"unlimited\""]
        before.options.policyLines = deep
        after.options.policyLines = deep.map { $0 == "    no entitlement:" ? "    premium_weekly, no entitlement:" : $0 == "          \"none left\"" ? "          \"no cards left\"" : $0 }
        let once = ReportDiff.markdown(old: before, new: after, oldName: "a", newName: "b")
        #expect(once.contains("```diff\n  screens:\n    cards:\n-     no entitlement:\n+     premium_weekly, no entitlement:\n        by the state of cards day:\n          reached:\n"
                              + "-           \"none left\"\n+           \"no cards left\"\n```"), "\(once)")
        var survived = new
        survived.mutants![0].killed = false
        survived.mutants![0].caughtBy = nil
        text = ReportDiff.markdown(old: new, new: survived, oldName: "a", newName: "b")
        #expect(text.contains("| `m` | killed by `usage-day` | **survived** |"))
        // A kill that took longer, or shrank to another size, is a change too; so is a floor.
        var slower = new, faster = new
        slower.mutants![0].eventsUntilKill = 1_200
        slower.mutants![0].shrunkEvents = 4
        faster.mutants![0].eventsUntilKill = 300
        faster.mutants![0].shrunkEvents = 3
        faster.coverage[0].floor = slower.coverage[0].floor + 5
        text = ReportDiff.markdown(old: slower, new: faster, oldName: "a", newName: "b")
        #expect(text.contains("| `m` | killed by `usage-day` after 1,200 events, shrunk to 4 events | killed by `usage-day` after 300 events, shrunk to 3 events |"), "\(text)")
        let category = faster.coverage[0]
        #expect(text.contains("| `\(category.category)` | \(Figures.grouped(category.reached)) | floor \(Figures.grouped(category.floor - 5)) → \(Figures.grouped(category.floor)) |"), "\(text)")
        #expect(ReportDiff.markdown(old: slower, new: slower) .contains("No behaviour changed."))
        var otherBreak = slower
        otherBreak.mutants![0].counterexampleBreaks = "counts-follow-uses"
        #expect(ReportDiff.markdown(old: slower, new: otherBreak, oldName: "a", newName: "b")
                    .contains("| `m` | killed by `usage-day` after 1,200 events, shrunk to 4 events | killed by `usage-day` (its counterexample breaks `counts-follow-uses`) after 1,200 events, shrunk to 4 events |"),
                "a counterexample that now breaks another invariant is a change")
    }
}

import SimulatorCore
import SubscriptionModel

/// `simulate diff OLD NEW`: what changed between two reports, as markdown
/// tables in the form of `report.md`, listing only what moved.
///
/// Total over its numbers: a change is worked out without overflow (`Int.min` to
/// `Int.max` is shown exactly), and a figure too large for fixed decimals is shown as
/// written, so no report, however odd, makes it trap.
package enum ReportDiff {
    /// The changes, or a line saying there are none. Whatever is in one report only (an
    /// invariant, a coverage category, a plan, a mutant) is listed as such, so a removed
    /// rule shows as plainly as an added one.
    package static func markdown(old: RunReport, new: RunReport, oldName: String = "old", newName: String = "new") -> String {
        var sections: [String] = []
        func moved(_ a: Int, _ b: Int) -> String {
            "\(Figures.grouped(a)) → \(Figures.grouped(b)) (\(change(from: a, to: b)))"
        }
        /// A count in both reports, or in one only.
        func moved(_ a: Int?, _ b: Int?) -> String {
            switch (a, b) {
            case let (a?, b?): moved(a, b)
            case let (a?, nil): "\(Figures.grouped(a)) → not in \(newName)"
            case let (nil, b?): "not in \(oldName) → \(Figures.grouped(b))"
            case (nil, nil): ""
            }
        }
        /// A table; every column but the first right-aligned unless `right` says otherwise.
        // A column left blank in every row (no violation moved, no note to make) is left out.
        func section(_ title: String, _ header: [String], _ rows: [[String]], right: [Bool]? = nil) {
            guard !rows.isEmpty else { return }
            let kept = header.indices.filter { column in column == 0 || rows.contains { !$0[column].isEmpty } }
            let alignment = right ?? header.indices.map { $0 > 0 }
            sections.append("## \(title)\n\n" + MarkdownReport.table(kept.map { header[$0] }, rows.map { row in kept.map { row[$0] } },
                                                                    right: kept.map { alignment[$0] }))
        }
        section("Run setup", ["", oldName, newName], setup(old, new))
        let sameUsers = old.counts.events == new.counts.events && old.counts.personas == new.counts.personas
        if (old.options.policy == nil) != (new.options.policy == nil) {
            // The v1 path has its own engine and generator: no user of one is a user of the other.
            let (v1, generic) = old.options.policy == nil ? (oldName, newName) : (newName, oldName)
            sections.append("## Two engines\n\n\(v1) ran the flagship's own rules (meal-capture's hand-written engine and generator, the v1 path), "
                            + "\(generic) a policy on the general engine, which draws its users with another generator: the same seed gives unrelated "
                            + "users, and an invariant of the same name is each rule set's own. Compare two runs of the same path (two policy files, "
                            + "or `--policy meal-capture` twice) to see what a rule change moves.")
        }
        if let lines = policyChange(old, new) {
            sections.append("## Policy\n\nLines of the policy as `report.md` shows it, only in \(oldName) (`-`) or only in \(newName) (`+`), "
                            + "with the lines each sits under and those under a changed line:\n\n```diff\n"
                            + lines.joined(separator: "\n") + "\n```"
                            + (sameUsers ? "" : "\n\nThe generator draws each user from the policy (its plans, limits, history windows, features and their costs, products, "
                            + "credit packs, trial, grace, defaults, calendar, day start, rolling hours, month anchor and stock warning), so where those "
                            + "differ the same seed gives other users under the two policies: counts can then move for rules that did not change, "
                            + "and a changed rule's counts move by what the new users do, not only by what the rule does to the same users."))
        }
        /// The sections that only say what the two runs were (the rest is behaviour).
        let setupSections = sections.count

        var totals: [[String]] = []
        if old.counts.users != new.counts.users {
            // A failing check stops at its first failing user: its counts are of the users before it.
            let stopped = [(oldName, old), (newName, new)].filter { _, report in
                report.kind == .check && !report.passed && report.counts.users < (report.shard?.shard?.size(of: report.options.users) ?? report.options.users)
            }.map(\.0)
            totals.append(["users", moved(old.counts.users, new.counts.users)
                           + (stopped.isEmpty ? "" : "; \(stopped.joined(separator: " and ")): the check stopped at its first failing user")])
        }
        if old.counts.events != new.counts.events { totals.append(["events", moved(old.counts.events, new.counts.events)]) }
        if old.counts.userYears != new.counts.userYears { totals.append(["user-years", "\(figure(old.counts.userYears)) → \(figure(new.counts.userYears))"]) }
        // The users each persona drew (report.md's "Users by persona"), in the personas' order.
        let personaOrder = Persona.allCases.map(\.rawValue)
        let personas = union(old.counts.personas.keys.sorted(), new.counts.personas.keys.sorted())
            .sorted { (personaOrder.firstIndex(of: $0) ?? .max, $0) < (personaOrder.firstIndex(of: $1) ?? .max, $1) }
        for persona in personas where old.counts.personas[persona] != new.counts.personas[persona] {
            totals.append(["users: \(persona)", moved(old.counts.personas[persona], new.counts.personas[persona])])
        }
        if old.counts.digest != new.counts.digest { totals.append(["digest", "`\(old.counts.digest)` → `\(new.counts.digest)`"]) }
        if old.passed != new.passed { totals.append(["verdict", "\(old.passed ? "passed" : "FAILED") → \(new.passed ? "passed" : "FAILED")"]) }
        section("Totals", ["", "change"], totals)

        // The rules an invariant cites move too: a changed shipped policy cites only the general ids.
        var invariants: [[String]] = []
        for name in union(old.invariants.map(\.name), new.invariants.map(\.name)) {
            let before = old.invariants.first { $0.name == name }, after = new.invariants.first { $0.name == name }
            let rules = before == nil || after == nil || before?.rules == after?.rules ? "" : "\(before!.rules) → \(after!.rules)"
            if before?.checks != after?.checks || before?.violations != after?.violations || !rules.isEmpty {
                invariants.append(["`\(name)`", rules, before?.checks == after?.checks ? "" : moved(before?.checks, after?.checks),
                                   before?.violations == after?.violations ? "" : moved(before?.violations, after?.violations)])
            }
        }
        if invariants.allSatisfy({ $0[1].isEmpty }) {
            section("Invariants", ["invariant", "checks", "violations"], invariants.map { [$0[0], $0[2], $0[3]] })
        } else {
            section("Invariants", ["invariant", "rules cited", "checks", "violations"], invariants, right: [false, false, true, true])
            sections[sections.count - 1] += "\n\nThe rules an invariant cites follow the rules run: a shipped policy, unchanged, cites its own "
                + "decisions (such as daily-quip's Q1) beside the general rules (`docs/policies.md`); a team's own policy, or a shipped one "
                + "changed in any way (a rule, a text, a --storekit file's products), cites the general rules only; the flagship's rules "
                + "without a policy cite `docs/rules.md`."
        }

        var coverage: [[String]] = []
        for category in union(old.coverage.map(\.category), new.coverage.map(\.category)) {
            let before = old.coverage.first { $0.category == category }, after = new.coverage.first { $0.category == category }
            guard before?.reached != after?.reached || before?.exercised != after?.exercised || before?.floor != after?.floor
                || before?.expected != after?.expected else { continue }
            var note = ""
            // Exercised or not is said only of a category judged (a floor above 0) in both
            // reports: a check's categories (`CoverageEntry.countedOnly`) and those a run is
            // too small to judge have none.
            if let before, let after, before.floor > 0, after.floor > 0, before.exercised != after.exercised {
                note = after.exercised ? "now exercised" : "**no longer exercised**"
            }
            if before == nil, let after, after.floor > 0, !after.exercised { note = "**not exercised**" }
            if let before, let after, before.floor != after.floor {
                note += (note.isEmpty ? "" : "; ") + "floor \(Self.floor(before)) → \(Self.floor(after))"
            }
            if let before, let after, before.expected != after.expected {
                note += (note.isEmpty ? "" : "; ") + "expected \(before.expectedText) → \(after.expectedText)"
            }
            let reached = before != nil && before?.reached == after?.reached ? Figures.grouped(before!.reached) : moved(before?.reached, after?.reached)
            coverage.append(["`\(category)`", reached, note])
        }
        let judged = (old.verdictCoverage?.judged ?? 0, new.verdictCoverage?.judged ?? 0) // a check judges none
        if judged.0 != judged.1 {
            coverage.insert(["categories judged (with a floor)", "\(judged.0) of \(old.coverage.count) → \(judged.1) of \(new.coverage.count)", ""], at: 0)
        }
        section("Coverage", ["category", "reached", "note"], coverage)

        var behaviour: [[String]] = []
        for plan in union(old.behaviour.outcomesByPlan.keys.sorted(), new.behaviour.outcomesByPlan.keys.sorted()) {
            let then = old.behaviour.outcomesByPlan[plan] ?? [:], now = new.behaviour.outcomesByPlan[plan] ?? [:]
            // A count of 0 in one report and none in the other (a plan added or removed
            // under which that reason cannot occur) is no change.
            for outcome in union(then.keys.sorted(), now.keys.sorted()) where (then[outcome] ?? 0) != (now[outcome] ?? 0) {
                behaviour.append(["all", "outcome `\(outcome)` under \(MarkdownReport.plain(plan))", moved(then[outcome], now[outcome])])
            }
        }
        for persona in union(old.behaviour.byPersona.keys.sorted(), new.behaviour.byPersona.keys.sorted()) {
            let before = old.behaviour.byPersona[persona], after = new.behaviour.byPersona[persona]
            for (kind, then, now) in [("outcome", before?.outcomes, after?.outcomes), ("label", before?.labels, after?.labels), ("plan", before?.plans, after?.plans)] {
                for name in union((then ?? [:]).keys.sorted(), (now ?? [:]).keys.sorted()) where (then?[name] ?? 0) != (now?[name] ?? 0) {
                    behaviour.append([persona, kind == "plan" ? "events under plan `\(name)`" : "\(kind) `\(name)`", moved(then?[name], now?[name])])
                }
            }
        }
        if old.behaviour.attemptsAroundMidnight != new.behaviour.attemptsAroundMidnight || old.behaviour.attemptsByHour != new.behaviour.attemptsByHour {
            behaviour.append(["all", "attempts by local time", "changed"])
        }
        section("Behaviour", ["persona", "what is counted", "change"], behaviour)

        var mutants: [[String]] = []
        for name in union((old.mutants ?? []).map(\.name), (new.mutants ?? []).map(\.name)) {
            let before = old.mutants?.first { $0.name == name }, after = new.mutants?.first { $0.name == name }
            if before?.killed != after?.killed || before?.caughtBy != after?.caughtBy || before?.eventsUntilKill != after?.eventsUntilKill
                || before?.shrunkEvents != after?.shrunkEvents || before?.counterexampleBreaks != after?.counterexampleBreaks {
                mutants.append(["`\(name)`", verdict(before, in: oldName), verdict(after, in: newName)])
            }
        }
        section("Mutants", ["mutant", oldName, newName], mutants)

        let oldFailures = Set(old.failures.map { "\($0.invariant) (user \($0.user))" })
        let newFailures = Set(new.failures.map { "\($0.invariant) (user \($0.user))" })
        var failures = newFailures.subtracting(oldFailures).sorted().map { ["new", $0] }
        failures += oldFailures.subtracting(newFailures).sorted().map { ["gone", $0] }
        section("Failures", ["", "failure"], failures)

        let title = "# Changes from \(oldName) to \(newName)\n\n"
        // A report counts outputs; what screens show is not in it (nor in the digest).
        let screensUnseen = "A report does not count what screens show, "
            + "so a change to a screen's texts is seen only in the policy lines above, or in a replay of one user under each policy."
        if sections.count == setupSections {
            sections.append(old.options.policyLines != new.options.policyLines
                ? "No behaviour changed: every count and the outputs' digest are the same. " + screensUnseen
                : "No behaviour changed.")
        } else if old.options.policyLines != new.options.policyLines, totals.isEmpty {
            // Only what is not behaviour moved (the rules an invariant cites): say what the same digest means.
            sections.append("The outputs' digest and every total are the same. " + screensUnseen)
        }
        return title + sections.joined(separator: "\n\n") + "\n"
    }

    /// What the two runs were: the command, the policy and its settings (the hash of a
    /// policy or StoreKit file's bytes where both runs recorded one: a file edited
    /// between them, at the same path), the size, a shard, the tool; a row for each that
    /// differs.
    private static func setup(_ old: RunReport, _ new: RunReport) -> [[String]] {
        // A file's bytes: a row when both runs recorded their hash (an older report has none).
        func bytes(_ label: String, _ a: String?, _ b: String?) -> (String, String, String) {
            if let a, let b { (label, a, b) } else { (label, "", "") }
        }
        func swarm(_ report: RunReport) -> String { report.options.policy == nil ? "— (v1 path)" : report.options.swarm == false ? "off" : "on" }
        func shard(_ report: RunReport) -> String { report.shard.map { "shard \($0.index) of \($0.count)" } ?? "the whole run" }
        let rows: [(String, String, String)] = [
            ("report of", "simulate \(old.kind.rawValue)", "simulate \(new.kind.rawValue)"),
            ("program", old.options.program ?? "— (the package's own)", new.options.program ?? "— (the package's own)"),
            ("policy", old.options.policy ?? "meal-capture (v1)", new.options.policy ?? "meal-capture (v1)"),
            ("swarm", swarm(old), swarm(new)),
            bytes("policy file's bytes (FNV-1a)", old.options.policyDigest, new.options.policyDigest),
            ("storekit", old.options.storeKit ?? "—", new.options.storeKit ?? "—"),
            bytes("storekit file's bytes (FNV-1a)", old.options.storeKitDigest, new.options.storeKitDigest),
            ("seed", "\(old.options.seed)", "\(new.options.seed)"),
            ("users", "\(old.options.users)", "\(new.options.users)"),
            ("years", "\(old.options.years)", "\(new.options.years)"),
            ("personas", old.options.personas.joined(separator: ","), new.options.personas.joined(separator: ",")),
            ("share", shard(old), shard(new)),
            ("tool", old.tool, new.tool),
            ("tz data", old.options.tzData, new.options.tzData),
        ]
        // Long values are cut, unless cutting would hide where they differ.
        return rows.filter { $0.1 != $0.2 }.map { row in
            let (a, b) = (MessageText.bare(row.1, limit: 200), MessageText.bare(row.2, limit: 200))
            return a == b ? [row.0, row.1, row.2] : [row.0, a, b]
        }
    }

    /// The policy's lines that changed, as a line diff (a common subsequence that keeps
    /// the outer lines first): `-` for the old report's, `+` for the new's, each run of
    /// changes after the lines it sits under (each unchanged line indented less, out to
    /// the outermost),
    /// so limits swapped between two plans, or a line that repeats under several plans,
    /// show under their plans. Nil when the lines are the same.
    private static func policyChange(_ old: RunReport, _ new: RunReport) -> [String]? {
        let a = old.options.policyLines ?? [], b = new.options.policyLines ?? []
        guard a != b else { return nil }
        func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }
        // common[i][j]: the heaviest common subsequence of a[i...] and b[j...], a line
        // weighing more the less it is indented, so that a plan's line is kept in place
        // and the lines under it are what changed.
        let weight = a.map { 1_000 - min(indent($0), 999) }
        var common = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in a.indices.reversed() {
            for j in b.indices.reversed() {
                common[i][j] = a[i] == b[j] ? common[i + 1][j + 1] + weight[i] : max(common[i + 1][j], common[i][j + 1])
            }
        }
        // Each run of changes is shown under the lines it sits under, outermost first
        // (the plan, or the screen and its branch), leaving out those already shown
        // for the run before.
        var out: [String] = [], kept: [String] = [], shownChain: [String] = [], inChange = false
        // The indent of the last changed line: the unchanged lines right under it (a
        // screen's text under a changed case) are shown with it.
        var changedIndent: Int?
        func change(_ mark: String, _ line: String) {
            changedIndent = indent(line)
            if !inChange {
                var chain: [String] = [], limit = indent(line)
                for earlier in kept.reversed() where indent(earlier) < limit {
                    chain.insert(earlier, at: 0)
                    limit = indent(earlier)
                }
                let shared = zip(chain, shownChain).prefix { $0 == $1 }.count
                out += chain[shared...].map { "  " + $0 }
                shownChain = chain
            }
            inChange = true
            out.append(mark + " " + line)
        }
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                kept.append(a[i])
                if let under = changedIndent, indent(a[i]) > under {
                    // Shown once: a later change under it finds it among the lines shown.
                    out.append("  " + a[i])
                    shownChain = shownChain.filter { indent($0) < indent(a[i]) } + [a[i]]
                } else {
                    changedIndent = nil
                }
                inChange = false
                i += 1
                j += 1
            } else if j == b.count || (i < a.count && common[i + 1][j] >= common[i][j + 1]) {
                change("-", a[i])
                i += 1
            } else {
                change("+", b[j])
                j += 1
            }
        }
        return out
    }

    /// The names of both lists, the old's order first, each once.
    private static func union(_ old: [String], _ new: [String]) -> [String] {
        var seen = Set<String>()
        return (old + new).filter { seen.insert($0).inserted }
    }

    /// A category's floor as the diff shows it: "not judged" for none.
    private static func floor(_ entry: RunReport.CoverageEntry) -> String {
        entry.floor == 0 ? "not judged" : Figures.grouped(entry.floor)
    }

    /// A mutant's line in one report: its verdict, and for a kill how many events it
    /// took and how short its counterexample is.
    private static func verdict(_ entry: RunReport.MutantEntry?, in report: String) -> String {
        guard let entry else { return "not in \(report)" }
        guard entry.killed else { return "**survived**" }
        return "killed" + (entry.caughtBy == nil ? "" : " by " + entry.caughtByText) + (entry.eventsUntilKill.map { " after \(Figures.count($0, "event"))" } ?? "")
            + (entry.shrunkEvents.map { ", shrunk to \(Figures.count($0, "event"))" } ?? "")
    }

    /// `b - a` with its sign (`+3`, `-1,000`, `0`), grouped, exact for any two `Int`s:
    /// worked out on magnitudes, which cannot overflow where `b - a` can.
    package static func change(from a: Int, to b: Int) -> String {
        let (delta, overflow) = b.subtractingReportingOverflow(a)
        if !overflow { return (delta > 0 ? "+" : "") + Figures.grouped(delta) }
        // Overflow needs opposite signs, so |b - a| = |a| + |b|, at most 2^64 - 1.
        let magnitude = a.magnitude + b.magnitude
        return (b > a ? "+" : "-") + grouped(magnitude)
    }

    /// A figure with one decimal, or as Swift prints it when too large for that
    /// (`1e+308`), or not finite.
    package static func figure(_ value: Double) -> String {
        value.isFinite && abs(value) < 1e15 ? Figures.fixed(value, 1) : "\(value)"
    }

    private static func grouped(_ value: UInt) -> String {
        let digits = String(value)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return out
    }
}

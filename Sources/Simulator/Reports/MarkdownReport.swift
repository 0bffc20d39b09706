import SubscriptionModel
import SimulatorCore

/// `report.md`: the run as a reviewer reads it in a pull request.
package enum MarkdownReport {
    /// The whole report.
    package static func text(_ report: RunReport) -> String {
        var out: [String] = []
        out.append("# \(report.kind.title): \(report.passed ? "passed" : "FAILED")")
        out.append("")
        out.append("`\(report.options.command)` · \(report.tool) · tz data \(report.options.tzData)")
        out.append("")
        if let note = shardNote(report) { out += [note, ""] }
        if let note = stoppedCheckNote(report) { out += [note, ""] }
        out.append(table(["users", "events", "simulated user-years", "digest"], [[
            Figures.grouped(report.counts.users), Figures.grouped(report.counts.events),
            Figures.fixed(report.counts.userYears, 1), "`\(report.counts.digest)`",
        ]], right: [true, true, true, false]))
        out.append("")
        out.append("Users by persona: " + report.options.personas.map { "\($0) \(Figures.grouped(report.counts.personas[$0] ?? 0))" }.joined(separator: ", ") + ".")
        out.append("")
        if let policy = report.options.policy {
            out += ["## Policy `\(policy)`", "", "```"] + (report.options.policyLines ?? []) + ["```", ""]
        }
        out.append(contentsOf: invariantSection(report))
        out.append(contentsOf: coverageSection(report))
        out.append(contentsOf: behaviourSection(report))
        out.append(contentsOf: failureSection(report))
        out.append(contentsOf: mutantSection(report))
        return out.joined(separator: "\n") + "\n"
    }

    /// A shard's report says it covers a share, judged at the share's size (nil for a
    /// whole or merged run).
    static func shardNote(_ report: RunReport) -> String? {
        guard let shard = report.shard else { return nil }
        return "Shard \(shard.index) of \(shard.count): \(Figures.grouped(report.counts.users)) of the run's \(Figures.count(report.options.users, "user")) "
            + "(user k when k mod \(shard.count) = \(shard.index - 1)), with floors for this share; 'simulate merge' makes the whole run's report from all \(shard.count)."
    }

    /// A failing check stops each user at its first divergence, so its tables count two
    /// things, and the report says which (nil for any other report).
    package static func stoppedCheckNote(_ report: RunReport) -> String? {
        guard report.kind == .check, !report.passed else { return nil }
        // (The flagship's checker checks every invariant of an output before it names the
        // first broken; a policy's stops at the first.)
        let failing = report.options.policy == nil
            ? "which counts as a check of every invariant the checker applies to it and as a violation of the first it breaks: "
                + "the comparison with the reference (matches-reference) and the digest count the events before it"
            : "which counts as a check and a violation of the first invariant it breaks only: the other checks and the digest "
                + "count the events checked until then"
        return "This check stopped at its first failing user: the figures cover the users up to and including it, the same with "
            + "any --jobs (in a merge of shards, each shard's users up to its own first failure). Each user's outputs are "
            + "checked up to the first that fails, " + failing + " (a program that fails as a whole there, a crash, a time-out "
            + "or output that is not the contract's, counts as a check and a violation of matches-reference only); every other "
            + "figure counts every generated event, past that output with the reference's outputs (which the program's matched until then)."
    }

    static func invariantSection(_ report: RunReport) -> [String] {
        let broken = report.invariants.filter { $0.violations > 0 }
        return ["## Invariants", "",
                broken.isEmpty ? RunVerdict.held("All \(report.invariants.count - report.uncheckedInvariants.count) invariants",
                                                 unchecked: report.uncheckedInvariants, inCheck: report.kind == .check) + "."
                    : "**\(broken.count) broke:** " + broken.map(\.name).joined(separator: ", ") + ".", "",
                table(["invariant", "rules (`\(report.rulesDocument)`)", "checks", "violations"], report.invariants.map {
                    ["`\($0.name)`", $0.rules, Figures.grouped($0.checks), $0.violations == 0 ? "0" : "**\(Figures.grouped($0.violations))** (first: user \($0.firstFailingUser.map(String.init) ?? "?"))"]
                }, right: [false, false, true, true]), ""]
    }

    static func coverageSection(_ report: RunReport) -> [String] {
        let missing = report.coverage.filter { !$0.exercised }
        let verdict = report.verdictCoverage.map { RunVerdict.coverageLine($0, reasonsIn: "the table below") }
            ?? "Coverage is counted, not judged, for a check."
        let shown = CoverageTable(report)
        let noSwarm = report.options.swarm == false
            ? " This run has --no-swarm, so no floor is judged: the floors are measured with swarm testing on." : ""
        return ["## Coverage", "",
                missing.isEmpty ? verdict : "**Not exercised:** " + missing.map(\.category).joined(separator: ", ") + ".", "",
                "Each floor is the lower of a share of the count the default mix of personas is expected to reach at this size "
                    + "and that count less six standard deviations, so a passing run is not failed by chance. A category is not judged "
                    + "where that floor is not above 0 at this size (its count varies too much from user to user), or where no count is "
                    + "known to expect; the last column but one says which." + noSwarm, ""]
            + shown.notes.flatMap { [$0, ""] }
            + [table(["category", "meaning", "reached", "expected", "floor", "how the floor was set", ""], zip(report.coverage, shown.lines).map { entry, line in
                    ["`\(entry.category)`", line.meaning, Figures.grouped(entry.reached), entry.expectedText, entry.floorText,
                     line.rule, entry.floor == 0 ? "not judged" : entry.exercised ? "✓" : "**not exercised**"]
                }, right: [false, false, true, true, true, false, false]), ""]
    }

    static func behaviourSection(_ report: RunReport) -> [String] {
        let outcomes = report.behaviour.outcomeNames
        let labels = report.behaviour.labelNames
        let plans = report.behaviour.planNames
        var out = ["## Behaviour", "", "### Attempt outcomes by plan", ""]
        out.append(table(["plan"] + outcomes, plans.map { plan in
            [plain(plan)] + outcomes.map { Figures.grouped(report.behaviour.outcomesByPlan[plan]?[$0] ?? 0) }
        }, right: [false] + outcomes.map { _ in true }))
        out += ["", "### By persona", "", report.options.policy == nil ? "Outcomes of attempts; labels and plans after every event."
                    : "Outcomes of uses; plans after every event (`none`: no plan in force).", ""]
        out.append(table(["persona"] + outcomes + labels + plans.map(plain), report.options.personas.map { persona in
            let counts = report.behaviour.byPersona[persona]
            return [persona] + outcomes.map { Figures.grouped(counts?.outcomes[$0] ?? 0) } + labels.map { Figures.grouped(counts?.labels[$0] ?? 0) }
                + plans.map { Figures.grouped(counts?.plans[$0] ?? 0) }
        }, right: [false] + Array(repeating: true, count: outcomes.count + labels.count + plans.count)))
        let around = report.behaviour.attemptsAroundMidnight
        if around.count == 120 {
            out += ["", "### Attempts in the minutes around local midnight", ""]
            let minutes = Array(50..<60) + Array(60..<70)
            out.append(table(minutes.map { $0 < 60 ? "23:\($0)" : "00:0\($0 - 60)" }, [minutes.map { Figures.grouped(around[$0]) }],
                             right: minutes.map { _ in true }))
        }
        out.append("")
        return out
    }

    static func failureSection(_ report: RunReport) -> [String] {
        guard !report.failures.isEmpty else { return [] }
        var out = ["## Failures", ""]
        for failure in report.failures {
            out += ["### `\(failure.invariant)` (\(failure.rules)): seed \(failure.seed), user \(failure.user) (\(failure.persona))", "",
                    failure.detail, "",
                    "\(failure.shrinking(capitalized: true)) (`\(failure.timelineFile)`):", "",
                    "```json", failure.timeline.trimmingTrailingNewlines, "```", "",
                    ] + (failure.programCommand.map { ["- the program, given the file as the check gave it: `\($0)`"] } ?? []) + [
                    "- replay\(failure.programCommand == nil ? "" : " (the reference's outputs)"): `\(failure.replayCommand)`",
                    "- regenerate: `\(failure.regenerateCommand)`", "",
                    "<details><summary>Paste-ready test for <code>Tests/Scenarios</code></summary>", "",
                    "```swift", failure.regressionTest, "```", "", "</details>", ""]
        }
        return out
    }

    static func mutantSection(_ report: RunReport) -> [String] {
        guard let mutants = report.mutants, !mutants.isEmpty else { return [] }
        let killed = mutants.filter(\.killed).count
        return ["## Mutants", "", "\(killed) of \(mutants.count) killed.", "",
                table(["mutant", "mistake", "killed", "by", "events", "seconds", "shrunk to"], mutants.map {
                    ["`\($0.name)`", $0.mistake, $0.killed ? "✓" : "**survived**", $0.caughtByText,
                     $0.eventsUntilKill.map(Figures.grouped) ?? "", $0.secondsUntilKill.map { Figures.fixed($0, 3) } ?? "",
                     $0.shrunkEvents.map { Figures.count($0, "event") } ?? ""]
                }, right: [false, false, false, false, true, true, true]), ""]
            + (killed > 0 ? [KillMatrix.counterexampleNote, ""] : [])
            + mutants.flatMap { mutant -> [String] in
                guard let test = mutant.regressionTest else { return [] }
                return ["<details><summary>Paste-ready test that fails for <code>\(mutant.name)</code></summary>", "",
                        "```swift", test, "```", "", "</details>", ""]
            }
    }

    /// A markdown table. A `|` in a cell (a plan id of a team's policy may hold one) is
    /// escaped, which GitHub's tables read as the character, in code spans too.
    package static func table(_ header: [String], _ rows: [[String]], right: [Bool]) -> String {
        let rule = right.map { $0 ? "---:" : "---" }
        return ([header, rule] + rows).map { "| " + $0.map(cell).joined(separator: " | ") + " |" }.joined(separator: "\n")
    }

    /// A table cell's text with its `|`s escaped (looked for byte by byte first: a report
    /// has thousands of cells, and nearly none holds one).
    private static func cell(_ text: String) -> String {
        text.utf8.contains(UInt8(ascii: "|")) ? text.replacingOccurrences(of: "|", with: "\\|") : text
    }

    /// A name from the policy (a plan id) as plain markdown text: `&`, `<` and `>` as
    /// entities, so that it is shown, never read as HTML.
    package static func plain(_ name: String) -> String {
        guard name.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }) else { return name }
        return name.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}

extension String {
    /// The text without trailing newlines.
    var trimmingTrailingNewlines: String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}

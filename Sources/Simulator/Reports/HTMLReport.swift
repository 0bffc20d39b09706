import SubscriptionModel
import SimulatorCore

/// `report.html`: one self-contained page (inline CSS and SVG, no scripts, nothing
/// fetched) with the charts a reviewer wants at a glance.
package enum HTMLReport {
    /// The page.
    package static func page(_ report: RunReport) -> String {
        let e = SVGChart.escape, inline = SVGChart.inline
        let outcomes = report.behaviour.outcomeNames
        var body = "<h1>\(e(report.kind.title)): <span class=\"\(report.passed ? "ok" : "bad")\">\(report.passed ? "passed" : "FAILED")</span></h1>"
        body += "<p><code>\(e(report.options.command))</code> · \(e(report.tool)) · tz data \(e(report.options.tzData))</p>"
        if let note = MarkdownReport.shardNote(report) { body += "<p>\(e(note))</p>" }
        body += "<table class=\"figures\"><tr><th>users</th><th>events</th><th>simulated user-years</th><th>digest</th></tr>"
        body += "<tr><td>\(Figures.grouped(report.counts.users))</td><td>\(Figures.grouped(report.counts.events))</td><td>\(Figures.fixed(report.counts.userYears, 1))</td><td><code>\(report.counts.digest)</code></td></tr></table>"

        if let policy = report.options.policy {
            body += "<h2>Policy <code>\(e(policy))</code></h2><pre>\(e((report.options.policyLines ?? []).joined(separator: "\n")))</pre>"
        }
        body += "<h2>Outcomes by plan</h2>"
        body += SVGChart.stackedBars(title: "Attempt outcomes by plan", rows: report.behaviour.planNames.map { plan in
            (plan, outcomes.map { report.behaviour.outcomesByPlan[plan]?[$0] ?? 0 })
        }, series: outcomes)

        // Time of day is counted by the flagship's runs; a policy run keeps none.
        if !report.behaviour.attemptsAroundMidnight.isEmpty {
            body += "<h2>Attempts by local time around midnight</h2><p>Attempts per local minute, 23:00 to 00:59 (log scale: the edge walker crowds the last minute before and the first minute after midnight, in orange).</p>"
            var ticks: [Int: String] = [:]
            for (index, text) in [(0, "23:00"), (30, "23:30"), (60, "00:00"), (90, "00:30"), (119, "00:59")] { ticks[index] = text }
            func minute(_ index: Int) -> String { String(format: "%02d:%02d", index < 60 ? 23 : 0, index % 60) }
            body += SVGChart.columns(title: "Attempts per local minute around midnight", values: report.behaviour.attemptsAroundMidnight, ticks: ticks,
                                     name: minute, highlight: [59, 60], logarithmic: true)
            var hourTicks: [Int: String] = [:]
            for hour in stride(from: 0, to: 24, by: 3) { hourTicks[hour] = String(format: "%02d:00", hour) }
            body += "<p>Attempts per local hour of day.</p>" + SVGChart.columns(title: "Attempts per local hour", values: report.behaviour.attemptsByHour, ticks: hourTicks,
                                                                                name: { String(format: "%02d:00–%02d:59", $0, $0) }, height: 160)
        }

        // The Markdown report's table, with each persona's users beside it.
        let plans = report.behaviour.planNames
        body += "<h2>By persona</h2><table><tr><th>persona</th><th>users</th>" + outcomes.map { "<th>\(e($0))</th>" }.joined()
            + report.behaviour.labelNames.map { "<th>label: \(e($0))</th>" }.joined() + plans.map { "<th>\(e($0))</th>" }.joined() + "</tr>"
        for persona in report.options.personas {
            let counts = report.behaviour.byPersona[persona]
            body += "<tr><td>\(e(persona))</td><td class=\"n\">\(Figures.grouped(report.counts.personas[persona] ?? 0))</td>"
                + outcomes.map { "<td class=\"n\">\(Figures.grouped(counts?.outcomes[$0] ?? 0))</td>" }.joined()
                + report.behaviour.labelNames.map { "<td class=\"n\">\(Figures.grouped(counts?.labels[$0] ?? 0))</td>" }.joined()
                + plans.map { "<td class=\"n\">\(Figures.grouped(counts?.plans[$0] ?? 0))</td>" }.joined() + "</tr>"
        }
        body += "</table><p>" + (report.options.policy == nil ? "Outcomes count capture attempts; labels and plans are counted after every event."
                                 : "Outcomes count uses of the policy's features; plans are counted after every event (none: no plan in force).") + "</p>"

        body += "<h2>Coverage</h2><p>Times each coverage category was reached (log scale); the black mark is its floor for this run's size. "
            + "Red: not exercised; grey: not judged (the table's last column says why).</p>"
        // A check counts coverage but judges no floor: its floors are 0, and its chart shows none.
        body += SVGChart.floors(title: "Coverage against floors", rows: report.coverage.map { ($0.category, $0.reached, $0.floor) })
        let shown = CoverageTable(report)
        body += shown.notes.map { "<p>\(inline($0))</p>" }.joined()
        body += "<table><tr><th>category</th><th>what it means</th><th>reached</th><th>expected</th><th>floor</th><th>how the floor was set</th></tr>"
        for (entry, line) in zip(report.coverage, shown.lines) {
            let state = entry.exercised ? "" : "bad"
            body += "<tr><td><code>\(e(entry.category))</code></td><td>\(inline(line.meaning))</td><td class=\"n \(state)\">\(Figures.grouped(entry.reached))</td>"
                + "<td class=\"n\">\(entry.expectedText)</td><td class=\"n\">\(entry.floorText)</td><td>\(inline(line.rule))</td></tr>"
        }
        body += "</table>"

        body += "<h2>Invariants and violations</h2>"
        let checks = SVGChart.total(report.invariants.map(\.checks))
        body += SVGChart.stackedBars(title: "Violations by invariant", rows: report.invariants.map { ($0.name, [$0.violations]) }, series: ["users with a violation"],
                                     palette: [SVGChart.bad], labelWidth: 250, emptyNote: "No violations in \(Figures.count(checks, "check"))")
        body += "<table><tr><th>invariant</th><th>rules (\(report.rulesDocument))</th><th>checks</th><th>violations</th></tr>"
        for entry in report.invariants {
            body += "<tr><td><code>\(e(entry.name))</code></td><td>\(inline(entry.rules))</td><td class=\"n\">\(Figures.grouped(entry.checks))</td><td class=\"n \(entry.violations > 0 ? "bad" : "")\">\(Figures.grouped(entry.violations))</td></tr>"
        }
        body += "</table>"

        if !report.failures.isEmpty {
            body += "<h2>Failures</h2>"
            for failure in report.failures {
                body += "<h3><code>\(e(failure.invariant))</code> (\(inline(failure.rules))): seed \(failure.seed), user \(failure.user) (\(e(failure.persona)))</h3>"
                body += "<p>\(inline(failure.detail))</p><p>\(failure.shrinking(capitalized: true)):</p>"
                body += "<pre>\(e(failure.timeline))</pre><p>\(failure.programCommand.map { "The program, given the file as the check gave it: <code>\(e($0))</code><br>Replay (the reference's outputs)" } ?? "Replay"): <code>\(e(failure.replayCommand))</code><br>Regenerate: <code>\(e(failure.regenerateCommand))</code></p>"
                body += "<details><summary>Paste-ready test for Tests/Scenarios</summary><pre>\(e(failure.regressionTest))</pre></details>"
            }
        }
        if let mutants = report.mutants, !mutants.isEmpty {
            body += "<h2>Mutants</h2><table><tr><th>mutant</th><th>mistake</th><th>killed</th><th>by</th><th>events</th><th>shrunk to</th></tr>"
            for mutant in mutants {
                body += "<tr><td><code>\(e(mutant.name))</code></td><td>\(inline(mutant.mistake))</td><td class=\"\(mutant.killed ? "ok" : "bad")\">\(mutant.killed ? "killed" : "survived")</td><td>\(inline(mutant.caughtByText))</td><td class=\"n\">\(mutant.eventsUntilKill.map(Figures.grouped) ?? "")</td><td class=\"n\">\(mutant.shrunkEvents.map { Figures.count($0, "event") } ?? "")</td></tr>"
            }
            body += "</table>"
            if mutants.contains(where: \.killed) { body += "<p>\(inline(KillMatrix.counterexampleNote))</p>" }
            for mutant in mutants {
                guard let test = mutant.regressionTest else { continue }
                body += "<details><summary>Paste-ready test that fails for <code>\(e(mutant.name))</code></summary><pre>\(e(test))</pre></details>"
            }
        }
        return """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(e(report.kind.title)), seed \(report.options.seed)</title>
        <style>
        body { font: 14px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 24px auto; max-width: 980px; color: #1d1d1f; padding: 0 16px; }
        h1 { font-size: 24px; } h2 { font-size: 18px; margin-top: 32px; border-bottom: 1px solid #ddd; padding-bottom: 4px; }
        table { border-collapse: collapse; margin: 8px 0; } th, td { border: 1px solid #ddd; padding: 4px 8px; text-align: left; }
        td.n { text-align: right; font-variant-numeric: tabular-nums; } .ok { color: #2e7d32; } .bad { color: #c62828; font-weight: 600; }
        pre { background: #f6f8fa; padding: 8px; overflow-x: auto; font-size: 12px; } svg { display: block; margin: 8px 0; max-width: 100%; height: auto; }
        svg text { font-family: inherit; fill: #1d1d1f; }
        </style></head><body>
        \(body)
        </body></html>

        """
    }
}

/// `simulate diff OLD.json NEW.json`: what changed between two reports, as markdown
/// tables in the form of `report.md`, listing only what moved.
///
/// Total over its numbers: a change is worked out without overflow (`Int.min` to
/// `Int.max` is shown exactly), and a figure too large for fixed decimals is shown as
/// written, so no report, however odd, makes it trap.
public enum ReportDiff {
    /// The changes, or a line saying there are none.
    public static func markdown(old: RunReport, new: RunReport, oldName: String = "old", newName: String = "new") -> String {
        var sections: [String] = []
        func moved(_ a: Int, _ b: Int) -> String {
            "\(Figures.grouped(a)) → \(Figures.grouped(b)) (\(change(from: a, to: b)))"
        }
        func section(_ title: String, _ header: [String], _ rows: [[String]]) {
            guard !rows.isEmpty else { return }
            sections.append("## \(title)\n\n" + MarkdownReport.table(header, rows, right: header.indices.map { $0 > 0 }))
        }
        var setup: [[String]] = []
        if old.options.seed != new.options.seed { setup.append(["seed", "\(old.options.seed)", "\(new.options.seed)"]) }
        if old.options.users != new.options.users { setup.append(["users", "\(old.options.users)", "\(new.options.users)"]) }
        if old.options.years != new.options.years { setup.append(["years", "\(old.options.years)", "\(new.options.years)"]) }
        if old.options.personas != new.options.personas { setup.append(["personas", old.options.personas.joined(separator: ","), new.options.personas.joined(separator: ",")]) }
        if old.tool != new.tool { setup.append(["tool", old.tool, new.tool]) }
        section("Run setup", ["", oldName, newName], setup)

        var totals: [[String]] = []
        if old.counts.events != new.counts.events { totals.append(["events", moved(old.counts.events, new.counts.events)]) }
        if old.counts.userYears != new.counts.userYears { totals.append(["user-years", "\(figure(old.counts.userYears)) → \(figure(new.counts.userYears))"]) }
        if old.counts.digest != new.counts.digest { totals.append(["digest", "`\(old.counts.digest)` → `\(new.counts.digest)`"]) }
        if old.passed != new.passed { totals.append(["verdict", "\(old.passed ? "passed" : "FAILED") → \(new.passed ? "passed" : "FAILED")"]) }
        section("Totals", ["", "change"], totals)

        var invariants: [[String]] = []
        for entry in new.invariants {
            let before = old.invariants.first { $0.name == entry.name }
            let checks = before?.checks ?? 0, violations = before?.violations ?? 0
            if checks != entry.checks || violations != entry.violations {
                invariants.append(["`\(entry.name)`", checks == entry.checks ? "" : moved(checks, entry.checks), violations == entry.violations ? "" : moved(violations, entry.violations)])
            }
        }
        section("Invariants", ["invariant", "checks", "violations"], invariants)

        var coverage: [[String]] = []
        for entry in new.coverage {
            let before = old.coverage.first { $0.category == entry.category }
            if before?.reached != entry.reached || before?.exercised != entry.exercised {
                coverage.append(["`\(entry.category)`", moved(before?.reached ?? 0, entry.reached),
                                 before?.exercised == entry.exercised ? "" : (entry.exercised ? "now exercised" : "**no longer exercised**")])
            }
        }
        section(new.options.policy == nil ? "Edge coverage" : "Coverage", ["category", "reached", ""], coverage)

        var behaviour: [[String]] = []
        for (plan, counts) in new.behaviour.outcomesByPlan.sorted(by: { $0.key < $1.key }) {
            for (outcome, count) in counts.sorted(by: { $0.key < $1.key }) {
                let before = old.behaviour.outcomesByPlan[plan]?[outcome] ?? 0
                if before != count { behaviour.append(["all", "outcome `\(outcome)` under \(plan)", moved(before, count)]) }
            }
        }
        for (persona, counts) in new.behaviour.byPersona.sorted(by: { $0.key < $1.key }) {
            let before = old.behaviour.byPersona[persona]
            for (kind, now, then) in [("outcome", counts.outcomes, before?.outcomes), ("label", counts.labels, before?.labels), ("plan", counts.plans, before?.plans)] {
                for (name, count) in now.sorted(by: { $0.key < $1.key }) where (then?[name] ?? 0) != count {
                    behaviour.append([persona, "\(kind) `\(name)`", moved(then?[name] ?? 0, count)])
                }
            }
        }
        if old.behaviour.attemptsAroundMidnight != new.behaviour.attemptsAroundMidnight || old.behaviour.attemptsByHour != new.behaviour.attemptsByHour {
            behaviour.append(["all", "attempts by local time", "changed"])
        }
        section("Behaviour", ["persona", "count", "change"], behaviour)

        let oldFailures = Set(old.failures.map { "\($0.invariant) (user \($0.user))" })
        let newFailures = Set(new.failures.map { "\($0.invariant) (user \($0.user))" })
        var failures = newFailures.subtracting(oldFailures).sorted().map { ["new", $0] }
        failures += oldFailures.subtracting(newFailures).sorted().map { ["gone", $0] }
        section("Failures", ["", "failure"], failures)

        let title = "# Changes from \(oldName) to \(newName)\n\n"
        return title + (sections.isEmpty ? "No behaviour changed.\n" : sections.joined(separator: "\n\n") + "\n")
    }

    /// `b - a` with its sign (`+3`, `-1,000`, `0`), grouped, exact for any two `Int`s:
    /// worked out on magnitudes, which cannot overflow where `b - a` can.
    public static func change(from a: Int, to b: Int) -> String {
        let (delta, overflow) = b.subtractingReportingOverflow(a)
        if !overflow { return (delta > 0 ? "+" : "") + Figures.grouped(delta) }
        // Overflow needs opposite signs, so |b - a| = |a| + |b|, at most 2^64 - 1.
        let magnitude = a.magnitude + b.magnitude
        return (b > a ? "+" : "-") + grouped(magnitude)
    }

    /// A figure with one decimal, or as Swift prints it when too large for that
    /// (`1e+308`), or not finite.
    public static func figure(_ value: Double) -> String {
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

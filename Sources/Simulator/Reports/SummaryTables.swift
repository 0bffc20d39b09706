import SimulatorCore

/// The invariant and coverage tables of a summary, laid out once for each rule set:
/// `simulate run`'s under the flagship's rules (`FlagshipRunSummary`) or a policy
/// (`RunSummary`), and `simulate merge`'s, which is the whole run's line for line.
package struct SummaryTables: Sendable {
    /// The widths of the first two columns of the invariant table and of the coverage table.
    let name: Int, rules: Int, category: Int, mark: Int

    /// The flagship's layout (its calendar edges a coverage table of their own).
    package static let flagship = SummaryTables(name: 36, rules: 28, category: 36, mark: 28)
    /// A policy's layout (its coverage categories' names are longer).
    package static let policy = SummaryTables(name: 36, rules: 40, category: 60, mark: 16)

    /// The invariant table: its heading (rules from `rulesDocument`), then a row per
    /// invariant. The rules column widens for a longer text (a check's matches-reference).
    package func invariants(rulesDocument: String, _ rows: [(name: String, rules: String, checks: Int, violations: Int)]) -> [String] {
        let rules = max(self.rules, (rows.map(\.rules.count).max() ?? 0) + 2)
        return ["  " + Figures.left("invariant", name) + Figures.left("rules (\(rulesDocument))", rules) + Figures.right("checks", 16) + Figures.right("violations", 12)]
            + rows.map { row in
                "  " + Figures.left(row.name, name) + Figures.left(row.rules, rules)
                    + Figures.right(Figures.grouped(row.checks), 16) + Figures.right(Figures.grouped(row.violations), 12)
            }
    }

    /// A coverage table after a blank line: `heading`, then a row per category with its
    /// count and floor, marked `NOT EXERCISED` where `missed`.
    package func coverage(_ heading: String, _ rows: [(name: String, reached: Int, floor: Int, missed: Bool)]) -> [String] {
        ["", "  " + Figures.left(heading, category) + Figures.left("", mark) + Figures.right("reached", 16) + Figures.right("floor", 12)]
            + rows.map { row in
                "  " + Figures.left(row.name, category) + Figures.left(row.missed ? "NOT EXERCISED" : "", mark)
                    + Figures.right(Figures.grouped(row.reached), 16) + Figures.right(row.floor == 0 ? "not judged" : Figures.grouped(row.floor), 12)
            }
    }
}

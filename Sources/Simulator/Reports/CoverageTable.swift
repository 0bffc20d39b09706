import SimulatorCore
/// The words of a report's coverage table as report.md and report.html show them, with
/// what would be the same on many lines said once: a check's "counts coverage without
/// judging it" in a note above the table (each line keeps what a run of its size would
/// need), a reason shared by many lines (no measured figures for a policy, a run without
/// swarm) in a lettered note, and a meaning shared with the line above as "as above".
/// report.json keeps every line whole.
struct CoverageTable {
    /// One category's line.
    struct Line {
        /// What the category means, or "as above".
        var meaning: String
        /// How the floor was set, or the letter of the note that says it.
        var rule: String
    }

    /// The lines, in the report's order.
    let lines: [Line]
    /// The sentences said once, before the table.
    let notes: [String]

    /// How many lines must share a reason for it to become a note.
    static let sharedBy = 3

    /// The table of `report`'s coverage.
    init(_ report: RunReport) {
        var notes: [String] = []
        var rules = report.coverage.map(\.floorRule)
        let ofThisSize = report.coverage.compactMap(\.runOfThisSize)
        if report.kind == .check, !rules.isEmpty, ofThisSize.count == rules.count {
            rules = ofThisSize
            notes.append("A check counts coverage without judging it: no category has a floor here, and the last column but one "
                         + "says what a run of this size would need.")
        }
        var uses: [String: Int] = [:]
        for rule in rules { uses[rule, default: 0] += 1 }
        var letters: [String: String] = [:]
        for rule in rules where uses[rule]! >= Self.sharedBy && letters[rule] == nil {
            let letter = "(" + String(UnicodeScalar(UInt8(ascii: "a") + UInt8(letters.count % 26))) + ")"
            letters[rule] = letter
            notes.append("\(letter) on \(uses[rule]!) lines: \(rule).")
        }
        var lines: [Line] = []
        for (index, entry) in report.coverage.enumerated() {
            let same = index > 0 && report.coverage[index - 1].meaning == entry.meaning
            lines.append(Line(meaning: same ? "as above" : entry.meaning, rule: letters[rules[index]] ?? rules[index]))
        }
        self.lines = lines
        self.notes = notes
    }
}

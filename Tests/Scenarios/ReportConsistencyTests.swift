import Foundation
import Simulator
import Testing

/// A report says each figure once: wherever report.md, report.html and summary.txt
/// show the same thing (users, events, users by persona, uses blocked for a reason
/// under a plan, attempts in the last minute of a day, invariant checks, coverage), the
/// figures are equal, and no sentence is repeated line after line. Read from what the
/// command wrote, for a run (v1 and a policy), a mutants run, and checks that pass and
/// that fail part-way through a user (where the checked events and the generated ones
/// differ).
@Suite("report figures agree wherever they appear")
struct ReportConsistencyTests {
    /// A command whose report is read, and the words naming it in messages.
    static let simulate = PackagePaths.simulate?.path ?? "simulate"
    /// A batch program that answers as the reference does, but with a wrong usage day at
    /// every timeline's sixth event: a check of it fails part-way through its first user
    /// with six events, and shrinks fast.
    static let wrongSixthDay = "'\(simulate)' replay --batch | sed -u '/^{\"i\":5,/s/\"day\":\"[0-9-]*\"/\"day\":\"2000-01-01\"/'"

    static let commands: [[String]] = [
        ["run", "--seed", "7", "--users", "150", "--years", "1"],
        ["run", "--policy", "daily-quip", "--seed", "7", "--users", "150", "--years", "1"],
        ["run", "--policy", "daa-tiers", "--seed", "7", "--users", "150", "--years", "1"],
        ["mutants", "--seed", "5", "--users", "30", "--years", "1"],
        ["check", "--batch", "--command", "'\(simulate)' replay --batch", "--policy", "daily-quip", "--seed", "7", "--users", "20", "--years", "1"],
        ["check", "--batch", "--command", wrongSixthDay, "--policy", "daily-quip", "--seed", "7", "--users", "20", "--years", "1"],
        ["check", "--batch", "--command", wrongSixthDay, "--seed", "7", "--users", "20", "--years", "1"],
    ]

    @Test("users, events, personas, outcomes, blocked uses, midnight attempts, invariants and coverage agree across report.md, report.html and summary.txt; no sentence repeats",
          arguments: commands)
    func figuresAgree(command: [String]) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try runSimulate(command + ["--quiet", "--report", folder + "/r"])
        #expect(result.status == 0 || result.status == 1, "\(result.err)")
        let markdown = try String(contentsOfFile: folder + "/r/report.md", encoding: .utf8)
        let html = try String(contentsOfFile: folder + "/r/report.html", encoding: .utf8)
        let summary = try String(contentsOfFile: folder + "/r/summary.txt", encoding: .utf8)
        let report = try RunReport.read(path: folder + "/r/report.json")
        let md = Markdown(markdown)

        // Users and events: the figures table, the personas, the summary, the HTML page.
        let figures = try #require(md.table(header: "users"), "the figures table")
        let users = try #require(Self.number(figures.rows[0][0])), events = try #require(Self.number(figures.rows[0][1]))
        #expect(users == report.counts.users && events == report.counts.events)
        let personas = md.personas
        #expect(personas.values.reduce(0, +) == users, "users by persona add up to the users: \(personas)")
        let page = HTMLTables(html)
        let pageFigures = try #require(page.table(header: "users"))
        #expect(pageFigures.rows[0].prefix(2).map(Self.number) == [users, events], "report.html's figures")
        let pagePersonas = try #require(page.table(header: "persona"))
        for row in pagePersonas.rows { #expect(Self.number(row[1]) == personas[row[0]], "report.html's users of \(row[0])") }
        let text = Summary(summary)
        if let shown = text.field("users") ?? text.field("timelines") { #expect(Self.number(shown.split(separator: " ")[0]) == users, "summary.txt's users: \(shown)") }
        if let shown = text.field("events") { #expect(Self.number(shown) == events, "summary.txt's events: \(shown)") }
        if let shown = text.field("users"), let open = shown.firstIndex(of: "(") {
            for part in shown[shown.index(after: open)...].dropLast().split(separator: ",") {
                let words = part.split(separator: " ")
                #expect(Self.number(words[1]) == personas[String(words[0])], "summary.txt's \(part)")
            }
        }

        // Behaviour: the outcomes by plan and by persona count the same uses; the plans
        // (and the v1 labels) after every event add up to the events.
        let byPlan = try #require(md.table(after: "### Attempt outcomes by plan"))
        let byPersona = try #require(md.table(after: "### By persona"))
        let outcomes = Array(byPlan.header.dropFirst())
        for outcome in outcomes {
            #expect(byPlan.sum(outcome) == byPersona.sum(outcome), "\(outcome): by plan and by persona")
        }
        let plans = byPlan.rows.map { $0[0] }
        #expect(plans.map { byPersona.sum($0) ?? -1 }.reduce(0, +) == events, "plans after every event add up to the events")
        if report.options.policy == nil {
            let labels = ["Below limit", "Limit reached", "No limit", "other"]
            #expect(labels.map { byPersona.sum($0) ?? -1 }.reduce(0, +) == events, "labels after every event add up to the events")
        }
        #expect(plans.allSatisfy(pagePersonas.header.contains), "report.html's by-persona table has the plans: \(pagePersonas.header)")
        for (name, columns) in zip(pagePersonas.header, pagePersonas.columns) where byPersona.header.contains(name) {
            #expect(columns.map(Self.number) == byPersona.column(name)?.map(Self.number), "report.html's \(name) by persona")
        }

        // Coverage against behaviour: uses blocked for a reason under a plan (a policy's
        // categories), attempts in the last and first minute of a day (v1).
        let coverage = try #require(md.table(after: "## Coverage"))
        var reached: [String: Int] = [:]
        for row in coverage.rows { reached[row[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = Self.number(row[2]) }
        var blocked: [String: Int] = [:]
        for (category, count) in reached where category.hasPrefix("blocked(") {
            let parts = category.dropFirst("blocked(".count).dropLast().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            blocked["\(parts[0]) blocked: \(parts[1])", default: 0] += count
        }
        for (key, count) in blocked {
            let parts = key.components(separatedBy: " blocked: ")
            let row = byPlan.rows.first { $0[0] == parts[0] }
            let column = byPlan.header.firstIndex(of: "blocked: " + parts[1])
            #expect(row.flatMap { row in column.flatMap { Self.number(row[$0]) } } == count, "uses blocked for \(parts[1]) under \(parts[0]): coverage \(count)")
        }
        if let midnight = md.table(after: "### Attempts in the minutes around local midnight") {
            #expect(midnight.sum("23:59") == reached["last-minute-before-reset"], "attempts at 23:59")
            #expect(midnight.sum("00:00") == reached["first-minute-after-reset"], "attempts at 00:00")
        }

        // Invariants: the table, its verdict and the summary's table.
        let invariants = try #require(md.table(after: "## Invariants"))
        let checked = invariants.rows.filter { Self.number($0[2]) != 0 }.count
        if let held = md.paragraphs.first(where: { $0.hasPrefix("All ") && $0.contains(" invariants") }) {
            #expect(held.hasPrefix("All \(checked) invariants"), "\(held) with \(checked) checked")
        }
        for row in invariants.rows {
            let name = row[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            guard let line = text.row(name) else { continue }
            #expect(line.suffix(2).map(Self.number) == [Self.number(row[2]), Self.number(row[3].split(separator: " ").first ?? "")], "summary.txt's \(name)")
        }
        for (category, count) in reached {
            guard let line = text.row(category) else { continue }
            // reached, then the floor: a figure or "not judged".
            #expect(Self.number(line[line.count - (line.last == "judged" ? 3 : 2)]) == count, "summary.txt's \(category): \(line)")
        }

        // Sentences: none said more than three times, in the markdown or on the page.
        for (name, sentences) in [("report.md", md.sentences), ("report.html", page.sentences)] {
            var seen: [String: Int] = [:]
            for sentence in sentences { seen[sentence, default: 0] += 1 }
            for (sentence, count) in seen where count > 3 {
                Issue.record("\(name) says \(count) times: \(sentence)")
            }
        }
    }

    /// A figure as the reports print it (`1,234`, `**3**`), or nil.
    static func number<S: StringProtocol>(_ text: S) -> Int? {
        Int(text.replacingOccurrences(of: ",", with: "").replacingOccurrences(of: "*", with: "").trimmingCharacters(in: .whitespaces))
    }

    /// A table: its header and rows of cells.
    struct Table {
        var header: [String]
        var rows: [[String]]

        /// The cells of column `name`.
        func column(_ name: String) -> [String]? {
            header.firstIndex(of: name).map { index in rows.map { index < $0.count ? $0[index] : "" } }
        }

        /// The columns in header order.
        var columns: [[String]] { header.indices.map { index in rows.map { index < $0.count ? $0[index] : "" } } }

        /// The sum of column `name`'s figures.
        func sum(_ name: String) -> Int? {
            column(name).map { $0.compactMap { ReportConsistencyTests.number($0) }.reduce(0, +) }
        }
    }

    /// report.md read as headings, tables and paragraphs (code blocks left out).
    struct Markdown {
        var blocks: [(heading: String, lines: [String])] = []

        init(_ text: String) {
            var heading = "", lines: [String] = [], inCode = false
            for line in text.components(separatedBy: "\n") {
                if line.hasPrefix("```") { inCode.toggle(); continue }
                if inCode { continue }
                if line.hasPrefix("#") {
                    blocks.append((heading, lines))
                    heading = line
                    lines = []
                } else {
                    lines.append(line)
                }
            }
            blocks.append((heading, lines))
        }

        /// The first table after the heading `heading`.
        func table(after heading: String) -> Table? {
            blocks.first { $0.heading == heading }.flatMap { Self.tables(in: $0.lines).first }
        }

        /// The first table whose first column is `header`.
        func table(header: String) -> Table? {
            blocks.flatMap { Self.tables(in: $0.lines) }.first { $0.header.first == header }
        }

        static func tables(in lines: [String]) -> [Table] {
            var tables: [Table] = [], current: [[String]] = []
            for line in lines + [""] {
                if line.hasPrefix("| ") {
                    current.append(cells(line))
                } else if !current.isEmpty {
                    tables.append(Table(header: current[0], rows: Array(current.dropFirst(2))))
                    current = []
                }
            }
            return tables
        }

        /// A table line's cells (an escaped `\|` stays in its cell).
        static func cells(_ line: String) -> [String] {
            let marked = line.replacingOccurrences(of: "\\|", with: "\u{1}")
            return marked.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\u{1}", with: "|") }
        }

        /// The lines that are neither tables nor empty.
        var paragraphs: [String] { blocks.flatMap(\.lines).filter { !$0.isEmpty && !$0.hasPrefix("|") } }

        /// "Users by persona: light 1, heavy 0, …".
        var personas: [String: Int] {
            guard let line = paragraphs.first(where: { $0.hasPrefix("Users by persona: ") }) else { return [:] }
            var counts: [String: Int] = [:]
            for part in line.dropFirst("Users by persona: ".count).dropLast().split(separator: ",") {
                let words = part.split(separator: " ")
                counts[String(words[0])] = ReportConsistencyTests.number(words[1])
            }
            return counts
        }

        /// Every sentence of the paragraphs and table cells.
        var sentences: [String] {
            (paragraphs + blocks.flatMap { Self.tables(in: $0.lines).flatMap { $0.rows.flatMap { $0 } } }).flatMap(ReportConsistencyTests.sentences)
        }
    }

    /// report.html's tables and text.
    struct HTMLTables {
        var tables: [Table] = []
        var text: [String] = []

        init(_ html: String) {
            var body = html
            for tag in ["style", "svg", "pre"] {
                while let start = body.range(of: "<\(tag)"), let end = body.range(of: "</\(tag)>", range: start.upperBound..<body.endIndex) {
                    body.removeSubrange(start.lowerBound..<end.upperBound)
                }
            }
            for table in body.components(separatedBy: "<table").dropFirst() {
                let rows = table.components(separatedBy: "</table>")[0].components(separatedBy: "<tr>").dropFirst().map { row in
                    row.components(separatedBy: "<t").dropFirst().map { cell in HTMLTables.plain(String(cell.drop { $0 != ">" }.dropFirst())) }
                }
                if let header = rows.first { tables.append(Table(header: header, rows: Array(rows.dropFirst()))) }
            }
            text = body.components(separatedBy: "<p>").dropFirst().map { HTMLTables.plain($0.components(separatedBy: "</p>")[0]) }
        }

        /// Text without tags, with the entities a report writes read back.
        static func plain(_ html: String) -> String {
            var out = "", inTag = false
            for character in html {
                if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { out.append(character) }
            }
            return out.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
                .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&").trimmingCharacters(in: .whitespaces)
        }

        /// The first table whose first column is `header`.
        func table(header: String) -> Table? { tables.first { $0.header.first == header } }

        /// Every sentence of the paragraphs and table cells.
        var sentences: [String] { (text + tables.flatMap { $0.rows.flatMap { $0 } }).flatMap(ReportConsistencyTests.sentences) }
    }

    /// summary.txt's lines.
    struct Summary {
        var lines: [String]

        init(_ text: String) { lines = text.components(separatedBy: "\n") }

        /// The value of a field line (`  users       2,000 (…)`).
        func field(_ name: String) -> String? {
            lines.first { $0.hasPrefix("  \(name) ") && $0.dropFirst(2).count > 12 }.map { String($0.dropFirst(14)) }
        }

        /// The words of the table line for `name` (an invariant or a coverage category):
        /// a line that starts with it and ends in a figure or "not judged".
        func row(_ name: String) -> [String]? {
            lines.map { $0.dropFirst(2 + name.count).split(separator: " ").map(String.init) }.indices
                .first { lines[$0].hasPrefix("  \(name) ") && (lines[$0].hasSuffix("not judged") || ReportConsistencyTests.number(lines[$0].split(separator: " ").last ?? "") != nil) }
                .map { lines[$0].dropFirst(2 + name.count).split(separator: " ").map(String.init) }
        }
    }

    /// The sentences of `text` (split at `.`, `;`, `:` and brackets) of five words or more:
    /// what a reader would notice said again and again.
    static func sentences(_ text: String) -> [String] {
        text.components(separatedBy: CharacterSet(charactersIn: ".;:()"))
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.split(separator: " ").count >= 5 }
    }
}

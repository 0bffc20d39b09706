import Foundation
import Simulator
import TestSupport
import Testing

/// `simulate diff` reads only reports of its own format, and never traps on their
/// numbers: what is not such a report is refused with one line (exit 2).
@Suite("Diff on crafted reports")
struct ReportDiffInputTests {
    /// The committed baseline: a real report to craft from.
    static let baseline = PackagePaths.root.appendingPathComponent("reports/baseline.json").path

    /// The baseline with `change` applied to its JSON object, written to a new file.
    static func crafted(in folder: URL, _ name: String, _ change: (inout [String: Any]) -> Void) throws -> String {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: baseline))) as? [String: Any])
        change(&object)
        let path = folder.appendingPathComponent(name).path
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func setCount(_ key: String, _ value: Any) -> (inout [String: Any]) -> Void {
        { object in
            var counts = object["counts"] as! [String: Any]
            counts[key] = value
            object["counts"] = counts
        }
    }

    @Test("what is not a report of this format is refused in one line naming the file and the field")
    func refusals() throws {
        let folder = URL(fileURLWithPath: Scratch.root).appendingPathComponent("diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let negative = try Self.crafted(in: folder, "negative.json", Self.setCount("events", -1))
        let fraction = try Self.crafted(in: folder, "fraction.json", Self.setCount("events", 1.5))
        let text = try Self.crafted(in: folder, "text.json", Self.setCount("events", "many"))
        let missing = try Self.crafted(in: folder, "missing.json") { object in object["counts"] = ["users": 1] }
        let chart = try Self.crafted(in: folder, "chart.json") { object in
            var behaviour = object["behaviour"] as! [String: Any]
            behaviour["attemptsByHour"] = [1, 2, 3]
            object["behaviour"] = behaviour
        }
        let exponent = folder.appendingPathComponent("exponent.json").path
        let baselineText = try String(contentsOfFile: negative, encoding: .utf8)
        try Data(baselineText.replacingOccurrences(of: #""events":-1"#, with: #""events":1e2"#).utf8).write(to: URL(fileURLWithPath: exponent))
        let trailing = folder.appendingPathComponent("trailing.json").path
        try Data("{\n  \"tool\": \"x\",\n}\n".utf8).write(to: URL(fileURLWithPath: trailing))
        let twice = folder.appendingPathComponent("twice.json").path
        let twiceText = baselineText.replacingOccurrences(of: #""events":-1"#, with: #""events":1,"events":2"#)
        try Data(twiceText.utf8).write(to: URL(fileURLWithPath: twice))
        let second = try #require(twiceText.range(of: #","events":2"#))
        let twiceColumn = twiceText.utf8.distance(from: twiceText.startIndex, to: second.lowerBound) + 2 // one line: a byte's column is its offset + 1
        try #require(!twiceText.contains("\n"))
        // A kind no command writes: said with the value, cut, and the kinds there are (not
        // the Swift type a raw-value enum's own decoder would name).
        let kind = try Self.crafted(in: folder, "kind.json") { object in object["kind"] = String(repeating: "K", count: 300) }
        let list = folder.appendingPathComponent("list.json").path
        try Data("[1, 2]".utf8).write(to: URL(fileURLWithPath: list))
        let prefix = "not a report.json of \(RunReport.toolVersion)"
        let shown = { (path: String) in ErrorText.path(Array(path.utf8)) } // a long temporary folder is cut as every error line cuts it
        let expectations: [(String, String)] = [
            (negative, "error: \(shown(negative)): \(prefix): counts.events is -1, and a count is never negative"),
            (fraction, "error: \(shown(fraction)): \(prefix): counts.events: expected a whole number, got 1.5"),
            (exponent, "error: \(shown(exponent)): \(prefix): counts.events: expected a whole number, got 1e2"),
            (text, "error: \(shown(text)): \(prefix): counts.events: expected a whole number, got a string"),
            (missing, "error: \(shown(missing)): \(prefix): counts.events missing"),
            (chart, "error: \(shown(chart)): \(prefix): behaviour.attemptsByHour has 3 hours, not 24"),
            (trailing, "error: \(shown(trailing)): \(prefix): not JSON (trailing comma at line 2, column 14)"),
            (twice, "error: \(shown(twice)): \(prefix): key \"events\" given twice at line 1, column \(twiceColumn)"),
            (list, "error: \(shown(list)): \(prefix): not a JSON object"),
            (kind, "error: \(shown(kind)): \(prefix): kind: unknown value \"\(String(repeating: "K", count: 60))\"…; expected \"run\", \"mutants\" or \"check\""),
            (folder.path, "error: \(shown(folder.path)): a folder with no report.json, not a report"),
            ("/nonexistent/report.json", "error: /nonexistent/report.json: no such file"),
        ]
        for (path, line) in expectations {
            #expect(throws: Error.self) { try RunReport.read(path: path) }
            for arguments in [["diff", Self.baseline, path], ["diff", path, Self.baseline]] {
                let result = try runSimulate(arguments)
                #expect(result.status == 2 && result.out.isEmpty, "\(arguments)")
                #expect(result.err == line + "\n")
            }
        }
    }

    @Test("a report folder is read as its report.json, as merge reads shards; a tool value is cut in the setup table")
    func reportFolders() throws {
        let folder = URL(fileURLWithPath: Scratch.root).appendingPathComponent("diff-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["old", "new"] { try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true) }
        _ = try Self.crafted(in: folder.appendingPathComponent("old"), "report.json") { _ in }
        _ = try Self.crafted(in: folder.appendingPathComponent("new"), "report.json") { object in
            Self.setCount("events", 7)(&object)
            object["tool"] = "simulate " + String(repeating: "9", count: 3_000)
        }
        let result = try runSimulate(["diff", folder.appendingPathComponent("old").path, folder.appendingPathComponent("new").path])
        #expect(result.status == 0 && result.err.isEmpty, "\(result.err)")
        #expect(result.out.contains("| events | ") && result.out.contains(" → 7 ("), "\(result.out)")
        let tool = try #require(result.out.split(separator: "\n").first { $0.hasPrefix("| tool |") })
        #expect(tool.count < 400 && tool.contains("…"), "\(tool)")
    }

    @Test("extreme but well-formed numbers are diffed exactly, without trapping")
    func extremes() throws {
        let folder = URL(fileURLWithPath: Scratch.root).appendingPathComponent("diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let zero = try Self.crafted(in: folder, "zero.json", Self.setCount("events", 0))
        let huge = try Self.crafted(in: folder, "huge.json") { object in
            Self.setCount("events", Int64.max)(&object)
            Self.setCount("userYears", 1e308)(&object)
        }
        let result = try runSimulate(["diff", zero, huge])
        #expect(result.status == 0 && result.err.isEmpty)
        #expect(result.out.contains("| events | 0 → 9,223,372,036,854,775,807 (+9,223,372,036,854,775,807) |"))
        #expect(result.out.contains(" → 1e+308 |"))
        let back = try runSimulate(["diff", huge, zero])
        #expect(back.status == 0 && back.out.contains("| events | 9,223,372,036,854,775,807 → 0 (-9,223,372,036,854,775,807) |"))
    }

    @Test("a change between any two Ints is exact, even where b - a overflows")
    func changes() {
        #expect(ReportDiff.change(from: 3, to: 5) == "+2")
        #expect(ReportDiff.change(from: 5, to: 3) == "-2")
        #expect(ReportDiff.change(from: 7, to: 7) == "0")
        #expect(ReportDiff.change(from: -1, to: Int.max) == "+9,223,372,036,854,775,808")
        #expect(ReportDiff.change(from: Int.min, to: Int.max) == "+18,446,744,073,709,551,615")
        #expect(ReportDiff.change(from: Int.max, to: Int.min) == "-18,446,744,073,709,551,615")
        #expect(ReportDiff.figure(1_275.34) == "1,275.3")
        #expect(ReportDiff.figure(1e308) == "1e+308")
        #expect(ReportDiff.figure(-.infinity) == "-inf")
    }
}

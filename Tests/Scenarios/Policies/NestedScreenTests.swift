import Foundation
import Simulator
import SubscriptionModel
import Testing

/// Screens whose `byPlan`, `byProduct` and `meter` choices nest deeply: a few KB of
/// policy file is read, shown and run in time and memory that grow with the file, not
/// with the number of plans or products to the power of the nesting.
@Suite("Nested screen expressions: linear in the file")
struct NestedScreenTests {
    /// The flagship policy file, which the nested screen is added to.
    static let mealCapture = PackagePaths.root.appendingPathComponent("Sources/SubscriptionModel/Policies/meal-capture.json")

    /// A screen expression `depth` choices deep: level `i` is `kinds[i % kinds.count]`,
    /// with one case of its own and the next level as its `else` (a `meter`: as its
    /// `below`), so every level but the case leaves the rest to the deeper one.
    static func expression(depth: Int, kinds: [String]) -> String {
        var text = #""leaf""#
        for level in (0..<depth).reversed() {
            switch kinds[level % kinds.count] {
            case "byPlan": text = #"{"kind": "byPlan", "cases": {"trial": "T\#(level)"}, "else": \#(text)}"#
            case "byProduct": text = #"{"kind": "byProduct", "cases": {"unlimited": "U\#(level)"}, "else": \#(text)}"#
            default: text = #"{"kind": "meter", "meter": "analyses", "window": "day", "below": \#(text), "reached": "R\#(level)", "unlimited": "N\#(level)"}"#
            }
        }
        return text
    }

    /// meal-capture's file with a screen `deep` nested `depth` choices deep.
    static func policyText(depth: Int, kinds: [String]) throws -> String {
        let text = try String(contentsOf: mealCapture, encoding: .utf8)
        let nested = text.replacingOccurrences(of: #""screens": {"#, with: #""screens": {"deep": \#(expression(depth: depth, kinds: kinds)), "#)
        precondition(nested != text, "meal-capture.json has a screens object")
        return nested.replacingOccurrences(of: #""policy": "meal-capture""#, with: #""policy": "nested""#)
    }

    static let chains: [[String]] = [["byProduct"], ["byPlan"], ["byPlan", "byProduct", "meter"]]

    /// The expressions of a screen, each written branch counted once.
    static func nodes(_ expression: ScreenExpression) -> Int {
        switch expression {
        case .byPlan(let branches), .byProduct(let branches): 1 + branches.expressions.reduce(0) { $0 + nodes($1) }
        case .meter(let meter): 1 + nodes(meter.below) + nodes(meter.reached) + nodes(meter.unlimited) + (meter.warning.map(nodes) ?? 0)
        default: 1
        }
    }

    @Test("read and described in-process: the screen's expressions and policy show's lines grow by the same amount every three levels, to 30 deep", arguments: chains)
    func linearInProcess(kinds: [String]) throws {
        let clock = ContinuousClock(), start = clock.now
        func counts(_ depth: Int) throws -> [Int] {
            let data = Data(try Self.policyText(depth: depth, kinds: kinds).utf8)
            let policy = try SubscriptionPolicy(data: data, file: "nested.json")
            let again = try SubscriptionPolicy(data: data, file: "nested.json")
            #expect(policy == again && policy.hashValue == again.hashValue, "compared and hashed whole")
            let deep = try #require(policy.screens.first { $0.name == "deep" }).value
            return [Self.nodes(deep), PolicyDescription.text(policy).split(separator: "\n").count]
        }
        // Three levels at a time (one round of the mixed chain), level by level, stopping
        // at the first round that grows by more than the one before it.
        var found: [Int: [Int]] = [:]
        var step: [Int]?
        for depth in 1...12 {
            found[depth] = try counts(depth)
            guard depth > 3 else { continue }
            let growth = zip(found[depth]!, found[depth - 3]!).map { $0 - $1 }
            try #require(step == nil || growth == step, "depth \(depth) (\(kinds)): \(found[depth]!) after \(found[depth - 3]!) three levels up, which added \(step ?? [])")
            step = growth
        }
        let perRound = try #require(step)
        #expect(perRound[0] > 0 && perRound[0] <= 12 && perRound[1] > 0 && perRound[1] <= 18, "\(perRound)")
        for depth in [21, 30] {
            #expect(try counts(depth) == zip(found[12]!, perRound).map { $0 + (depth - 12) / 3 * $1 }, "depth \(depth) (\(kinds))")
        }
        #expect(clock.now - start < .seconds(10), "\(clock.now - start)")
    }

    @Test("simulate policy show FILE, 11, 14 and 20 deep: exit 0 in a few seconds, the text growing by the same lines per level", arguments: chains)
    func show(kinds: [String]) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var lines: [Int: Int] = [:]
        for depth in [11, 14, 20] {
            let path = folder + "/nested-\(depth).json"
            try Data(try Self.policyText(depth: depth, kinds: kinds).utf8).write(to: URL(fileURLWithPath: path))
            let clock = ContinuousClock(), start = clock.now
            let result = try runSimulate(["policy", "show", path])
            #expect(clock.now - start < .seconds(10), "depth \(depth): \(clock.now - start)")
            #expect(result.status == 0 && result.err.isEmpty, "\(result.err)")
            lines[depth] = result.out.split(separator: "\n").count
        }
        // Three levels (one round of the mixed chain) add the same lines each time.
        let step = lines[14]! - lines[11]!
        #expect(step > 0 && step <= 18)
        #expect(lines[20]! == lines[14]! + 2 * step, "\(lines)")
    }

    @Test("simulate run --policy FILE --users 20, 12 and 20 deep (and with --storekit): exit 0 in a few seconds, a report of a few tens of KB", arguments: chains)
    func run(kinds: [String]) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for depth in [12, 20] {
            let path = folder + "/nested-\(depth).json"
            try Data(try Self.policyText(depth: depth, kinds: kinds).utf8).write(to: URL(fileURLWithPath: path))
            for extra in [[], ["--storekit", StoreKitFixtures.path("meal-capture-v4.0")]] {
                let report = folder + "/report-\(depth)"
                let clock = ContinuousClock(), start = clock.now
                let result = try runSimulate(["run", "--policy", path, "--users", "20", "--seed", "1", "--quiet", "--report", report] + extra)
                #expect(clock.now - start < .seconds(10), "depth \(depth) \(extra): \(clock.now - start)")
                #expect(result.status == 0, "depth \(depth) \(extra): \(result.err)")
                let markdown = try FileManager.default.attributesOfItem(atPath: report + "/report.md")[.size] as? Int ?? .max
                #expect(markdown < 100_000, "depth \(depth) \(extra): report.md is \(markdown) bytes")
            }
        }
    }

    @Test("a screen nested deeper than 32 is refused: exit 2, nothing on stdout, one line naming the file, the place and the limit")
    func tooDeep() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/deep.json"
        try Data(try Self.policyText(depth: 31, kinds: ["byProduct"]).utf8).write(to: URL(fileURLWithPath: path))
        #expect(try runSimulate(["policy", "show", path]).status == 0, "31 choices put the leaf at depth 32")
        try Data(try Self.policyText(depth: 32, kinds: ["byProduct"]).utf8).write(to: URL(fileURLWithPath: path))
        for arguments in [["policy", "show", path], ["run", "--policy", path, "--users", "20", "--report", folder + "/r"]] {
            let result = try runSimulate(arguments)
            #expect(result.status == 2 && result.out.isEmpty)
            #expect(result.err.hasPrefix("error: ") && result.err.hasSuffix(#": screens nest at most 32 deep: this "byProduct" would put its branches at depth 33"# + "\n"), "\(result.err)")
            #expect(result.err.contains("$.screens.deep.else"), "\(result.err)")
            #expect(result.err.filter { $0 == "\n" }.count == 1)
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/r"), "nothing written")
        let error = #expect(throws: PolicyFileError.self) {
            try SubscriptionPolicy(data: Data(try Self.policyText(depth: 32, kinds: ["byPlan", "meter"]).utf8), file: "deep.json")
        }
        #expect(error?.problem == #"screens nest at most 32 deep: this "meter" would put its branches at depth 33"#)
    }
}

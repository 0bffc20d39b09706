import Foundation
import Simulator
import SubscriptionModel
import Testing

/// Every reader's error line cuts what it echoes: a 1 MB key or value (or number) in a
/// policy file, a timeline, a StoreKit file, a report or another program's output gives
/// a line of a few hundred bytes at most that still names it (its start is shown).
@Suite("Huge keys and values: every error line is cut and still names them")
struct HugeInputErrorTests {
    /// A 1 MB name: `Q` then `z`s (and a newline, which the line must escape).
    static let huge = "Q\n" + String(repeating: "z", count: 1 << 20)
    /// How the start of `huge` appears in a line, escaped.
    static let named = #"Q\nzzzzzzzzzz"#
    /// A 1 MB whole number.
    static let hugeNumber = "1" + String(repeating: "0", count: 1 << 20)
    /// How its start appears.
    static let namedNumber = "1000000000"
    /// The longest error line accepted.
    static let longest = 400

    /// Checks that `line` is one short line naming the input by `named`.
    static func check(_ line: String?, names named: String = named, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let line else {
            Issue.record("\(what): accepted", sourceLocation: sourceLocation)
            return
        }
        #expect(line.utf8.count < longest, "\(what): \(line.utf8.count) bytes: \(line.prefix(300))", sourceLocation: sourceLocation)
        #expect(line.contains(named), "\(what): does not name the input: \(line.prefix(300))", sourceLocation: sourceLocation)
        #expect(!line.dropLast(line.hasSuffix("\n") ? 1 : 0).contains("\n"), "\(what): more than one line", sourceLocation: sourceLocation)
    }

    /// Runs `simulate` with its standard output and error going to files, so that a
    /// line of megabytes (the fault this suite guards against) cannot fill a pipe and
    /// stall the command; the files are removed before returning.
    static func simulate(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let executable = try #require(PackagePaths.simulate, "the simulate executable is built next to the tests")
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = FileManager.default.createFile(atPath: folder + "/out", contents: nil)
        _ = FileManager.default.createFile(atPath: folder + "/err", contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/out"))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/err"))
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return (process.terminationStatus, try String(contentsOfFile: folder + "/out", encoding: .utf8), try String(contentsOfFile: folder + "/err", encoding: .utf8))
    }

    // MARK: Policy files

    static let mealCapture = try! String(contentsOf: PackagePaths.root.appendingPathComponent("Sources/SubscriptionModel/Policies/meal-capture.json"), encoding: .utf8)

    /// meal-capture's file with `original` (which must occur) replaced by `replacement`.
    static func policy(replacing original: String, with replacement: String) -> String {
        precondition(mealCapture.contains(original), "\(original) is in meal-capture.json")
        return mealCapture.replacingOccurrences(of: original, with: replacement)
    }

    /// A JSON string literal of `text`.
    static func literal(_ text: String) -> String { JSONText.quoted(text) }

    static let policyCases: [(String, String, String)] = [
        ("an unknown top-level key", "{\n  \"policy\"", "{\(literal(huge)): 1, \"policy\""),
        ("a key given twice (JSON)", "{\n  \"policy\"", "{\(literal(huge)): 1, \(literal(huge)): 2, \"policy\""),
        ("a key given twice inside a huge key", "{\n  \"policy\"", "{\(literal(huge)): {\"a\": {\(literal(huge)): 1, \(literal(huge)): 2}}, \"policy\""),
        ("a calendar", #""calendar": "device""#, "\"calendar\": \(literal(huge))"),
        ("a string's type", #""policy": "meal-capture""#, "\"policy\": \(hugeNumber)"),
        ("a number too large", #""hours": 72"#, "\"hours\": \(hugeNumber)"),
        ("a meter key in limits", #""limits": {"analyses": {"day": 10}}"#, "\"limits\": {\(literal(huge)): {\"day\": 10}}"),
        ("a window key in limits", #""limits": {"analyses": {"day": 10}}"#, "\"limits\": {\"analyses\": {\(literal(huge)): 10}}"),
        ("a plan id referenced", #""trial": {"plan": "trial""#, "\"trial\": {\"plan\": \(literal(huge))"),
        ("a screen name", #""screens": {"#, "\"screens\": {\(literal(huge)): 5, "),
        ("a screen kind", #""kind": "meter""#, "\"kind\": \(literal(huge))"),
        ("a case of byPlan", #""trial": {"kind": "bar""#, "\(literal(huge)): {\"kind\": \"bar\""),
        ("a meter in a screen", #""kind": "meter", "meter": "analyses""#, "\"kind\": \"meter\", \"meter\": \(literal(huge))"),
        ("a text with an unclosed brace", #""Below limit""#, literal("{" + huge)),
        ("a text with a closing brace", #""Below limit""#, literal("}" + huge)),
        ("a placeholder's name", #""Below limit""#, literal("{" + huge + "}")),
        ("a product's period", #""period": "P1M"}]"#, "\"period\": \(literal(huge))}]"),
        ("an unknown reason", #""responses": {"day": "paywall"}"#, "\"responses\": {\(literal(huge)): \"paywall\"}"),
    ]

    // (Each parameterised test takes the case's name and looks its text up: Swift Testing
    // prints a test's arguments whole, a megabyte a case.)
    @Test("policy files: the reader's line is short and names the key or value", arguments: policyCases.map(\.0))
    func policyFile(what: String) throws {
        let (_, original, replacement) = try #require(Self.policyCases.first { $0.0 == what })
        let text = Self.policy(replacing: original, with: replacement)
        var line: String?
        do { _ = try SubscriptionPolicy(data: Data(text.utf8), file: "app.json") } catch { line = error.description }
        Self.check(line, names: replacement.hasSuffix(Self.hugeNumber) ? Self.namedNumber : Self.named, "policy file, \(what)")
        #expect(line?.hasPrefix("error: app.json: $") == true, "\(what): \(line?.prefix(100) ?? "")")
    }

    @Test("the parameterised cases are named once each (a test looks its case up by name)")
    func caseNamesUnique() {
        for names in [Self.policyCases.map(\.0), Self.timelineCases.map(\.0), Self.storeKitCases.map(\.0), Self.reportCases.map(\.0)] {
            #expect(Set(names).count == names.count, "\(names)")
        }
    }

    @Test("policy files: a list of expected names is cut too, each name and the count of them")
    func policyList() {
        // Twenty features of long names, and a plan enabling one that is not there.
        let features = (0..<20).map { "{\"id\": \"feature-\($0)-" + String(repeating: "f", count: 200) + "\"}" }.joined(separator: ", ")
        let text = Self.policy(replacing: #"{"id": "recipe-link", "consumes": "analyses"}"#, with: #"{"id": "recipe-link", "consumes": "analyses"}, "# + features)
            .replacingOccurrences(of: #""id": "trial", "name": "Trial", "features": "all""#, with: "\"id\": \"trial\", \"name\": \"Trial\", \"features\": [\(Self.literal(Self.huge))]")
        var line: String?
        do { _ = try SubscriptionPolicy(data: Data(text.utf8), file: "app.json") } catch { line = error.description }
        Self.check(line, "policy file, an unknown feature among 23")
        #expect(line?.contains(#"expected "meal", "recipe-photo", "recipe-link", "feature-0-"#) == true && line?.hasSuffix(" more") == true, "\(line ?? "")")
    }

    @Test("policy files: a long JSON path (a huge screen name, then 32 choices deep) is cut in its middle, keeping where it ends")
    func policyLongPath() {
        // (A screen name of one line: one with a newline is refused before its screen is read.)
        let name = "Q" + String(repeating: "z", count: 1 << 20)
        let text = Self.policy(replacing: #""screens": {"#, with: "\"screens\": {\(Self.literal(name)): \(NestedScreenTests.expression(depth: 32, kinds: ["byProduct"])), ")
        var line: String?
        do { _ = try SubscriptionPolicy(data: Data(text.utf8), file: "app.json") } catch { line = error.description }
        Self.check(line, names: "$.screens.Qzzzzzzzzzz", "policy file, a deep path")
        #expect(line?.hasSuffix(#".else.else: screens nest at most 32 deep: this "byProduct" would put its branches at depth 33"#) == true, "\(line ?? "")")
    }

    @Test("simulate policy show FILE: exit 2, one short line, nothing on stdout")
    func policyShow() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/app.json"
        try Data(Self.policy(replacing: "{\n  \"policy\"", with: "{\(Self.literal(Self.huge)): 1, \"policy\"").utf8).write(to: URL(fileURLWithPath: path))
        let result = try Self.simulate(["policy", "show", path])
        #expect(result.status == 2 && result.out.isEmpty)
        Self.check(result.err, "policy show")
    }

    // MARK: Timelines

    static let install = #"{"at": "2026-01-01T00:00:00Z", "do": "install"}"#

    static let timelineCases: [(String, String)] = [
        ("a zone", #"{"zone": \#(literal(huge)), "events": [\#(install)]}"#),
        ("a key given twice inside zone", #"{"zone": {\#(literal(huge)): 1, \#(literal(huge)): 2}, "events": [\#(install)]}"#),
        ("a do", #"{"zone": "UTC", "events": [{"at": "2026-01-01T00:00:00Z", "do": \#(literal(huge))}]}"#),
        ("an at", #"{"zone": "UTC", "events": [{"at": \#(literal(huge)), "do": "install"}]}"#),
        ("an at as a number", #"{"zone": "UTC", "events": [{"at": \#(hugeNumber), "do": "install"}]}"#),
        ("a kind", #"{"zone": "UTC", "events": [\#(install), {"at": "2026-01-01T00:00:00Z", "do": "capture", "kind": \#(literal(huge))}]}"#),
        ("a product", #"{"zone": "UTC", "events": [\#(install), {"at": "2026-01-01T00:00:00Z", "do": "set-entitlement", "product": \#(literal(huge))}]}"#),
        ("a set-zone's zone", #"{"zone": "UTC", "events": [\#(install), {"at": "2026-01-01T00:00:00Z", "do": "set-zone", "zone": \#(literal(huge))}]}"#),
        ("a key given twice inside an event's member", #"{"zone": "UTC", "events": [{"at": {\#(literal(huge)): 1, \#(literal(huge)): 2}, "do": "install"}]}"#),
        ("a policy name", #"{"policy": \#(literal(huge)), "zone": "UTC", "events": [\#(install)]}"#),
        ("a policy of the wrong type", #"{"policy": [\#(hugeNumber)], "zone": "UTC", "events": [\#(install)]}"#),
        ("a feature", #"{"policy": "oxalate", "zone": "UTC", "events": [\#(install), {"at": "2026-01-01T00:00:00Z", "do": "use", "feature": \#(literal(huge))}]}"#),
        ("a generic product", #"{"policy": "oxalate", "zone": "UTC", "events": [\#(install), {"at": "2026-01-01T00:00:00Z", "do": "set-entitlement", "product": \#(literal(huge))}]}"#),
        ("a day", #"{"policy": "oxalate", "zone": "UTC", "events": [\#(install), {"at": "2026-01-01T00:00:00Z", "do": "use", "feature": "track-meal", "day": \#(literal(huge))}]}"#),
        ("an expires", #"{"policy": "oxalate", "zone": "UTC", "events": [\#(install), {"at": "2026-01-01T00:00:00Z", "do": "set-entitlement", "product": "premium_monthly", "expires": \#(literal(huge))}]}"#),
        ("a renews", #"{"policy": "oxalate", "zone": "UTC", "events": [\#(install), {"at": "2026-01-01T00:00:00Z", "do": "set-entitlement", "product": "premium_monthly", "renews": \#(literal(huge))}]}"#),
        ("a generic key given twice", #"{"policy": "oxalate", "zone": "UTC", "events": [\#(install), {"at": "2026-01-01T00:00:00Z", "do": "use", "feature": {\#(literal(huge)): 1, \#(literal(huge)): 2}}]}"#),
    ]

    @Test("timelines (v1 and generic): replay's line is short and names the value", arguments: timelineCases.map(\.0))
    func timeline(what: String) throws {
        let text = try #require(Self.timelineCases.first { $0.0 == what }).1
        var line: String?
        let result = Array(text.utf8).withUnsafeBufferPointer { buffer in
            Result { () throws(TimelineError) -> Void in
                let document = try TimelineDocument(buffer, keys: TimelineReader.keys)
                if document.namesPolicy { _ = try TimelineReader().read(document, folder: "/nonexistent") } else { _ = try FlagshipTimelineReader().read(document) }
            }
        }
        if case .failure(let error) = result { line = error.description }
        Self.check(line, names: text.contains(Self.hugeNumber) ? Self.namedNumber : Self.named, "timeline, \(what)")
    }

    @Test("a timeline naming a policy file whose fault is a huge key: the nested line is short too, from simulate replay")
    func timelinePolicyFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(Self.policy(replacing: #""screens": {"#, with: "\"screens\": {\(Self.literal(Self.huge)): 5, ").utf8)
            .write(to: URL(fileURLWithPath: folder + "/app.json"))
        try Data(#"{"policy": "app.json", "zone": "UTC", "events": [\#(Self.install)]}"#.utf8).write(to: URL(fileURLWithPath: folder + "/t.json"))
        let result = try Self.simulate(["replay", folder + "/t.json"])
        #expect(result.status == 2 && result.out.isEmpty)
        Self.check(result.err, "replay, the policy file's fault")
        // The file is named by the path read (the timeline's folder and its name), found
        // from wherever the command ran; a long one is cut in its middle, its name kept.
        let named = ErrorText.path(Array(URL(fileURLWithPath: folder + "/app.json").standardizedFileURL.path.utf8)) // (a temporary folder: outside the working one)
        // (The key, which holds a newline, steps in brackets, and is refused as a screen's name.)
        #expect(result.err.hasPrefix("error: policy: \(named): $.screens[\"Q\\nzzz"), "\(result.err.prefix(160))")
        #expect(result.err.hasSuffix(" holds U+000A: a screen name is one line of visible characters\n"), "\(result.err.suffix(160))")
    }

    // MARK: StoreKit files

    static let storeKitCases: [(String, String)] = [
        ("a product type", StoreKitFixtures.file(subscriptions: "", products: "{\"productID\": \"a\", \"type\": \(literal(huge))}")),
        ("a period", StoreKitFixtures.file(subscriptions: "{\"productID\": \"p\", \"recurringSubscriptionPeriod\": \(literal(huge)), \"groupNumber\": 1}")),
        ("a payment mode", StoreKitFixtures.file(offer: "{\"paymentMode\": \(literal(huge)), \"subscriptionPeriod\": \"P1W\"}")),
        ("a payment mode that is a list", StoreKitFixtures.file(offer: "{\"paymentMode\": [\(literal(huge))], \"subscriptionPeriod\": \"P1W\"}")),
        ("a level", StoreKitFixtures.file(subscriptions: "{\"productID\": \"p\", \"recurringSubscriptionPeriod\": \"P1M\", \"groupNumber\": \(hugeNumber)}")),
        ("a product listed twice", StoreKitFixtures.file(subscriptions: "{\"productID\": \(literal(huge)), \"recurringSubscriptionPeriod\": \"P1M\", \"groupNumber\": 1}",
                                                          products: "{\"productID\": \(literal(huge)), \"type\": \"Consumable\"}")),
        ("a subscription without a period", StoreKitFixtures.file(subscriptions: "{\"productID\": \(literal(huge)), \"groupNumber\": 1}")),
        ("a key given twice under a huge key", "{\"settings\": {\(literal(huge)): {\(literal(huge)): 1, \(literal(huge)): 2}}, \"version\": {\"major\": 3}}"),
    ]

    @Test("StoreKit files: the reader's line is short and names the value", arguments: storeKitCases.map(\.0))
    func storeKit(what: String) throws {
        let text = try #require(Self.storeKitCases.first { $0.0 == what }).1
        var line: String?
        do { _ = try StoreKitConfiguration(text: text, file: "app.storekit") } catch { line = error.description }
        Self.check(line, names: text.contains(Self.hugeNumber) ? Self.namedNumber : Self.named, "StoreKit, \(what)")
    }

    @Test("run --storekit's refusal of a product no plan gives names it, cut")
    func storeKitMapping() throws {
        let text = StoreKitFixtures.file(subscriptions: "", products: "{\"productID\": \"Q\(String(repeating: "z", count: 1 << 20))\", \"type\": \"NonConsumable\"}")
        let configuration = try StoreKitConfiguration(text: text, file: "app.storekit")
        var line: String?
        do { _ = try StoreKitProductMapping(policy: .dailyQuip, configuration: configuration) } catch { line = error.description }
        Self.check(line, names: "Qzzzzzzzzzz", "--storekit, a plain product id")
    }

    // MARK: JSON

    @Test("the JSON parser and the strict decoder: a key given twice, a dictionary's key and a number, cut")
    func json() throws {
        var line: String?
        do { _ = try JSONValue.parse(Array("{\(Self.literal(Self.huge)): 1, \(Self.literal(Self.huge)): 2}".utf8)) } catch { line = error.description }
        Self.check(line, "JSON, a key given twice")
        for (text, named) in [("{\(Self.literal(Self.huge)): \"x\"}", Self.named), ("{\"a\": \(Self.hugeNumber)}", Self.namedNumber),
                              ("{\"a\": 1.\(Self.hugeNumber)}", "1.10000000")] {
            do {
                _ = try JSONValueDecoder().decode([String: Int8].self, from: try JSONValue.parse(Array(text.utf8)))
                Issue.record("decoded")
            } catch let DecodingError.typeMismatch(_, context) {
                Self.check(JSONValueDecoder.path(context.codingPath) + ": " + context.debugDescription, names: named, "decoder")
            }
        }
    }

    // MARK: Reports (merge, diff)

    static let reportCases: [(String, String, String, String)] = [
        ("a persona's name", #""personas": {"#, "\"personas\": {\(literal(huge)): \"x\", ", named),
        ("an event count", #""events": "#, "\"events\": \(hugeNumber), \"was\": ", namedNumber),
        ("a kind", #""kind": "run""#, "\"kind\": \(literal(huge))", named),
    ]

    @Test("simulate diff: a report with a huge key, number or value is refused in one short line", arguments: reportCases.map(\.0))
    func report(what: String) throws {
        let (_, original, replacement, named) = try #require(Self.reportCases.first { $0.0 == what })
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.simulate(["run", "--users", "5", "--seed", "1", "--quiet", "--report", folder + "/r"])
        #expect(run.status == 0)
        let text = try String(contentsOfFile: folder + "/r/report.json", encoding: .utf8)
        let compact = text.replacingOccurrences(of: "\" : ", with: "\": ")
        #expect(compact.contains(original), "\(original) is in the report")
        try Data(compact.replacingOccurrences(of: original, with: replacement).utf8).write(to: URL(fileURLWithPath: folder + "/bad.json"))
        let diff = try Self.simulate(["diff", folder + "/r/report.json", folder + "/bad.json"])
        #expect(diff.status == 2 && diff.out.isEmpty)
        Self.check(diff.err, names: named, "diff")
    }

    // MARK: Another program's output

    @Test("another program's output (v1 and generic): the malformed-output line is short and names the key or value")
    func programOutput() throws {
        let events = [FlagshipEvent(at: instant("2026-04-03T20:00:00Z"), .install)]
        let v1Lines = [
            "{\(Self.literal(Self.huge)): 1}",
            #"{"i":0,"do":"install","day":\#(Self.literal(Self.huge)),"plan":"trial","outcome":null,"alert":null,"used":0,"limit":10,"label":"Below limit","planView":{"used":0,"limit":10}}"#,
            #"{"i":0,"do":"install","day":"2026-04-03","plan":"trial","outcome":null,"alert":null,"used":\#(Self.hugeNumber),"limit":10,"label":"Below limit","planView":{"used":0,"limit":10}}"#,
            #"{"i":0,"do":"install","day":"2026-04-03","plan":"trial","outcome":null,"alert":null,"used":0,"limit":10,"label":"Below limit","planView":{"used":0,"limit":10}}"# + "\n"
                + Self.huge.replacingOccurrences(of: "\n", with: "-"),
            "{\"a\": {\(Self.literal(Self.huge)): 1, \(Self.literal(Self.huge)): 2}}",
            // A key given twice 300 objects deep, each under a long key.
            String(repeating: "{\"a-long-key-\(String(repeating: "k", count: 100))\": ", count: 300) + "{\(Self.literal(Self.huge)): 1, \(Self.literal(Self.huge)): 2}"
                + String(repeating: "}", count: 300),
        ]
        for line in v1Lines {
            var message: String?
            do { _ = try ReplayOutputParser.parse(Array(line.utf8), events: events) } catch { message = error.description }
            Self.check(message, names: line.contains(Self.hugeNumber) ? Self.namedNumber : line.contains("\nQ-") ? "Q-zzzzzzzzzz" : Self.named, "v1 output")
        }
        let timeline = try TimelineReader().read(data: Data(#"{"policy": "oxalate", "zone": "UTC", "events": [\#(Self.install)]}"#.utf8), folder: "/nonexistent")
        let reference = Replay.jsonLines(timeline)
        for (original, replacement) in [("{\"i\":0", "{\(Self.literal(Self.huge)):1,\"i\":0"), ("\"plan\":\"free\"", "\"plan\":\(Self.literal(Self.huge))"),
                                        ("\"screens\":{", "\"screens\":{\(Self.literal(Self.huge)):1,")] {
            #expect(reference.contains(original))
            var message: String?
            do { _ = try OutputParser(policy: timeline.policy).parse(Array(reference.replacingOccurrences(of: original, with: replacement).utf8), events: timeline.events) } catch {
                message = error.description
            }
            Self.check(message, "generic output")
        }
    }
}

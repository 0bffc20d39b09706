import Foundation
import Simulator
import SubscriptionModel
import TestSupport
import Testing

/// The replay contract's Errors section: every kind of bad input is refused before
/// anything runs, with one line naming the field or event and the fault.
@Suite("Replay contract errors")
struct ReplayContractErrorTests {
    static let install = #"{"at":"2026-01-01T00:00:00Z","do":"install"}"#

    /// (file text, the exact error line)
    static let cases: [(String, String)] = [
        ("not json", "error: file: not JSON (expected a value at line 1, column 1)"),
        ("[1, 2]", "error: file: not a JSON object"),
        (#"{"events":[\#(install)]}"#, "error: zone: missing"),
        (#"{"zone":"Mars/Olympus","events":[\#(install)]}"#, #"error: zone: unknown time zone "Mars/Olympus""#),
        (#"{"zone":"UTC"}"#, "error: events: missing"),
        (#"{"zone":"UTC","events":{}}"#, "error: events: not a list"),
        (#"{"zone":"UTC","events":[]}"#, "error: events: empty"),
        (#"{"zone":"UTC","events":[7]}"#, "error: event 0: not an object"),
        (#"{"zone":"UTC","events":[{"at":"2026-01-01T00:00:00Z"}]}"#, #"error: event 0: missing "do""#),
        (#"{"zone":"UTC","events":[{"at":"2026-01-01T00:00:00Z","do":"jump"}]}"#, #"error: event 0: unknown "do" "jump""#),
        // An action of a policy's timelines in one without "policy": the hint says where a policy is named.
        (#"{"zone":"UTC","events":[{"at":"2026-01-01T00:00:00Z","do":"install"},{"at":"2026-01-01T00:00:00Z","do":"use","feature":"view-card"}]}"#,
         #"error: event 1: unknown "do" "use": a timeline under a policy names it in "policy""#),
        (#"{"zone":"UTC","events":[{"do":"install"}]}"#, #"error: event 0: missing "at""#),
        (#"{"zone":"UTC","events":[{"at":"2026-01-01 00:00:00Z","do":"install"}]}"#,
         #"error: event 0: malformed "at" "2026-01-01 00:00:00Z": expected YYYY-MM-DDTHH:MM:SS[.fff] then Z or ±HH:MM"#),
        (#"{"zone":"UTC","events":[{"at":"2026-01-01T00:00:60Z","do":"install"}]}"#,
         #"error: event 0: malformed "at" "2026-01-01T00:00:60Z": expected YYYY-MM-DDTHH:MM:SS[.fff] then Z or ±HH:MM"#),
        (#"{"zone":"UTC","events":[{"at":"1969-12-31T23:59:59Z","do":"install"}]}"#,
         #"error: event 0: "at" "1969-12-31T23:59:59Z" is in 1969, outside the years 1970–2099"#),
        (#"{"zone":"UTC","events":[{"at":"2026-01-01T00:00:00Z","do":"look"}]}"#, #"error: event 0: the first event must be "install", not "look""#),
        (#"{"zone":"UTC","events":[\#(install),{"at":"2026-01-01T00:00:00Z","do":"install"}]}"#, #"error: event 1: a second "install" (the first is event 0)"#),
        (#"{"zone":"UTC","events":[\#(install),{"at":"2025-12-31T23:59:59.999Z","do":"look"}]}"#,
         #"error: event 1: "at" "2025-12-31T23:59:59.999Z" is earlier than event 0's (2026-01-01T00:00:00Z)"#),
        (#"{"zone":"UTC","events":[\#(install),{"at":"2026-01-01T00:00:00Z","do":"capture"}]}"#, #"error: event 1: missing "kind""#),
        (#"{"zone":"UTC","events":[\#(install),{"at":"2026-01-01T00:00:00Z","do":"capture","kind":"video"}]}"#,
         #"error: event 1: unknown "kind" "video": expected "meal", "recipe-photo" or "recipe-link""#),
        (#"{"zone":"UTC","events":[\#(install),{"at":"2026-01-01T00:00:00Z","do":"set-entitlement"}]}"#, #"error: event 1: missing "product""#),
        (#"{"zone":"UTC","events":[\#(install),{"at":"2026-01-01T00:00:00Z","do":"set-entitlement","product":"gold"}]}"#,
         #"error: event 1: unknown "product" "gold": expected "PremiumStandardSub", "unlimited" or null"#),
        (#"{"zone":"UTC","events":[\#(install),{"at":"2026-01-01T00:00:00Z","do":"set-zone"}]}"#, "error: event 1: missing zone"),
        (#"{"zone":"UTC","events":[\#(install),{"at":"2026-01-01T00:00:00Z","do":"set-zone","zone":"Mars/Olympus"}]}"#,
         #"error: event 1: unknown time zone "Mars/Olympus""#),
        // Text that is not JSON (RFC 8259) anywhere in the file, even where the contract ignores it.
        (#"{"zone":"UTC","events":[\#(install),]}"#, "error: file: not JSON (trailing comma at line 1, column 69)"),
        (#"{"zone":"UTC","events":[\#(install)],}"#, "error: file: not JSON (trailing comma at line 1, column 70)"),
        (#"{"zone":"UTC","events":[{"at":"2026-01-01T00:00:00Z","do":"install",}]}"#, "error: file: not JSON (trailing comma at line 1, column 68)"),
        (#"{"zone":"UTC","x":[1,2,],"events":[\#(install)]}"#, "error: file: not JSON (trailing comma at line 1, column 23)"),
        ("{\"zone\":\"UTC\", // the device's zone\n\"events\":[\(install)]}", "error: file: not JSON (comment at line 1, column 16)"),
        (#"{"zone":"UTC",/* c */"events":[\#(install)]}"#, "error: file: not JSON (comment at line 1, column 15)"),
        (#"{"zone":"UTC","x":007,"events":[\#(install)]}"#, "error: file: not JSON (leading zero in a number at line 1, column 19)"),
        (#"{"zone":"UTC","x":NaN,"events":[\#(install)]}"#, "error: file: not JSON (NaN or Infinity at line 1, column 19)"),
        (#"{"zone":"UTC","x":-Infinity,"events":[\#(install)]}"#, "error: file: not JSON (NaN or Infinity at line 1, column 19)"),
        (#"{"zone":"UTC","x":.5,"events":[\#(install)]}"#, "error: file: not JSON (malformed number at line 1, column 19)"),
        (#"{"zone":"UTC","x":1.,"events":[\#(install)]}"#, "error: file: not JSON (malformed number at line 1, column 19)"),
        (#"{"zone":'UTC',"events":[\#(install)]}"#, "error: file: not JSON (single quotes at line 1, column 9)"),
        (#"{zone:"UTC","events":[\#(install)]}"#, "error: file: not JSON (expected a string key at line 1, column 2)"),
        (#"{"zone":"U\TC","events":[\#(install)]}"#, "error: file: not JSON (invalid escape at line 1, column 11)"),
        (#"{"zone":"\ud800","events":[\#(install)]}"#, #"error: file: not JSON (lone surrogate \uD800 at line 1, column 10)"#),
        ("{\"zone\":\"UTC\tx\",\"events\":[\(install)]}", "error: file: not JSON (control character U+0009 in a string (write it escaped) at line 1, column 13)"),
        (#"{"zone":"UTC","events":[\#(install)]} {}"#, "error: file: not JSON (text after the value at line 1, column 72)"),
        (#"{"zone":"UTC","events":[\#(install)]"#, "error: file: not JSON (unexpected end of text at line 1, column 70)"),
        ("", "error: file: not JSON (unexpected end of text at line 1, column 1)"),
        (#"{"zone":"UTC","x":\#(String(repeating: "[", count: 600) + String(repeating: "]", count: 600)),"events":[\#(install)]}"#, "error: file: not JSON (nested deeper than 512 at line 1, column 530)"),
        // Not JSON is found before the fields' faults, wherever it is.
        (#"{"zone":"Mars/Olympus","events":[{"do":"jump"},]}"#, "error: file: not JSON (trailing comma at line 1, column 47)"),
        (#"{"zone":"UTC","events":[\#(install),{"do":"jump"},{"at":"x","do":"look",}]}"#, "error: file: not JSON (trailing comma at line 1, column 105)"),
        (#"{"zone":"UTC","events":[\#(install),{"at":"2026-01-01T00:00:00Z","do":"look","x":"a]}\"b"]}"#, "error: file: not JSON (expected ',' or '}' at line 1, column 123)"),
        (#"{"zone":"UTC","events":[\#(install)]],"x":1}"#, "error: file: not JSON (expected ',' or '}' at line 1, column 70)"),
        (#"{"zone":"UTC","events":[\#(install),{"at":"2026-01-01T00:00:00Z","do":"look","x":"\q"}]}"#, "error: file: not JSON (invalid escape at line 1, column 116)"),
        // Nesting counts from the root wherever it is: 512 levels are JSON, 513 are not.
        (#"{"zone":"UTC","events":[{"at":"2026-01-01T00:00:00Z","do":"install","x":\#(String(repeating: "[", count: 510) + String(repeating: "]", count: 510))}]}"#, "error: file: not JSON (nested deeper than 512 at line 1, column 582)"),
        // A well-formed instant on a day that does not exist is impossible, not malformed.
        (#"{"zone":"UTC","events":[{"at":"2026-02-29T00:00:00Z","do":"install"}]}"#,
         #"error: event 0: "at" "2026-02-29T00:00:00Z" is an impossible date: February 2026 has 28 days"#),
        (#"{"zone":"UTC","events":[{"at":"2026-04-31T12:00:00+02:00","do":"install"}]}"#,
         #"error: event 0: "at" "2026-04-31T12:00:00+02:00" is an impossible date: April has 30 days"#),
        (#"{"zone":"UTC","events":[{"at":"2026-13-01T00:00:00Z","do":"install"}]}"#,
         #"error: event 0: "at" "2026-13-01T00:00:00Z" is an impossible date: there is no month 13"#),
        (#"{"zone":"UTC","events":[{"at":"2026-00-10T00:00:00Z","do":"install"}]}"#,
         #"error: event 0: "at" "2026-00-10T00:00:00Z" is an impossible date: there is no month 00"#),
        (#"{"zone":"UTC","events":[{"at":"2026-01-00T00:00:00Z","do":"install"}]}"#,
         #"error: event 0: "at" "2026-01-00T00:00:00Z" is an impossible date: there is no day 00"#),
        (#"{"zone":"UTC","events":[{"at":"2100-02-29T00:00:00Z","do":"install"}]}"#,
         #"error: event 0: "at" "2100-02-29T00:00:00Z" is in 2100, outside the years 1970–2099"#),
        // Values are shown escaped, on one line, and cut after 60 characters.
        (#"{"zone":"Mars\nOlympus","events":[\#(install)]}"#, #"error: zone: unknown time zone "Mars\nOlympus""#),
        (#"{"zone":"UTC\u0000x","events":[\#(install)]}"#, #"error: zone: unknown time zone "UTC\u0000x""#),
        (#"{"zone":"\u001b[31mRed","events":[\#(install)]}"#, #"error: zone: unknown time zone "\u001B[31mRed""#),
        (#"{"zone":"\#(String(repeating: "A", count: 70))","events":[\#(install)]}"#,
         #"error: zone: unknown time zone "\#(String(repeating: "A", count: 60))"…"#),
        (#"{"zone":7,"events":[\#(install)]}"#, "error: zone: unknown time zone 7"),
        (#"{"zone":"UTC","events":[{"at":"2026-01-01T00:00:00Z","do":{"b":[1,"x"],"a":null}}]}"#, #"error: event 0: unknown "do" {"b":[1,"x"],"a":null}"#),
        (#"{"zone":"UTC","events":[{"at":"2026-01-01T00:00:00Z","do":[\#(Array(repeating: "1234567890", count: 10).joined(separator: ","))]}]}"#,
         #"error: event 0: unknown "do" [1234567890,1234567890,1234567890,1234567890,1234567890,1234…"#),
        (#"{"zone":"UTC","events":[{"at":"2026-01-01T00:00:00Z","do":"inst\u0061ll\n"}]}"#, #"error: event 0: unknown "do" "install\n""#),
        // A member the contract reads, given twice in one object: readers differ on which counts.
        (#"{"zone":"Mars/Olympus","zone":"UTC","events":[\#(install)]}"#, #"error: file: "zone" given twice"#),
        (#"{"zone":"UTC","events":[\#(install)],"events":[\#(install)]}"#, #"error: file: "events" given twice"#),
        (#"{"zone":"UTC","events":[{"at":"2026-01-01T00:00:00Z","do":"jump","do":"install"}]}"#, #"error: event 0: "do" given twice"#),
        (#"{"zone":"UTC","events":[\#(install),{"at":"2026-01-01T00:00:01Z","do":"look"},{"at":"2026-01-01T00:00:02Z","do":"look"},{"at":"2026-01-01T00:00:03Z","do":"look","at":"2026-01-01T00:00:03Z"}]}"#,
         #"error: event 3: "at" given twice"#),
        (#"{"zone":"UTC","events":[\#(install),{"at":"2026-01-01T00:00:00Z","do":"capture","kind":"meal","note":1,"kind":"meal"}]}"#, #"error: event 1: "kind" given twice"#),
        (#"{"zone":"UTC","events":[\#(install),{"at":"2026-01-01T00:00:00Z","do":"set-entitlement","product":null,"product":"unlimited"}]}"#, #"error: event 1: "product" given twice"#),
        (#"{"zone":"UTC","events":[\#(install),{"at":"2026-01-01T00:00:00Z","do":"set-zone","zone":"UTC","zone":"Asia/Tokyo"}]}"#, #"error: event 1: "zone" given twice"#),
        // Compared after escapes are decoded; given twice even where the "do" does not take it.
        (#"{"zone":"UTC","events":[\#(install),{"at":"2026-01-01T00:00:00Z","do":"look","\u0061t":"2026-01-01T00:00:00Z"}]}"#, #"error: event 1: "at" given twice"#),
        (#"{"zone":"UTC","events":[\#(install),{"at":"2026-01-01T00:00:00Z","do":"look","kind":"meal","kind":"video"}]}"#, #"error: event 1: "kind" given twice"#),
        // Inside a member the contract reads.
        (#"{"zone":{"a":1,"a":2},"events":[\#(install)]}"#, #"error: zone: key "a" given twice"#),
        (#"{"zone":"UTC","events":[{"at":"2026-01-01T00:00:00Z","do":{"a":[{"b":1,"b":2}]}}]}"#, #"error: event 0: key "b" given twice in "do""#),
        // Before the event's other faults, after the file's own; not JSON anywhere comes first.
        (#"{"zone":"UTC","events":[{"at":"bad","do":"jump","at":"worse"}]}"#, #"error: event 0: "at" given twice"#),
        (#"{"zone":"UTC","events":[{"at":"bad","at":"worse","do":{"a":1,"a":1}}]}"#, #"error: event 0: "at" given twice"#),
        (#"{"zone":"Mars/Olympus","events":[{"at":"bad","at":"worse"}]}"#, #"error: zone: unknown time zone "Mars/Olympus""#),
        (#"{"events":[{"do":"jump"}],"zone":"UTC","events":[]}"#, #"error: file: "events" given twice"#),
        (#"{"zone":"UTC","zone":"UTC","events":[\#(install),]}"#, "error: file: not JSON (trailing comma at line 1, column 82)"),
        (#"{"zone":"UTC","events":[{"at":"2026-01-01T00:00:00Z","at":"2026-01-01T00:00:00Z","do":"install"},{"x":1,}]}"#, "error: file: not JSON (trailing comma at line 1, column 104)"),
    ]

    @Test("each fault gives its exact line", arguments: cases.indices)
    func exactErrorLine(index: Int) {
        let (text, line) = Self.cases[index]
        #expect(throws: Error.self) { try FlagshipTimelineReader().read(data: Data(text.utf8)) }
        do {
            _ = try FlagshipTimelineReader().read(data: Data(text.utf8))
        } catch {
            #expect(error.description == line)
        }
    }

    @Test("strings inside the events may hold brackets, quotes and backslashes; 512 levels of nesting are read")
    func eventsWithAwkwardStrings() throws {
        let plain = #"{"zone":"UTC","events":[\#(Self.install),{"at":"2026-01-01T00:00:01Z","do":"look"}]}"#
        let awkward = #"{"zone":"UTC","events":[\#(Self.install),{"at":"2026-01-01T00:00:01Z","do":"look","#
            + #""note":"]}[{\"a long text with \\ and \" and \\\\","n2":"x\\","deep":"#
            + String(repeating: "[", count: 509) + String(repeating: "]", count: 509) + "}]}"
        let expected = try FlagshipTimelineReader().read(data: Data(plain.utf8))
        #expect(try FlagshipTimelineReader().read(data: Data(awkward.utf8)) == expected)
        #expect(try TimelineReader().read(data: Data(awkward.replacingOccurrences(of: #"{"zone""#, with: #"{"policy":"meal-capture","zone""#).utf8)).events.count == 2)
    }

    @Test("several faults: the file's fields before the events, then the events in order")
    func firstFaultWins() throws {
        let text = #"{"zone":"Nowhere","events":[{"do":"jump"}]}"#
        do {
            _ = try FlagshipTimelineReader().read(data: Data(text.utf8))
            Issue.record("accepted a bad file")
        } catch {
            #expect(error.description == #"error: zone: unknown time zone "Nowhere""#)
        }
        let events = #"{"zone":"UTC","events":[{"at":"2026-01-01T00:00:00Z","do":"install"},{"do":"look"},{"at":"bad","do":"look"}]}"#
        do {
            _ = try FlagshipTimelineReader().read(data: Data(events.utf8))
            Issue.record("accepted a bad file")
        } catch {
            #expect(error.description == #"error: event 1: missing "at""#)
        }
    }

    @Test("accepted: a member nothing reads given twice, at the top level or in an event, whatever it holds (in both forms)")
    func unknownMembersGivenTwice() throws {
        let text = #"{"zone":"UTC","about":1,"about":{"a":1,"a":2},"events":[{"at":"2026-01-01T00:00:00Z","do":"install","note":"a","note":{"b":[{"c":1,"c":2}]}}]}"#
        #expect(try FlagshipTimelineReader().read(data: Data(text.utf8)).events.count == 1)
        let generic = text.replacingOccurrences(of: #"{"zone""#, with: #"{"policy":"daily-quip","zone""#)
        #expect(try TimelineReader().read(data: Data(generic.utf8)).events.count == 1)
    }

    @Test("the command: a member given twice is exit 2 with one line, whichever form the file is in")
    func commandRefusesMemberGivenTwice() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // `policy` null then a name: a reader keeping the first replays the v1 form, one keeping the last daily-quip.
        let files = [
            (#"{"policy":null,"policy":"daily-quip","zone":"UTC","events":[\#(Self.install)]}"#, #"error: file: "policy" given twice"#),
            (#"{"zone":"UTC","events":[\#(Self.install),{"at":"2026-01-01T00:00:00Z","do":"set-entitlement","product":"unlimited","product":null}]}"#,
             #"error: event 1: "product" given twice"#),
        ]
        for (index, (text, line)) in files.enumerated() {
            let path = folder + "/t\(index).json"
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let result = try runSimulate(["replay", path])
            #expect(result.status == 2 && result.out.isEmpty, "\(text)")
            #expect(result.err == line + "\n")
            #expect(BatchReplay().answer(Array(text.utf8)) == BatchProtocol.errorMarker(String(line.dropFirst("error: ".count))) + "\n")
        }
    }

    @Test("accepted: fractions of 1 to 3 digits, offsets, equal instants, unknown fields, fields on events that do not take them")
    func acceptedVariants() throws {
        let text = #"{"zone":"Etc/GMT+12","x":1,"events":[{"at":"2026-01-01T00:00:00.5+05:45","do":"install","kind":"meal"},{"at":"2025-12-31T18:15:00.500Z","do":"look","product":"gold"},{"at":"2025-12-31T18:15:00.5Z","do":"set-entitlement","product":null}]}"#
        let timeline = try FlagshipTimelineReader().read(data: Data(text.utf8))
        #expect(timeline.events.count == 3)
        #expect(timeline.events[0].at == timeline.events[1].at)
        #expect(timeline.events[2].action == .setEntitlement(nil))
    }

    @Test("the command: exit 2, nothing on standard output, the one line on standard error")
    func commandRefusesBadFile() throws {
        let path = URL(fileURLWithPath: Scratch.root).appendingPathComponent("bad-\(UUID().uuidString).json").path
        try Data(#"{"zone":"UTC","events":[{"at":"2026-01-01T00:00:00Z","do":"install"},{"at":"2026-01-02T00:00:00Z","do":"set-zone","zone":"Mars/Olympus"}]}"#.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try runSimulate(["replay", path])
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.err == "error: event 1: unknown time zone \"Mars/Olympus\"\n")
        let missing = try runSimulate(["replay", "/nonexistent/timeline.json"])
        #expect(missing.status == 2 && missing.out.isEmpty)
        #expect(missing.err == "error: /nonexistent/timeline.json: no such file\n")
    }

    @Test("the command: --help explains usage; a bad flag is exit 2 naming it")
    func commandHelpAndBadFlags() throws {
        let help = try runSimulate(["replay", "--help"])
        #expect(help.status == 0)
        #expect(help.out.contains("simulate replay FILE"))
        #expect(help.out.contains("simulate replay --seed S --user K [--years Y] [--personas P,...]\n                  [--policy X [--no-swarm] [--storekit F] [--app-life]] [--out FILE]"))
        let overview = try runSimulate(["--help"])
        #expect(overview.status == 0 && overview.out.contains("USAGE"))
        let bad = try runSimulate(["run", "--users", "lots"])
        #expect(bad.status == 2 && bad.out.isEmpty)
        #expect(bad.err == "error: --users \"lots\": expected a whole number from 1 to 100000000\n")
        let unknown = try runSimulate(["replay", "--frobnicate", "x.json"])
        #expect(unknown.status == 2 && unknown.err.contains("--frobnicate"))
    }

    @Test("accepted: a leap day, a byte order mark, escapes, nesting within the limit, numbers in every JSON form in ignored fields")
    func acceptedJSON() throws {
        let deep = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        let text = "\u{FEFF}" + #" {"zone":"Europe\/Dublin","x":[0,-0,1.5e-3,-2E+10,true,false,null,{}],"deep":\#(deep),"s":"\ud83d\ude00\u00e9\t","events":[{"at":"2028-02-29T23:59:59.999Z","do":"inst\u0061ll"}]} "#
        let timeline = try FlagshipTimelineReader().read(data: Data(text.utf8))
        #expect(timeline.zone.identifier == "Europe/Dublin")
        #expect(timeline.events == [FlagshipEvent(at: instant("2028-02-29T23:59:59.999Z"), .install)])
    }

    @Test("bytes that are not UTF-8 are not JSON, even inside a string the contract ignores")
    func invalidUTF8() {
        let head = Array(#"{"zone":"UTC","x":""#.utf8), tail = Array(#"","events":[{"at":"2026-01-01T00:00:00Z","do":"install"}]}"#.utf8)
        for bad: [UInt8] in [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
            #expect(throws: TimelineError(place: "file", problem: "not JSON (invalid UTF-8 at line 1, column 20)"), "\(bad)") { try FlagshipTimelineReader().read(data: Data(head + bad + tail)) }
        }
        #expect(throws: Never.self) { try FlagshipTimelineReader().read(data: Data(head + [0xE2, 0x82, 0xAC] + tail)) }
    }

    @Test("a 10 MB zone name is named in one short line")
    func hugeZoneName() {
        let name = String(repeating: "Z", count: 10_000_000)
        let text = #"{"zone":"\#(name)","events":[{"at":"2026-01-01T00:00:00Z","do":"install"}]}"#
        #expect(throws: TimelineError(place: "zone", problem: "unknown time zone \"\(String(repeating: "Z", count: 60))\"…")) {
            try FlagshipTimelineReader().read(data: Data(text.utf8))
        }
    }

    /// A fresh folder under the temporary directory, removed by the caller.
    static func folder() throws -> URL {
        let url = URL(fileURLWithPath: Scratch.root).appendingPathComponent("replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let goodTimeline = #"{"zone":"UTC","events":[{"at":"2026-01-01T00:00:00Z","do":"install"},{"at":"2026-01-01T00:01:00Z","do":"capture","kind":"meal"}]}"#

    @Test("the command names what really went wrong with the file, escaped, on one line")
    func fileErrors() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let loop = folder.appendingPathComponent("loop.json").path, other = folder.appendingPathComponent("other.json").path
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: other)
        try FileManager.default.createSymbolicLink(atPath: other, withDestinationPath: loop)
        let dangling = folder.appendingPathComponent("dangling.json").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: folder.appendingPathComponent("gone.json").path)
        let plain = folder.appendingPathComponent("plain.json").path
        try Data(Self.goodTimeline.utf8).write(to: URL(fileURLWithPath: plain))
        let newline = folder.path + "/two\nlines.json"
        let expectations: [(String, String)] = [
            (folder.path, "error: \(InputPath(folder.path).shown): is a directory, not a timeline file\n"),
            (loop, "error: \(InputPath(loop).shown): a symbolic link loop (too many levels of symbolic links)\n"),
            (dangling, "error: \(InputPath(dangling).shown): no such file (a symbolic link to a missing file)\n"),
            (plain + "/inside.json", "error: \(InputPath(plain + "/inside.json").shown): no such file (a part of the path is not a directory)\n"),
            (newline, "error: \(InputPath(newline).shown): no such file\n"),
        ]
        #expect(InputPath(newline).shown.hasSuffix("/two\\nlines.json"), "a newline in a file name is shown escaped")
        for (path, line) in expectations {
            let result = try runSimulate(["replay", path])
            #expect(result.status == 2 && result.out.isEmpty, "\(path)")
            #expect(result.err == line)
        }
    }

    @Test("a long file name is cut in the middle, keeping its end")
    func longFileName() {
        let name = "/" + String(repeating: "d", count: 100) + "/timeline.json"
        let shown = InputPath(name).shown
        #expect(shown == "/" + String(repeating: "d", count: 25) + "…" + String(repeating: "d", count: 39) + "/timeline.json")
    }

    @Test("a file name that is not UTF-8 names its own file, and is shown with \\x escapes")
    func nonUTF8FileName() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let raw = Array(folder.path.utf8) + Array("/bad".utf8) + [0xFF] + Array("name.json".utf8)
        let descriptor = (raw + [0]).withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT, 0o644) }
        try #require(descriptor >= 0)
        let text = Array(Self.goodTimeline.utf8)
        #expect(write(descriptor, text, text.count) == text.count)
        close(descriptor)
        let timeline = try FlagshipTimelineReader().read(path: InputPath(bytes: raw))
        #expect(timeline.events.count == 2)
        let missing = Array(folder.path.utf8) + Array("/gone".utf8) + [0xFE] + Array(".json".utf8)
        #expect(InputPath(bytes: missing).shown.hasSuffix("/gone\\xFE.json"), "a byte that is not UTF-8 is shown as \\x")
        #expect(throws: TimelineError(place: InputPath(bytes: missing).shown, problem: "no such file")) { try FlagshipTimelineReader().read(path: InputPath(bytes: missing)) }
        // Through the command: the shell passes the raw bytes as the argument.
        let executable = try #require(PackagePaths.simulate)
        let result = try run("/bin/sh", ["-c", #"exec "$0" replay "$1/bad$(printf '\377')name.json""#, executable.path, folder.path])
        #expect(result.status == 0 && result.err.isEmpty)
        #expect(result.out.split(separator: "\n").count == 2)
    }

    @Test("permission denied is called that", .enabled(if: geteuid() != 0, "root reads any file"))
    func permissionDenied() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("locked.json").path
        try Data(Self.goodTimeline.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: path)
        let result = try runSimulate(["replay", path])
        #expect(result.status == 2 && result.out.isEmpty)
        #expect(result.err == "error: \(path): permission denied\n")
    }

    @Test("each errno of a failed open is said in words (even where this user cannot provoke it)")
    func openProblems() {
        let path = InputPath("/nowhere/x.json")
        #expect(InputFile.openProblem(EACCES, path: path, kind: "timeline file") == "permission denied")
        #expect(InputFile.openProblem(ELOOP, path: path, kind: "timeline file") == "a symbolic link loop (too many levels of symbolic links)")
        #expect(InputFile.openProblem(ENOENT, path: path, kind: "timeline file") == "no such file")
        #expect(InputFile.openProblem(EISDIR, path: path, kind: "report") == "is a directory, not a report")
        #expect(InputFile.openProblem(ENAMETOOLONG, path: path, kind: "report") == "file name too long")
    }

    @Test("standard input: '-', /dev/stdin and a process substitution replay like the file itself")
    func standardInput() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("t.json").path
        try Data(Self.goodTimeline.utf8).write(to: URL(fileURLWithPath: path))
        let expected = try runSimulate(["replay", path])
        #expect(expected.status == 0 && expected.out.split(separator: "\n").count == 2)
        let executable = try #require(PackagePaths.simulate).path
        for arguments in [["replay", "-"], ["replay", "/dev/stdin"]] {
            let piped = try run(executable, arguments, input: Data(Self.goodTimeline.utf8))
            #expect(piped.status == 0 && piped.err.isEmpty, "\(arguments)")
            #expect(piped.out == expected.out, "\(arguments)")
        }
        let substituted = try run("/bin/bash", ["-c", #"exec "$0" replay <(cat "$1")"#, executable, path])
        #expect(substituted.status == 0 && substituted.out == expected.out)
        let bad = try run(executable, ["replay", "-"], input: Data(#"{"zone":"UTC","events":[1,]}"#.utf8))
        #expect(bad.status == 2 && bad.out.isEmpty && bad.err == "error: file: not JSON (trailing comma at line 1, column 26)\n")
        let zero = try run(executable, ["replay", "/dev/zero"])
        #expect(zero.status == 2 && zero.out.isEmpty && zero.err == "error: file: not JSON (a NUL byte at line 1, column 1)\n")
    }

    @Test("output is handed over in chunks that end at line ends, and none before a refused file is read whole")
    func streamedOutput() throws {
        let timeline = FlagshipTimelineGenerator(maxYears: 3).user(seed: 7, user: 3).timeline
        var chunks: [String] = []
        FlagshipReplay.write(timeline) { chunks.append($0) }
        #expect(chunks.allSatisfy { $0.hasSuffix("\n") && $0.utf8.count < Replay.chunkBytes + 1024 })
        let lines = chunks.joined().split(separator: "\n")
        let outputs = FlagshipMachine().replay(zone: timeline.zone, events: timeline.events)
        #expect(lines.map(String.init) == zip(timeline.events, outputs).enumerated().map { FlagshipReplayLine.json(index: $0.offset, action: $0.element.0.action, output: $0.element.1) })
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("late-fault.json").path
        var text = FlagshipTimelineWriter().text(timeline)
        text = String(text.dropLast(7)) + #",{"at":"2099-01-01T00:00:00Z","do":"capture","kind":"video"}]}"# + "\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        var handed = 0
        #expect(throws: TimelineError.event(timeline.events.count, #"unknown "kind" "video": expected "meal", "recipe-photo" or "recipe-link""#)) {
            try Replay.run(path: InputPath(path)) { _ in handed += 1 }
        }
        #expect(handed == 0)
    }
}

/// Runs `executable` with `arguments`, feeding `input` on standard input (or none).
func run(_ executable: String, _ arguments: [String], input: Data? = nil) throws -> (status: Int32, out: String, err: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe(), err = Pipe(), stdin = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input == nil ? FileHandle.nullDevice : stdin
    try process.run()
    if let input {
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

import Foundation
import Simulator
import Testing

/// The replay contract's Errors section: every kind of bad input is refused before
/// anything runs, with one line naming the field or event and the fault.
@Suite("Replay contract errors")
struct ReplayContractErrorTests {
    static let install = #"{"at":"2026-01-01T00:00:00Z","do":"install"}"#

    /// (file text, the exact error line)
    static let cases: [(String, String)] = [
        ("not json", "error: file: not JSON"),
        ("[1, 2]", "error: file: not a JSON object"),
        (#"{"events":[\#(install)]}"#, "error: zone: missing"),
        (#"{"zone":"Mars/Olympus","events":[\#(install)]}"#, #"error: zone: unknown time zone "Mars/Olympus""#),
        (#"{"zone":"UTC"}"#, "error: events: missing"),
        (#"{"zone":"UTC","events":{}}"#, "error: events: not a list"),
        (#"{"zone":"UTC","events":[]}"#, "error: events: empty"),
        (#"{"zone":"UTC","events":[7]}"#, "error: event 0: not an object"),
        (#"{"zone":"UTC","events":[{"at":"2026-01-01T00:00:00Z"}]}"#, #"error: event 0: missing "do""#),
        (#"{"zone":"UTC","events":[{"at":"2026-01-01T00:00:00Z","do":"jump"}]}"#, #"error: event 0: unknown "do" "jump""#),
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
    ]

    @Test("each fault gives its exact line", arguments: cases.indices)
    func exactErrorLine(index: Int) {
        let (text, line) = Self.cases[index]
        #expect(throws: Error.self) { try TimelineReader().read(data: Data(text.utf8)) }
        do {
            _ = try TimelineReader().read(data: Data(text.utf8))
        } catch {
            #expect(error.description == line)
        }
    }

    @Test("several faults: the file's fields before the events, then the events in order")
    func firstFaultWins() throws {
        let text = #"{"zone":"Nowhere","events":[{"do":"jump"}]}"#
        do {
            _ = try TimelineReader().read(data: Data(text.utf8))
            Issue.record("accepted a bad file")
        } catch {
            #expect(error.description == #"error: zone: unknown time zone "Nowhere""#)
        }
        let events = #"{"zone":"UTC","events":[{"at":"2026-01-01T00:00:00Z","do":"install"},{"do":"look"},{"at":"bad","do":"look"}]}"#
        do {
            _ = try TimelineReader().read(data: Data(events.utf8))
            Issue.record("accepted a bad file")
        } catch {
            #expect(error.description == #"error: event 1: missing "at""#)
        }
    }

    @Test("accepted: fractions of 1 to 3 digits, offsets, equal instants, unknown fields, fields on events that do not take them")
    func acceptedVariants() throws {
        let text = #"{"zone":"Etc/GMT+12","x":1,"events":[{"at":"2026-01-01T00:00:00.5+05:45","do":"install","kind":"meal"},{"at":"2025-12-31T18:15:00.500Z","do":"look","product":"gold"},{"at":"2025-12-31T18:15:00.5Z","do":"set-entitlement","product":null}]}"#
        let timeline = try TimelineReader().read(data: Data(text.utf8))
        #expect(timeline.events.count == 3)
        #expect(timeline.events[0].at == timeline.events[1].at)
        #expect(timeline.events[2].action == .setEntitlement(nil))
    }

    @Test("the command: exit 2, nothing on standard output, the one line on standard error")
    func commandRefusesBadFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).json").path
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
        #expect(help.out.contains("simulate replay --seed S --user K [--years Y] [--out FILE]"))
        let overview = try runSimulate(["--help"])
        #expect(overview.status == 0 && overview.out.contains("USAGE"))
        let bad = try runSimulate(["run", "--users", "lots"])
        #expect(bad.status == 2 && bad.out.isEmpty)
        #expect(bad.err == "error: --users \"lots\": expected a whole number from 1 to 100000000\n")
        let unknown = try runSimulate(["replay", "--frobnicate", "x.json"])
        #expect(unknown.status == 2 && unknown.err.contains("--frobnicate"))
    }
}

import Foundation
import Simulator
import SubscriptionModel
import Testing

/// Another implementation's generic output is read strictly: every member of the
/// generic contract's Output table, at every level, spelled as the contract spells it;
/// a value that only looks like the reference's is refused and quoted, never taken for
/// a match. Limits must be the named plan's; fields the line does not show are left
/// for the checker to fill.
@Suite("generic replay output, read strictly")
struct OutputParserTests {
    /// A daa-tiers timeline with a blocked use answered by an alert (event 22) and
    /// upgrade offers, and the reference's printed lines for it.
    static let timeline = try! TimelineReader().read(path: PackagePaths.examples.appendingPathComponent("policies/daa-utc-day-tokyo.json").path)
    static let printed = Replay.jsonLines(timeline)
    static let parser = OutputParser(policy: timeline.policy)

    /// The reference's lines with `original` (which must occur exactly once) replaced.
    func printed(replacing original: String, with replacement: String) throws -> String {
        try #require(Self.printed.components(separatedBy: original).count == 2, "\(original) occurs once")
        return Self.printed.replacingOccurrences(of: original, with: replacement)
    }

    /// The refusal of `text` (a test fails when `text` is accepted).
    func refusal(_ text: String) throws -> ReplayOutputParser.Malformed {
        do {
            _ = try Self.parser.parse(Array(text.utf8), events: Self.timeline.events)
        } catch {
            return error
        }
        throw Accepted()
    }

    /// A text the reader should have refused.
    struct Accepted: Error {}

    @Test("the reference's own lines read back as its outputs and screens")
    func roundTrip() throws {
        let parsed = try Self.parser.parse(Array(Self.printed.utf8), events: Self.timeline.events)
        let machine = SubscriptionMachine(policy: Self.timeline.policy)
        var state = machine.initialState(zone: Self.timeline.zone)
        for (index, event) in Self.timeline.events.enumerated() {
            let expected = machine.apply(event, to: &state)
            // What the line does not show is left for the checker to fill: the
            // entitlement, the zone, and the counts of windows no plan limits.
            var read = parsed.outputs[index]
            read.entitlement = expected.entitlement
            read.zone = expected.zone
            for window in [LimitWindow.month, .stock] { read.counts[0][window] = expected.counts[0][window] }
            #expect(Self.timeline.policy.meterWindows == [[.day, .total]])
            #expect(read == expected, "event \(index)")
            #expect(parsed.screens[index] == machine.screens(of: expected), "event \(index)")
        }
        #expect(parsed.limitProblem == nil)
        #expect(parsed.outputs[22].response == .alert(Alert(title: "Daily limit reached", message: "Resets at midnight")))
    }

    @Test("members in another order, with white space and \\r\\n, read the same")
    func layoutIsFree() throws {
        let line = try #require(Self.printed.split(separator: "\n").first)
        let reordered = #"{ "screens" : {"plan":"Free (Guest)"}, "meters":{"questions":{"limit":{"total":3,"day":3},"used":{"total":0,"day":0}}},"#
            + #""upgrade":null,"resetAt":null,"alert":null,"response":null,"reason":null,"outcome":null,"day":"2026-01-02","plan":"free_guest","do":"install","i":0 }"#
        try #require(line.hasPrefix(#"{"i":0,"do":"install","plan":"free_guest","day":"2026-01-02""#), "\(line)")
        let text = Self.printed.replacingOccurrences(of: String(line), with: reordered).replacingOccurrences(of: "\n", with: "\r\n")
        let parsed = try Self.parser.parse(Array(text.utf8), events: Self.timeline.events)
        let reference = try Self.parser.parse(Array(Self.printed.utf8), events: Self.timeline.events)
        #expect(parsed.outputs == reference.outputs && parsed.screens == reference.screens)
    }

    @Test("each departure from the contract is refused, naming the line and quoting the value", arguments: [
        (#""do":"install","plan":"free_guest""#, #""do":"install","plan":"Free_guest""#, #"line 1: "plan" is "Free_guest", not a plan of daa-tiers"#),
        (#"{"i":0,"do":"install","#, #"{"i":0,"do":"install","extra":1,"#, #"line 1: the line has an unknown key "extra""#),
        (#""i":0,"do":"install","plan":"free_guest","day":"2026-01-02","#, #""i":0,"do":"install","plan":"free_guest","#, #"line 1: the line has no "day""#),
        (#""upgrade":["advanced","premium"]"#, #""upgrade":["premium","advanced"]"#, #"line 23: "upgrade" lists "advanced" after "premium", not in daa-tiers's rank order"#),
        (#""response":"alert""#, #""response":"paywall""#, #"line 23: "alert" is an alert but "response" is "paywall", not "alert""#),
        (#""alert":{"title":"Daily limit reached","message":"Resets at midnight"}"#, #""alert":null"#, #"line 23: "response" is "alert" but "alert" is null"#),
        (#""title":"Daily limit reached""#, #""title":"Daily limit  reached""#, #"line 23: "alert"."title" is "Daily limit  reached", which daa-tiers never shows in an alert"#),
        (#""resetAt":"2026-01-03T00:00:00Z""#, #""resetAt":"2026-01-03T09:00:00+09:00""#, #"line 23: "resetAt" is "2026-01-03T09:00:00+09:00", not an instant written in UTC as YYYY-MM-DDTHH:MM:SSZ"#),
        (#""used":{"day":20,"total":20},"limit":{"day":20,"total":100}}},"screens":{"plan":"Core"}}"# + "\n" + #"{"i":23"#,
         #""used":{"day":20.0,"total":20},"limit":{"day":20,"total":100}}},"screens":{"plan":"Core"}}"# + "\n" + #"{"i":23"#,
         #"line 23: "meters"."questions"."used"."day" is 20.0, not an integer"#),
        (#""limit":{"day":20,"total":100}}},"screens":{"plan":"Core"}}"# + "\n" + #"{"i":23"#,
         #""limit":{"day":20,"total":100,"month":null}}},"screens":{"plan":"Core"}}"# + "\n" + #"{"i":23"#,
         #"line 23: "meters"."questions"."limit" has an unknown key "month""#),
        (#""screens":{"plan":"Core"}}"# + "\n" + #"{"i":23"#, #""screens":{"plan":7}}"# + "\n" + #"{"i":23"#,
         #"line 23: "screens"."plan" is 7, not a text, a list of texts, a bar, a box or null"#),
        (#""outcome":"blocked","reason":"day","response":"alert""#, #""outcome":"blocked","reason":"daily","response":"alert""#,
         #"line 23: "reason" is "daily", not no-plan, not-in-plan, history, day, month, total, stock, week, rolling or null"#),
    ])
    func refused(original: String, replacement: String, expected: String) throws {
        let problem = try refusal(try printed(replacing: original, with: replacement))
        #expect(problem.description.hasPrefix(expected), "\(problem)")
    }

    @Test("a line too many, or too few, is refused")
    func lineCount() throws {
        let extra = try refusal(Self.printed + Self.printed.split(separator: "\n").last! + "\n")
        #expect(extra.description.hasPrefix("line 26: more lines than the 25 events: "))
        let missing = try refusal(Self.printed.split(separator: "\n").dropLast().joined(separator: "\n") + "\n")
        #expect(missing.description == "24 lines for 25 events")
    }

    @Test("a limit that is not the named plan's is kept as the first limit problem, at its event")
    func limitProblem() throws {
        let text = try printed(replacing: #""used":{"day":20,"total":20},"limit":{"day":20,"total":100}}},"screens":{"plan":"Core"}}"# + "\n" + #"{"i":23"#,
                               with: #""used":{"day":20,"total":20},"limit":{"day":25,"total":100}}},"screens":{"plan":"Core"}}"# + "\n" + #"{"i":23"#)
        let parsed = try Self.parser.parse(Array(text.utf8), events: Self.timeline.events)
        let problem = try #require(parsed.limitProblem)
        #expect(problem.index == 22)
        #expect(problem.detail == "meters.questions.limit.day is 25, but the plan the line names, core, sets 20")
    }
}

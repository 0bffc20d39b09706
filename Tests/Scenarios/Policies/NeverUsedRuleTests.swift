import Foundation
import SubscriptionModel
import Testing

/// What a policy file may not say because it could never come true as written: a text
/// shown as written that asks for a placeholder, a limit no use fits whose reset would
/// promise room that never comes, a plan nothing puts in force (`docs/policy-file.md`).
@Suite("Rules that could never be used as written")
struct NeverUsedRuleTests {
    /// The small valid policy the reader's error tests start from.
    static let base = PolicyFileTests.base

    /// An example policy's text.
    static func example(_ name: String) throws -> String {
        try String(contentsOf: PackagePaths.root.appendingPathComponent("Sources/SimulatorCore/Rules/Policy/Examples/\(name).json"), encoding: .utf8)
    }

    @Test("an alert's title and message and a plan's name are shown as written: a brace in them is refused, a placeholder named as what it is")
    func bracesInWrittenTexts() {
        func alert(title: String, message: String) -> String? {
            policyFileError(Self.base.replacingOccurrences(of: #""day": "paywall","#, with: #""day": {"alert": {"title": "\#(title)", "message": \#(message)}},"#))
        }
        let note = #"(placeholders such as {remaining} are filled only in a screen's texts)"#
        #expect(alert(title: "{limit} a day", message: "null")
                == #"error: t.json: $.plans[0].responses.day.alert.title: "{limit} a day": an alert title is shown as written, so it cannot hold "{" or "}" "# + note)
        #expect(alert(title: "Daily limit", message: #""Resets {date}""#)
                == #"error: t.json: $.plans[0].responses.day.alert.message: "Resets {date}": an alert message is shown as written, so it cannot hold "{" or "}" "# + note)
        #expect(alert(title: "Three a day {", message: "null")?.contains(#"an alert title is shown as written, so it cannot hold "{" or "}""#) == true)
        #expect(policyFileError(Self.base.replacingOccurrences(of: #""name": "Pro""#, with: #""name": "Pro {limit}""#))
                == #"error: t.json: $.plans[1].name: "Pro {limit}": a plan name is shown as written, so it cannot hold "{" or "}" "# + note)
        // A brace past what a quote shows is quoted from a little before it.
        let long = String(repeating: "a", count: 70) + " {limit}"
        #expect(alert(title: long, message: "null")?.contains(#"alert.title: …"aaaaaaaaaaaaaaaaaaa {limit}": an alert title is shown as written"#) == true,
                "\(alert(title: long, message: "null") ?? "")")
        // The same texts without braces read, and so does a placeholder in a screen's text.
        #expect(alert(title: "Three a day", message: #""More tomorrow""#) == nil)
        #expect(policyFileError(Self.base.replacingOccurrences(of: #"{"kind": "planName"}"#, with: #"{"kind": "meter", "meter": "m", "window": "day", "below": "{remaining} left", "reached": "None left", "unlimited": "{used} used"}"#)) == nil)
    }

    @Test("a day, week, month or rolling limit below the cost of a use the plan counts on it is refused; total and stock are not, and a use that fits is read")
    func limitsNoUseFits() throws {
        #expect(policyFileError(Self.base.replacingOccurrences(of: #""day": 3"#, with: #""day": 0"#))
                == #"error: t.json: $.plans[0].limits.m.day: a limit of 0 lets no use of "f" through, and its reset would promise room that never comes: leave "f" out of this plan's features, or write {"total": 0}, which blocks it for good (credit packs for the meter then pay for each use)"#)
        let costly = Self.base.replacingOccurrences(of: #"{"policy": "t","#, with: #"{"format": 4, "policy": "t","#)
            .replacingOccurrences(of: #"{"id": "f", "consumes": "m"}"#, with: #"{"id": "f", "consumes": "m", "cost": 5}"#)
        #expect(policyFileError(costly)
                == #"error: t.json: $.plans[0].limits.m.day: a limit of 3 lets no use of "f" (cost 5) through, and its reset would promise room that never comes: raise it to 5 or more, or leave "f" out of this plan's features"#)
        #expect(policyFileError(costly.replacingOccurrences(of: #""day": 3"#, with: #""day": 5"#)) == nil)
        // A hidden limit blocks as any does.
        #expect(policyFileError(costly.replacingOccurrences(of: #""day": 3"#, with: #""day": {"limit": 4, "hidden": true}"#))?
                    .hasPrefix(#"error: t.json: $.plans[0].limits.m.day: a limit of 4 lets no use of "f" (cost 5)"#) == true)
        // A total or stock never resets, so it promises nothing: 0 reads (uses only credits pay for).
        for window in ["total", "stock"] {
            let never = Self.base.replacingOccurrences(of: #""day": 3"#, with: "\"\(window)\": 0")
                .replacingOccurrences(of: #""responses": {"day": "paywall""#, with: "\"responses\": {\"\(window)\": \"paywall\"")
            #expect(policyFileError(never) == nil, "\(window)")
        }
        // A week or a rolling window resets too: the same.
        #expect(policyFileError(try Self.example("study-week").replacingOccurrences(of: #""day": 3, "week": 10"#, with: #""day": 3, "week": 0"#))?
                    .hasPrefix(#"error: t.json: $.plans[0].limits.lessons.week: a limit of 0 lets no use of "lesson" through"#) == true)
        #expect(policyFileError(try Self.example("ask-window").replacingOccurrences(of: #"{"questions": {"rolling": 10}}"#, with: #"{"questions": {"rolling": 0}}"#))?
                    .hasPrefix(#"error: t.json: $.plans[0].limits.questions.rolling: a limit of 0 lets no use of "ask" through"#) == true)
        // A plan that does not enable the costly feature may limit the meter below its cost.
        let otherFeature = costly.replacingOccurrences(of: #"{"id": "g"}"#, with: #"{"id": "g", "consumes": "m"}"#)
            .replacingOccurrences(of: #""features": ["f"], "limits": {"m": {"day": 3}}"#, with: #""features": ["g"], "limits": {"m": {"day": 3}}"#)
        #expect(policyFileError(otherFeature) == nil)
        // On a meter credit packs are for, credits pay past the limit (G13): Free's 4 units
        // a day take an enhance or an upscale, and a generation (5) is paid with credits.
        let photo = try Self.example("photo-units")
        #expect(policyFileError(photo.replacingOccurrences(of: #""day": 10"#, with: #""day": 4"#)) == nil)
        #expect(policyFileError(photo.replacingOccurrences(of: #""day": 10"#, with: #""day": 0"#)) == nil)
    }

    @Test("a feature that draws on two meters: below its cost on the first it always draws on the second, which is refused; on the second, refused where the plan limits the first")
    func secondMeterNoUseFits() throws {
        let chat = try Self.example("chat-pool")
        #expect(policyFileError(chat) == nil)
        // A deep dive consumes the pool itself.
        #expect(policyFileError(chat.replacingOccurrences(of: #""pool": {"month": 3}"#, with: #""pool": {"month": 2}"#))
                == #"error: t.json: $.plans[0].limits.pool.month: a limit of 2 lets no use of "deep-dive" (cost 3) through, and its reset would promise room that never comes: raise it to 3 or more, or leave "deep-dive" out of this plan's features"#)
        // A summary (2) draws on the pool once the day's are spent.
        let cheapDives = chat.replacingOccurrences(of: #"{"id": "deep-dive", "consumes": "pool", "cost": 3}"#, with: #"{"id": "deep-dive", "consumes": "pool", "cost": 1}"#)
        #expect(policyFileError(cheapDives.replacingOccurrences(of: #""pool": {"month": 3}"#, with: #""pool": {"month": 1}"#))
                == #"error: t.json: $.plans[0].limits.pool.month: a limit of 1 lets no use of "summarize" (cost 2) draw on this meter, and its reset would promise room that never comes: raise it to 2 or more"#)
        #expect(policyFileError(cheapDives.replacingOccurrences(of: #""pool": {"month": 3}"#, with: #""pool": {"month": 0}"#))?
                    .contains(#"a limit of 0 lets no use of "send" (cost 1) draw on this meter, and its reset would promise room that never comes: raise it, or write {"total": 0} for no room at all"#) == true)
        // Without a limit on the first meter the second is never drawn on: its limit may be anything.
        var poolOnly = cheapDives.replacingOccurrences(of: #"{"daily": {"day": 3}, "pool": {"month": 3}}"#, with: #"{"pool": {"month": 1}}"#)
        let freeDay = try #require(poolOnly.range(of: #""day": {"alert": {"title": "Today's messages and this month's pool are used", "message": "More tomorrow"}},"#))
        poolOnly.removeSubrange(freeDay) // Free's (the first plan's): no day limit, so no day response
        #expect(policyFileError(poolOnly) == nil, "\(policyFileError(poolOnly) ?? "")")
        // Below a summary's cost on the first meter, every summary draws on the pool. Where
        // the plan sets the pool no limit, or one that turns with the day, no block names a
        // reset that would not help: read.
        func firstReplaced(_ text: String, _ old: String, _ new: String) throws -> String {
            var text = text
            text.replaceSubrange(try #require(text.range(of: old)), with: new)
            return text
        }
        let freeMonth = ",\n        \"month\": \"paywall\"" // Free's month response, for the pool's month limit
        let unlimitedPool = try firstReplaced(chat, #"{"daily": {"day": 3}, "pool": {"month": 3}}"#, #"{"daily": {"day": 1}}"#)
        #expect(policyFileError(try firstReplaced(unlimitedPool, freeMonth, "")) == nil)
        let dailyPool = try firstReplaced(chat, #"{"daily": {"day": 3}, "pool": {"month": 3}}"#, #"{"daily": {"day": 1}, "pool": {"day": 5}}"#)
        #expect(policyFileError(try firstReplaced(dailyPool, freeMonth, "")) == nil)
        // Where the pool turns with the month, a block once it is spent would name the day's
        // reset, which would not help.
        #expect(policyFileError(chat.replacingOccurrences(of: #"{"daily": {"day": 3}, "pool": {"month": 3}}"#, with: #"{"daily": {"day": 1}, "pool": {"month": 3}}"#))
                == #"error: t.json: $.plans[0].limits.daily.day: a limit of 1 never fits a use of "summarize" (cost 2), which so always draws on "pool", and once that is spent too, the block could name this window's reset, which would not help: raise it to 2 or more, or let "summarize" consume "pool""#)
    }

    @Test("a plan that sells nothing and that no default, trial or grace names is refused: it could never be in force")
    func planNeverInForce() {
        let unused = Self.base.replacingOccurrences(of: #""features": "all"}]"#, with: #""features": "all"}, {"id": "staff", "name": "Staff", "features": "all"}]"#)
        #expect(policyFileError(unused)
                == #"error: t.json: $.plans[2]: plan "staff" can never be in force: it sells no product, and no default, trial or grace names it; give it "products", name it in "defaults", "trial" or "grace", or leave it out"#)
        #expect(policyFileError(unused.replacingOccurrences(of: #""defaults": {"guest": "free"}"#, with: #""defaults": {"guest": "free", "registered": "staff"}"#)) == nil)
    }
}

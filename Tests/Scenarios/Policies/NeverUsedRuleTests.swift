import Foundation
import SubscriptionModel
import Testing

/// What a policy file may not say because it could never come true as written: a text
/// shown as written that asks for a placeholder, a limit no use fits whose reset would
/// promise room that never comes, a plan nothing puts in force (`docs/policy-file.md`).
@Suite("Rules that could never be used as written")
struct NeverUsedRuleTests {
    /// `PolicyFileTests.base` with a week alert for Free.
    static let base = PolicyFileTests.base

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
        // The same texts without braces read, and so do braces in a screen's placeholders.
        #expect(alert(title: "Three a day", message: #""More tomorrow""#) == nil)
    }

    @Test("a day, week, month or rolling limit below the cost of a use the plan counts on it is refused; total and stock are not, and a use that fits is read")
    func limitsNoUseFits() throws {
        #expect(policyFileError(Self.base.replacingOccurrences(of: #""day": 3"#, with: #""day": 0"#))
                == #"error: t.json: $.plans[0].limits.m.day: a limit of 0 lets no use of "f" through, and its reset would promise room that never comes: leave "f" out of this plan's features, or for uses that only credits pay for write {"total": 0}"#)
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
        // A plan that does not enable the costly feature may limit the meter below its cost.
        let otherFeature = costly.replacingOccurrences(of: #"{"id": "g"}"#, with: #"{"id": "g", "consumes": "m"}"#)
            .replacingOccurrences(of: #""features": ["f"], "limits": {"m": {"day": 3}}"#, with: #""features": ["g"], "limits": {"m": {"day": 3}}"#)
        #expect(policyFileError(otherFeature) == nil)
    }

    @Test("a second meter's resetting limit below the cost of a use drawn on it is refused too")
    func secondMeterNoUseFits() throws {
        let chat = try String(contentsOf: PackagePaths.root.appendingPathComponent("Sources/SimulatorCore/Rules/Policy/Examples/chat-pool.json"), encoding: .utf8)
        // A deep dive consumes the pool itself; a summary draws on it once the day's are spent.
        #expect(policyFileError(chat.replacingOccurrences(of: #""pool": {"month": 3}"#, with: #""pool": {"month": 2}"#))?
                    .contains(#"$.plans[0].limits.pool.month: a limit of 2 lets no use of "deep-dive" (cost 3) through"#) == true)
        let summaries = chat.replacingOccurrences(of: #"{"id": "deep-dive", "consumes": "pool", "cost": 3}"#, with: #"{"id": "deep-dive", "consumes": "pool", "cost": 1}"#)
        #expect(policyFileError(summaries.replacingOccurrences(of: #""pool": {"month": 3}"#, with: #""pool": {"month": 1}"#))?
                    .contains(#"$.plans[0].limits.pool.month: a limit of 1 lets no use of "summarize" (cost 2) through"#) == true)
        #expect(policyFileError(chat) == nil)
    }

    @Test("a plan that sells nothing and that no default, trial or grace names is refused: it could never be in force")
    func planNeverInForce() {
        let unused = Self.base.replacingOccurrences(of: #""features": "all"}]"#, with: #""features": "all"}, {"id": "staff", "name": "Staff", "features": "all"}]"#)
        #expect(policyFileError(unused)
                == #"error: t.json: $.plans[2]: plan "staff" can never be in force: it sells no product, and no default, trial or grace names it; give it "products", name it in "defaults", "trial" or "grace", or leave it out"#)
        #expect(policyFileError(unused.replacingOccurrences(of: #""defaults": {"guest": "free"}"#, with: #""defaults": {"guest": "free", "registered": "staff"}"#)) == nil)
    }
}

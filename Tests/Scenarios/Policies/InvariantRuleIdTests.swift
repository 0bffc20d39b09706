import Foundation
import Simulator
import SubscriptionModel
import Testing

/// A failure cites the rules its invariant protects: the general ids (G…) and the
/// decisions of the policy it ran under, never another app's (a daily-quip failure
/// that cited `D4, X2, F1` sent a team to three documents that are not theirs).
@Suite("Rule ids cited under each policy")
struct InvariantRuleIdTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs")

    /// The decision ids a shipped policy defines, read from the docs, not from the code:
    /// meal-capture's are the rules of `docs/rules.md`, each other's the bold ids of its
    /// own section of `docs/policies.md` (`**D1 Calendar …**`).
    static func decisions(of name: String) throws -> Set<String> {
        let text: Substring
        if name == "meal-capture" {
            text = Substring(try String(contentsOf: docs.appendingPathComponent("rules.md"), encoding: .utf8))
        } else {
            let policies = try String(contentsOf: docs.appendingPathComponent("policies.md"), encoding: .utf8)
            let start = try #require(policies.range(of: "### `\(name)`"))
            let rest = policies[start.upperBound...]
            text = rest[..<(rest.range(of: "\n#")?.lowerBound ?? rest.endIndex)]
        }
        return Set(text.matches(of: /\*\*([A-Z][0-9]+)[ *]/).map { String($0.1) }.filter { !$0.hasPrefix("G") })
    }

    static func ids(_ rules: String) -> [String] {
        rules.components(separatedBy: CharacterSet(charactersIn: ";,")).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test("under a shipped policy: every general id, every decision its own docs define, and no other", arguments: SubscriptionPolicy.shippedNames)
    func shipped(name: String) throws {
        let policy = try #require(SubscriptionPolicy.named(name)), own = try Self.decisions(of: name)
        #expect(!own.isEmpty, "\(name) defines decisions in the docs")
        for invariant in Invariant.allCases where invariant.rules.contains(";") {
            let cited = Self.ids(invariant.rules(under: policy))
            let expected = Self.ids(invariant.rules).filter { $0.hasPrefix("G") || own.contains($0) }
            #expect(cited == expected, "\(invariant.rawValue) under \(name): decisions defined \(own.sorted())")
        }
    }

    @Test("the texts a reader sees")
    func texts() {
        #expect(Invariant.usageDay.rules(under: .dailyQuip) == "G2, G3; Q1")
        #expect(Invariant.noOverBlocking.rules(under: .dailyQuip) == "G4, G6")
        #expect(Invariant.limitsRespected.rules(under: .mealCapture) == "G4, G6.4; U1")
        #expect(Invariant.planInForce.rules(under: .daaTiers) == "G1, G5; D2, D3")
        #expect(Invariant.deterministic.rules(under: .oxalate) == "the simulator's seeds")
    }

    @Test("a team's own policy, or a shipped one with a rule changed, cites the general ids alone")
    func ownPolicies() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/SubscriptionModel/Policies/daily-quip.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        let changed = try SubscriptionPolicy(data: Data(text.replacingOccurrences(of: "\"day\": 5", with: "\"day\": 6").utf8), file: "daily-quip.json")
        let renamed = try SubscriptionPolicy(data: Data(text.replacingOccurrences(of: "\"policy\": \"daily-quip\"", with: "\"policy\": \"quotes\"").utf8), file: "quotes.json")
        #expect(changed.name == "daily-quip" && changed != .dailyQuip && renamed.name == "quotes")
        for policy in [changed, renamed] {
            #expect(Invariant.usageDay.rules(under: policy) == "G2, G3")
            #expect(Invariant.allCases.allSatisfy { invariant in
                Self.ids(invariant.rules(under: policy)).allSatisfy { $0.hasPrefix("G") } || !invariant.rules.contains(";")
            })
        }
    }
}

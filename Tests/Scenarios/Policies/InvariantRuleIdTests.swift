import Foundation
import Simulator
import SubscriptionModel
import Testing

/// A failure cites the rules its invariant protects: the general ids (G…) and the
/// decisions of the policy it ran under, never another app's (a daily-quip failure
/// that cited `D4, X2, F1` sent a team to three documents that are not theirs).
@Suite("Rule ids cited under each policy")
struct InvariantRuleIdTests {
    /// The first letter of each shipped policy's decision ids (`docs/policies.md`).
    static let decisions: [String: Set<Character>] = [
        "meal-capture": ["T", "U", "P", "L"], "daa-tiers": ["D"], "oxalate": ["X"], "daily-quip": ["Q"], "face-recall": ["F"],
    ]

    static func ids(_ rules: String) -> [String] {
        rules.components(separatedBy: CharacterSet(charactersIn: ";,")).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test("under a shipped policy: every general id, every id of that policy's own, and no other", arguments: SubscriptionPolicy.shippedNames)
    func shipped(name: String) throws {
        let policy = try #require(SubscriptionPolicy.named(name)), own = try #require(Self.decisions[name])
        for invariant in PolicyInvariant.allCases {
            let cited = Self.ids(invariant.rules(under: policy))
            let expected = Self.ids(invariant.rules).filter { $0.hasPrefix("G") || !invariant.rules.contains(";") || own.contains($0.first!) }
            #expect(cited == expected, "\(invariant.rawValue) under \(name)")
        }
    }

    @Test("the texts a reader sees")
    func texts() {
        #expect(PolicyInvariant.usageDay.rules(under: .dailyQuip) == "G2, G3; Q1")
        #expect(PolicyInvariant.noOverBlocking.rules(under: .dailyQuip) == "G4, G6")
        #expect(PolicyInvariant.limitsRespected.rules(under: .mealCapture) == "G4, G6.4; U1")
        #expect(PolicyInvariant.planInForce.rules(under: .daaTiers) == "G1, G5; D2, D3")
        #expect(PolicyInvariant.deterministic.rules(under: .oxalate) == "the simulator's seeds")
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
            #expect(PolicyInvariant.usageDay.rules(under: policy) == "G2, G3")
            #expect(PolicyInvariant.allCases.allSatisfy { invariant in
                Self.ids(invariant.rules(under: policy)).allSatisfy { $0.hasPrefix("G") } || !invariant.rules.contains(";")
            })
        }
    }
}

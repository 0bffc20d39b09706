import Simulator
import SubscriptionModel
import Testing

/// Every invariant, as a property over the generated users of a fixed seed, checked on
/// the reference: written once for every rule set (the flagship's rules over
/// `PropertySettings`' users, each shipped policy over 150 users of `GenerationSettings`'
/// seed).
@Suite("Invariants hold on generated users, for every rule set")
struct GeneratedUsersPassTests {
    @Test("every invariant is checked, and never broken", arguments: RuleSetCase.all)
    func invariantsHold(_ rules: RuleSetCase) { Self.invariantsHold(rules.rules) }

    static func invariantsHold<Rules: RulesUnderTest>(_ rules: Rules) {
        let result = rules.sharedRun
        #expect(result.users == rules.sharedOptions.users)
        for (name, checks, violations) in rules.invariants(result) {
            #expect(checks > 0, "\(name) was never checked: the property would pass vacuously")
            let first = result.firstFailingUser.first { $0.key.rawValue == name }?.value
            #expect(violations == 0, "\(name) broke \(violations) times; first at \(first.map(rules.reproduce) ?? "?")")
        }
    }

    @Test("every persona is drawn", arguments: RuleSetCase.all)
    func everyPersonaDrawn(_ rules: RuleSetCase) { Self.everyPersonaDrawn(rules.rules) }

    static func everyPersonaDrawn<Rules: RulesUnderTest>(_ rules: Rules) {
        let personas = rules.sharedRun.personas
        for persona in Persona.allCases {
            #expect((personas[persona] ?? 0) > 0, "\(persona.rawValue), seed \(rules.seed)")
        }
    }
}

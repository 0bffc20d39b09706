import Simulator
import SubscriptionModel
import Testing

/// Every invariant, as a property over many generated users of a fixed seed
/// (`PropertySettings`), checked on the reference model.
@Suite("Invariants hold on generated users")
struct FlagshipInvariantPropertyTests {
    @Test("the invariant is checked, and never broken", arguments: FlagshipInvariant.traceInvariants)
    func invariantHolds(invariant: FlagshipInvariant) {
        let tally = SharedCampaign.result.tally
        #expect(tally.users == PropertySettings.users)
        #expect(tally.checks[invariant] > 0, "\(invariant.rawValue) was never checked: the property would pass vacuously")
        let failing = tally.firstFailingUser[invariant]
        #expect(tally.violations[invariant] == 0,
                "\(invariant.rawValue) broke \(tally.violations[invariant]) times; first at \(failing.map(PropertySettings.reproduce) ?? "?")")
    }

    @Test("every persona is drawn")
    func everyPersonaDrawn() {
        for persona in Persona.allCases {
            #expect((SharedCampaign.result.tally.personas[persona] ?? 0) > 0, "\(persona.rawValue), seed \(PropertySettings.seed)")
        }
    }
}

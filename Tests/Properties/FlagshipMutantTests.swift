import Foundation
import Simulator
import SubscriptionModel
import Testing

/// The flagship's catalogue and implementations written against its protocol. (That
/// every catalogued mutant is killed, with a short 1-minimal counterexample, is
/// `MutantsKilledTests`, written once for every rule set.)
@Suite("The flagship's mutants")
struct FlagshipMutantTests {
    /// The default campaign's seed (`simulate mutants`), the first users of it.
    static let options = CampaignOptions(seed: 7, users: 3_000, years: CampaignOptions.defaultYears, jobs: 1)

    @Test("the catalogue has at least 14 mutants, each documented")
    func catalogue() {
        #expect(FlagshipMutantCatalogue.all.count >= 14)
        #expect(Set(FlagshipMutantCatalogue.all.map(\.name)).count == FlagshipMutantCatalogue.all.count)
        for entry in FlagshipMutantCatalogue.all { #expect(!entry.mistake.isEmpty && entry.smallestCounterexample >= 1) }
    }

    @Test("the straightforward app (every hook at its default) matches the reference on every output")
    func straightforwardAppPasses() {
        var options = PropertySettings.options
        options.users = min(options.users, 800)
        var campaign = Campaign(options: options) { FlagshipStraightforwardApp() }
        campaign.comparesWithReference = true
        let result = campaign.run()
        #expect(result.brokenInvariants.isEmpty, "first failing user: \(result.firstFailingUser)")
        #expect(result.checks[.matchesReference] == result.events)
    }

    @Test("an implementation written outside the catalogue, against the public protocol, is caught")
    func outsideImplementation() {
        /// Resets an hour early: the day is taken an hour ahead of the device's clock
        /// (a server's zone mistaken for the device's). Written against the protocol only.
        struct ResetsAnHourEarly: FlagshipImplementation {
            var model = FlagshipReferenceImplementation()
            mutating func start(zone: TimeZoneRules) { model.start(zone: zone) }
            mutating func handle(_ event: FlagshipEvent) -> FlagshipOutput {
                model.handle(FlagshipEvent(at: event.at.adding(milliseconds: Milliseconds.hour), event.action))
            }
        }
        let result = KillHunt.run(options: Self.options) { ResetsAnHourEarly() }
        #expect(result.killed)
        #expect((result.shrunk?.events.count ?? .max) <= 3, "\(result.shrunk.map { FlagshipTimelineWriter().text($0) } ?? "")")
    }
}

import Foundation
import Simulator
import SubscriptionModel
import Testing

/// The harness earns its keep by catching the bugs real apps ship: every catalogued
/// mutant is killed by the default campaign's seed, and its shrunk counterexample is
/// 1-minimal and no longer than the smallest timeline showing that bug (through the
/// invariant it was caught by) plus two events.
@Suite("Mutants are killed")
struct FlagshipMutantTests {
    /// The default campaign's seed (`simulate mutants`), the first users of it.
    static let options = CampaignOptions(seed: 7, users: 3_000, years: CampaignOptions.defaultYears, jobs: 1)

    @Test("killed, with a short 1-minimal counterexample", arguments: FlagshipMutantCatalogue.all.map(\.name))
    func killed(name: String) throws {
        let entry = try #require(FlagshipMutantCatalogue.all.first { $0.name == name })
        let result = entry.hunt(Self.options)
        let violation = try #require(result.violation, "\(name) survived \(Self.options.users) users of seed \(Self.options.seed); reproduce with: swift run -c release simulate mutants --seed \(Self.options.seed) --users \(Self.options.users)")
        let shrunk = try #require(result.shrunk)
        print("\(name): killed by \(violation.invariant.rawValue) at user \(result.user!) after \(result.eventsUntilKill) events; shrunk to \(shrunk.events.count)")
        #expect(result.shrunkViolation?.invariant == violation.invariant, "the shrunk timeline fails the same way")
        let smallest = entry.smallestCounterexampleThrough(violation.invariant)
        #expect(shrunk.events.count <= smallest + 2,
                "\(name): \(shrunk.events.count) events, the smallest through \(violation.invariant.rawValue) is \(smallest)\n\(FlagshipTimelineWriter().text(shrunk))")
        // 1-minimal: removing any single event but the install makes the failure go away.
        for index in 1..<shrunk.events.count {
            var smaller = shrunk
            smaller.events.remove(at: index)
            #expect(entry.check(smaller)?.invariant != violation.invariant, "\(name): event \(index) of the counterexample could go")
        }
        // The report's regression test names the mutant, and the timeline it embeds
        // fails for the mutant and passes for the reference model.
        let row = KillHunt.entry(name: entry.name, mistake: entry.mistake, constructor: entry.constructor, result: result)
        let test = try #require(row.regressionTest)
        #expect(test.contains("FlagshipTimelineCheck(comparingWithReference: true) { \(entry.constructor) }"), "\(test)")
        let embedded = try #require(test.components(separatedBy: "#\"\"\"").dropFirst().first?.components(separatedBy: "\"\"\"#").first)
        let timeline = try FlagshipTimelineReader().read(data: Data(embedded.utf8))
        #expect(entry.check(timeline) != nil, "the pasted test fails for \(name)")
        var reference = FlagshipTimelineCheck { FlagshipReferenceImplementation() }
        #expect(reference.check(zone: timeline.zone, events: timeline.events).violation == nil, "and passes once the bug is gone")
    }

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
        #expect(result.brokenInvariants.isEmpty, "first failing user: \(result.tally.firstFailingUser)")
        #expect(result.tally.checks[.matchesReference] == result.tally.events)
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

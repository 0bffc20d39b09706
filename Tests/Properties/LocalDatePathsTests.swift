import Simulator
import SubscriptionModel
import Testing

/// The two local-date paths give the same run: the same users simulated once on the
/// zone tables and once with Foundation's `Calendar` at every event (model and
/// checker alike) produce identical outputs, checks and coverage.
@Suite("Zone tables and Calendar give the same run")
struct FlagshipLocalDatePathsTests {
    @Test("identical digests, checks and coverage over generated users in every kind of zone")
    func sameRunBothPaths() {
        var options = PropertySettings.options
        options.users = min(options.users, 400)
        let tables = ReferenceCampaign(options: options).run()
        let calendar = CalendarDates()
        var baseline = Campaign(options: options) {
            FlagshipReferenceImplementation(machine: FlagshipMachine(policy: .mealCapture, dates: calendar))
        }
        baseline.checkerDates = calendar
        let viaCalendar = baseline.run()
        #expect(tables.events > 0)
        #expect(tables.digest == viaCalendar.digest, "seed \(options.seed), \(options.users) users; reproduce with: PROPERTY_SEED=\(options.seed) swift test --filter FlagshipLocalDatePathsTests")
        #expect(tables.checks == viaCalendar.checks)
        #expect(tables.coverage == viaCalendar.coverage)
        #expect(viaCalendar.brokenInvariants.isEmpty)
    }
}

/// The same for every shipped policy on the generic engine: its users simulated on the
/// zone tables and with `Calendar` at every event (engine and checker alike) give the
/// same outputs, checks and coverage. This is also what makes `simulate bench --policy`'s
/// (c) the same simulation as its (b), only on another date source.
@Suite("Zone tables and Calendar give the same policy run")
struct LocalDatePathsTests {
    static let seed: UInt64 = GenerationSettings.seed
    static let users = 60

    @Test("identical digests, checks and coverage for every shipped policy", arguments: GenerationSettings.names)
    func sameRunBothPaths(_ name: String) {
        let policy = GenerationSettings.policy(name)
        let options = CampaignOptions(seed: Self.seed, users: Self.users, years: GenerationSettings.years, jobs: 2)
        let tables = Campaign(options: options, policy: policy).run()
        let calendar = CalendarDates()
        var baseline = Campaign(options: options, policy: policy) { ReferenceImplementation(dates: calendar) }
        baseline.checkerDates = calendar
        let viaCalendar = baseline.run()
        let replay = "policy \(name), seed \(Self.seed), \(Self.users) users; replay a user with: swift run -c release simulate replay --policy \(name) --seed \(Self.seed) --user K"
        #expect(tables.events > 0)
        #expect(tables.digest == viaCalendar.digest, "\(replay)")
        #expect(tables.checks == viaCalendar.checks, "\(replay)")
        #expect(tables.coverage == viaCalendar.coverage, "\(replay)")
        #expect(viaCalendar.brokenInvariants.isEmpty, "\(replay)")
    }
}

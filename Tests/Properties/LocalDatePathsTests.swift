import Simulator
import SubscriptionModel
import Testing

/// The two local-date paths give the same run: the same users simulated once on the
/// zone tables and once with Foundation's `Calendar` at every event (model and
/// checker alike) produce identical outputs, checks and coverage.
@Suite("Zone tables and Calendar give the same run")
struct LocalDatePathsTests {
    @Test("identical digests, checks and coverage over generated users in every kind of zone")
    func sameRunBothPaths() {
        var options = PropertySettings.options
        options.users = min(options.users, 400)
        let tables = ReferenceCampaign(options: options).run()
        let calendar = CalendarDates()
        var baseline = Campaign(options: options) {
            ReferenceImplementation(machine: SubscriptionMachine(policy: .mealCapture, dates: calendar))
        }
        baseline.checkerDates = calendar
        let viaCalendar = baseline.run()
        #expect(tables.tally.events > 0)
        #expect(tables.tally.digest == viaCalendar.tally.digest, "seed \(options.seed), \(options.users) users")
        #expect(tables.tally.checks == viaCalendar.tally.checks)
        #expect(tables.tally.coverage == viaCalendar.tally.coverage)
        #expect(viaCalendar.brokenInvariants.isEmpty)
    }
}

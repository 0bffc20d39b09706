import Foundation
import Simulator
import SubscriptionModel
import Testing

/// Generated users of a policy whose days start at 04:00 (`night-owl`) use the app in the
/// small hours, where the date the rules read is still the day before, and at the day
/// start itself; counted by the coverage tracker and checked here again from the outputs.
@Suite("Policy generator: a day that starts at 04:00")
struct DayStartGenerationTests {
    static let users = 200

    @Test("uses between midnight and 04:00 count for the day before, and the midnight edges are aimed at 04:00 to the millisecond (seed 20261122, 200 users)")
    func smallHoursReached() throws {
        let policy = try #require(PolicyLoader.builtIn("night-owl"))
        let generator = GenerationSettings.generator(policy)
        let machine = SubscriptionMachine(policy: policy)
        var tracker = CoverageTracker(policy: policy)
        var smallHours = 0, atTheStart = 0
        for user in 0..<Self.users {
            let timeline = generator.user(seed: GenerationSettings.seed, user: user).timeline
            tracker.observe(timeline: timeline)
            let outputs = machine.replay(zone: timeline.zone, events: timeline.events)
            for (index, (event, output)) in zip(timeline.events, outputs).enumerated() {
                let offset = output.zone.offsetMilliseconds(at: event.at)
                let local = event.at.millisecondsSince1970 + offset
                let midnightDate = LocalDate(localMilliseconds: local)
                let timeOfDay = local - Int64(midnightDate.daysSince1970) * Milliseconds.twentyFourHours
                // A purchase, sign-in or reinstall the generator aims at the turn of the day:
                // a millisecond before 04:00, at it, or just after. (19 such events now; 1,
                // by chance, when the edges were aimed at midnight instead.)
                if [-1, 0, 1, 999].contains(timeOfDay - 4 * Milliseconds.hour) { atTheStart += 1 }
                guard case .use = event.action, index > 0 else { continue }
                if timeOfDay < 4 * Milliseconds.hour {
                    smallHours += 1
                    // The calendar reads the day before, so the usage day is the midnight date only
                    // when a stored day already was (G3: a day counted in a zone further east).
                    #expect(output.day != midnightDate || outputs[index - 1].day >= midnightDate,
                            "a use at \(event.at) in \(output.zone) counted for \(output.day); user \(user) of seed \(GenerationSettings.seed)")
                }
            }
        }
        let counts = tracker.counts
        let reached = counts.counts[try #require(counts.categories.firstIndex(of: .usedBeforeDayStart))]
        #expect(smallHours > 0 && reached >= smallHours, "\(smallHours) uses in the small hours, \(reached) counted by the tracker")
        #expect(atTheStart >= 8, "\(atTheStart) events aimed at 04:00 in \(Self.users) users")
    }
}

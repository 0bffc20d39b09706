import Foundation
import Simulator
import SubscriptionModel
import Testing

/// The users of a check of app code (`TimelineGenerator(appLife: true)`) live the
/// reference campaign's lives with the app's own moments laid between their events:
/// relaunches, trips to the background and back, timers. Each is a realistic timeline,
/// is the same user as without those moments, changes no output under the rules (G11),
/// and reads back from its text.
@Suite("Policy generator: the app's own life")
struct AppLifeGenerationTests {
    static let moments: Set<String> = ["relaunch", "background", "foreground", "timer"]

    static func reproduce(_ policy: SubscriptionPolicy, user: Int) -> String {
        "policy \(policy.name), seed \(GenerationSettings.seed), user \(user) (years \(GenerationSettings.years)); reproduce with: "
            + "swift run -c release simulate replay --policy \(policy.name) --seed \(GenerationSettings.seed) --user \(user) --years \(GenerationSettings.years) --app-life --out user\(user).json"
    }

    @Test("each user is valid and realistic, and is the same user as without the app's moments (seed 20261122, 200 users a policy)",
          arguments: GenerationSettings.builtInNames)
    func sameUserWithMoments(name: String) {
        let policy = GenerationSettings.policy(name)
        let plain = TimelineGenerator(policy: policy, maxYears: GenerationSettings.years)
        let withLife = TimelineGenerator(policy: policy, maxYears: GenerationSettings.years, appLife: true)
        var kinds = Set<String>()
        var withoutAny = 0
        for user in 0..<200 {
            let lived = withLife.user(seed: GenerationSettings.seed, user: user).timeline
            let reference = plain.user(seed: GenerationSettings.seed, user: user).timeline
            let problem = GenerationValidityTests.problem(in: lived)
            #expect(problem == nil, "\(problem ?? ""): \(Self.reproduce(policy, user: user))")
            #expect(lived.zone == reference.zone)
            #expect(lived.events.filter { !Self.moments.contains($0.action.name) } == reference.events, "\(Self.reproduce(policy, user: user))")
            let added = lived.events.filter { Self.moments.contains($0.action.name) }
            kinds.formUnion(added.map(\.action.name))
            if added.isEmpty { withoutAny += 1 }
            if problem != nil { break }
        }
        #expect(kinds == Self.moments, "every kind of moment is drawn in 200 users")
        #expect((10...100).contains(withoutAny), "some users keep the app alive throughout (\(withoutAny) of 200)")
    }

    @Test("the app's moments change no output: the engine's outputs on every other event are those without them (seed 20261122, 30 users a policy)",
          arguments: GenerationSettings.builtInNames)
    func momentsChangeNothing(name: String) throws {
        let policy = GenerationSettings.policy(name)
        let withLife = TimelineGenerator(policy: policy, maxYears: GenerationSettings.years, appLife: true)
        let engine = SubscriptionMachine(policy: policy)
        var check = TimelineCheck(policy: policy) { ReferenceImplementation() }
        for user in 0..<30 {
            let lived = withLife.user(seed: GenerationSettings.seed, user: user).timeline
            #expect(check.check(lived).violation == nil, "\(Self.reproduce(policy, user: user))")
            let outputs = engine.replay(zone: lived.zone, events: lived.events)
            let kept = lived.events.indices.filter { !Self.moments.contains(lived.events[$0].action.name) }
            let without = engine.replay(zone: lived.zone, events: kept.map { lived.events[$0] })
            #expect(kept.map { outputs[$0] } == without, "\(Self.reproduce(policy, user: user))")
            // And the text reads back to the same timeline.
            let text = TimelineWriter().text(lived)
            let read = try TimelineReader().read(data: Data(text.utf8))
            #expect(read == lived, "\(Self.reproduce(policy, user: user))")
        }
    }

    @Test("the realism rules: the app is on the screen for every use, look, sign-in and timer")
    func realismRules() {
        let policy = SubscriptionPolicy.dailyQuip
        func timeline(_ actions: [Event.Action]) -> Timeline {
            Timeline(policy: policy, zone: .utc, events: ([.install] + actions).enumerated().map { Event(at: Instant(millisecondsSince1970: Int64($0.offset) * 60_000), $0.element) })
        }
        let use = Event.Action.use(feature: 0, day: nil)
        #expect(timeline([use, .background, .setZone(.utc), .foreground, use, .timer]).isRealistic)
        #expect(timeline([.background, .relaunch, use]).isRealistic, "a launch brings the app to the screen")
        #expect(timeline([.background, .reinstall, .look]).isRealistic)
        #expect(!timeline([.background, use]).isRealistic, "a use in the background")
        #expect(!timeline([.background, .timer]).isRealistic, "a timer in the background")
        #expect(!timeline([.background, .signIn]).isRealistic)
        #expect(!timeline([.foreground]).isRealistic, "a return without a trip")
        #expect(!timeline([.background, .background]).isRealistic)
        // A deletion that leaves one end of a trip is repaired by dropping the other.
        #expect(timeline([.background, .setZone(.utc), use]).repaired == timeline([.background, .setZone(.utc), use]), "nothing dangles: not repaired")
        let dangling = timeline([use, .setZone(.utc), .foreground, use])
        #expect(dangling.repaired.events.map(\.action) == [.install, use, .setZone(.utc), use])
        #expect(dangling.repaired.isRealistic)
    }
}

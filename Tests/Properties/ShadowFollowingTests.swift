import Foundation
import Simulator
import SubscriptionModel
import Testing

/// G11's shadow (the instance that never sees the events that change nothing) follows
/// the state of an implementation that declares it (`StateFollowing`, as the reference
/// engine does): it is stepped only while its state differs from the implementation's.
/// The verdicts must be the ones a shadow stepped at every event gives, so each test
/// checks one implementation both ways: as itself, and wrapped in a type that does not
/// declare its state.
@Suite("The shadow follows a declared state and finds what a shadow stepped at every event finds")
struct ShadowFollowingTests {
    typealias Script = InvariantScript

    /// Random users per policy, and the seed (changed through the environment to hunt further).
    static let users = ProcessInfo.processInfo.environment["SHADOW_FOLLOWING_USERS"].flatMap(Int.init) ?? 150
    static let seed = ProcessInfo.processInfo.environment["SHADOW_FOLLOWING_SEED"].flatMap(UInt64.init) ?? 20_261_205

    @Test("a look that changes the state is found at the event it shows at, as a stepped shadow finds it")
    func lookThatChangesTheState() {
        var script = InvariantFiresTests.sixCards
        script("2026-06-10T20:00:00Z", .look) // changes nothing: the launch day is already the 10th
        script("2026-06-11T08:00:00Z", .look) // the launch day moves to the 11th, the shadow's stays on the 10th
        let next = script("2026-06-11T08:01:00Z", .use("view-card"))
        for found in [Self.violation(script.timeline) { FollowedResetsOnlyAtLaunch() },
                      Self.violation(script.timeline) { ResetsOnlyAtLaunch() }] {
            #expect(found?.invariant == .lookAndReinstallChangeNothing && found?.eventIndex == next, "\(found.map { "\($0)" } ?? "nothing found")")
        }
    }

    @Test("random timelines of every shipped policy and of ask-window: the reference engine's verdicts, digests and check counts, followed and stepped",
          arguments: SubscriptionPolicy.shippedNames + ["ask-window"])
    func referenceEngine(_ name: String) {
        let policy = SubscriptionPolicy.named(name) ?? ExamplePolicies.named(name)!
        var followed = TimelineCheck(policy: policy) { ReferenceImplementation() }
        var stepped = TimelineCheck(policy: policy) { Stepped(ReferenceImplementation()) }
        var looks = 0, changedByALook = 0
        for user in 0..<Self.users {
            var generator = InvariantTimelines(policy: policy, seed: Self.seed, user: user)
            let timeline = generator.timeline()
            let one = followed.check(timeline), other = stepped.check(timeline)
            guard one.violation == nil, other.violation == nil, one.digest == other.digest else {
                Issue.record("\(name), seed \(Self.seed), user \(user): followed \(one), stepped \(other)\n\(Self.reproduce)")
                return
            }
            // How often the followed shadow had to leave the engine's state (and meet it again).
            var engine = ReferenceImplementation()
            engine.start(policy: policy, zone: timeline.zone)
            for event in timeline.events {
                let before = engine.followedState
                _ = engine.handle(event)
                guard event.action.changesNothing else { continue }
                looks += 1
                if engine.followedState != before { changedByALook += 1 }
            }
        }
        #expect(looks > Self.users, "the timelines have events that change nothing: \(looks)")
        #expect(followed.checker.checks == stepped.checker.checks)
        // Under a rolling window a look lets old uses leave it, so the engine's state moves
        // and the shadow is stepped until the next event brings it level: that path is
        // compared here too.
        if policy.countsRolling { #expect(changedByALook > 10, "\(name): \(changedByALook) of \(looks) looks moved the state") }
    }

    @Test("random daily-quip timelines of an app whose launches reset the day: the same violations, followed and stepped")
    func appWithALaunchBug() {
        let policy = SubscriptionPolicy.dailyQuip
        var followed = TimelineCheck(policy: policy) { FollowedResetsOnlyAtLaunch() }
        var stepped = TimelineCheck(policy: policy) { ResetsOnlyAtLaunch() }
        var shadowFound = 0, otherFound = 0
        for user in 0..<Self.users {
            var generator = InvariantTimelines(policy: policy, seed: Self.seed, user: user)
            let timeline = generator.timeline()
            let one = followed.check(timeline), other = stepped.check(timeline)
            guard one.violation == other.violation, one.digest == other.digest else {
                Issue.record("daily-quip, seed \(Self.seed), user \(user): followed \(one), stepped \(other)\n\(Self.reproduce)\n\(InvariantTimelines.text(timeline))")
                return
            }
            switch one.violation?.invariant {
            case .lookAndReinstallChangeNothing?: shadowFound += 1
            case _?: otherFound += 1
            case nil: break
            }
        }
        // Both kinds of finding occur, so the comparison above compared something.
        #expect(shadowFound > 5 && otherFound > 5, "the shadow found \(shadowFound), the other invariants \(otherFound)")
    }

    static let reproduce = "reproduce with: SHADOW_FOLLOWING_SEED=\(seed) SHADOW_FOLLOWING_USERS=\(users) swift test --filter ShadowFollowingTests"

    static func violation<I: SubscriptionImplementation>(_ timeline: Timeline, _ make: () -> I) -> Violation<Invariant>? {
        var check = TimelineCheck(policy: timeline.policy, make)
        return check.check(timeline).violation
    }
}

/// An implementation as a type that does not declare its state: the check steps its shadow
/// at every event.
struct Stepped<Inner: SubscriptionImplementation>: SubscriptionImplementation {
    var inner: Inner
    init(_ inner: Inner) { self.inner = inner }
    mutating func start(policy: SubscriptionPolicy, zone: TimeZoneRules) { inner.start(policy: policy, zone: zone) }
    mutating func handle(_ event: Event) -> Output { inner.handle(event) }
}

/// `ResetsOnlyAtLaunch` (a day count that rolls over only when the app launches) with
/// its whole state declared: the engine's, the launch day and the zone.
struct FollowedResetsOnlyAtLaunch: SubscriptionImplementation, StateFollowing {
    struct State: Equatable {
        var engine: SubscriptionState
        var launchDay: LocalDate?
        var zone: TimeZoneRules
    }

    var app = ResetsOnlyAtLaunch()

    var followedState: State {
        get { State(engine: app.engine.followedState, launchDay: app.launchDay, zone: app.zone) }
        set {
            app.engine.followedState = newValue.engine
            app.launchDay = newValue.launchDay
            app.zone = newValue.zone
        }
    }

    mutating func start(policy: SubscriptionPolicy, zone: TimeZoneRules) { app.start(policy: policy, zone: zone) }
    mutating func handle(_ event: Event) -> Output { app.handle(event) }
}

import Simulator
import SubscriptionModel
import Testing

/// `FlagshipTimelineCheck` works in passes over chunks of events: the outputs, then the
/// invariants, then rule #6's shadow, then the observer and the digest. What it finds
/// must be what the plain event-by-event reading of the invariants finds: the same
/// first violation at the same event, and the same digest of the outputs before it.
/// `eventByEvent` below is that plain reading, written apart from the passes.
@Suite("Chunked checking")
struct ChunkedCheckTests {
    /// The first broken invariant, where, and the digest of the outputs before it.
    struct Finding: Equatable, CustomStringConvertible {
        var invariant: FlagshipInvariant?
        var eventIndex: Int?
        var digest: OutputDigest

        var description: String {
            "\(invariant?.rawValue ?? "nothing broken") at event \(eventIndex.map(String.init) ?? "-"), digest \(digest.value)"
        }
    }

    /// The invariants in their order at each event: the trace invariants, then (with a
    /// reference) `matches-reference`, then rule #6 against a shadow that never sees
    /// looks and reinstalls.
    static func eventByEvent<I: FlagshipImplementation>(_ timeline: FlagshipTimeline, comparingWithReference: Bool, _ make: () -> I) -> Finding {
        var implementation = make(), shadow = make()
        var reference = FlagshipReferenceImplementation()
        var checker = FlagshipTraceChecker()
        implementation.start(zone: timeline.zone)
        shadow.start(zone: timeline.zone)
        reference.start(zone: timeline.zone)
        checker.start(zone: timeline.zone)
        var digest = OutputDigest()
        for (index, event) in timeline.events.enumerated() {
            let output = implementation.handle(event)
            if let violation = checker.check(event, output) {
                return Finding(invariant: violation.invariant, eventIndex: index, digest: digest)
            }
            if comparingWithReference, reference.handle(event) != output {
                return Finding(invariant: .matchesReference, eventIndex: index, digest: digest)
            }
            if !event.action.isLookOrReinstall, shadow.handle(event) != output {
                return Finding(invariant: .lookAndReinstallChangeNothing, eventIndex: index, digest: digest)
            }
            digest.add(output)
        }
        return Finding(invariant: nil, eventIndex: nil, digest: digest)
    }

    /// Users of the property seed, checked both ways; returns what was found, and how
    /// many checks ended (broken or not) past the first chunk, so that chunk boundaries
    /// are known to be crossed.
    static func compare<I: FlagshipImplementation>(_ name: String, users: Range<Int>, comparingWithReference: Bool = true,
                                                       _ make: @escaping () -> I) -> (found: [FlagshipInvariant?], pastFirstChunk: Int) {
        let generator = FlagshipTimelineGenerator(maxYears: PropertySettings.years)
        var pastFirstChunk = 0
        var findings: [FlagshipInvariant?] = []
        for user in users {
            let timeline = generator.user(seed: PropertySettings.seed, user: user).timeline
            var check = FlagshipTimelineCheck(comparingWithReference: comparingWithReference, make)
            let verdict = check.check(zone: timeline.zone, events: timeline.events)
            let found = Finding(invariant: verdict.violation?.invariant, eventIndex: verdict.violation?.eventIndex, digest: verdict.digest)
            let expected = eventByEvent(timeline, comparingWithReference: comparingWithReference, make)
            #expect(found == expected, "\(name): \(found), one event at a time: \(expected); \(PropertySettings.reproduce(user: user))")
            if (found.eventIndex ?? timeline.events.count) >= FlagshipTimelineCheck<I>.chunk { pastFirstChunk += 1 }
            findings.append(found.invariant)
        }
        return (findings, pastFirstChunk)
    }

    static let users = 0..<40

    @Test("every mutant: the same first violation, event and digest as one event at a time")
    func mutants() {
        func compare<M: FlagshipMutant>(_ type: M.Type) -> Int { Self.compare(M.name, users: Self.users) { M() }.pastFirstChunk }
        let mutants: [any FlagshipMutant.Type] = [
            ResetsWhenDateDiffers.self, CounterKeyedByUTCDate.self, RollingTwentyFourHours.self, OffsetCachedAtInstall.self,
            NextResetAfter86400Seconds.self, LeapDayCountsWithThe28th.self, TrialAsThreeCalendarDays.self, TrialRestartsOnReinstall.self, CounterRestartsOnReinstall.self,
            AllowsTheEleventh.self, UnlimitedWithoutFairUseCap.self, CounterPerPlan.self, FreePlanAfterTrial.self,
            StaleEntitlement.self, EmptyRestoreEndsTrial.self, BelowLimitUnderUnlimited.self, PremiumShowsPlanSheet.self, LabelLagsOneBehind.self,
        ]
        #expect(mutants.map { $0.name } == FlagshipMutantCatalogue.all.map(\.name), "every catalogued mutant is listed here, in order")
        var pastFirstChunk = 0
        for type in mutants { pastFirstChunk += compare(type) }
        #expect(pastFirstChunk > 0, "some checks end past the first chunk of \(FlagshipTimelineCheck<FlagshipStraightforwardApp>.chunk) events")
    }

    @Test("rule #6 found by the shadow, and passing timelines: the same as one event at a time")
    func shadowAndPassing() {
        let stale = Self.compare("NeedsTheScreenNowAndThen", users: Self.users, comparingWithReference: false) { NeedsTheScreenNowAndThen() }
        #expect(stale.found.contains(.lookAndReinstallChangeNothing), "the shadow finds some of its failures: \(stale.found)")
        let rollsOver = Self.compare("RollsOverOnScreenAppear", users: Self.users, comparingWithReference: false) { RollsOverOnScreenAppear() }
        #expect(rollsOver.found.contains(.noOverBlocking))
        let reference = Self.compare("the reference model", users: Self.users, comparingWithReference: false) { FlagshipReferenceImplementation() }
        #expect(reference.found.allSatisfy { $0 == nil } && reference.pastFirstChunk > 0)
    }
}

/// Needs the home screen now and then: after 200 events without a look or a reinstall,
/// its count goes stale (a cache the screen refreshes). Right on timelines with regular
/// looks; on the same timeline without them, rule #6's shadow catches it, past the first
/// chunk of events.
struct NeedsTheScreenNowAndThen: FlagshipImplementation {
    var model = FlagshipReferenceImplementation()
    var sinceScreen = 0

    mutating func start(zone: TimeZoneRules) {
        model.start(zone: zone)
        sinceScreen = 0
    }

    mutating func handle(_ event: FlagshipEvent) -> FlagshipOutput {
        var output = model.handle(event)
        sinceScreen = event.action.isLookOrReinstall ? 0 : sinceScreen + 1
        if sinceScreen > 200 { output.used += 1 }
        return output
    }
}

@testable import Simulator
@testable import SimulatorCore
import SubscriptionModel
import Testing

/// A third rule set, defined here and nowhere in the package, runs through the harness's
/// generic pieces (`Campaign` and its loop, `RunResult`, `KillHunt`, the `Shrinker`,
/// `DeterminismCheck`, `Violation`) without a line of harness code written for it: what
/// a rule set conforms to is `RuleSet` and `CampaignRules`, its implementations'
/// protocol to `RuleImplementation`, its check to `TimelineChecking`, its generator to
/// `UserGenerating`, its counts to `InvariantCounting` and `RuleRunCounts`, and a job of
/// its campaign to `CampaignWorking`.
///
/// The toy rules: after `install`, at most three `brew`s are allowed per UTC day; a
/// brew beyond that is blocked, and no other is.
@Suite("A toy rule set through the generic harness")
struct ToyRuleSetTests {
    /// Seed and size of the hunts (a few hundred users of a few days each).
    static let options = CampaignOptions(seed: 11, users: 300, years: 1, jobs: 1)

    @Test("a right implementation survives 300 users of seed 11")
    func rightSurvives() {
        let result = KillHunt<ToyRules>.hunt(options: Self.options, users: ToyUsers(), makeCheck: { ToyCheck { DailyToy() } })
        #expect(!result.killed, "\(result.violation.map(String.init(describing:)) ?? "")")
        #expect(result.eventsUntilKill > 1_000, "the users lived: \(result.eventsUntilKill) events")
    }

    @Test("a rolling 24-hour window is caught by no-over-blocking and shrunk to install, three brews and the blocked one")
    func rollingWindowIsCaught() throws {
        let result = KillHunt<ToyRules>.hunt(options: Self.options, users: ToyUsers(), makeCheck: { ToyCheck { RollingToy() } })
        let violation = try #require(result.violation, "survived \(Self.options.users) users of seed \(Self.options.seed)")
        #expect(violation.invariant == .noOverBlocking)
        let shrunk = try #require(result.shrunk)
        #expect(shrunk.events.map(\.brews) == [false, true, true, true, true], "\(shrunk.events)")
        #expect(result.shrunkViolation?.invariant == .noOverBlocking)
        // 1-minimal: without any one event (the install aside) the failure is gone.
        for index in 1..<shrunk.events.count {
            var smaller = shrunk
            smaller.events.remove(at: index)
            var check = ToyCheck { RollingToy() }
            #expect(check.firstViolation(smaller) == nil, "event \(index) could go")
        }
    }

    @Test("an implementation allowing a fourth brew breaks limit-respected, computed from the trace")
    func fourthBrewIsCaught() throws {
        let result = KillHunt<ToyRules>.hunt(options: Self.options, users: ToyUsers(), makeCheck: { ToyCheck { DailyToy(limit: 4) } })
        #expect(try #require(result.violation).invariant == .limitRespected)
        #expect(result.shrunk?.events.count == 5)
    }

    @Test("a toy campaign counts every user the same with 1 job and 2, and the rolling mistake's users with the hunt's first")
    func campaign() throws {
        var options = Self.options
        let right = Campaign(options: options) { DailyToy() }.run()
        #expect(right.users == options.users && right.brokenInvariants.isEmpty && right.passed, "\(right.brokenInvariants)")
        #expect(right.events > 1_000 && right.simulatedMilliseconds > 0)
        let rolling = Campaign(options: options) { RollingToy() }.run()
        options.jobs = 2
        let rollingOnTwo = Campaign(options: options) { RollingToy() }.run()
        #expect(rolling.digest == rollingOnTwo.digest && rolling.violations == rollingOnTwo.violations)
        #expect(rolling.firstFailingUser == rollingOnTwo.firstFailingUser)
        let failing = rolling.violations[.noOverBlocking]
        #expect(failing > 0 && failing < options.users, "the rolling window broke no-over-blocking for some users, not all")
        #expect(rolling.brokenInvariants == [.noOverBlocking] && !rolling.passed)
        let hunt = KillHunt<ToyRules>.hunt(options: Self.options, users: ToyUsers(), makeCheck: { ToyCheck { RollingToy() } })
        #expect(rolling.firstFailingUser[.noOverBlocking] == hunt.user, "the campaign's first failing user is the hunt's")
        let sampled = (0..<Self.options.users).filter { $0 % Campaign<DailyToy>.determinismSampling == 0 }.count
        #expect(right.checks[.deterministic] == sampled, "every passing user in \(Campaign<DailyToy>.determinismSampling) regenerated")
    }

    @Test("the determinism check compares a toy user's two generations")
    func determinism() {
        let users = ToyUsers(), first = users.makeBuffer(), second = users.makeBuffer()
        let zone = users.draw(seed: 11, user: 5, into: first)
        _ = users.draw(seed: 11, user: 5, into: second)
        let sample = DeterminismCheck<ToyRules>.Sample(zone: zone, events: first.array, digest: OutputDigest())
        #expect(DeterminismCheck<ToyRules>.compare(sample, .init(zone: zone, events: second.array, digest: OutputDigest()), user: 5) == nil)
        var moved = second.array
        moved[1].at = moved[1].at.adding(milliseconds: 1)
        #expect(DeterminismCheck<ToyRules>.compare(sample, .init(zone: zone, events: moved, digest: OutputDigest()), user: 5)?.eventIndex == 1)
    }
}

// MARK: - The toy rule set: types only the tests know

enum ToyRules: CampaignRules {
    typealias RunSetup = ToyUsers
    typealias InvariantCounts = ToyInvariantCounts
    typealias RunCounts = ToyRunCounts
    typealias Event = ToyEvent
    typealias Timeline = ToyTimeline
    /// Whether a brew was allowed.
    typealias Output = Bool
    typealias Invariant = ToyInvariant
    static var huntShrinksToAnyInvariant: Bool { false }
}

enum ToyInvariant: String, RuleInvariant {
    case limitRespected = "limit-respected"
    case noOverBlocking = "no-over-blocking"
    case deterministic
    case matchesReference = "matches-reference"

    var rules: String { "toy" }
    static func < (lhs: Self, rhs: Self) -> Bool { allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)! }
}

struct ToyEvent: Hashable, Sendable, ShrinkableStep {
    var at: Instant
    /// A brew, or else the install.
    var brews: Bool

    func withSimplerZones(_ simpler: (TimeZoneRules) -> [TimeZoneRules]) -> [ToyEvent] { [] }
    var zoneSet: TimeZoneRules? { nil }
    var simpler: [ToyEvent] { [] }
}

struct ToyTimeline: Sendable, ShrinkableTimeline {
    var zone: TimeZoneRules
    var events: [ToyEvent]
    var isValid: Bool {
        guard events.first?.brews == false else { return false }
        return !events.dropFirst().contains { !$0.brews } && zip(events, events.dropFirst()).allSatisfy { $0.at <= $1.at }
    }
}

/// A toy implementation: `brew(at:)` says whether the brew is allowed.
protocol ToyImplementation: RuleImplementation where Rules == ToyRules {
    init()
    mutating func brew(at: Instant) -> Bool
}

extension ToyImplementation {
    /// A toy campaign: the harness's loop (`runJobs`) with a toy worker.
    static func runCampaign(_ campaign: Campaign<Self>, progress: (@Sendable (Int) -> Void)?) -> RunResult<ToyRules> {
        let options = campaign.options
        var total = RunResult<ToyRules>(options: options, counts: ToyRunCounts())
        for result in campaign.runJobs(progress: progress, empty: { RunResult(options: options, counts: ToyRunCounts()) },
                                       { ToyWorker(users: campaign.setup, seed: campaign.options.seed, make: campaign.makeImplementation) }) {
            total.merge(result)
        }
        return total
    }
}

extension Campaign where Implementation: ToyImplementation {
    /// A toy campaign over `options`.
    init(options: CampaignOptions, makeImplementation: @escaping @Sendable () -> Implementation) {
        self.init(options: options, setup: ToyUsers(), makeImplementation: makeImplementation)
    }
}

/// Checks or violations per toy invariant.
struct ToyInvariantCounts: InvariantCounting {
    var counts: [ToyInvariant: Int] = [:]
    subscript(_ invariant: ToyInvariant) -> Int {
        get { counts[invariant] ?? 0 }
        set { counts[invariant] = newValue }
    }
    mutating func add(_ other: ToyInvariantCounts) {
        for (invariant, count) in other.counts { counts[invariant, default: 0] += count }
    }
}

/// The toy rules count nothing of their own: no coverage floors, days of 86,400 seconds.
struct ToyRunCounts: RuleRunCounts {
    mutating func add(_ other: ToyRunCounts) {}
    func floorsReached(users: Int, years: Int) -> Bool { true }
    static func userYears(milliseconds: Int64) -> Double { Double(milliseconds) / (365 * 86_400_000) }
}

/// One job of a toy campaign.
struct ToyWorker<Implementation: ToyImplementation>: CampaignWorking {
    typealias Rules = ToyRules
    let users: ToyUsers
    let seed: UInt64
    let make: @Sendable () -> Implementation
    let buffer = GrowableBuffer<ToyEvent>(capacity: 64)
    var deterministicChecks = 0

    mutating func draw(user: Int) -> (zone: TimeZoneRules, persona: Persona) {
        (users.draw(seed: seed, user: user, into: buffer), Persona.allCases[0])
    }
    var span: (events: Int, first: Instant, last: Instant) {
        (buffer.count, buffer.events[0].at, buffer.events[buffer.count - 1].at)
    }
    mutating func check(zone: TimeZoneRules) -> (violation: Violation<ToyInvariant>?, digest: OutputDigest) {
        var check = ToyCheck(make)
        var digest = OutputDigest()
        var implementation = make()
        for event in buffer.events where event.brews { digest.add(implementation.brew(at: event.at) ? 1 : 2) }
        return (check.firstViolation(zone: zone, events: buffer.events), digest)
    }
    mutating func countPastFailure(from index: Int, zone: TimeZoneRules) {}
    mutating func regenerate(user: Int, zone: TimeZoneRules, digest: OutputDigest) -> Violation<ToyInvariant>? {
        deterministicChecks += 1
        let again = users.makeBuffer()
        let zoneAgain = users.draw(seed: seed, user: user, into: again)
        let first = DeterminismCheck<ToyRules>.Sample(zone: zone, events: buffer.array, digest: digest)
        return DeterminismCheck<ToyRules>.compare(first, .init(zone: zoneAgain, events: again.array, digest: digest), user: user)
    }
    func finish(_ result: inout RunResult<ToyRules>) { result.checks[.deterministic] += deterministicChecks }
}

/// The rules as written: three a UTC day.
struct DailyToy: ToyImplementation {
    typealias Rules = ToyRules
    var limit = 3
    private var day: Int64 = .min, count = 0
    init() {}
    init(limit: Int) { self.limit = limit }
    mutating func brew(at: Instant) -> Bool {
        let today = at.millisecondsSince1970 / Milliseconds.twentyFourHours
        if today != day { (day, count) = (today, 0) }
        guard count < limit else { return false }
        count += 1
        return true
    }
}

/// The classic mistake: three in any 24 hours.
struct RollingToy: ToyImplementation {
    typealias Rules = ToyRules
    private var allowed: [Instant] = []
    mutating func brew(at: Instant) -> Bool {
        allowed.removeAll { $0.milliseconds(to: at) >= Milliseconds.twentyFourHours }
        guard allowed.count < 3 else { return false }
        allowed.append(at)
        return true
    }
}

/// The invariants, computed from the trace (each brew and whether it was allowed), never
/// from the implementation's state.
struct ToyCheck<Implementation: ToyImplementation>: TimelineChecking {
    typealias Rules = ToyRules
    let make: () -> Implementation

    init(_ make: @escaping () -> Implementation) { self.make = make }

    mutating func firstViolation(zone: TimeZoneRules, events: UnsafeBufferPointer<ToyEvent>) -> Violation<ToyInvariant>? {
        var implementation = make()
        var allowedByDay: [Int64: Int] = [:]
        for (index, event) in events.enumerated() where event.brews {
            let day = event.at.millisecondsSince1970 / Milliseconds.twentyFourHours
            let before = allowedByDay[day, default: 0]
            if implementation.brew(at: event.at) {
                allowedByDay[day] = before + 1
                if before >= 3 { return Violation(invariant: .limitRespected, eventIndex: index, detail: "brew \(before + 1) of the day allowed") }
            } else if before < 3 {
                return Violation(invariant: .noOverBlocking, eventIndex: index, detail: "blocked after \(before) brews of the day")
            }
        }
        return nil
    }

    mutating func firstViolation(_ timeline: ToyTimeline) -> Violation<ToyInvariant>? {
        timeline.events.withUnsafeBufferPointer { firstViolation(zone: timeline.zone, events: $0) }
    }
}

/// Users who install, then brew in bursts over a few days.
struct ToyUsers: UserGenerating, Sendable {
    typealias Rules = ToyRules

    func makeBuffer() -> GrowableBuffer<ToyEvent> { GrowableBuffer<ToyEvent>(capacity: 64) }

    func draw(seed: UInt64, user: Int, into buffer: GrowableBuffer<ToyEvent>) -> TimeZoneRules {
        buffer.removeAll()
        var random = SeededRandom(seed: seed, stream: UInt64(user))
        var at = Instant(millisecondsSince1970: random.int64(in: 0...4_000_000_000_000))
        buffer.append(ToyEvent(at: at, brews: false))
        for _ in 0..<(5 + random.below(40)) {
            at = at.adding(milliseconds: random.below(3) == 0 ? random.int64(in: 1...Milliseconds.twentyFourHours) : random.int64(in: 1...Milliseconds.hour))
            buffer.append(ToyEvent(at: at, brews: true))
        }
        return TimeZoneRules.named("UTC")!
    }

    func timeline(zone: TimeZoneRules, events: [ToyEvent]) -> ToyTimeline { ToyTimeline(zone: zone, events: events) }

    func generatedUser(seed: UInt64, user: Int) -> (persona: Persona, timeline: ToyTimeline) {
        let buffer = makeBuffer()
        let zone = draw(seed: seed, user: user, into: buffer)
        return (Persona.allCases[0], timeline(zone: zone, events: buffer.array))
    }
}

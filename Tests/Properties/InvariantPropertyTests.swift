import Foundation
import Simulator
import SubscriptionModel
import Testing

/// The reference engine passes every policy invariant: on the example timelines of
/// `Tests/Scenarios/Examples/policies/`, and on random valid timelines of each shipped
/// policy from a small generator private to this file (the simulator's own generator
/// is tested elsewhere). Two oracles written apart agree, so a failure here is a bug in
/// one of them.
@Suite("The reference engine passes every policy invariant")
struct InvariantPropertyTests {
    @Test("every example policy timeline passes, and an app written apart passes it beside the reference")
    func examples() throws {
        let files = InvariantExamples.files
        #expect(files.count >= 15)
        for file in files {
            let timeline = try TimelineReader().read(path: file.path)
            var check = TimelineCheck(policy: timeline.policy) { ReferenceImplementation() }
            let verdict = check.check(timeline)
            #expect(verdict.violation == nil, "\(file.lastPathComponent): \(verdict.violation.map { "\($0)" } ?? "")")
            // Every event was checked by the trace invariants.
            #expect(check.checker.checks[.planInForce] == timeline.events.count)
            // The mutants' straightforward app (written from the rules, its own screens)
            // passes too, and matches the reference at every event: a comparison between
            // two implementations written apart, where the reference beside itself could
            // not differ.
            var app = TimelineCheck(policy: timeline.policy, comparingWithReference: true) { StraightforwardApp(policy: timeline.policy) }
            let appVerdict = app.check(timeline)
            #expect(appVerdict.violation == nil, "\(file.lastPathComponent), the straightforward app: \(appVerdict.violation.map { "\($0)" } ?? "")")
            #expect(app.checker.checks[.matchesReference] == timeline.events.count)
            #expect(appVerdict.digest == verdict.digest, "\(file.lastPathComponent): the app's outputs fold to another digest")
        }
    }

    /// How many random users per shipped policy, and the seed: fixed so `swift test` is
    /// repeatable, changed through the environment to hunt further.
    static let users = ProcessInfo.processInfo.environment["POLICY_INVARIANT_USERS"].flatMap(Int.init) ?? 300
    static let seed = ProcessInfo.processInfo.environment["POLICY_INVARIANT_SEED"].flatMap(UInt64.init) ?? 20_260_414

    @Test("random timelines of every shipped policy pass", arguments: SubscriptionPolicy.shippedNames)
    func randomTimelines(_ name: String) {
        let policy = SubscriptionPolicy.named(name)!
        var check = TimelineCheck(policy: policy) { ReferenceImplementation() }
        var events = 0, blocked = 0, lockstep = 0
        var reasons = Set<BlockReason>()
        for user in 0..<Self.users {
            var generator = InvariantTimelines(policy: policy, seed: Self.seed, user: user)
            let timeline = generator.timeline()
            let verdict = check.check(timeline)
            if let violation = verdict.violation {
                Issue.record("\(name), seed \(Self.seed), user \(user): \(violation)\nreproduce with: POLICY_INVARIANT_SEED=\(Self.seed) swift test --filter InvariantPropertyTests; the timeline:\n\(InvariantTimelines.text(timeline))")
                return
            }
            events += timeline.events.count
            if timeline.events.contains(where: { $0.action == .look || $0.action == .reinstall }) { lockstep += 1 }
            for output in SubscriptionMachine(policy: policy).replay(zone: timeline.zone, events: timeline.events) where output.outcome == .blocked {
                blocked += 1
                reasons.insert(output.reason!)
            }
        }
        // The timelines reach what the invariants are about: blocked uses, every reason
        // the policy can give, the shadow.
        #expect(check.checker.checks[.planInForce] == events)
        #expect(blocked > Self.users)
        let possible = Set([nil] + policy.plans.indices.map { Optional($0) }).reduce(into: Set<BlockReason>()) { $0.formUnion(policy.reasonsThatCanOccur(under: $1)) }
        #expect(reasons == possible, "\(name): reasons \(reasons)")
        #expect(check.checker.checks[.lookAndReinstallChangeNothing] == lockstep && lockstep > Self.users / 2)
    }

    @Test("a second check over the same users, in the other order, gives the same digests")
    func digestsRepeat() {
        let policy = SubscriptionPolicy.faceRecall
        let users = 0..<20
        let timelines = users.map { user in
            var generator = InvariantTimelines(policy: policy, seed: Self.seed, user: user)
            return generator.timeline()
        }
        // One check instance per pass, reused from user to user as a worker's is: the
        // second pass meets each user after different ones, so anything a check carried
        // from one user to the next would move a digest.
        var first = TimelineCheck(policy: policy) { ReferenceImplementation() }
        var second = TimelineCheck(policy: policy) { ReferenceImplementation() }
        let forward = users.map { first.check(timelines[$0]).digest }
        let backward = Array(users.reversed().map { second.check(timelines[$0]).digest }.reversed())
        for user in users {
            let sample = { (digest: OutputDigest) in
                DeterminismCheck<PolicyRules>.Sample(zone: timelines[user].zone, events: timelines[user].events, digest: digest)
            }
            #expect(DeterminismCheck<PolicyRules>.compare(sample(forward[user]), sample(backward[user]), user: user) == nil)
        }
        #expect(Set(forward).count == users.count, "twenty users, twenty different digests")
    }
}

/// A small generator of random valid policy timelines for the property test above: one
/// install, then uses (heavily, to reach limits), looks, reinstalls, sign-ins, zone
/// changes and entitlement reports, a few minutes to a few days apart, some jumping
/// close to a midnight; installs on both sides of face-recall's cut-off and a few in
/// far years (after 2038-01-19). Seeded per user, so a failure names its reproduction.
struct InvariantTimelines {
    let policy: SubscriptionPolicy
    var random: SeededRandom

    /// Zones east and west, a half-hour DST (Lord Howe), and DST changes at midnight
    /// (Santiago, Havana, Beirut), where a local date is skipped or repeated.
    static let zones = ["UTC", "Europe/London", "Asia/Tokyo", "America/Los_Angeles", "Pacific/Honolulu", "Australia/Lord_Howe",
                        "Pacific/Kiritimati", "America/Santiago", "America/Havana", "Asia/Beirut"].map { name in
        guard let zone = TimeZoneRules.named(name) else { fatalError("unknown zone \(name)") }
        return zone
    }

    init(policy: SubscriptionPolicy, seed: UInt64, user: Int) {
        self.policy = policy
        self.random = SeededRandom(seed: seed, stream: UInt64(user))
    }

    mutating func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }

    mutating func timeline() -> Timeline {
        let zone = Self.zones[below(Self.zones.count)]
        let years: [Int64] = [2026, 2026, 2026, 2026, 2039, 2070]
        let year = years[below(years.count)]
        // Around 2026-02-01 to 2026-04-01 (face-recall's cut-off is 2026-03-01), or a far year.
        let base: Int64 = year == 2026 ? 1_769_904_000_000 : (year - 1970) * 31_556_952_000
        var at = base + Int64(below(59 * 24)) * Milliseconds.hour + Int64(below(60)) * Milliseconds.minute
        var events = [Event(at: Instant(millisecondsSince1970: at), .install)]
        let count = 20 + below(120)
        for _ in 0..<count {
            switch below(10) {
            case 0: at += Int64(below(4 * 24)) * Milliseconds.hour // a few days
            case 1:
                // Close to the next UTC midnight (give or take 30 minutes), never before the
                // event before: a timeline's instants never go back (a clock that does is the
                // zone's, which `setZone` moves).
                let day = Milliseconds.twentyFourHours
                at = max(at, (at / day + 1) * day - 30 * Milliseconds.minute + Int64(below(60)) * Milliseconds.minute)
            default: at += Int64(1 + below(90)) * Milliseconds.minute
            }
            if below(15) == 0 {
                // A burst of one feature, a minute apart: heavy users reach every window's limit.
                let feature = below(policy.features.count)
                for _ in 0..<(10 + below(50)) {
                    at += Milliseconds.minute
                    events.append(Event(at: Instant(millisecondsSince1970: at), .use(feature: feature, day: diaryDay(feature, at: at))))
                }
                continue
            }
            events.append(Event(at: Instant(millisecondsSince1970: at), action(at: at)))
        }
        return Timeline(policy: policy, zone: zone, events: events)
    }

    mutating func action(at: Int64) -> Event.Action {
        let roll = below(100)
        switch roll {
        case 0..<4: return .look
        case 4..<6: return .reinstall
        case 6..<8: return .signIn
        case 8..<11: return .setZone(Self.zones[below(Self.zones.count)])
        case 11..<16:
            guard !policy.products.isEmpty, below(3) > 0 else { return .setEntitlement(nil) }
            let expires = below(2) == 0 ? nil : Instant(millisecondsSince1970: at + Int64(below(40 * 24)) * Milliseconds.hour)
            return .setEntitlement(Entitlement(product: below(policy.products.count), expires: expires, renews: below(3) > 0))
        default:
            let feature = below(policy.features.count)
            return .use(feature: feature, day: diaryDay(feature, at: at))
        }
    }

    /// For a history feature, a diary day from five days before the UTC date to one after.
    mutating func diaryDay(_ feature: Int, at: Int64) -> LocalDate? {
        guard policy.features[feature].hasHistory else { return nil }
        return LocalDate(daysSince1970: Int32(at / Milliseconds.twentyFourHours) - Int32(below(7)) + 1)
    }

    /// The timeline as one line per event, for a failure's message.
    static func text(_ timeline: Timeline) -> String {
        timeline.events.enumerated().map { index, event in
            var line = "\(index) \(event.at) \(event.action.name)"
            switch event.action {
            case .use(let feature, let day): line += " \(timeline.policy.features[feature].id)\(day.map { " day \($0)" } ?? "")"
            case .setZone(let zone): line += " \(zone.identifier)"
            case .setEntitlement(let entitlement):
                line += entitlement.map { " \(timeline.policy.products[$0.product].id) expires \($0.expires.map { "\($0)" } ?? "null") renews \($0.renews)" } ?? " null"
            default: break
            }
            return line
        }.joined(separator: "\n") + "\nstarting zone \(timeline.zone.identifier)"
    }
}

import Foundation
import Simulator
import SubscriptionModel
import Testing

/// Every generated timeline is one the generic contract accepts: valid, within the
/// dates it can write, naming only what the policy has, replayable by the engine, and
/// written and read back to an equal timeline.
@Suite("Policy generator: validity")
struct GenerationValidityTests {
    static let lastDay = TimelineReader.dayRange.upperBound

    @Test("timelines are valid, within 1970–2099, and name only the policy's features and products", arguments: GenerationSettings.builtInNames)
    func valid(name: String) {
        let policy = GenerationSettings.policy(name)
        let years = GenerationSettings.validityYears
        let generator = GenerationSettings.generator(policy, years: years)
        let buffer = EventBuffer()
        var failures = 0
        for user in 0..<GenerationSettings.users where failures < 3 {
            let drawn = generator.generate(seed: GenerationSettings.seed, user: user, into: buffer)
            let timeline = Timeline(policy: policy, zone: drawn.zone, events: buffer.array)
            let problem = Self.problem(in: timeline)
            #expect(problem == nil, "\(problem ?? ""): \(GenerationSettings.reproduce(policy, user: user, years: years))")
            if problem != nil { failures += 1 }
        }
    }

    /// The first way `timeline` breaks the contract, or nil.
    static func problem(in timeline: Timeline) -> String? {
        let policy = timeline.policy
        guard timeline.isValid else { return "not a valid timeline (install first and once, instants in order)" }
        // The shrinker keeps to what the generator draws: the rule must hold for every generated user.
        guard timeline.isRealistic else {
            return timeline.appLifeFault ?? timeline.unmatchedRefund.map { "event \($0): a refund of a credit pack with no purchase of it left to refund" }
                ?? "an entitlement StoreKit does not report (an auto-renewable without expiry, a lifetime purchase with one)"
        }
        for (index, event) in timeline.events.enumerated() {
            guard event.at >= TimelineGenerator.earliest, event.at < TimelineGenerator.latest else { return "event \(index) at \(event.at)" }
            switch event.action {
            case .use(let feature, let day):
                guard policy.features.indices.contains(feature) else { return "event \(index): feature \(feature)" }
                guard (day != nil) == policy.features[feature].hasHistory else { return "event \(index): a day on a feature without history, or none on one with" }
                if let day, !TimelineReader.dayRange.contains(day) { return "event \(index): day \(day)" }
            case .setEntitlement(let entitlement?):
                guard policy.products.indices.contains(entitlement.product) else { return "event \(index): product \(entitlement.product)" }
                if let expires = entitlement.expires, expires > TimelineGenerator.latestExpiry { return "event \(index): expires \(expires)" }
            case .purchase(let pack), .refund(let pack):
                guard policy.creditPacks.indices.contains(pack) else { return "event \(index): credit pack \(pack)" }
            default:
                break
            }
        }
        return nil
    }

    @Test("timelines pass every invariant through the engine, and round-trip through the contract's text", arguments: GenerationSettings.builtInNames)
    func replayAndRoundTrip(name: String) throws {
        let policy = GenerationSettings.policy(name)
        let generator = GenerationSettings.generator(policy)
        var check = TimelineCheck(policy: policy) { ReferenceImplementation() }
        for user in 0..<GenerationSettings.replayedUsers {
            let timeline = generator.user(seed: GenerationSettings.seed, user: user).timeline
            let violation = check.check(timeline).violation
            #expect(violation == nil, "\(violation.map { "\($0)" } ?? ""); \(GenerationSettings.reproduce(policy, user: user))")
            guard user < GenerationSettings.roundTripUsers else { continue }
            let text = TimelineWriter().text(timeline)
            let read = try TimelineReader().read(data: Data(text.utf8))
            #expect(read == timeline, "\(GenerationSettings.reproduce(policy, user: user))")
            if read != timeline { return }
        }
    }

    @Test("the years span 1970 to 2099: instants before 1980, after 2038-01-19T03:14:07Z, in 1970 and in 2099 occur")
    func years() {
        var before1980 = 0, after2038 = 0, in1970 = 0, in2099 = 0
        let y2038 = Instant(secondsSince1970: Int64(Int32.max))
        let y1980 = Instant(millisecondsSince1970: Int64(LocalDate.days(year: 1980, month: 1, day: 1)) * Milliseconds.twentyFourHours)
        let y1971 = Instant(millisecondsSince1970: Int64(LocalDate.days(year: 1971, month: 1, day: 1)) * Milliseconds.twentyFourHours)
        let y2099 = Instant(millisecondsSince1970: Int64(LocalDate.days(year: 2099, month: 1, day: 1)) * Milliseconds.twentyFourHours)
        let generator = GenerationSettings.generator(.dailyQuip)
        let buffer = EventBuffer()
        let users = 1_000
        for user in 0..<users {
            _ = generator.generate(seed: GenerationSettings.seed, user: user, into: buffer)
            let first = buffer.events[0].at, last = buffer.events[buffer.count - 1].at
            if first < y1980 { before1980 += 1 }
            if last > y2038 { after2038 += 1 }
            if first < y1971 { in1970 += 1 }
            if last >= y2099 { in2099 += 1 }
        }
        // Uniform placement over 130 years gives about 8 % before 1980 and 48 % after 2038;
        // 2 % each start in the first days of 1970 or end in the last days of 2099.
        #expect(before1980 > users / 25, "seed \(GenerationSettings.seed), \(users) users of daily-quip")
        #expect(after2038 > users / 3)
        #expect(in1970 > users / 100)
        #expect(in2099 > users / 100)
    }

    @Test("an instant is written in the device's offset unless its local year would leave 1970–2099")
    func writtenInstants() throws {
        let newYork = TimeZoneRules.named("America/New_York")!, kiritimati = TimeZoneRules.named("Pacific/Kiritimati")!
        // 02:00 UTC on 1 January 1970 is 21:00 on 31 December 1969 in New York: written in UTC.
        #expect(TimelineWriter.instant(Instant(millisecondsSince1970: 2 * Milliseconds.hour), in: newYork) == "1970-01-01T02:00:00Z")
        #expect(TimelineWriter.instant(Instant(millisecondsSince1970: 6 * Milliseconds.hour), in: newYork) == "1970-01-01T01:00:00-05:00")
        // 12:00 UTC on 31 December 2099 is 02:00 on 1 January 2100 in Kiritimati (UTC+14).
        let late = Instant(millisecondsSince1970: Int64(LocalDate.days(year: 2099, month: 12, day: 31)) * Milliseconds.twentyFourHours + 12 * Milliseconds.hour)
        #expect(TimelineWriter.instant(late, in: kiritimati) == "2099-12-31T12:00:00Z")
        let timeline = Timeline(policy: .oxalate, zone: newYork, events: [
            Event(at: Instant(millisecondsSince1970: 1), .install),
            Event(at: Instant(millisecondsSince1970: 2), .use(feature: SubscriptionPolicy.oxalate.featureIndex("track-meal")!, day: LocalDate(year: 1970, month: 1, day: 1))),
            Event(at: Instant(millisecondsSince1970: 3), .setEntitlement(Entitlement(product: 1, expires: late, renews: false))),
            Event(at: late, .setZone(kiritimati)),
            Event(at: late, .setEntitlement(nil)),
        ])
        let text = TimelineWriter().text(timeline, about: "written at the ends of the years")
        #expect(text.contains("\"policy\": \"oxalate\""))
        #expect(try TimelineReader().read(data: Data(text.utf8)) == timeline)
        #expect(TimelineWriter(policyReference: "rules/oxalate-copy.json").text(timeline).contains("\"policy\": \"rules/oxalate-copy.json\""))
    }
}

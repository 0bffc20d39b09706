import Foundation
import Simulator
import SubscriptionModel
import Testing

/// Generated timelines are valid, and survive the JSON format unchanged.
@Suite("Generated timelines and the file format")
struct RoundTripTests {
    static let sample = 400

    @Test("every generated timeline is valid, within 1970–2099, and round-trips through JSON")
    func roundTrip() throws {
        let generator = FlagshipTimelineGenerator(maxYears: PropertySettings.years)
        for user in 0..<Self.sample {
            let timeline = generator.user(seed: PropertySettings.seed, user: user).timeline
            #expect(timeline.isValid, "\(PropertySettings.reproduce(user: user))")
            #expect(timeline.events.first!.at >= FlagshipTimelineGenerator.earliest && timeline.events.last!.at < FlagshipTimelineGenerator.latest)
            let text = FlagshipTimelineWriter().text(timeline)
            let read = try FlagshipTimelineReader().read(data: Data(text.utf8))
            #expect(read == timeline, "\(PropertySettings.reproduce(user: user))")
        }
    }

    @Test("captures come in every kind, about a third each, and every action appears")
    func actionMix() {
        let generator = FlagshipTimelineGenerator(maxYears: PropertySettings.years)
        var kinds: [CaptureKind: Int] = [:]
        var actions: Set<String> = []
        for user in 0..<Self.sample {
            for event in generator.user(seed: PropertySettings.seed, user: user).timeline.events {
                actions.insert(event.action.name)
                if case .capture(let kind) = event.action { kinds[kind, default: 0] += 1 }
            }
        }
        let captures = kinds.values.reduce(0, +)
        #expect(actions == ["install", "capture", "set-entitlement", "set-zone", "reinstall", "look"], "seed \(PropertySettings.seed)")
        for kind in CaptureKind.allCases {
            let share = Double(kinds[kind] ?? 0) / Double(max(captures, 1))
            #expect(share > 0.30 && share < 0.37, "\(kind): \(kinds[kind] ?? 0) of \(captures) captures, seed \(PropertySettings.seed)")
        }
    }

    @Test("a timeline's first and last instants are written in a year a reader accepts: in UTC where the zone's offset would write 1969 or 2100")
    func writtenYears() throws {
        let newYork = try #require(TimeZoneRules.named("America/New_York")), tokyo = try #require(TimeZoneRules.named("Asia/Tokyo"))
        let first = Instant(millisecondsSince1970: 3 * Milliseconds.hour), last = Instant(millisecondsSince1970: 4_102_444_799_000 - 3 * Milliseconds.hour)
        let timeline = FlagshipTimeline(zone: newYork, events: [FlagshipEvent(at: first, .install), FlagshipEvent(at: first, .capture(.meal)),
                                                        FlagshipEvent(at: last, .setZone(tokyo)), FlagshipEvent(at: last, .capture(.meal))])
        let text = FlagshipTimelineWriter().text(timeline)
        #expect(text.contains("\"1970-01-01T03:00:00Z\"") && text.contains("\"2099-12-31T20:59:59Z\""), "\(text)")
        #expect(try FlagshipTimelineReader().read(data: Data(text.utf8)) == timeline)
        #expect(TimelineWriter.writtenOffsetSeconds(Instant(millisecondsSince1970: 6 * Milliseconds.hour), in: newYork) == -5 * 3600, "1970-01-01T01:00:00-05:00")
        // Instants a timeline can hold though they are in 1969 or 2100 in UTC: the nearest offset that writes them in 1970-2099.
        let kiritimati = try #require(TimeZoneRules.named("Pacific/Kiritimati"))
        for (read, zone, written) in [("1970-01-01T00:00:00+14:00", kiritimati, "1970-01-01T00:00:00+14:00"),
                                      ("1970-01-01T00:00:00+23:59", newYork, "1970-01-01T00:00:00+23:59"),
                                      ("1970-01-01T09:30:00+10:00", newYork, "1970-01-01T00:00:00+00:30"),
                                      ("2099-12-31T23:59:59-23:59", tokyo, "2099-12-31T23:59:59-23:59"),
                                      ("2099-12-31T23:00:00-01:00", kiritimati, "2099-12-31T23:59:00-00:01")] {
            guard case .success(let instant) = InstantParser.parse(read) else { Issue.record("\(read) does not parse"); continue }
            let edge = FlagshipTimeline(zone: zone, events: [FlagshipEvent(at: instant, .install)])
            let text = FlagshipTimelineWriter().text(edge)
            #expect(try FlagshipTimelineReader().read(data: Data(text.utf8)) == edge, "\(read) in \(zone.identifier): \(text)")
            #expect(text.contains("\"\(written)\""), "the nearest offset: \(read) in \(zone.identifier): \(text)")
        }
    }

    @Test("instants print and parse back exactly, in any whole-minute offset")
    func instantText() {
        var random = SeededRandom(seed: PropertySettings.seed)
        for _ in 0..<5_000 {
            let instant = Instant(millisecondsSince1970: random.int64(in: 0...4_102_444_799_999))
            let offset = random.int(in: -23 * 60...23 * 60) * 60
            let text = InstantText.format(instant, offsetSeconds: offset)
            #expect(InstantParser.parse(text) == .success(instant), "\(text)")
        }
    }
}

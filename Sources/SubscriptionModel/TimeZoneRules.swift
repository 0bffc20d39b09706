import Foundation
import Synchronization

/// One time zone's UTC offsets as a table of changes, built once from Foundation.
///
/// U2 defines the local date as the calendar date in the device's zone "as Foundation's
/// `TimeZone` reports it". Asking `Calendar` at every event costs about a microsecond;
/// this table answers the same question with a binary search and integer arithmetic,
/// so the model's step makes no Foundation call and no allocation. The table is read
/// from Foundation itself (every transition `nextDaylightSavingTimeTransition(after:)`
/// reports, which on every platform we ship includes non-DST offset changes such as
/// Asia/Kathmandu 1986 or Pacific/Apia 2011), so it cannot disagree with Foundation's
/// data; `Tests/Properties` checks it against `Calendar` in every zone at every
/// transition ±1 s.
///
/// The local date is taken from the instant's own wall-clock reading (UTC plus the
/// offset in force), never from "start of day + 24 h", so days of 23, 25 or 0 hours
/// (Pacific/Apia 2011-12-30), midnights that do not exist or happen twice, and dates
/// that go backward all come out as Foundation's calendar has them.
public final class TimeZoneRules: Hashable, Sendable, CustomStringConvertible {
    /// The identifier the zone was created with, as written in a timeline.
    public let identifier: String
    /// Instants (ms since 1970) at which `offsets[i + 1]` takes over; ascending.
    @usableFromInline let transitions: [Int64]
    /// Offsets from UTC in milliseconds; `offsets[0]` is in force before the first transition.
    @usableFromInline let offsets: [Int64]

    /// The first and last instants the table is built for; lookups outside clamp to
    /// the nearest offset, which covers everything the timeline format can express.
    public static let coveredYears = 1900...2110

    /// Builds a table from explicit transitions (used by tests and by zones made up
    /// for experiments). `offsets` has one more element than `transitions`.
    public init(identifier: String, transitions: [Int64], offsets: [Int64]) {
        precondition(offsets.count == transitions.count + 1, "one offset more than transitions")
        self.identifier = identifier
        self.transitions = transitions
        self.offsets = offsets
    }

    /// The rules of a zone Foundation's `TimeZone(identifier:)` accepts, or nil.
    ///
    /// Tables are built once per identifier and shared by every thread.
    public static func named(_ identifier: String) -> TimeZoneRules? {
        if let cached = cache.withLock({ $0[identifier] }) { return cached }
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        let built = TimeZoneRules(identifier: identifier, foundationZone: zone)
        return cache.withLock { table in
            if let raced = table[identifier] { return raced }
            table[identifier] = built
            return built
        }
    }

    private static let cache = Mutex<[String: TimeZoneRules]>([:])

    private convenience init(identifier: String, foundationZone zone: TimeZone) {
        let start = Date(timeIntervalSince1970: Double(LocalDate.days(year: Self.coveredYears.lowerBound, month: 1, day: 1)) * 86_400)
        let end = Double(LocalDate.days(year: Self.coveredYears.upperBound, month: 1, day: 1)) * 86_400
        var transitions: [Int64] = []
        var offsets: [Int64] = [Int64(zone.secondsFromGMT(for: start)) * Milliseconds.second]
        var cursor = start
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next.timeIntervalSince1970 < end, next > cursor {
            let offset = Int64(zone.secondsFromGMT(for: next)) * Milliseconds.second
            if offset != offsets[offsets.count - 1] {
                transitions.append(Int64((next.timeIntervalSince1970 * 1000).rounded()))
                offsets.append(offset)
            }
            cursor = next
        }
        self.init(identifier: identifier, transitions: transitions, offsets: offsets)
    }

    /// The offset from UTC, in milliseconds, in force at `instant`.
    @inlinable
    public func offsetMilliseconds(at instant: Instant) -> Int64 {
        offsets[index(at: instant.millisecondsSince1970)]
    }

    /// The local calendar date at `instant` (U2).
    @inlinable
    public func localDate(at instant: Instant) -> LocalDate {
        LocalDate(localMilliseconds: instant.millisecondsSince1970 + offsetMilliseconds(at: instant))
    }

    /// The index into `offsets` in force at `ms`: the number of transitions at or before it.
    @inlinable
    func index(at ms: Int64) -> Int {
        var low = 0, high = transitions.count
        while low < high {
            let mid = (low &+ high) >> 1
            if transitions[mid] <= ms { low = mid &+ 1 } else { high = mid }
        }
        return low
    }

    /// The first offset change strictly after `instant`, with the offsets around it.
    public func nextChange(after instant: Instant) -> (at: Instant, before: Int64, after: Int64)? {
        let i = index(at: instant.millisecondsSince1970)
        guard i < transitions.count else { return nil }
        return (Instant(millisecondsSince1970: transitions[i]), offsets[i], offsets[i + 1])
    }

    /// The instant of the first local midnight after `instant`, or the instant the
    /// local date next advances when that midnight does not exist (a DST change at
    /// 00:00 or a skipped day). Found from the table, so it is exact.
    public func nextDateStart(after instant: Instant) -> Instant {
        let today = localDate(at: instant)
        // The wall clock reaches the next date at `dayEnd - offset` unless the offset
        // changes first; step across changes until the date has advanced.
        var candidate = instant
        for _ in 0..<8 {
            let offset = offsetMilliseconds(at: candidate)
            let dayEnd = (Int64(localDate(at: candidate).daysSince1970) + 1) * Milliseconds.twentyFourHours
            var next = Instant(millisecondsSince1970: dayEnd - offset)
            if let change = nextChange(after: candidate), change.at < next { next = change.at }
            if localDate(at: next) > today { return next }
            candidate = next
        }
        return candidate
    }

    /// Every offset change, as (instant, offset before, offset after) in milliseconds.
    public var changes: [(at: Instant, before: Int64, after: Int64)] {
        transitions.indices.map { (Instant(millisecondsSince1970: transitions[$0]), offsets[$0], offsets[$0 + 1]) }
    }

    /// Whether the zone's offset ever changes within the table.
    public var hasTransitions: Bool { !transitions.isEmpty }

    /// Zones are equal when their identifiers are.
    public static func == (lhs: TimeZoneRules, rhs: TimeZoneRules) -> Bool {
        lhs === rhs || lhs.identifier == rhs.identifier
    }

    /// Hashes the identifier.
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

    /// The identifier.
    public var description: String { identifier }
}

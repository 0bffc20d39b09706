import Foundation
import Synchronization

/// One zone's table of offset changes; owned for the life of the process by
/// `everyTable`, so `TimeZoneRules` can point at it without reference counting.
public final class ZoneTable: Sendable {
    /// The identifier the zone was created with.
    public let identifier: String
    /// The identifier's `FNV1a` hash, worked out once: a digest of outputs folds a zone in
    /// at every change of zone, and walking the name each time cost about 20 instructions
    /// an event.
    @usableFromInline package let identifierHash: UInt64
    /// Instants (ms since 1970) at which `offsets[i + 1]` takes over; ascending.
    @usableFromInline let transitions: [Int64]
    /// Offsets from UTC in milliseconds; `offsets[0]` is in force before the first transition.
    @usableFromInline let offsets: [Int64]
    /// For each span of `2^bucketShift` ms (about 397 days) from `bucketOrigin`, the
    /// number of transitions before the span: a lookup starts there and steps over the
    /// few transitions inside the span, instead of a binary search over all of them.
    @usableFromInline let buckets: [Int32]
    @usableFromInline static var bucketShift: Int64 { 35 }
    /// 1900-01-01T00:00:00Z in ms (the start of `coveredYears`), a literal so the hot
    /// path reads a constant rather than a lazily initialised global.
    @usableFromInline static var bucketOrigin: Int64 { -2_208_988_800_000 }

    static let coveredYears = 1900...2110

    init(identifier: String, transitions: [Int64], offsets: [Int64]) {
        precondition(offsets.count == transitions.count + 1, "one offset more than transitions")
        self.identifier = identifier
        self.identifierHash = FNV1a.hash(identifier)
        self.transitions = transitions
        self.offsets = offsets
        let end = Int64(LocalDate.days(year: Self.coveredYears.upperBound + 1, month: 1, day: 1)) * 86_400_000
        let count = Int((end - Self.bucketOrigin) >> Self.bucketShift) + 1
        var buckets = [Int32](repeating: 0, count: count)
        var passed = 0
        for bucket in 0..<count {
            let start = Self.bucketOrigin + Int64(bucket) << Self.bucketShift
            while passed < transitions.count, transitions[passed] < start { passed += 1 }
            buckets[bucket] = Int32(passed)
        }
        self.buckets = buckets
    }

    /// Every table made, by identifier; never emptied.
    private static let everyTable = Mutex<[String: ZoneTable]>([:])
    /// Tables made from explicit transitions; never emptied.
    private static let madeUp = Mutex<[ZoneTable]>([])

    /// A table and a shift: what a shifted table is made from.
    private struct ShiftKey: Hashable {
        let table: ObjectIdentifier
        let shift: Int64
    }

    /// A shifted table with its shift: what `lastShifted` points at.
    private final class ShiftedTable: Sendable {
        let shift: Int64
        let table: ZoneTable
        init(shift: Int64, table: ZoneTable) {
            self.shift = shift
            self.table = table
        }
    }

    /// Tables of zones shifted for a day start, by the table shifted and the shift (two
    /// made-up zones of one name are two tables); never emptied, so `lastShifted` may
    /// point at one without retaining it.
    private static let shiftedTables = Mutex<[ShiftKey: ShiftedTable]>([:])

    /// The address of the `ShiftedTable` this table was last shifted to, 0 for none: a
    /// policy has one day start, so most lookups are one atomic load, with no lock and no
    /// contention between threads.
    private let lastShifted = Atomic<Int>(0)

    /// `table`'s zone with every offset less `shift` ms (`TimeZoneRules.dayStarting`),
    /// named `IDENTIFIER@HH:MM`.
    static func shifted(_ table: ZoneTable, by shift: Int64) -> ZoneTable {
        if let pointer = UnsafeRawPointer(bitPattern: table.lastShifted.load(ordering: .acquiring)) {
            let last = Unmanaged<ShiftedTable>.fromOpaque(pointer).takeUnretainedValue()
            if last.shift == shift { return last.table }
        }
        let key = ShiftKey(table: ObjectIdentifier(table), shift: shift)
        let found = shiftedTables.withLock { tables in
            if let made = tables[key] { return made }
            let identifier = table.identifier + "@" + DayStartText.text(minutes: Int(shift / Milliseconds.minute))
            let made = ShiftedTable(shift: shift, table: ZoneTable(identifier: identifier, transitions: table.transitions,
                                                                   offsets: table.offsets.map { $0 - shift }))
            tables[key] = made
            return made
        }
        table.lastShifted.store(Int(bitPattern: Unmanaged.passUnretained(found).toOpaque()), ordering: .releasing)
        return found.table
    }

    static func keep(_ table: ZoneTable) -> ZoneTable {
        madeUp.withLock { $0.append(table) }
        return table
    }

    static func named(_ identifier: String) -> ZoneTable? {
        if let cached = everyTable.withLock({ $0[identifier] }) { return cached }
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        let built = ZoneTable(identifier: identifier, foundationZone: zone)
        return everyTable.withLock { table in
            if let raced = table[identifier] { return raced }
            table[identifier] = built
            return built
        }
    }

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

    /// The offset in force at `ms`.
    @inlinable
    func offset(at ms: Int64) -> Int64 {
        offsets[index(at: ms)]
    }

    /// The index into `offsets` in force at `ms`: the number of transitions at or before it.
    @inlinable
    func index(at ms: Int64) -> Int {
        let bucket = (ms &- Self.bucketOrigin) >> Self.bucketShift
        if bucket < 0 { return 0 }
        var index = Int(bucket >= buckets.count ? buckets[buckets.count - 1] : buckets[Int(bucket)])
        let count = transitions.count
        while index < count, transitions[index] <= ms { index &+= 1 }
        return index
    }
}

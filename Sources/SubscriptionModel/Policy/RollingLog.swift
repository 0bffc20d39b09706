/// The counted uses a rolling window still holds (G4 under a policy with a `rolling`
/// limit, format 7), oldest first: each use's instant, meter and cost. A use at `t`
/// counts while `now < t + length`.
///
/// Kept with the identity, like the counts (G1). Uses leave from the front as time
/// passes (`expire`), so the log holds at most the uses of one window; the storage
/// before `head` is reclaimed now and then, not at every use. (One array: a state that
/// is copied retains one buffer, empty and shared under a policy without a rolling limit.)
package struct RollingLog: Hashable, Sendable {
    /// A counted use.
    struct Use: Hashable, Sendable {
        var at: Int64
        var cost: Int32
        var meter: UInt8
    }

    var uses: [Use] = []
    /// The first use still held.
    var head = 0

    /// An empty log.
    package init() {}

    /// Adds a counted use.
    mutating func append(at instant: Int64, meter: Int, cost: Int) {
        uses.append(Use(at: instant, cost: Int32(truncatingIfNeeded: cost), meter: UInt8(truncatingIfNeeded: meter)))
    }

    /// Takes out of `counts` every use at or before `cutoff` (the instant less the
    /// window's length): the uses the window no longer holds.
    mutating func expire(through cutoff: Int64, counts: inout MeterCounts) {
        while head < uses.count, uses[head].at <= cutoff {
            counts.expireRolling(meter: Int(uses[head].meter), cost: uses[head].cost)
            head += 1
        }
        if head >= 64, head * 2 >= uses.count {
            uses.removeFirst(head)
            head = 0
        }
    }

    /// G8 for a `rolling` block: the first instant at which meter `meter`'s count, now
    /// `count`, falls to `target` or below (0 at least) as its uses leave the window of
    /// `length` ms, oldest first; nil when the log holds too few (a count past what it
    /// can hold).
    func instant(when meter: Int, count: Int, fallsTo target: Int, length: Int64) -> Int64? {
        var left = count
        for use in uses[head...] where Int(use.meter) == meter {
            left -= Int(use.cost)
            if left <= Swift.max(target, 0) { return use.at + length }
        }
        return nil
    }

    /// Equal when they hold the same uses (what was reclaimed aside).
    package static func == (lhs: RollingLog, rhs: RollingLog) -> Bool {
        lhs.uses[lhs.head...] == rhs.uses[rhs.head...]
    }

    /// Hashes the uses held.
    package func hash(into hasher: inout Hasher) {
        for use in uses[head...] { hasher.combine(use) }
    }
}

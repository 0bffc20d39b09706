/// The counted uses a rolling window still holds (G4 under a policy with a `rolling`
/// limit, format 7), oldest first: each use's instant, meter and cost. A use at `t`
/// counts while `now < t + length`.
///
/// Kept with the identity, like the counts (G1). Uses leave from the front as time
/// passes (`expire`), so the log holds at most the uses of one window; the storage
/// before `head` is reclaimed now and then, not at every use.
package struct RollingLog: Hashable, Sendable {
    var instants: [Int64] = []
    var meters: [UInt8] = []
    var costs: [Int32] = []
    /// The first use still held.
    var head = 0

    /// An empty log.
    package init() {}

    /// Adds a counted use.
    mutating func append(at instant: Int64, meter: Int, cost: Int) {
        instants.append(instant)
        meters.append(UInt8(truncatingIfNeeded: meter))
        costs.append(Int32(truncatingIfNeeded: cost))
    }

    /// Takes out of `counts` every use at or before `cutoff` (the instant less the
    /// window's length): the uses the window no longer holds.
    mutating func expire(through cutoff: Int64, counts: inout MeterCounts) {
        while head < instants.count, instants[head] <= cutoff {
            counts.expireRolling(meter: Int(meters[head]), cost: costs[head])
            head += 1
        }
        if head >= 64, head * 2 >= instants.count {
            instants.removeFirst(head)
            meters.removeFirst(head)
            costs.removeFirst(head)
            head = 0
        }
    }

    /// G8 for a `rolling` block: the first instant at which meter `meter`'s count, now
    /// `count`, falls to `target` or below (0 at least) as its uses leave the window of
    /// `length` ms, oldest first; nil when the log holds too few (a count past what it
    /// can hold).
    func instant(when meter: Int, count: Int, fallsTo target: Int, length: Int64) -> Int64? {
        var left = count
        var index = head
        while index < instants.count {
            if Int(meters[index]) == meter {
                left -= Int(costs[index])
                if left <= Swift.max(target, 0) { return instants[index] + length }
            }
            index += 1
        }
        return nil
    }

    /// Equal when they hold the same uses (what was reclaimed aside).
    package static func == (lhs: RollingLog, rhs: RollingLog) -> Bool {
        lhs.instants[lhs.head...] == rhs.instants[rhs.head...] && lhs.meters[lhs.head...] == rhs.meters[rhs.head...]
            && lhs.costs[lhs.head...] == rhs.costs[rhs.head...]
    }

    /// Hashes the uses held.
    package func hash(into hasher: inout Hasher) {
        for index in head..<instants.count {
            hasher.combine(instants[index])
            hasher.combine(meters[index])
            hasher.combine(costs[index])
        }
    }
}

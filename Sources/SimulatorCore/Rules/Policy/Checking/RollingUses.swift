/// The uses a rolling window holds for one meter (G4), oldest first: each use's instant
/// and cost, and their total cost.
///
/// A valid timeline never goes back in time, so uses are appended in the order of their
/// instants, and the uses that leave the window are always the oldest: leaving is a walk
/// from the front that stops at the first use still held, and the total is kept as uses
/// come and go. A step then costs about the uses that leave, not the uses held (a user
/// who asks a hundred questions a day held a hundred at every event).
struct RollingUses {
    /// Every use appended since the last `removeAll`, the ones before `head` gone.
    private var entries: [(at: Int64, cost: Int)] = []
    /// The index of the oldest use still held.
    private var head = 0
    /// The total cost of the uses held.
    private(set) var cost = 0

    /// No use held.
    init() {}

    /// Whether no use is held.
    var isEmpty: Bool { head == entries.count }

    /// The instant of the oldest use held.
    var oldest: Int64? { isEmpty ? nil : entries[head].at }

    /// The uses held, oldest first.
    var held: ArraySlice<(at: Int64, cost: Int)> { entries[head...] }

    /// Holds a use at `at`, no earlier than any use held.
    mutating func append(at: Int64, cost: Int) {
        entries.append((at, cost))
        self.cost += cost
    }

    /// Lets go of every use at or before `instant`; says whether any went (most events
    /// let none go, and then nothing else is done).
    @inline(__always) @discardableResult
    mutating func leave(through instant: Int64) -> Bool {
        guard head < entries.count, entries[head].at <= instant else { return false }
        repeat {
            cost -= entries[head].cost
            head += 1
        } while head < entries.count && entries[head].at <= instant
        // The array is emptied when nothing is held and compacted when most of it is
        // gone, so it never holds more than twice the uses held, or 63 gone ones.
        if head == entries.count {
            entries.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64, head * 2 >= entries.count {
            entries.removeFirst(head)
            head = 0
        }
        return true
    }

    /// Lets go of every use.
    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        head = 0
        cost = 0
    }
}

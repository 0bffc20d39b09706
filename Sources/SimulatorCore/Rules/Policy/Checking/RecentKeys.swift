/// The trace checker's recently verified screen keys whose sources were its own, each as
/// the plan, the `sources` number (the checker's entitlement and zone) and the read
/// counts it was verified with: a table of `slots` entries, one per hash of plan and
/// counts, a newer entry taking an older one's slot, and the entry last inserted or
/// found, asked first.
///
/// An output with the checker's sources, the same plan and the same read counts as an
/// entry has that entry's key, whose screens were found right. The table answers that in
/// a few comparisons, where building the key and looking it up in the set of verified
/// keys costs about a hundred instructions; within a user's stretch of one entitlement
/// and zone the same few keys come back every day (the day's counts rising again from 0).
/// `sources` only grows, so an entry of an earlier entitlement, zone or user never matches.
struct RecentKeys {
    /// A verified key's plan (−1: none; `Int.min`: an empty slot), sources and read counts.
    private struct Entry {
        var plan = Int.min
        var sources = -1
        var lanes = SIMD4<Int32>()

        @inline(__always)
        func matches(_ plan: Int, _ sources: Int, _ lanes: SIMD4<Int32>) -> Bool {
            self.plan == plan && self.sources == sources && self.lanes == lanes
        }
    }

    /// The number of slots (a power of two; computed, so that the hot path reads a constant).
    static var slots: Int { 16 }

    private var entries = [Entry](repeating: Entry(), count: slots)
    /// The entry last inserted or found, asked first: most events repeat it.
    private var last = Entry()

    /// The slot of a plan (−1: none) and read counts.
    @inline(__always)
    private static func slot(plan: Int, lanes: SIMD4<Int32>) -> Int {
        let mixed = (lanes &* SIMD4(1, 31, 961, 29_791)).wrappedSum() &+ Int32(truncatingIfNeeded: plan) &* 7
        return Int(truncatingIfNeeded: mixed) & (slots - 1)
    }

    /// Whether a key with this plan, sources and read counts was verified and is still held.
    @inline(__always)
    mutating func contains(plan: Int?, sources: Int, lanes: SIMD4<Int32>) -> Bool {
        let plan = plan ?? -1
        if last.matches(plan, sources, lanes) { return true }
        let entry = entries[Self.slot(plan: plan, lanes: lanes)]
        guard entry.matches(plan, sources, lanes) else { return false }
        last = entry
        return true
    }

    /// Holds a key verified with this plan, sources and read counts.
    mutating func insert(plan: Int?, sources: Int, lanes: SIMD4<Int32>) {
        let plan = plan ?? -1
        last = Entry(plan: plan, sources: sources, lanes: lanes)
        entries[Self.slot(plan: plan, lanes: lanes)] = last
    }
}

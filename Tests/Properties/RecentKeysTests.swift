@testable import SimulatorCore
import Testing

/// The trace checker's table of recently verified screen keys (`RecentKeys`) answers yes
/// only for the plan, sources and read counts of a key it holds: any other plan (or none
/// for a plan), later sources or other counts is a no, and a newer key in the same slot
/// takes the older one's place. (Asking moves the table's last entry, so each answer is
/// read through `finds` before it is expected.)
@Suite("The checker's recent screen keys")
struct RecentKeysTests {
    /// Whether `keys` holds a key of this plan, sources and counts.
    static func finds(_ keys: inout RecentKeys, plan: Int?, sources: Int, lanes: SIMD4<Int32>) -> Bool {
        keys.contains(plan: plan, sources: sources, lanes: lanes)
    }

    @Test("a held key is found by its own plan, sources and counts only")
    func foundByItsOwnParts() {
        var keys = RecentKeys()
        let lanes = SIMD4<Int32>(3, 0, 7, 1)
        #expect(!Self.finds(&keys, plan: 1, sources: 5, lanes: lanes))
        keys.insert(plan: 1, sources: 5, lanes: lanes)
        #expect(Self.finds(&keys, plan: 1, sources: 5, lanes: lanes))
        #expect(!Self.finds(&keys, plan: 2, sources: 5, lanes: lanes))
        #expect(!Self.finds(&keys, plan: nil, sources: 5, lanes: lanes))
        #expect(!Self.finds(&keys, plan: 1, sources: 6, lanes: lanes))
        for lane in 0..<4 {
            var other = lanes
            other[lane] += 1
            #expect(!Self.finds(&keys, plan: 1, sources: 5, lanes: other), "lane \(lane)")
        }
        // No plan is a plan of its own.
        keys.insert(plan: nil, sources: 5, lanes: lanes)
        #expect(Self.finds(&keys, plan: nil, sources: 5, lanes: lanes))
        // Found again in its slot after another was asked for last, and so again after.
        #expect(Self.finds(&keys, plan: 1, sources: 5, lanes: lanes))
        #expect(Self.finds(&keys, plan: nil, sources: 5, lanes: lanes))
        #expect(!Self.finds(&keys, plan: 1, sources: 6, lanes: lanes))
    }

    @Test("of two keys in one slot, the newer is held")
    func newerTakesTheSlot() {
        var keys = RecentKeys()
        keys.insert(plan: 0, sources: 1, lanes: SIMD4(0, 0, 0, 0))
        // More keys than slots: at least two share a slot, and the last inserted of each slot is found.
        var inserted: [SIMD4<Int32>] = []
        for day in 1...Int32(RecentKeys.slots * 2) {
            let lanes = SIMD4<Int32>(day, 0, 0, 0)
            keys.insert(plan: 0, sources: 1, lanes: lanes)
            inserted.append(lanes)
            #expect(Self.finds(&keys, plan: 0, sources: 1, lanes: lanes))
        }
        let held = inserted.filter { Self.finds(&keys, plan: 0, sources: 1, lanes: $0) }
        #expect(held.count <= RecentKeys.slots)
        #expect(held.count < inserted.count)
    }
}

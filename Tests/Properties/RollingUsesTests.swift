@testable import SimulatorCore
import Testing

/// The uses a rolling window holds (`RollingUses`, the checker's and coverage's): uses come
/// in the order of their instants, as in a valid timeline, and leave oldest first; what is
/// held, the oldest instant and the total cost are those of a plain list that keeps every
/// use still in the window and adds their costs up, whatever the order of appends and
/// leaves, across the array's compaction and after `removeAll`.
@Suite("The uses a rolling window holds")
struct RollingUsesTests {
    @Test("a use at the instant left through leaves; one a millisecond later stays")
    func boundary() {
        var uses = RollingUses()
        uses.append(at: 1_000, cost: 2)
        uses.append(at: 1_000, cost: 1)
        uses.append(at: 1_001, cost: 5)
        uses.leave(through: 999)
        #expect(uses.cost == 8 && uses.oldest == 1_000)
        uses.leave(through: 1_000)
        #expect(uses.cost == 5 && uses.oldest == 1_001 && uses.held.map(\.at) == [1_001])
        uses.leave(through: 1_001)
        #expect(uses.isEmpty && uses.cost == 0 && uses.oldest == nil && uses.held.isEmpty)
        // Empty, it takes uses again.
        uses.append(at: 2_000, cost: 3)
        #expect(uses.cost == 3 && uses.oldest == 2_000)
    }

    @Test("random appends and leaves agree with a plain list (seed 20261207, 100 runs of 1,000 steps)")
    func agreesWithAList() {
        let seed: UInt64 = 20_261_207
        for run in 0..<100 {
            var random = SeededRandom(seed: seed, stream: UInt64(run))
            var uses = RollingUses()
            var list: [(at: Int64, cost: Int)] = []
            var now: Int64 = 0
            for step in 0..<1_000 {
                switch random.below(10) {
                case 0..<6: // a use, now or a little later
                    now += Int64(random.below(3))
                    let cost = 1 + random.below(4)
                    uses.append(at: now, cost: cost)
                    list.append((now, cost))
                case 6..<9: // the window moves on: up to a window's length back from now
                    let through = now - Int64(random.below(200))
                    let before = list.count
                    let left = uses.leave(through: through)
                    list.removeAll { $0.at <= through }
                    if left != (list.count < before) {
                        Issue.record("seed \(seed), run \(run), step \(step): leave said \(left), but \(before - list.count) uses left")
                        return
                    }
                default:
                    if random.below(50) == 0 {
                        uses.removeAll()
                        list.removeAll()
                    }
                }
                let same = uses.held.elementsEqual(list) { $0.at == $1.at && $0.cost == $1.cost }
                    && uses.cost == list.reduce(0) { $0 + $1.cost } && uses.oldest == list.first?.at && uses.isEmpty == list.isEmpty
                if !same {
                    Issue.record("seed \(seed), run \(run), step \(step): held \(uses.held.map(\.at)) costing \(uses.cost), a plain list holds \(list.map(\.at))")
                    return
                }
            }
        }
    }
}

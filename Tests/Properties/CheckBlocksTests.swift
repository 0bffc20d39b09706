@testable import Simulator
@testable import SimulatorCore
import Testing

/// `CheckBlocks` merges the blocks' tallies in block order, up to and including the
/// first block that ended at a failure, whatever order the jobs finish them in.
@Suite("check blocks are merged in order up to the lowest failure")
struct CheckBlocksTests {
    /// Blocks over 70 positions (five blocks of 16, the last of 6), each tallied as the
    /// list of its index, finished in `order`; `failing` ended at a failure.
    func merged(order: [Int], failing: Set<Int>) -> [Int] {
        let blocks = CheckBlocks<[Int]>(positions: 70, empty: []) { $0 += $1 }
        for index in order { blocks.finish(index, [index], failed: failing.contains(index)) }
        return blocks.merged
    }

    @Test("with no failure every block counts, in block order, whatever order they finish in")
    func noFailure() {
        #expect(merged(order: [3, 0, 4, 2, 1], failing: []) == [0, 1, 2, 3, 4])
    }

    @Test("blocks after the lowest failing one do not count, even finished before it or failing too")
    func stopsAtTheLowestFailure() {
        #expect(merged(order: [4, 3, 2, 0, 1], failing: [2, 4]) == [0, 1, 2])
        #expect(merged(order: [2, 1, 0, 3], failing: [2, 1]) == [0, 1])
    }

    @Test("no block is handed out past the lowest failure, nor a user after it checked")
    func handsOutNothingPastAFailure() throws {
        let blocks = CheckBlocks<[Int]>(positions: 70, empty: []) { $0 += $1 }
        let first = try #require(blocks.take()), second = try #require(blocks.take())
        #expect(first.positions == 0..<16 && second.positions == 16..<32)
        blocks.failed(at: 20)
        #expect(blocks.shouldCheck(19) && !blocks.shouldCheck(21))
        #expect(blocks.take() == nil, "block 2 starts at 32, past the failure at 20")
        blocks.failed(at: 25)
        #expect(!blocks.shouldCheck(21), "a higher failure does not raise the lowest")
    }

    @Test("a job's loop checks each block's users in order, ends a block at its failing user and counts up to the lowest failure")
    func workCountsUpToTheLowestFailure() {
        let blocks = CheckBlocks<[Int]>(positions: 70, empty: []) { $0 += $1 }
        var checked: [Int] = []
        blocks.work(block: { [Int]() }) { position, block in
            checked.append(position)
            block.append(position)
            return position == 20 || position == 40
        } tally: { $0 }
        #expect(blocks.merged == Array(0...20), "users 0 to 20, the first failure")
        #expect(checked == Array(0...20), "one job: nothing after the failing user, no block past it")
    }

    @Test("the last block holds the positions left")
    func lastBlock() throws {
        let blocks = CheckBlocks<[Int]>(positions: 70, empty: []) { $0 += $1 }
        for _ in 0..<4 { _ = blocks.take() }
        #expect(try #require(blocks.take()).positions == 64..<70)
        #expect(blocks.take() == nil)
    }
}

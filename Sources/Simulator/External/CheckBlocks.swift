import Synchronization
import SimulatorCore

/// How `simulate check` shares its users among jobs so that what it counts does not
/// depend on the number of jobs.
///
/// A check stops at its lowest failing user, and jobs run ahead of one another: with
/// two jobs, the other job has often checked users past the failing one by the time the
/// failure is known, so counting every user checked made a failing check's figures (and
/// its report) differ between `--jobs 1` and `--jobs 2`. Here users are handed out in
/// blocks of consecutive positions, each block is counted in a tally of its own, and the
/// tallies are merged in block order up to the block of the lowest failing user, which
/// itself counts only up to that user. So a check counts exactly the users up to and
/// including its lowest failing one (all of them when none fails), with any number of
/// jobs; a job that learns of a lower failure stops within its block. `work` is a job's
/// whole loop; both checks (v1 and under a policy) give it only what checking one user
/// means to them.
final class CheckBlocks<Tally: Sendable>: Sendable {
    /// Users a block holds: small, so jobs share a short check evenly.
    static var size: Int { 16 }

    private let positions: Int
    private let nextBlock = SharedCounter()
    /// The position of the lowest failing user found so far (`Int.max`: none).
    private let lowestFailure = Atomic<Int>(.max)
    private let merge: @Sendable (inout Tally, Tally) -> Void
    private let state: Mutex<State>
    /// Users checked by every job, for progress (counted ones and those past a failure alike).
    private let checked = SharedCounter()

    private struct State: Sendable {
        var merged: Tally
        /// The block to merge next.
        var next = 0
        /// Blocks finished ahead of `next`, and whether each ended at a failure.
        var waiting: [Int: (tally: Tally, failed: Bool)] = [:]
        /// Whether a block ending at a failure was merged: nothing after it counts.
        var closed = false
    }

    /// One job's share of a check: takes blocks until none is left (or an interrupt stops
    /// the programs), counts each in a fresh `Block` from `makeBlock`, checks its users in
    /// order with `check` (true when the user at that position failed: the block ends
    /// there), and hands in `tally(block)`. A block an interrupt cut short ends the
    /// counted users as a failure does. Progress is `ticker`'s.
    func work<Block>(block makeBlock: () -> Block,
                     check: (_ position: Int, inout Block) -> Bool, tally: (Block) -> Tally) {
        while !ExternalPrograms.isStopping, let taken = take() {
            var block = makeBlock()
            var failed = false
            for position in taken.positions {
                guard !ExternalPrograms.isStopping, shouldCheck(position) else { break }
                failed = check(position, &block)
                if failed { self.failed(at: position) }
                checked.add(1)
                if failed { break }
            }
            finish(taken.index, tally(block), failed: failed || ExternalPrograms.isStopping)
        }
    }

    /// Starts reporting the users checked to `progress` every `interval` seconds
    /// (`ProgressTicker`), whatever each user takes; the caller stops it when the jobs end.
    func ticker(_ progress: (@Sendable (Int) -> Void)?, every interval: Double = ProgressTicker.interval) -> ProgressTicker? {
        let checked = self.checked
        return ProgressTicker(progress, every: interval) { checked.value }
    }

    /// Blocks over `positions` user positions, merged into `empty` by `merge`.
    init(positions: Int, empty: Tally, merge: @escaping @Sendable (inout Tally, Tally) -> Void) {
        self.positions = positions
        self.merge = merge
        self.state = Mutex(State(merged: empty))
    }

    /// The next block's index and positions, or nil when none is left to check (every
    /// position handed out, or every one past the lowest failure).
    func take() -> (index: Int, positions: Range<Int>)? {
        let index = nextBlock.add(1)
        let start = index &* Self.size
        guard start < positions, start < lowestFailure.load(ordering: .relaxed) else { return nil }
        return (index, start..<min(start + Self.size, positions))
    }

    /// Whether the user at `position` is still to be checked: no lower one has failed.
    func shouldCheck(_ position: Int) -> Bool {
        position < lowestFailure.load(ordering: .relaxed)
    }

    /// Records a failure of the user at `position`.
    func failed(at position: Int) {
        _ = lowestFailure.min(position, ordering: .relaxed)
    }

    /// Hands in block `index`'s tally; `failed` when the block ended at a failing user.
    func finish(_ index: Int, _ tally: Tally, failed: Bool) {
        let merge = self.merge
        state.withLock { state in
            state.waiting[index] = (tally, failed)
            while !state.closed, let block = state.waiting.removeValue(forKey: state.next) {
                merge(&state.merged, block.tally)
                state.closed = block.failed
                state.next += 1
            }
        }
    }

    /// The blocks merged in order: every one when no user failed, else those up to the
    /// lowest failing user's.
    var merged: Tally { state.withLock { $0.merged } }
}

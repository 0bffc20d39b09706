import Dispatch
import Foundation
import Synchronization

/// The thread work of runs and kill matrices, in one place.
package enum Workers {
    /// Runs `work` once on each of `jobs` threads and returns what each returned (in no
    /// particular order: callers combine them with sums, minima and commutative digests).
    /// `progress`, if given, is called from a background thread once a second with
    /// `done`'s value while the workers run (`ProgressTicker`), never after they end.
    static func run<Result: Sendable>(jobs: Int, progress: (@Sendable (Int) -> Void)?, done: SharedCounter,
                                      _ work: @Sendable () -> Result) -> [Result] {
        let results = Mutex<[Result]>([])
        let ticker = ProgressTicker(progress) { done.value }
        DispatchQueue.concurrentPerform(iterations: max(1, jobs)) { _ in
            let result = work()
            results.withLock { $0.append(result) }
        }
        ticker?.stop()
        return results.withLock { $0 }
    }

    /// `row(index)` for every index below `count`, computed on up to `jobs` threads and
    /// returned in index order; `progress` is given the rows done so far while they
    /// run (`ProgressTicker`).
    package static func rows<Row: Sendable>(count: Int, jobs: Int, progress: (@Sendable (Int) -> Void)? = nil, _ row: @Sendable (Int) -> Row) -> [Row] {
        let rows = Mutex([Row?](repeating: nil, count: count))
        let next = SharedCounter(), done = SharedCounter()
        let ticker = ProgressTicker(progress) { done.value }
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, count))) { _ in
            while true {
                let index = next.add(1)
                guard index < count else { return }
                let value = row(index)
                rows.withLock { $0[index] = value }
                done.add(1)
            }
        }
        ticker?.stop()
        return rows.withLock { $0.map { $0! } }
    }
}

import Foundation
@testable import Simulator
@testable import SimulatorCore
import Synchronization
import Testing

/// `ProgressTicker`, the pace of `check`'s progress lines: a report every interval while
/// the work runs, whatever the count does, and none once stopped.
@Suite("progress is reported at a steady pace")
struct ProgressTickerTests {
    @Test("a report every interval while the work runs, none after stop; none asked, none started")
    func steadyPace() {
        let reports = Mutex<[Int]>([])
        let ticker = ProgressTicker({ count in reports.withLock { $0.append(count) } }, every: 0.05) { 7 }
        #expect(ticker != nil)
        Thread.sleep(forTimeInterval: 0.6)
        ticker?.stop()
        let atStop = reports.withLock { $0 }
        // 12 intervals in 0.6 s: on a loaded machine fewer, but never none nor only one.
        #expect(atStop.count >= 4, "\(atStop.count) reports in 0.6 s at 0.05 s")
        #expect(atStop.allSatisfy { $0 == 7 }, "the count as it stands, reported even when it did not move")
        Thread.sleep(forTimeInterval: 0.2)
        #expect(reports.withLock { $0.count } == atStop.count, "nothing is reported once stop returned")
        #expect(ProgressTicker(nil) { 0 } == nil)
        #expect(ProgressTicker.interval == 1, "a command's progress comes once a second")
    }

    @Test("rows computed on several threads (a kill matrix's mutants) report how many are done while they run, none after")
    func rowsReportDone() {
        let reports = Mutex<[Int]>([])
        // Three rows of 1.2 s on one thread: reports due at 1, 2 and 3 s, while none to two
        // rows are done (a loaded machine may wake the ticker late, but not for 2.6 s).
        let rows = Workers.rows(count: 3, jobs: 1, progress: { done in reports.withLock { $0.append(done) } }) { index -> Int in
            Thread.sleep(forTimeInterval: 1.2)
            return index * 10
        }
        #expect(rows == [0, 10, 20])
        let atReturn = reports.withLock { $0 }
        #expect(!atReturn.isEmpty && atReturn.allSatisfy { (0...2).contains($0) } && atReturn == atReturn.sorted(), "\(atReturn)")
        #expect(atReturn.contains { $0 >= 1 } || atReturn.count == 1, "a report after the first row is done counts it: \(atReturn)")
        Thread.sleep(forTimeInterval: 1.2)
        #expect(reports.withLock { $0 } == atReturn, "nothing is reported once the rows are done")
    }
}

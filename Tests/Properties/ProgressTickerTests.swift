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
}

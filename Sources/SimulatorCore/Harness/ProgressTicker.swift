import Foundation
import Synchronization

/// Reports a count on a background thread at a steady pace while work runs: what makes a
/// check show its progress at least once a second however long one user takes (a slow
/// program), where counting users alone would stay silent.
package final class ProgressTicker: Sendable {
    /// The pace of a command's progress lines.
    package static let interval: Double = 1

    private let state = Mutex(false) // stopped
    private let report: @Sendable (Int) -> Void
    private let count: @Sendable () -> Int

    /// Starts reporting `count()` to `progress` every `interval` seconds; nil when there
    /// is nothing to report to.
    package init?(_ progress: (@Sendable (Int) -> Void)?, every interval: Double = ProgressTicker.interval, count: @escaping @Sendable () -> Int) {
        guard let progress else { return nil }
        report = progress
        self.count = count
        let thread = Thread { [self] in
            // Each report is due a whole number of intervals after the start, so a late
            // wake-up (a loaded machine) or a slow report does not push the later ones back.
            let start = Date()
            var due = 1.0
            while true {
                Thread.sleep(until: start.addingTimeInterval(due * interval))
                due = max(due + 1, (Date().timeIntervalSince(start) / interval).rounded(.down) + 1)
                // Reported under the lock, so that nothing is reported once `stop` returned.
                let stopped = state.withLock { stopped in
                    if !stopped { report(count()) }
                    return stopped
                }
                if stopped { return }
            }
        }
        thread.start()
    }

    /// Stops the reports: none comes after this returns.
    package func stop() {
        state.withLock { $0 = true }
    }
}

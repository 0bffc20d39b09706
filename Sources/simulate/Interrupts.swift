import Dispatch
import Foundation
import Simulator
import Synchronization

/// Ctrl-C and `kill`: the command stops cleanly. Report folders not yet committed are
/// abandoned (each keeps its earlier report, whole), external programs are stopped with
/// their children, and the process exits with 130 (SIGINT) or 143 (SIGTERM).
///
/// One thread exits the process: the first to claim it (`claimExit()`), the interrupt's
/// handler or the main thread when the command is done. The other waits.
enum Interrupts {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    /// Set by whichever thread exits the process.
    private static let exitClaimed = Atomic<Bool>(false)
    /// What the command has found and would lose to an interrupt (a failing user not yet
    /// shrunk), said before the last line.
    private static let unfinished = Mutex<[String]>([])

    /// Sets the lines an interrupt says before its last (none: `[]`).
    static func noteUnfinished(_ lines: [String]) {
        unfinished.withLock { $0 = lines }
    }

    /// Starts catching SIGINT and SIGTERM, on one serial queue (both at once are one
    /// interrupt), and returns once both sources are registered: a signal sent in the
    /// few milliseconds before is lost (the disposition is "ignore" while Dispatch sets
    /// its source up), but none after, so the command's work is always interruptible.
    static func install() {
        let queue = DispatchQueue(label: "simulate.interrupts")
        let registered = DispatchGroup()
        for (number, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { interrupt(status: status) }
            registered.enter()
            source.setRegistrationHandler { registered.leave() }
            source.resume()
            sources.append(source)
        }
        registered.wait()
    }

    /// Stops the command: nothing it prints from here on reaches the terminal (a check's
    /// summary of programs the interrupt itself stopped would be false), its report
    /// folders are abandoned and its programs stopped, and the last line says which
    /// reports, if any, it had written before.
    private static func interrupt(status: Int32) {
        guard claimExit() else { return }  // the command has finished and is exiting
        Console.silence()
        // Read before the programs are stopped: once they are, shrinking ends at once and
        // the command would clear what it had found.
        let found = unfinished.withLock { $0 }
        let written = stopEverything()
        for line in found { Console.error(line, evenIfSilenced: true) }
        Console.error(written.isEmpty ? "simulate: interrupted; report folders left as they were"
                      : "simulate: interrupted after writing \(written.map { ErrorText.quotedPath($0) }.joined(separator: ", ")); nothing else written",
                      evenIfSilenced: true)
        exit(status)
    }

    /// What an interrupt undoes: report folders first (waiting for a write or a commit in
    /// progress), then the external programs. Returns the reports written before it.
    static func stopEverything() -> [String] {
        let written = ReportFolder.abandonAll()
        ExternalPrograms.stopAll()
        return written
    }

    /// Whether this thread may exit the process: true for the first caller only.
    static func claimExit() -> Bool {
        exitClaimed.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged
    }
}

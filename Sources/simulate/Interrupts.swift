import Dispatch
import Foundation
import Simulator

/// Ctrl-C and `kill`: the command stops cleanly. Report folders not yet committed are
/// abandoned (each keeps its earlier report, whole), external programs are stopped with
/// their children, and the process exits with 130 (SIGINT) or 143 (SIGTERM).
enum Interrupts {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    static func install() {
        for (number, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                // Nothing the command prints from here on reaches the terminal: a check's
                // summary of programs the interrupt itself stopped would be false.
                Console.silence()
                let written = stopEverything()
                Console.error(written.isEmpty ? "simulate: interrupted; report folders left as they were"
                              : "simulate: interrupted after writing \(written.map { "\"\($0)\"" }.joined(separator: ", ")); nothing else written",
                              evenIfSilenced: true)
                exit(status)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// What an interrupt undoes: report folders first (waiting for a write or a commit in
    /// progress), then the external programs. Returns the reports written before it.
    static func stopEverything() -> [String] {
        let written = ReportFolder.abandonAll()
        ExternalPrograms.stopAll()
        return written
    }

    /// Whether an interrupt has begun: the main thread then leaves the exit to it.
    static var interrupted: Bool { Console.isSilenced }
}

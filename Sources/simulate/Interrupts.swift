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
                stopEverything()
                Console.error("simulate: interrupted; report folders left as they were")
                exit(status)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// What an interrupt undoes.
    static func stopEverything() {
        ExternalPrograms.stopAll()
        ReportFolder.abandonAll()
    }
}

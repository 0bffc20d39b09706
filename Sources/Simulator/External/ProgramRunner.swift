import Foundation
import SubscriptionModel
import SimulatorCore

/// One job's way of running an external program on timelines, one after another: a
/// fresh process per timeline (the timeline as a file, its last argument), or, for a
/// program that speaks the batch protocol, one process kept alive across timelines and
/// started again after any failure (a crash, a time-out, a broken answer), so the next
/// timeline meets a fresh program.
///
/// Not for sharing between threads: a parallel check makes one per job. `close()`
/// ends the batch process (it is also ended when the runner goes away).
package final class ProgramRunner {
    /// The program.
    package let program: ExternalProgram
    #if os(macOS) || os(Linux)
    private var session: BatchSession?
    #endif

    /// A runner for `program`; a batch program is started at the first timeline.
    package init(_ program: ExternalProgram) {
        self.program = program
    }

    deinit { close() }

    /// How many times the batch program was started so far (0 in per-timeline mode).
    package var starts: Int {
        #if os(macOS) || os(Linux)
        session?.starts ?? 0
        #else
        0
        #endif
    }

    /// The program's output for one timeline written as JSON `text` (named `name`.json
    /// in per-timeline mode): all it printed, when it exited with status 0; in batch
    /// mode, the lines before the timeline's end marker.
    package func standardOutput(timelineText text: String, name: String) -> Result<[UInt8], ExternalProgram.Failure> {
        standardOutput(timelineUTF8: Array(text.utf8), name: name)
    }

    /// The same for the timeline's JSON text given as UTF-8.
    package func standardOutput(timelineUTF8 text: [UInt8], name: String) -> Result<[UInt8], ExternalProgram.Failure> {
        #if os(macOS) || os(Linux)
        if ExternalPrograms.isStopping { return .failure(.interrupted) }
        if program.batch {
            if session == nil { session = BatchSession(program: program) }
            return session!.answer(text.withUnsafeBufferPointer { BatchProtocol.requestLine(utf8: $0) })
        }
        return runOnce(text, name: name)
        #else
        return .failure(.couldNotStart("external programs run only on macOS and Linux"))
        #endif
    }

    /// The v1 outputs of `timeline`, parsed strictly against `policy`'s texts.
    package func outputs(for timeline: FlagshipTimeline, name: String, policy: CaptureRules = .mealCapture) -> Result<[FlagshipOutput], ExternalProgram.Failure> {
        switch standardOutput(timelineUTF8: FlagshipTimelineWriter().utf8(timeline), name: name) {
        case .failure(let failure): return .failure(failure)
        case .success(let bytes):
            do {
                return .success(try ReplayOutputParser.parse(bytes, events: timeline.events, texts: policy.texts))
            } catch {
                return .failure(.malformed(error))
            }
        }
    }

    /// Ends the batch program, if one is running: its standard input is closed, and
    /// its process group killed once it exits (after a second at most).
    package func close() {
        #if os(macOS) || os(Linux)
        session?.close()
        session = nil
        #endif
    }

    #if os(macOS) || os(Linux)
    /// One process for one timeline file.
    private func runOnce(_ text: [UInt8], name: String) -> Result<[UInt8], ExternalProgram.Failure> {
        let folder: ScratchFolder
        switch ScratchFolder.make() {
        case .success(let made): folder = made
        case .failure(let failure): return .failure(failure)
        }
        defer { folder.remove() }
        let file: String
        switch folder.write(text, as: name + ".json") {
        case .success(let path): file = path
        case .failure(let failure): return .failure(failure)
        }
        let limits = ProgramSupervisor.Limits(seconds: program.timeoutSeconds, standardOutputBytes: program.outputLimit,
                                              standardErrorKept: ExternalProgram.standardErrorKept)
        let run: ProgramSupervisor.Run
        switch ProgramSupervisor.run(program.command + " " + ShellText.quoted(file), limits: limits) {
        case .success(let finished): run = finished
        case .failure(let failure): return .failure(failure)
        }
        let standardError = run.standardErrorBytes == 0 ? "" : PrintedText.quoted(run.standardError, total: run.standardErrorBytes, limit: PrintedText.standardErrorQuoted, trimming: true)
        switch run.ending {
        case .exited(status: 0): return .success(run.standardOutput)
        case .exited(let status): return .failure(.crashed(status: status, standardError: standardError))
        case .signalled(let signal): return .failure(.killed(signal: signal, standardError: standardError))
        case .timedOut: return .failure(.timedOut(seconds: program.timeoutSeconds))
        case .printedTooMuch: return .failure(.printedTooMuch(limit: program.outputLimit))
        case .interrupted: return .failure(.interrupted)
        case .lost: return .failure(.couldNotStart("its exit status was taken by another part of this process"))
        }
    }
    #endif
}

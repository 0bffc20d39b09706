import Foundation
import SubscriptionModel

/// Another implementation of the rules, as a program that speaks the replay contract:
/// it is given a timeline file as its last argument and prints JSON Lines.
///
/// Each run is owned by a supervisor (macOS and Linux): the program gets its own
/// process group, killed as a whole at the time limit, when it prints too much, and
/// right after it exits, so nothing it started outlives the run; its output stays in
/// memory up to `outputLimit`; its timeline file lives in a scratch folder removed
/// when the run ends. `ExternalPrograms.stopAll()` stops every run at once.
public struct ExternalProgram: Sendable {
    /// The command, run by `/bin/sh -c` with the timeline file appended (quoted).
    public let command: String
    /// How long one run may take, in seconds.
    public let timeoutSeconds: Double
    /// How many bytes one run may print on standard output.
    public let outputLimit: Int

    /// The default `outputLimit`: 64 MiB, far above any timeline's outputs (a line is
    /// about 200 bytes) and small enough for one per job in memory.
    public static let defaultOutputLimit = 64 << 20
    /// How many bytes of standard error are kept for a failure's report.
    public static let standardErrorKept = 4_096

    /// What can go wrong with one run.
    public enum Failure: Error, CustomStringConvertible {
        /// It exited with a non-zero status; `standardError` is already quoted for one line.
        case crashed(status: Int32, standardError: String)
        /// It was killed by a signal it did not get from the check.
        case killed(signal: Int32, standardError: String)
        /// It did not finish in time.
        case timedOut(seconds: Double)
        /// It printed more than `limit` bytes on standard output.
        case printedTooMuch(limit: Int)
        /// Its output broke the contract.
        case malformed(ReplayOutputParser.Malformed)
        /// It could not be started.
        case couldNotStart(String)
        /// The check was interrupted (`ExternalPrograms.stopAll()`) while it ran.
        case interrupted

        /// A one-line account.
        public var description: String {
            switch self {
            case .crashed(let status, let error): "crashed (exit status \(status))" + (error.isEmpty ? "" : "; standard error: " + error)
            case .killed(let signal, let error): "was killed by signal \(signal)" + (error.isEmpty ? "" : "; standard error: " + error)
            case .timedOut(let seconds): "timed out after \(Figures.fixed(seconds, 1)) s"
            case .printedTooMuch(let limit): "printed more than \(Figures.grouped(limit)) bytes on standard output and was stopped"
            case .malformed(let problem): "printed malformed output: \(problem)"
            case .couldNotStart(let reason): "could not be started: \(reason)"
            case .interrupted: "was stopped: the check was interrupted"
            }
        }
    }

    /// A program run with `command`, each run limited to `timeoutSeconds` and to
    /// `outputLimit` bytes of standard output (a negative limit counts as 0).
    public init(command: String, timeoutSeconds: Double = 10, outputLimit: Int = ExternalProgram.defaultOutputLimit) {
        self.command = command
        self.timeoutSeconds = timeoutSeconds
        self.outputLimit = max(0, outputLimit)
    }

    /// Runs the program on one timeline (written as `name`.json) and parses its
    /// outputs strictly against `policy`'s texts.
    public func outputs(for timeline: Timeline, name: String, policy: CaptureRules = .mealCapture) -> Result<[Output], Failure> {
        #if os(macOS) || os(Linux)
        if ExternalPrograms.isStopping { return .failure(.interrupted) }
        let folder: ScratchFolder
        switch ScratchFolder.make() {
        case .success(let made): folder = made
        case .failure(let failure): return .failure(failure)
        }
        defer { folder.remove() }
        let file: String
        switch folder.write(TimelineWriter().text(timeline), as: name + ".json") {
        case .success(let path): file = path
        case .failure(let failure): return .failure(failure)
        }
        let limits = ProgramSupervisor.Limits(seconds: timeoutSeconds, standardOutputBytes: outputLimit, standardErrorKept: Self.standardErrorKept)
        let run: ProgramSupervisor.Run
        switch ProgramSupervisor.run(command + " " + Self.quoted(file), limits: limits) {
        case .success(let finished): run = finished
        case .failure(let failure): return .failure(failure)
        }
        let standardError = run.standardErrorBytes == 0 ? "" : PrintedText.quoted(run.standardError, total: run.standardErrorBytes, limit: PrintedText.standardErrorQuoted, trimming: true)
        switch run.ending {
        case .exited(status: 0): break
        case .exited(let status): return .failure(.crashed(status: status, standardError: standardError))
        case .signalled(let signal): return .failure(.killed(signal: signal, standardError: standardError))
        case .timedOut: return .failure(.timedOut(seconds: timeoutSeconds))
        case .printedTooMuch: return .failure(.printedTooMuch(limit: outputLimit))
        case .interrupted: return .failure(.interrupted)
        case .lost: return .failure(.couldNotStart("its exit status was taken by another part of this process"))
        }
        do {
            return .success(try ReplayOutputParser.parse(run.standardOutput, events: timeline.events, texts: policy.texts))
        } catch {
            return .failure(.malformed(error))
        }
        #else
        return .failure(.couldNotStart("external programs run only on macOS and Linux"))
        #endif
    }

    /// `text` as one shell word.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

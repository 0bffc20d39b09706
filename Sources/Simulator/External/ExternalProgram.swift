import Foundation
import SubscriptionModel

/// Another implementation of the rules, as a program that speaks the replay contract:
/// it is given a timeline file as its last argument and prints JSON Lines.
public struct ExternalProgram: Sendable {
    /// The command, run by `/bin/sh -c` with the timeline file appended (quoted).
    public let command: String
    /// How long one run may take.
    public let timeoutSeconds: Double
    /// Where timeline files and captured output go.
    public let scratch: URL

    /// What can go wrong with one run.
    public enum Failure: Error, CustomStringConvertible {
        /// It exited with a non-zero status.
        case crashed(status: Int32, standardError: String)
        /// It did not finish in time.
        case timedOut(seconds: Double)
        /// Its output broke the contract.
        case malformed(ReplayOutputParser.Malformed)
        /// It could not be started.
        case couldNotStart(String)

        /// A one-line account.
        public var description: String {
            switch self {
            case .crashed(let status, let error):
                "crashed (exit status \(status))" + (error.isEmpty ? "" : ": " + error.split(separator: "\n").prefix(3).joined(separator: " / "))
            case .timedOut(let seconds): "timed out after \(Figures.fixed(seconds, 1)) s"
            case .malformed(let problem): "printed malformed output: \(problem)"
            case .couldNotStart(let reason): "could not be started: \(reason)"
            }
        }
    }

    /// A program run with `command`, each run limited to `timeoutSeconds`.
    public init(command: String, timeoutSeconds: Double = 10) {
        self.command = command
        self.timeoutSeconds = timeoutSeconds
        self.scratch = FileManager.default.temporaryDirectory.appendingPathComponent("simulate-check-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    /// Runs the program on one timeline and parses its outputs.
    public func outputs(for timeline: Timeline, name: String) -> Result<[Output], Failure> {
        let file = scratch.appendingPathComponent(name + ".json")
        let out = scratch.appendingPathComponent(name + ".out"), err = scratch.appendingPathComponent(name + ".err")
        defer { for url in [file, out, err] { try? FileManager.default.removeItem(at: url) } }
        do {
            try Data(TimelineWriter().text(timeline).utf8).write(to: file)
            guard FileManager.default.createFile(atPath: out.path, contents: nil), FileManager.default.createFile(atPath: err.path, contents: nil) else {
                return .failure(.couldNotStart("cannot create output files in \(scratch.path)"))
            }
        } catch {
            return .failure(.couldNotStart("cannot write \(file.path): \(error.localizedDescription)"))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command + " " + Self.quoted(file.path)]
        process.standardInput = FileHandle.nullDevice
        guard let outHandle = FileHandle(forWritingAtPath: out.path), let errHandle = FileHandle(forWritingAtPath: err.path) else {
            return .failure(.couldNotStart("cannot open \(scratch.path)"))
        }
        defer { try? outHandle.close(); try? errHandle.close() }
        process.standardOutput = outHandle
        process.standardError = errHandle
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do { try process.run() } catch { return .failure(.couldNotStart(error.localizedDescription)) }
        if finished.wait(timeout: .now() + timeoutSeconds) == .timedOut {
            process.terminate()
            if finished.wait(timeout: .now() + 1) == .timedOut { kill(process.processIdentifier, SIGKILL); finished.wait() }
            return .failure(.timedOut(seconds: timeoutSeconds))
        }
        let standardOutput = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0, process.terminationReason == .exit else {
            return .failure(.crashed(status: process.terminationStatus, standardError: (try? String(contentsOf: err, encoding: .utf8)) ?? ""))
        }
        do {
            return .success(try ReplayOutputParser.parse(standardOutput, events: timeline.events))
        } catch {
            return .failure(.malformed(error))
        }
    }

    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

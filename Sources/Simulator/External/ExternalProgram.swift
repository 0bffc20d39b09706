import Foundation
import SubscriptionModel
import SimulatorCore

/// Another implementation of the rules, as a program that speaks the replay contract:
/// given a timeline file as its last argument it prints JSON Lines; or, with `batch`,
/// it speaks the batch protocol (`BatchProtocol`, `docs/batch-protocol.md`): it stays
/// alive, reads one timeline per line on standard input and answers each with its
/// JSON Lines and an end marker.
///
/// Each run is owned by a supervisor (macOS and Linux): the program gets its own
/// process group, killed as a whole at the time limit, when it prints too much, and
/// right after it exits (in batch mode: when it breaks the protocol, and when the
/// check is done with it), so nothing it started outlives the run; on Linux neither
/// does what it started that left the group (`setsid`, a daemon), which this process
/// adopts as a child subreaper and kills then (`ProgramDescendants`); its output stays in
/// memory up to `outputLimit`; a timeline file lives in a scratch folder removed when
/// the run ends. `ExternalPrograms.stopAll()` stops every run at once.
package struct ExternalProgram: Sendable {
    /// The command, run by `/bin/sh -c` with the timeline file appended (quoted); in
    /// batch mode, as it is.
    package let command: String
    /// How long one run (in batch mode: one timeline's answer) may take, in seconds.
    package let timeoutSeconds: Double
    /// How many bytes one run (one timeline's answer) may print on standard output.
    package let outputLimit: Int
    /// Whether the program speaks the batch protocol: one process per job, kept alive.
    package let batch: Bool
    /// How long a check shrinks a timeline that timed out or printed past
    /// `outputLimit`, in seconds: each smaller timeline that still fails takes the whole
    /// limit again, so shrinking stops there with the smallest failing timeline found.
    package let shrinkLimitSeconds: Double

    /// The default `outputLimit`: 64 MiB, far above any timeline's outputs (a line is
    /// about 200 bytes) and small enough for one per job in memory.
    package static let defaultOutputLimit = 64 << 20
    /// How many bytes of standard error are kept for a failure's report.
    package static let standardErrorKept = 4_096

    /// What can go wrong with one run.
    package enum Failure: Error, CustomStringConvertible {
        /// It exited with a non-zero status (a crash, to the check, however clean the exit);
        /// `standardError` is already quoted for one line.
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
        /// In batch mode: it answered the timeline with an error marker, this message.
        case refused(String)
        /// In batch mode: it exited with status 0 before the timeline's end marker.
        case exitedEarly(standardError: String)
        /// This failure (not malformed output, which is placed at its event, and not an
        /// interruption) came from the second run, given the timeline without the events
        /// that change nothing (G11): the run of the whole timeline did not fail so.
        indirect case withoutLooks(Failure)

        /// The failure itself, wherever it came from.
        package var base: Failure {
            if case .withoutLooks(let failure) = self { return failure.base }
            return self
        }

        /// A one-line account.
        package var description: String {
            switch self {
            case .crashed(let status, let error): "exited with status \(status)" + (error.isEmpty ? "" : "; standard error: " + error)
            case .killed(let signal, let error): "was killed by signal \(signal)" + (error.isEmpty ? "" : "; standard error: " + error)
            case .timedOut(let seconds): "timed out after \(Figures.fixed(seconds, 1)) s"
            case .printedTooMuch(let limit): "printed more than \(Figures.grouped(limit)) bytes on standard output and was stopped"
            case .malformed(let problem): "printed malformed output: \(problem)"
            case .couldNotStart(let reason): "could not be started: \(reason)"
            case .interrupted: "was stopped: the check was interrupted"
            case .refused(let message): "refused the timeline: " + PrintedText.quoted(message, limit: PrintedText.standardErrorQuoted)
            case .exitedEarly(let error): "exited (status 0) before the timeline's end marker" + (error.isEmpty ? "" : "; standard error: " + error)
            case .withoutLooks(let failure): "(given the timeline without the events that change nothing) " + failure.description
            }
        }

        /// The kind of failure, for "the same failure" while shrinking.
        package var kind: String {
            switch self {
            case .crashed, .exitedEarly: "crashed"
            case .killed: "killed by a signal"
            case .timedOut: "timed out"
            case .printedTooMuch: "printed too much"
            case .malformed: "malformed output"
            case .couldNotStart: "could not start"
            case .interrupted: "interrupted"
            case .refused: "refused the timeline"
            case .withoutLooks(let failure): failure.kind
            }
        }

        /// This failure of the run given the timeline without the events that change
        /// nothing (`kept`: the whole timeline's index of each event that run had), said of
        /// the whole timeline: a malformed answer is placed at the event it answered there,
        /// and its text names the line the program printed, of that output; a problem of
        /// a line that answers no event, or of that output as a whole, is the output's as a
        /// whole, said to be that output's. Another failure of that run, a crash or a
        /// time-out, says it was that run's (`withoutLooks`); an interruption is the check's.
        package func inWholeTimeline(kept: [Int]) -> Self {
            let problem: ReplayOutputParser.Malformed
            switch self {
            case .malformed(let malformed): problem = malformed
            case .interrupted, .withoutLooks: return self
            default: return .withoutLooks(self)
            }
            let output = "the output for the timeline without the events that change nothing"
            guard let line = problem.line else { return .malformed(ReplayOutputParser.Malformed(line: nil, problem: "in \(output): \(problem.problem)")) }
            let event = problem.event.flatMap { kept.indices.contains($0) ? kept[$0] : nil }
            return .malformed(ReplayOutputParser.Malformed(line: nil, event: event, problem: "line \(line) of \(output): \(problem.problem)"))
        }
    }

    /// The command that gives this program the timeline file at `path` by hand, as a
    /// check does: the file as its last argument, or in batch mode one line on its
    /// standard input. For a timeline with looks or reinstalls, the check also gave the
    /// program the timeline without them, for the rule `withoutLooksRule` names (G11,
    /// rules.md #6), which the command does not: a shell comment at its end says so,
    /// wherever the command is shown.
    package func reproduction(_ path: String, withoutLooksRule: String? = nil) -> String {
        let word = ShellText.word(path)
        let command = batch ? "{ tr -d '\\n' < \(word); echo; } | \(self.command)" : "\(self.command) \(word)"
        guard let rule = withoutLooksRule else { return command }
        return command + (batch ? "   # the check then sent the same program this timeline without its looks and reinstalls (\(rule))"
            : "   # the check also ran it on this timeline without its looks and reinstalls (\(rule))")
    }

    /// The files and folders the command's words name (each word as the shell reads it,
    /// and the part after a `=` in `X=PATH` or `--opt=PATH`, that exists as a path from
    /// the working folder; `~/` read as the home folder; the program itself, when its
    /// name has no `/`, found through `$PATH` as the shell finds it): what a check reads,
    /// so that a report folder holding one (the program's own script) is refused, not
    /// replaced.
    package var filesNamed: [String] {
        let environment = ProcessInfo.processInfo.environment
        return Self.files(namedBy: command, home: environment["HOME"], searchPath: environment["PATH"])
    }

    /// `filesNamed` for `command`, with `home` for `~` and `searchPath` as `$PATH`.
    static func files(namedBy command: String, home: String?, searchPath: String?) -> [String] {
        var named: [String] = []
        var programFound = false
        for word in shellWords(command) {
            named.append(word)
            if let equals = word.firstIndex(of: "=") { named.append(String(word[word.index(after: equals)...])) }
            // The program is the first word that is not an assignment (`NAME=value`).
            if !programFound, !isAssignment(word) {
                programFound = true
                if !word.contains("/"), let found = lookUp(word, in: searchPath) { named.append(found) }
            }
        }
        return named.map { expandingHome($0, home) }.filter { !$0.isEmpty && FileManager.default.fileExists(atPath: $0) }
    }

    /// Why the shell could not start the command's program (its first word that is not
    /// an assignment), found before any run; nil when it can, or when only the shell can
    /// tell. A mistyped program is then a usage error, not a "crash" that a check would
    /// shrink and report as the implementation's bug. A word with a `/` must name an
    /// executable file; any other word is asked of `/bin/sh` itself (`command -v`), so its
    /// builtins, keywords and search path are the shell's own. A word with an expansion,
    /// a redirection or an operator in it, or a `~` other than `~/` with `$HOME` set, is
    /// left to the shell. Only the program is judged: in `python3 missing.py` it starts,
    /// and what it does with its argument is its own.
    package var programProblem: String? {
        programProblem(environment: ProcessInfo.processInfo.environment)
    }

    /// `programProblem` for a shell started with `environment` (its `PATH`; `HOME` for `~/`).
    package func programProblem(environment: [String: String]) -> String? {
        let words = Self.shellWords(command)
        if !words.isEmpty, words.allSatisfy(Self.isAssignment) { return "it names no program, only variable assignments" }
        guard let word = words.first(where: { !Self.isAssignment($0) }),
              !word.contains(where: { "$`*?[]{}()<>|&;!#\"'\\".contains($0) }) else { return nil }
        let home = environment["HOME"]
        if word.hasPrefix("~"), home == nil || !(word == "~" || word.hasPrefix("~/")) { return nil }
        let program = Self.expandingHome(word, home)
        guard program.contains("/") else {
            return Self.shellFinds(program, environment: environment) ? nil : "no program \(ErrorText.quotedPath(program)) is found through $PATH"
        }
        if program.hasSuffix("/") { return "the program \(ErrorText.quotedPath(program)) names a folder (it ends in /)" }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: program, isDirectory: &isFolder) else { return "the program \(ErrorText.quotedPath(program)) does not exist" }
        if isFolder.boolValue { return "the program \(ErrorText.quotedPath(program)) is a folder" }
        guard FileManager.default.isExecutableFile(atPath: program) else { return "the program \(ErrorText.quotedPath(program)) is not executable" }
        return nil
    }

    /// Whether `/bin/sh`, started with `environment`, knows `name` (a builtin, a keyword,
    /// a function or a program on its search path); true when the shell cannot be asked,
    /// leaving the question to the run (and on a platform without processes, iOS, where
    /// no program runs: `Process` is not there to build).
    private static func shellFinds(_ name: String, environment: [String: String]) -> Bool {
        #if os(macOS) || os(Linux)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "command -v -- \"$1\" >/dev/null 2>&1", "sh", name]
        shell.environment = environment
        shell.standardInput = FileHandle.nullDevice
        shell.standardOutput = FileHandle.nullDevice
        shell.standardError = FileHandle.nullDevice
        do { try shell.run() } catch { return true }
        shell.waitUntilExit()
        return shell.terminationReason != .exit || shell.terminationStatus == 0
        #else
        return true
        #endif
    }

    /// Whether a shell reads `word` as a variable assignment before the program's name.
    private static func isAssignment(_ word: String) -> Bool {
        guard let equals = word.firstIndex(of: "="), equals != word.startIndex else { return false }
        let name = word[..<equals]
        return !name.first!.isNumber && name.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
    }

    /// The first executable file named `name` in the folders of `searchPath`, as the shell finds it.
    private static func lookUp(_ name: String, in searchPath: String?) -> String? {
        guard !name.isEmpty, let searchPath else { return nil }
        for folder in searchPath.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + name
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder), !isFolder.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate) {
                return candidate
            }
        }
        return nil
    }

    /// `path` with a leading `~` or `~/` read as `home`.
    private static func expandingHome(_ path: String, _ home: String?) -> String {
        guard let home, path == "~" || path.hasPrefix("~/") else { return path }
        return home + path.dropFirst()
    }

    /// The words a POSIX shell makes of `text`: split at unquoted blanks, with single
    /// quotes, double quotes (in which `\` escapes `"`, `\`, `$` and a backquote) and a
    /// backslash outside quotes taken off. Expansions (`$X`, `~`, globs) are left as written.
    static func shellWords(_ text: String) -> [String] {
        var words: [String] = [], word = "", inWord = false
        var characters = text.makeIterator()
        while let character = characters.next() {
            switch character {
            case " ", "\t", "\n":
                if inWord { words.append(word); word = ""; inWord = false }
            case "'":
                inWord = true
                while let next = characters.next(), next != "'" { word.append(next) }
            case "\"":
                inWord = true
                while let next = characters.next(), next != "\"" {
                    if next == "\\", let escaped = characters.next() {
                        if !"\"\\$`".contains(escaped) { word.append("\\") }
                        word.append(escaped)
                    } else {
                        word.append(next)
                    }
                }
            case "\\":
                inWord = true
                if let escaped = characters.next() { word.append(escaped) }
            default:
                inWord = true
                word.append(character)
            }
        }
        if inWord { words.append(word) }
        return words
    }

    /// How long one run may take unless `--timeout` says otherwise, in seconds.
    package static let defaultTimeoutSeconds: Double = 10

    /// The default `shrinkLimitSeconds`: two minutes.
    package static let defaultShrinkLimitSeconds: Double = 120

    /// A program run with `command`, each run limited to `timeoutSeconds` and to
    /// `outputLimit` bytes of standard output (a negative limit counts as 0); with
    /// `batch`, one that speaks the batch protocol; a time-out or a flood of output is
    /// shrunk for at most `shrinkLimitSeconds`.
    package init(command: String, timeoutSeconds: Double = ExternalProgram.defaultTimeoutSeconds, outputLimit: Int = ExternalProgram.defaultOutputLimit, batch: Bool = false,
                 shrinkLimitSeconds: Double = ExternalProgram.defaultShrinkLimitSeconds) {
        self.command = command
        self.timeoutSeconds = timeoutSeconds
        self.outputLimit = max(0, outputLimit)
        self.batch = batch
        self.shrinkLimitSeconds = shrinkLimitSeconds
    }

    /// Runs the program on one timeline (written as `name`.json) and parses its
    /// outputs strictly against `policy`'s texts. In batch mode the program is started
    /// for this timeline alone; a check keeps one `ProgramRunner` per job instead.
    package func outputs(for timeline: FlagshipTimeline, name: String, policy: CaptureRules = .mealCapture) -> Result<[FlagshipOutput], Failure> {
        let runner = ProgramRunner(self)
        defer { runner.close() }
        return runner.outputs(for: timeline, name: name, policy: policy)
    }
}

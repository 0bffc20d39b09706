import SimulatorCore
#if os(macOS) || os(Linux)
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs one external program and owns it until it is gone, so that a check running
/// other teams' programs unattended never hangs, leaves processes behind, or runs
/// out of memory or disk.
///
/// The program (`/bin/sh -c COMMAND`) starts in a process group of its own, and the
/// whole group is killed (SIGKILL) when the time limit passes, when standard output
/// passes its limit, and also right after the shell exits normally: whatever it
/// started dies with it (`sleep 300 &` included). On Linux so does what left the group
/// (`setsid`, a daemon): this process adopts it and kills it then (`ProgramDescendants`).
/// Output comes through pipes, never files; standard output is kept up to its
/// limit, standard error only for its first bytes (the rest is read and counted).
struct ProgramSupervisor {
    /// What one run may use.
    struct Limits: Sendable {
        /// Wall-clock seconds from the start.
        var seconds: Double
        /// Bytes of standard output; one more and the program is stopped.
        var standardOutputBytes: Int
        /// Bytes of standard error kept for the report.
        var standardErrorKept: Int
    }

    /// How a run ended.
    enum Ending: Equatable, Sendable {
        /// The shell exited with this status.
        case exited(status: Int32)
        /// The shell was killed by this signal (not by the supervisor).
        case signalled(Int32)
        /// The time limit passed first.
        case timedOut
        /// Standard output passed its limit.
        case printedTooMuch
        /// `ExternalPrograms.stopAll()` stopped it.
        case interrupted
        /// Something else in this process reaped the shell, so its status is unknown.
        case lost
    }

    /// What a run gave.
    struct Run: Sendable {
        /// How it ended.
        var ending: Ending
        /// Standard output (up to the limit).
        var standardOutput: [UInt8]
        /// The first bytes of standard error.
        var standardError: [UInt8]
        /// How many bytes standard error had in all.
        var standardErrorBytes: Int
    }

    /// Held while pipes are made (then marked close-on-exec) and a program is spawned,
    /// so no program another job starts inherits this run's pipe ends and holds them open.
    static let spawning = Mutex(())

    /// A started program: its id (and process group), its run's name and our ends of its pipes.
    struct Spawned {
        /// The shell's id, which is also its process group's.
        var pid: pid_t
        /// The run's name in its environment (`ProgramDescendants`).
        var run: String
        /// The write end of its standard input, or -1 when that is `/dev/null`.
        var input: Int32
        /// The read end of its standard output (non-blocking).
        var output: Int32
        /// The read end of its standard error (non-blocking).
        var error: Int32
    }

    /// Runs `/bin/sh -c command` under `limits`; fails only when it cannot start.
    static func run(_ command: String, limits: Limits) -> Result<Run, ExternalProgram.Failure> {
        if ExternalPrograms.isStopping { return .success(Run(ending: .interrupted, standardOutput: [], standardError: [], standardErrorBytes: 0)) }
        let child: Spawned
        switch spawning.withLock({ _ in spawn(command) }) {
        case .success(let spawned): child = spawned
        case .failure(let failure): return .failure(failure)
        }
        guard let slot = ExternalPrograms.register(group: child.pid) else {
            _ = kill(-child.pid, SIGKILL)
            _ = reap(child.pid)
            ProgramDescendants.end(group: child.pid, run: child.run)
            close(child.output)
            close(child.error)
            return .failure(.couldNotStart("more than \(ExternalPrograms.capacity) programs running at once"))
        }
        var run = supervise(child, limits: limits)
        _ = kill(-child.pid, SIGKILL)
        ExternalPrograms.unregister(slot: slot)
        let status = reap(child.pid)
        // What it started outside its group, adopted by this process, goes too.
        ProgramDescendants.end(group: child.pid, run: child.run)
        if run.ending == .lost, let status {
            run.ending = status & 0x7F == 0 ? .exited(status: (status >> 8) & 0xFF) : .signalled(status & 0x7F)
        }
        if ExternalPrograms.isStopping { run.ending = .interrupted }
        return .success(run)
    }

    /// Reads the program's output until it has exited and its pipes are closed, or a
    /// limit is passed. Returns `.lost` as the ending of a normal exit (the status is
    /// read when reaping).
    private static func supervise(_ child: Spawned, limits: Limits) -> Run {
        let pid = child.pid
        var run = Run(ending: .lost, standardOutput: [], standardError: [], standardErrorBytes: 0)
        var outputFD = child.output, errorFD = child.error
        defer {
            if outputFD >= 0 { close(outputFD) }
            if errorFD >= 0 { close(errorFD) }
        }
        // Up to a billion seconds (an infinite limit included); nonsense is no time at all.
        let seconds = limits.seconds.isNaN ? 0 : min(max(limits.seconds, 0), 1e9)
        let deadline = DispatchTime.now().uptimeNanoseconds &+ UInt64(seconds * 1e9)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var exited = false
        var pause: UInt64 = 50_000
        while true {
            if !exited, hasExited(pid) {
                exited = true
                // The shell is gone: what it left in its group goes too, and what it
                // started outside the group (the pipes then close).
                _ = kill(-pid, SIGKILL)
                ProgramDescendants.end(group: pid, run: child.run, keeping: pid)
            }
            if exited, outputFD < 0, errorFD < 0 { return run }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else {
                run.ending = .timedOut
                return run
            }
            let remaining = deadline - now
            var polled: [pollfd] = []
            if outputFD >= 0 { polled.append(pollfd(fd: outputFD, events: Int16(POLLIN), revents: 0)) }
            if errorFD >= 0 { polled.append(pollfd(fd: errorFD, events: Int16(POLLIN), revents: 0)) }
            if polled.isEmpty {
                // Both pipes closed but the shell runs on (or is just exiting): wait, briefly at first.
                var pauseTime = timespec(tv_sec: 0, tv_nsec: Int(min(pause, remaining)))
                _ = nanosleep(&pauseTime, nil)
                pause = min(pause * 2, 20_000_000)
                continue
            }
            // Wake at least every 20 ms: a shell may exit while a child it left holds the pipes.
            let ready = poll(&polled, nfds_t(polled.count), Int32(min((remaining + 999_999) / 1_000_000, 20)))
            guard ready > 0 else { continue }
            for entry in polled where entry.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                }
                if count <= 0 {
                    close(entry.fd)
                    if entry.fd == outputFD { outputFD = -1 } else { errorFD = -1 }
                    continue
                }
                if entry.fd == outputFD {
                    let room = limits.standardOutputBytes - run.standardOutput.count
                    run.standardOutput.append(contentsOf: buffer[0..<min(count, room)])
                    if count > room {
                        run.ending = .printedTooMuch
                        return run
                    }
                } else {
                    let room = max(0, limits.standardErrorKept - run.standardError.count)
                    run.standardError.append(contentsOf: buffer[0..<min(count, room)])
                    run.standardErrorBytes += count
                }
            }
        }
    }

    /// Whether the shell has exited, without reaping it: while it is a zombie its id
    /// cannot be reused, so killing its group stays safe.
    static func hasExited(_ pid: pid_t) -> Bool {
        var info = siginfo_t()
        while true {
            if waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 { return info.si_signo == SIGCHLD }
            if errno != EINTR { return true }
        }
    }

    /// Reaps the shell; its wait status, or nil if something else reaped it.
    static func reap(_ pid: pid_t) -> Int32? {
        defer { ProgramDescendants.reaped(shell: pid) }
        var status: Int32 = 0
        while true {
            if waitpid(pid, &status, 0) == pid { return status }
            if errno != EINTR { return nil }
        }
    }

    /// Starts `/bin/sh -c command` in a new process group, standard input from
    /// `/dev/null` (or, with `standardInput`, from a fresh pipe whose write end is
    /// returned, non-blocking), standard output and error into fresh pipes (whose read
    /// ends are returned, non-blocking). Called with `spawning` held.
    /// The size asked for a batch program's input and output pipes (Linux's default
    /// ceiling for an unprivileged process).
    static let batchPipeBytes: Int32 = 1 << 20

    static func spawn(_ command: String, standardInput: Bool = false) -> Result<Spawned, ExternalProgram.Failure> {
        var outputPipe: [Int32] = [-1, -1], errorPipe: [Int32] = [-1, -1], inputPipe: [Int32] = [-1, -1]
        func closeAll() { for fd in outputPipe + errorPipe + inputPipe where fd >= 0 { close(fd) } }
        func system(_ what: String) -> ExternalProgram.Failure { .couldNotStart("\(what): \(String(cString: strerror(errno)))") }
        guard pipe(&outputPipe) == 0 else { return .failure(system("cannot make a pipe")) }
        guard pipe(&errorPipe) == 0, !standardInput || pipe(&inputPipe) == 0 else {
            let failure = system("cannot make a pipe")
            closeAll()
            return .failure(failure)
        }
        for fd in outputPipe + errorPipe + inputPipe where fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        for fd in [outputPipe[0], errorPipe[0], inputPipe[1]] where fd >= 0 { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        #if os(Linux)
        if standardInput {
            // A batch program's timelines and answers run to a hundred kilobytes: pipes
            // that hold one whole (where the system allows it) let each side write it at
            // once instead of waking the other every 64 KiB. Refusal leaves the default.
            for fd in [outputPipe[0], inputPipe[1]] { _ = fcntl(fd, 1031 /* F_SETPIPE_SZ */, batchPipeBytes) }
        }
        #endif

        #if os(Linux)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #else
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        if standardInput {
            posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        #if os(Linux)
        // Only standard input, output and error reach the program (as on macOS with
        // POSIX_SPAWN_CLOEXEC_DEFAULT): a descriptor this process holds without
        // close-on-exec (another program's pipe, its own caller's) would otherwise be
        // held open by the program and what it starts. glibc 2.34 and later.
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
        }
        #endif
        var flags = Int32(POSIX_SPAWN_SETPGROUP) | Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)
        #if os(macOS)
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(truncatingIfNeeded: flags))
        posix_spawnattr_setpgroup(&attributes, 0)
        // The command line ignores SIGINT and SIGTERM to handle them itself; the
        // program gets the defaults and an empty mask, as if started from a shell.
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGPIPE, SIGHUP, SIGQUIT, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        let arguments: [UnsafeMutablePointer<CChar>?] = ["/bin/sh", "-c", command].map { (argument: String) in strdup(argument) }
        defer { for argument in arguments { free(argument) } }
        var pid: pid_t = 0
        // Adopts what the program leaves outside its group (Linux), and names its run in
        // its environment, so that both can be found when the run ends.
        _ = ProgramDescendants.isSubreaper
        let run = ProgramDescendants.newRun()
        let environment = ProgramDescendants.environment(run: run)
        defer { for entry in environment { free(entry) } }
        let status = (arguments + [nil]).withUnsafeBufferPointer { argv in
            (environment + [nil]).withUnsafeBufferPointer { envp in
                posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv.baseAddress!, envp.baseAddress!)
            }
        }
        if status == 0 { ProgramDescendants.started(shell: pid) }
        close(outputPipe[1])
        close(errorPipe[1])
        if inputPipe[0] >= 0 { close(inputPipe[0]) }
        guard status == 0 else {
            close(outputPipe[0])
            close(errorPipe[0])
            if inputPipe[1] >= 0 { close(inputPipe[1]) }
            return .failure(.couldNotStart("cannot run /bin/sh: \(String(cString: strerror(status)))"))
        }
        return .success(Spawned(pid: pid, run: run, input: inputPipe[1], output: outputPipe[0], error: errorPipe[0]))
    }
}
#endif

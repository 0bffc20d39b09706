import SimulatorCore
#if os(macOS) || os(Linux)
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What an external program started that left its process group, found and ended.
///
/// Killing a program's process group ends what stays in it, but a process that calls
/// `setsid()` (a daemon, `setsid sleep 300 &`) leaves the group, and once the program
/// exits it would be re-parented to init and outlive the check. On Linux the checking
/// process is therefore a child subreaper (`PR_SET_CHILD_SUBREAPER`): whatever a
/// program leaves behind is re-parented to it instead. Each program is started with
/// `SIMULATE_PROGRAM_RUN` in its environment naming its run (this process's id and a
/// number; a run inside a run keeps the outer run's name before its own), which its
/// descendants inherit. When a run ends (the program exits, times out, breaks its
/// contract, or the check is done with it), after its group is killed, every child of
/// this process that is in the run's group or carries the run's name is killed
/// (SIGKILL) and reaped, over and over, as killing one re-parents its own children
/// here. `killMarked()` kills every run's at once, for an interrupt.
///
/// What is not found: a descendant that both left the group and cleared its
/// environment (`env -i`), which `simulate check` kills when the check ends
/// (`endEveryChild`), and on macOS, which has no subreaper, anything that left the group.
package enum ProgramDescendants {
    /// The environment variable that names a program's run.
    static let variable = "SIMULATE_PROGRAM_RUN"

    /// Runs started so far, for their names.
    private static let runs = Atomic<Int>(0)

    /// Held while a run's descendants are killed and reaped, so that `killMarked()`
    /// never signals an id reaped meanwhile (and perhaps given to another process).
    private static let reaping = Mutex(())

    /// The programs' shells started and not yet reaped: `killMarked()` leaves them to
    /// their supervisors, which read their exit status.
    private static let shells = Mutex<Set<pid_t>>([])

    /// Records a program's shell, just started (with `ProgramSupervisor.spawning` held).
    static func started(shell: pid_t) { shells.withLock { _ = $0.insert(shell) } }

    /// Forgets a program's shell, reaped.
    static func reaped(shell: pid_t) { shells.withLock { _ = $0.remove(shell) } }

    /// A new run's name: `PID-N`.
    static func newRun() -> String {
        "\(getpid())-\(runs.add(1, ordering: .relaxed).newValue)"
    }

    /// Makes this process a child subreaper, once (Linux; nothing elsewhere). True when it is one.
    static let isSubreaper: Bool = {
        #if os(Linux)
        // prctl is variadic in C, which Swift cannot call: it is called through a
        // pointer with its integer arguments, which is how its callers pass them.
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") else { return false }
        let prctl = unsafeBitCast(symbol, to: Prctl.self)
        let setChildSubreaper: Int32 = 36  // PR_SET_CHILD_SUBREAPER
        return prctl(setChildSubreaper, 1, 0, 0, 0) == 0
        #else
        return false
        #endif
    }()

    /// The environment for a program of the run `run`: this process's, with `run` added
    /// to `SIMULATE_PROGRAM_RUN` (after the names it already holds), as `KEY=VALUE`
    /// strings the caller frees.
    static func environment(run: String) -> [UnsafeMutablePointer<CChar>?] {
        #if canImport(Darwin)
        var entry = _NSGetEnviron().pointee
        #else
        var entry = environ
        #endif
        var strings: [UnsafeMutablePointer<CChar>?] = []
        var outer: String?
        let prefix = variable + "="
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if text.hasPrefix(prefix) { outer = String(text.dropFirst(prefix.count)) } else { strings.append(strdup(pointer)) }
            entry += 1
        }
        strings.append(strdup(prefix + (outer.map { $0 + " " } ?? "") + run))
        return strings
    }

    /// Ends what the run `run` (its process group `group`) left: every child of this
    /// process in the group or carrying the run's name, but `keeping` (the program's
    /// own shell, which its supervisor reaps), killed and reaped until none is left.
    static func end(group: pid_t, run: String, keeping: pid_t? = nil) {
        #if os(Linux)
        guard isSubreaper else { return }
        for _ in 0..<1_000 {
            let left = children().filter { $0 != keeping && belongs($0, group: group, run: run) }
            if left.isEmpty { return }
            reaping.withLock { _ in
                for pid in left { _ = kill(pid, SIGKILL) }
                for pid in left { reap(pid) }
            }
        }
        #endif
    }

    /// Kills (SIGKILL) and reaps every child of this process that carries the name of
    /// one of its runs, but the programs' shells (their supervisors reap them, once
    /// their groups are killed): for an interrupt, which stops every run at once. Gives
    /// up after a tenth of a second if a program is being started or a run's
    /// descendants reaped meanwhile.
    static func killMarked() {
        #if os(Linux)
        guard isSubreaper else { return }
        let own = "\(getpid())-"
        for _ in 0..<100 {
            // No shell is started meanwhile, which could be taken for an orphan before it is recorded.
            let done = ProgramSupervisor.spawning.withLockIfAvailable { _ -> Bool in
                reaping.withLockIfAvailable { _ -> Bool in
                    let live = shells.withLock { $0 }
                    let marked = children().filter { !live.contains($0) && names($0).contains { $0.hasPrefix(own) } }
                    for pid in marked { _ = kill(pid, SIGKILL) }
                    for pid in marked { reap(pid) }
                    return true
                } ?? false
            }
            if done == true { return }
            var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
            _ = nanosleep(&pause, nil)
        }
        #endif
    }

    /// Kills and reaps every child of this process: for a command that has finished
    /// running programs, whose only children left are what they left behind (a
    /// descendant that cleared its environment included).
    package static func endEveryChild() {
        #if os(Linux)
        guard isSubreaper else { return }
        for _ in 0..<1_000 {
            let left = children()
            if left.isEmpty { return }
            reaping.withLock { _ in
                for pid in left { _ = kill(pid, SIGKILL) }
                for pid in left { reap(pid) }
            }
        }
        #endif
    }

    #if os(Linux)
    /// This process's children: those of each of its threads (a re-parented process
    /// becomes the child of one of them).
    static func children() -> [pid_t] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        var pids: [pid_t] = []
        for task in tasks {
            guard let text = read("/proc/self/task/\(task)/children", limit: 1 << 20) else { continue }
            pids += String(decoding: text, as: UTF8.self).split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        return pids
    }

    /// Whether `pid` is in the process group `group` or carries the run's name `run`.
    static func belongs(_ pid: pid_t, group: pid_t, run: String) -> Bool {
        if let stat = read("/proc/\(pid)/stat", limit: 4_096), let close = stat.lastIndex(of: UInt8(ascii: ")")) {
            // After "pid (name) ": the state, the parent, the group.
            let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
            if fields.count > 2, pid_t(String(decoding: fields[2], as: UTF8.self)) == group { return true }
        }
        return names(pid).contains(run)
    }

    /// The run names in `pid`'s environment (as it started; none once it has exited).
    static func names(_ pid: pid_t) -> [String] {
        guard let environment = read("/proc/\(pid)/environ", limit: 1 << 22) else { return [] }
        let prefix = Array((variable + "=").utf8)
        for entry in environment.split(separator: 0) where entry.starts(with: prefix) {
            return String(decoding: entry.dropFirst(prefix.count), as: UTF8.self).split(separator: " ").map(String.init)
        }
        return []
    }

    /// Waits for the killed child `pid`, for five seconds at most (a process stuck in
    /// the kernel is left rather than waited for).
    private static func reap(_ pid: pid_t) {
        var status: Int32 = 0
        for _ in 0..<5_000 {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || (result < 0 && errno != EINTR) { return }
            var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
            _ = nanosleep(&pause, nil)
        }
    }

    /// Up to `limit` bytes of the file at `path` (a /proc file, whose size is not known
    /// before it is read), or nil when it cannot be read.
    private static func read(_ path: String, limit: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while bytes.count < limit {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }
    #endif
}
#endif

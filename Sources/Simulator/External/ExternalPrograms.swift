import SimulatorCore
#if os(macOS) || os(Linux)
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#endif

/// Every external program this process is running, and every scratch folder holding
/// their timeline files, so that an interrupt can stop them all.
///
/// Each program runs in a process group of its own (see `ProgramSupervisor`), which
/// is the group's id as long as the program is registered here: the supervisor
/// unregisters a group before it reaps the program, so an id listed here never
/// names someone else's processes.
package enum ExternalPrograms {
    /// Kills every running program's whole process group (SIGKILL) and, on Linux, what
    /// the programs started outside their groups (`ProgramDescendants.killMarked()`),
    /// removes the scratch folders, and refuses to start new programs until `resume()`.
    ///
    /// Meant for the command line's SIGINT/SIGTERM handler, so that Ctrl-C leaves
    /// nothing running and nothing in the temporary folder. Safe from any thread at
    /// any moment, runs alongside checks in progress, and never waits on them: the
    /// groups are found with atomic loads and killed with `kill(2)`, and the folders are
    /// removed only if their lock is free (after a short retry it leaves them rather
    /// than wait on a thread that a signal may have interrupted). Calling it twice, or
    /// with nothing running, is harmless.
    package static func stopAll() {
        #if os(macOS) || os(Linux)
        stopping.store(true, ordering: .sequentiallyConsistent)
        stoppers.add(1, ordering: .sequentiallyConsistent)
        for index in 0..<capacity {
            let group = slots[index].load(ordering: .sequentiallyConsistent)
            if group > 0 { _ = kill(-group, SIGKILL) }
        }
        stoppers.subtract(1, ordering: .sequentiallyConsistent)
        // What the programs started outside their groups (Linux): their runs reap it.
        ProgramDescendants.killMarked()
        for _ in 0..<1_000 {
            let removed: Bool? = folders.withLockIfAvailable { folders in
                for path in folders { try? FileManager.default.removeItem(atPath: path) }
                folders.removeAll()
                return true
            }
            if removed != nil { break }
            sched_yield()
        }
        #endif
    }

    /// Lets programs start again after `stopAll()`: for a host that stops
    /// everything and carries on (a test, a long-lived tool), not for the command line,
    /// which exits.
    package static func resume() {
        #if os(macOS) || os(Linux)
        stopping.store(false, ordering: .sequentiallyConsistent)
        #endif
    }

    /// Whether `stopAll()` has been called (and not `resume()`): no program may start.
    package static var isStopping: Bool {
        #if os(macOS) || os(Linux)
        stopping.load(ordering: .sequentiallyConsistent)
        #else
        false
        #endif
    }

    #if os(macOS) || os(Linux)
    /// How many programs can run at once: one per check job, and jobs are at most 512.
    static let capacity = 1_024

    /// The process groups, one per slot (0: free). Fixed storage read with atomics
    /// only, so `stopAll()` never allocates or locks to find them.
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<Atomic<Int32>> = {
        let slots = UnsafeMutablePointer<Atomic<Int32>>.allocate(capacity: capacity)
        for index in 0..<capacity { (slots + index).initialize(to: Atomic(0)) }
        return slots
    }()

    private static let stopping = Atomic<Bool>(false)
    /// How many `stopAll()` calls are reading the slots right now.
    private static let stoppers = Atomic<Int>(0)
    private static let folders = Mutex<Set<String>>([])

    /// Records `group`; returns its slot, or nil when every slot is taken. When
    /// `stopAll()` ran meanwhile, the group is killed here (either this sees the flag or
    /// `stopAll()` sees the slot).
    static func register(group: Int32) -> Int? {
        _ = slots
        for index in 0..<capacity where slots[index].compareExchange(expected: 0, desired: group, ordering: .sequentiallyConsistent).exchanged {
            if isStopping { _ = kill(-group, SIGKILL) }
            return index
        }
        return nil
    }

    /// Forgets the group in `slot`. Returns once no `stopAll()` can still be about to
    /// signal it, so the caller may then reap the program (and free its id).
    static func unregister(slot: Int) {
        slots[slot].store(0, ordering: .sequentiallyConsistent)
        while stoppers.load(ordering: .sequentiallyConsistent) > 0 { sched_yield() }
    }

    /// Records a scratch folder, to be removed by `stopAll()` if the run does not finish.
    static func register(folder: String) {
        folders.withLock { _ = $0.insert(folder) }
    }

    /// Forgets a scratch folder (its run removes it).
    static func unregister(folder: String) {
        folders.withLock { _ = $0.remove(folder) }
    }
    #endif
}

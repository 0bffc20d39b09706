#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// What the harness writes on standard error when the app's code crashes the test
/// process (a trap, an abort, a bad memory access) while the harness plays a user: the
/// seed and the user, so that the crash is reproduced as a failure is, with
/// `SIMULATE_SEED` and `SIMULATE_USERS`. A crash cannot be reported as a test issue: the
/// process ends.
///
/// While a check runs, the harness handles `SIGILL`, `SIGTRAP`, `SIGABRT`, `SIGSEGV`,
/// `SIGBUS` and `SIGFPE`: the handler writes a line for the user in play (each user in
/// play when the crash is not on a thread of the harness's), puts back the
/// handler that was there before (the runtime's backtrace, a crash reporter, the
/// default) and raises the signal again. The handlers go back as they were when the last
/// check running ends. The handler allocates nothing and calls only `write`,
/// `sigaction` and `raise`. It runs on a stack of its own on the harness's threads
/// (`sigaltstack`, for as long as a thread holds a slot), so that a stack overflow in the
/// app's code (a recursion without end) is named too: on the thread's own stack, which
/// the overflow has used up, no handler could run.
enum CrashNote {
    /// The signals of a crash.
    static let signals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]

    /// How many users can be in play at once (one per thread playing, in every check
    /// running: a test suite runs many checks side by side).
    static let capacity = 1024

    /// Per slot, the user in play plus 2 (1: a given timeline; 0: the slot is free; −1:
    /// taken, nothing in play yet), and the seed. Taken and freed under `state`'s lock,
    /// written by the thread that holds the slot, read by the handler.
    nonisolated(unsafe) private static let users: UnsafeMutablePointer<Int> = {
        let slots = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        return slots
    }()
    nonisolated(unsafe) private static let seeds: UnsafeMutablePointer<UInt64> = {
        let slots = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        return slots
    }()
    /// Per slot, the thread that holds it (set when it is taken).
    nonisolated(unsafe) private static let threads = UnsafeMutablePointer<pthread_t>.allocate(capacity: capacity)

    /// The handlers found before the first check, by signal number (read by the handler).
    nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 64)

    /// The checks running; its lock also guards taking and freeing a slot.
    private static let state = Mutex<Int>(0)

    /// A slot of the table: the user one thread is playing.
    struct Slot {
        fileprivate let index: Int

        /// Notes that this thread now plays `user` of `seed`, or a given timeline (nil).
        func playing(user: Int?, seed: UInt64) {
            guard index >= 0 else { return }
            CrashNote.seeds[index] = seed
            CrashNote.users[index] = user.map { $0 + 2 } ?? 1
        }
    }

    /// Runs `body` with the crash handlers in place.
    static func watching<T>(_ body: () -> T) -> T {
        state.withLock { checks in
            if checks == 0 { install() }
            checks += 1
        }
        defer {
            state.withLock { checks in
                checks -= 1
                if checks == 0 { restore() }
            }
        }
        return body()
    }

    /// Runs `body` with a slot of its own for the calling thread (none when all are
    /// taken: then a crash names the other users only), freed after.
    static func withSlot<T>(_ body: (Slot) -> T) -> T {
        let index = state.withLock { _ -> Int in
            guard let free = (0..<capacity).first(where: { users[$0] == 0 }) else { return -1 }
            (threads + free).initialize(to: pthread_self())
            users[free] = -1
            return free
        }
        defer {
            if index >= 0 { state.withLock { _ in users[index] = 0 } }
        }
        return withSignalStack { body(Slot(index: index)) }
    }

    /// The size of a thread's signal stack: room for the handler, and for the handler it
    /// raises the signal to (the runtime's backtrace).
    static let signalStackSize = 256 * 1024

    /// Runs `body` with a signal stack for the calling thread, unless it has one already
    /// (then that one serves); the thread's own setting is put back after.
    static func withSignalStack<T>(_ body: () -> T) -> T {
        var current = stack_t()
        guard sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) != 0 else { return body() }
        let memory = UnsafeMutableRawPointer.allocate(byteCount: signalStackSize, alignment: 16)
        var stack = stack_t()
        stack.ss_sp = memory
        stack.ss_size = signalStackSize
        stack.ss_flags = 0
        guard sigaltstack(&stack, nil) == 0 else {
            memory.deallocate()
            return body()
        }
        defer {
            var now = stack_t()
            if sigaltstack(nil, &now) == 0, now.ss_sp != memory {
                memory.deallocate() // the app's code put a stack of its own in place: it stays
            } else {
                var disabled = stack_t()
                disabled.ss_flags = Int32(SS_DISABLE)
                if sigaltstack(&disabled, nil) == 0 { memory.deallocate() } // (else still in use: left allocated)
            }
        }
        return body()
    }

    /// Runs `body` with `user` of `seed` (nil: a given timeline) in play on the calling thread.
    static func playing<T>(user: Int?, seed: UInt64, _ body: () -> T) -> T {
        withSlot { slot in
            slot.playing(user: user, seed: seed)
            return body()
        }
    }

    /// The users in play, as the handler sees them (seed, user; user nil for a given
    /// timeline).
    static var inPlay: [(seed: UInt64, user: Int?)] {
        (0..<capacity).compactMap { index in
            users[index] <= 0 ? nil : (seeds[index], users[index] == 1 ? nil : users[index] - 2)
        }
    }

    private static func install() {
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handle
        #else
        action.__sigaction_handler.sa_handler = handle
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = Int32(SA_ONSTACK) // (on the thread's signal stack, where it has one)
        for signal in signals { sigaction(signal, &action, previous + Int(signal)) }
    }

    private static func restore() {
        for signal in signals { sigaction(signal, previous + Int(signal), nil) }
    }

    /// The handler: a line for the user the crashing thread plays, or, when the crash is
    /// on another thread (the main actor's, a task's), for each user in play; then the
    /// handler from before, raised again.
    private static let handle: @convention(c) (Int32) -> Void = { signal in
        let this = pthread_self()
        let own = (0..<CrashNote.capacity).first { CrashNote.users[$0] > 0 && pthread_equal(CrashNote.threads[$0], this) != 0 }
        for index in 0..<CrashNote.capacity where CrashNote.users[index] > 0 && (own == nil || own == index) {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 512) { buffer in
                let count = CrashNote.line(user: CrashNote.users[index], seed: CrashNote.seeds[index], signal: signal, into: buffer)
                _ = write(2, buffer.baseAddress, count)
            }
        }
        sigaction(signal, CrashNote.previous + Int(signal), nil)
        raise(signal)
    }

    /// The line for one slot (`user`: the user plus 2, or 1 for a given timeline), written
    /// into `buffer` without allocating; its length.
    static func line(user: Int, seed: UInt64, signal: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var count = 0
        func put(_ text: StaticString) {
            text.withUTF8Buffer { for byte in $0 where count < buffer.count { buffer[count] = byte; count += 1 } }
        }
        func put(_ number: UInt64) {
            var divisor: UInt64 = 1
            while number / divisor >= 10 { divisor *= 10 }
            while divisor > 0, count < buffer.count {
                buffer[count] = UInt8(ascii: "0") + UInt8(number / divisor % 10)
                count += 1
                divisor /= 10
            }
        }
        put("SubscriptionHarness: the app crashed (signal ")
        put(UInt64(signal))
        guard user >= 2 else {
            put(") while the harness played a given timeline\n")
            return count
        }
        put(") while the harness played user ")
        put(UInt64(user - 2))
        put(" of seed ")
        put(seed)
        put("; the same crash again: SIMULATE_SEED=")
        put(seed)
        put(" SIMULATE_USERS=")
        put(UInt64(user - 1))
        put(" and this test's filter (users 0 to ")
        put(UInt64(user - 2))
        put(", this one last)\n")
        return count
    }
}

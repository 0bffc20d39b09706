import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import SubscriptionModel
@testable import SubscriptionTesting
import Testing

/// A crash in the app's code ends the test process, so it cannot be a test issue; the
/// harness then writes on standard error which user of which seed it was playing, and
/// the command that plays it again. (The crash itself is not run here: it would end the
/// tests. `docs/testing-your-app.md` shows one, an `Int32` of a date after 2038.)
@Suite("What the harness says when the app crashes")
struct CrashNoteTests {
    /// The line the handler writes for one slot.
    static func line(user: Int, seed: UInt64, signal: Int32) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 512) { buffer in
            String(decoding: buffer.prefix(CrashNote.line(user: user, seed: seed, signal: signal, into: buffer)), as: UTF8.self)
        }
    }

    @Test("the line names the signal, the user and the seed, and how to play that user again")
    func lineText() {
        #expect(Self.line(user: 17 + 2, seed: 42, signal: SIGILL) == "SubscriptionHarness: the app crashed (signal \(SIGILL)) while the harness played user 17 of seed 42; the same crash again: SIMULATE_SEED=42 SIMULATE_USERS=18 and this test's filter (users 0 to 17, this one last)\n")
        #expect(Self.line(user: 0 + 2, seed: .max, signal: 11) == "SubscriptionHarness: the app crashed (signal 11) while the harness played user 0 of seed 18446744073709551615; the same crash again: SIMULATE_SEED=18446744073709551615 SIMULATE_USERS=1 and this test's filter (users 0 to 0, this one last)\n")
        #expect(Self.line(user: 1, seed: 0, signal: 6) == "SubscriptionHarness: the app crashed (signal 6) while the harness played a given timeline\n")
    }

    @Test("while the app runs on the harness's threads, a crash's handler has a stack of its own, so that a stack overflow is named too; after the check, the thread's setting is as it was (seed 7, 4 users)")
    func signalStack() async throws {
        // What the app's code sees of the signal stack and the SIGSEGV handler, as it runs.
        let seen = Mutex<[(stack: Bool, onStack: Bool)]>([])
        let adapter = AppAdapter { device in
            var stack = stack_t(), action = sigaction()
            sigaltstack(nil, &stack)
            sigaction(SIGSEGV, nil, &action)
            seen.withLock { $0.append((stack.ss_flags & Int32(SS_DISABLE) == 0 && stack.ss_size >= CrashNote.signalStackSize, action.sa_flags & Int32(SA_ONSTACK) != 0)) }
            return CardQuota(device: device, mistake: nil)
        }
        .use("view-card") { quota, _ in quota.viewCard() }
        .lifecycle { quota, moment in if moment.isLaunch { quota.launch() } }
        .screen("cards") { quota in .text(quota.cardsLabel) }
        .screen("plan") { quota in .text(quota.planLabel) }
        let report = try await SubscriptionHarness.check(adapter, policy: .dailyQuip, users: 4, seed: 7)
        #expect(report.passed, "\(report)")
        let states = seen.withLock { $0 }
        #expect(!states.isEmpty && states.allSatisfy { $0.stack && $0.onStack }, "\(states)")
        // A thread's own setting (none, or the runtime's stack) is as it was after the harness used it.
        var before = stack_t(), after = stack_t()
        sigaltstack(nil, &before)
        CrashNote.withSignalStack { }
        sigaltstack(nil, &after)
        #expect(after.ss_flags == before.ss_flags && after.ss_sp == before.ss_sp && after.ss_size == before.ss_size, "this test's thread keeps its own setting")
    }

    @Test("a thread's own signal stack serves and stays, and one the app's code puts in place is left to it")
    func signalStackKept() {
        func current() -> stack_t {
            var stack = stack_t()
            sigaltstack(nil, &stack)
            return stack
        }
        let before = current()
        let size = 128 * 1024
        let own = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer { own.deallocate() }
        // A thread that has one: the harness uses it, and leaves it.
        var mine = stack_t()
        (mine.ss_sp, mine.ss_size, mine.ss_flags) = (own, size, 0)
        sigaltstack(&mine, nil)
        CrashNote.withSignalStack { #expect(current().ss_sp == own, "the thread's own stack serves") }
        #expect(current().ss_sp == own && current().ss_flags & Int32(SS_DISABLE) == 0, "and stays")
        // A thread that has none: a stack the app's code puts in place while it runs stays too.
        var off = stack_t()
        off.ss_flags = Int32(SS_DISABLE)
        sigaltstack(&off, nil)
        CrashNote.withSignalStack {
            #expect(current().ss_sp != own && current().ss_flags & Int32(SS_DISABLE) == 0, "the harness's stack")
            sigaltstack(&mine, nil)
        }
        #expect(current().ss_sp == own, "the app's stack is left in place")
        // The thread's setting as it was before this test.
        var restore = before
        sigaltstack(&restore, nil)
    }

    @Test("while the app runs, the user it is played for is in play under the check's seed; after the check, none is (seed 31337, 6 users)")
    func usersInPlay() async throws {
        let seed: UInt64 = 31337, users = 6
        let seen = Mutex<[Int?]>([])
        // (Seen where every user's app is made: some users use nothing.)
        let adapter = AppAdapter { device in
            seen.withLock { $0 += CrashNote.inPlay.filter { $0.seed == seed }.map(\.user) }
            return CardQuota(device: device, mistake: nil)
        }
        .use("view-card") { quota, _ in quota.viewCard() }
        .lifecycle { quota, moment in if moment.isLaunch { quota.launch() } }
        .screen("cards") { quota in .text(quota.cardsLabel) }
        .screen("plan") { quota in .text(quota.planLabel) }
        let report = try await SubscriptionHarness.check(adapter, policy: .dailyQuip, users: users, seed: seed)
        #expect(report.passed, "\(report)")
        let inPlay = seen.withLock { $0 }
        #expect(!inPlay.isEmpty, "an app was made with its user in play")
        #expect(Set(inPlay) == Set((0..<report.users).map { Optional($0) }), "every user played, and only those: \(Set(inPlay))")
        #expect(!CrashNote.inPlay.contains { $0.seed == seed }, "nothing of this check in play after it")
    }
}

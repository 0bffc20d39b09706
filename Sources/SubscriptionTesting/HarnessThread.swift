import Foundation

/// Runs the harness's synchronous work on a thread of its own and awaits it: the caller's
/// task suspends (freeing its actor, the main actor included, for the app's `async`
/// code) while the thread plays users and waits for each of the app's calls.
enum HarnessThread {
    /// The stack of the harness's thread (the shrinker and a team's code run on it).
    static let stackSize = 8 << 20

    /// `body`'s result, computed on a new thread.
    static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: body())
            }
            thread.name = "SubscriptionHarness"
            thread.stackSize = stackSize
            thread.start()
        }
    }

    /// Runs `body` on `jobs` threads at once (the calling one and `jobs - 1` new ones)
    /// and returns when every one has returned.
    static func parallel(_ jobs: Int, _ body: @escaping @Sendable () -> Void) {
        let group = DispatchGroup()
        for _ in 1..<max(1, jobs) {
            group.enter()
            let thread = Thread {
                body()
                group.leave()
            }
            thread.name = "SubscriptionHarness"
            thread.stackSize = stackSize
            thread.start()
        }
        body()
        group.wait()
    }
}

import Dispatch
import Foundation

/// Awaits a team's asynchronous code from the harness's own thread: the simulator's
/// checks are synchronous, so each timeline is played through the app in one task and the
/// harness's thread waits for it.
///
/// Safe only on a thread of the harness's own (`SubscriptionHarness` plays every user on
/// a `Thread` it starts), never on one of Swift's cooperative threads or the main thread,
/// which the awaited code may need: that is why the harness never calls it anywhere else.
enum AsyncBridge {
    /// How long one timeline may take before the harness gives up on the app.
    static let timeoutSeconds = 120.0

    /// Runs `body` to completion; false when it did not finish within `timeoutSeconds`
    /// (the task is then abandoned).
    static func wait(_ body: @escaping @Sendable () async -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            await body()
            done.signal()
        }
        return done.wait(timeout: .now() + timeoutSeconds) == .success
    }
}

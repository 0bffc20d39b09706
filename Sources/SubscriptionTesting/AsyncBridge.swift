import Dispatch
import Foundation

/// Awaits a team's asynchronous code from the harness's own thread: the simulator's
/// checks are synchronous, so an `async` or actor-isolated closure is started as a task
/// and the harness's thread waits for it.
///
/// Safe only on a thread of the harness's own (`SubscriptionHarness` plays every user on
/// a `Thread` it starts), never on one of Swift's cooperative threads or the main thread,
/// which the awaited code may need: that is why the harness never calls it anywhere else.
enum AsyncBridge {
    /// How long one event's calls may take before the harness gives up on the app.
    static let timeoutSeconds = 30.0

    /// Runs `body` to completion and returns its result or error; nil when it did not
    /// finish within `timeoutSeconds`.
    static func wait<T>(_ body: @escaping @Sendable () async throws -> T) -> Result<T, any Error>? {
        let slot = Slot<T>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                slot.result = .success(try await body())
            } catch {
                slot.result = .failure(error)
            }
            done.signal()
        }
        guard done.wait(timeout: .now() + timeoutSeconds) == .success else { return nil }
        return slot.result
    }

    /// Where the task leaves its result; the semaphore orders the write before the read.
    private final class Slot<T>: @unchecked Sendable {
        var result: Result<T, any Error>?
    }
}

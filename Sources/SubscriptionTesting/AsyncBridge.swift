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
    /// How long one timeline may take, from the moment it starts playing, before the
    /// harness gives up on the app.
    static let timeoutSeconds = 120.0
    /// How long the harness waits for a thread to start playing on (one of Swift's
    /// cooperative threads, or the main actor), which tests that keep those threads busy
    /// can hold for minutes: not counted in `timeoutSeconds`.
    static let startLimitSeconds = 1_800.0

    /// How a wait ended.
    enum Outcome {
        case finished, timedOut, notStarted
    }

    /// Runs `body` to completion. `body` calls its argument when it starts its work (in the
    /// isolation it needs); `timeoutSeconds` count from then. The task is abandoned when
    /// it does not finish in time, or does not start within `startLimitSeconds`.
    static func wait(_ body: @escaping @Sendable (_ started: @Sendable () -> Void) async -> Void) -> Outcome {
        let started = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        Task.detached {
            await body { started.signal() }
            done.signal()
        }
        guard started.wait(timeout: .now() + startLimitSeconds) == .success else { return .notStarted }
        return done.wait(timeout: .now() + timeoutSeconds) == .success ? .finished : .timedOut
    }
}

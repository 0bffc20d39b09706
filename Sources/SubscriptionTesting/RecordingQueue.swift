import Foundation

/// Hands the recordings of one timeline to the implementations that replay them: the
/// checked app's first, then, when the timeline has looks or reinstalls, the shadow's
/// (the same timeline without them), in the order `TimelineCheck` starts the two.
/// Each implementation also checks that the events it is given are the recording's.
final class RecordingQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [AppRecording] = []

    /// Queues the recordings of the next check.
    func load(_ recordings: [AppRecording]) {
        lock.withLock { waiting = recordings }
    }

    /// The next recording; nil when none is waiting.
    func next() -> AppRecording? {
        lock.withLock { waiting.isEmpty ? nil : waiting.removeFirst() }
    }

    /// Whether every recording was taken.
    var isEmpty: Bool { lock.withLock { waiting.isEmpty } }
}

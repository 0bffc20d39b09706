import SubscriptionModel

/// Outputs computed beforehand (by an external program), handed out one per event, so
/// the usual `TimelineCheck` can check them.
public struct RecordedImplementation: SubscriptionImplementation {
    /// The outputs, shared with whoever records them.
    public final class Recording: @unchecked Sendable {
        /// One output per event, in order.
        public var outputs: [Output] = []
        /// An empty recording.
        public init() {}
    }

    /// Where the outputs come from.
    public let recording: Recording
    private var index = 0

    /// Hands out `recording`'s outputs.
    public init(_ recording: Recording) {
        self.recording = recording
    }

    /// Starts from the first output.
    public mutating func start(zone: TimeZoneRules) { index = 0 }

    /// The next output.
    public mutating func handle(_ event: Event) -> Output {
        defer { index += 1 }
        return recording.outputs[index]
    }
}

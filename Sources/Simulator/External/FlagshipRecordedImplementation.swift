import SubscriptionModel
import SimulatorCore

/// Outputs computed beforehand (by an external program), handed out one per event, so
/// the usual `FlagshipTimelineCheck` can check them.
package struct FlagshipRecordedImplementation: FlagshipImplementation {
    /// The outputs, shared with whoever records them.
    package final class Recording: @unchecked Sendable {
        /// One output per event, in order.
        package var outputs: [FlagshipOutput] = []
        /// An empty recording.
        package init() {}
    }

    /// Where the outputs come from.
    package let recording: Recording
    private var index = 0

    /// Hands out `recording`'s outputs.
    package init(_ recording: Recording) {
        self.recording = recording
    }

    /// Starts from the first output.
    package mutating func start(zone: TimeZoneRules) { index = 0 }

    /// The next output.
    package mutating func handle(_ event: FlagshipEvent) -> FlagshipOutput {
        defer { index += 1 }
        return recording.outputs[index]
    }
}

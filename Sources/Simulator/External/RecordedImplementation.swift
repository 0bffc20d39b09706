import SubscriptionModel
import SimulatorCore

/// Outputs and screens computed beforehand (by an external program under a policy),
/// handed out one per event, so the usual `TimelineCheck` can check them.
///
/// The program printed its own screens, so they are the ones checked
/// (`showsOwnScreens`): the checker compares them with its own evaluation rather than
/// rendering the outputs.
package struct RecordedImplementation: SubscriptionImplementation {
    /// The outputs and screens, shared with whoever records them.
    package final class Recording: @unchecked Sendable {
        /// One output per event, in order.
        package var outputs: [Output] = []
        /// The screens shown with each output, in the policy's screen order.
        package var screens: [[ScreenValue]] = []
        /// An empty recording.
        package init() {}
    }

    /// Where the outputs come from.
    package let recording: Recording
    private var index = 0

    /// Hands out `recording`'s outputs and screens.
    package init(_ recording: Recording) {
        self.recording = recording
    }

    /// The screens are the program's own.
    package static var showsOwnScreens: Bool { true }

    /// Starts from the first output.
    package mutating func start(policy: SubscriptionPolicy, zone: TimeZoneRules) { index = 0 }

    /// The next output.
    package mutating func handle(_ event: Event) -> Output {
        defer { index += 1 }
        return recording.outputs[index]
    }

    /// The screens shown with the output last handed out.
    package func screens(of output: Output, policy: SubscriptionPolicy) -> [ScreenValue] {
        recording.screens[index - 1]
    }
}

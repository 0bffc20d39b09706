import SubscriptionModel

/// Outputs and screens computed beforehand (by an external program under a policy),
/// handed out one per event, so the usual `PolicyTimelineCheck` can check them.
///
/// The program printed its own screens, so they are the ones checked
/// (`showsOwnScreens`): the checker compares them with its own evaluation rather than
/// rendering the outputs.
public struct RecordedPolicyImplementation: PolicyImplementation {
    /// The outputs and screens, shared with whoever records them.
    public final class Recording: @unchecked Sendable {
        /// One output per event, in order.
        public var outputs: [PolicyOutput] = []
        /// The screens shown with each output, in the policy's screen order.
        public var screens: [[PolicyScreenValue]] = []
        /// An empty recording.
        public init() {}
    }

    /// Where the outputs come from.
    public let recording: Recording
    private var index = 0

    /// Hands out `recording`'s outputs and screens.
    public init(_ recording: Recording) {
        self.recording = recording
    }

    /// The screens are the program's own.
    public static var showsOwnScreens: Bool { true }

    /// Starts from the first output.
    public mutating func start(policy: SubscriptionPolicy, zone: TimeZoneRules) { index = 0 }

    /// The next output.
    public mutating func handle(_ event: PolicyEvent) -> PolicyOutput {
        defer { index += 1 }
        return recording.outputs[index]
    }

    /// The screens shown with the output last handed out.
    public func screens(of output: PolicyOutput, policy: SubscriptionPolicy) -> [PolicyScreenValue] {
        recording.screens[index - 1]
    }
}

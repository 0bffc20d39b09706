import SimulatorCore

/// What judging one timeline showed.
struct TimelineJudgeVerdict: Sendable {
    /// The app's recording of the whole timeline.
    var app: AppRecording
    /// The first invariant broken, if any.
    var violation: Violation<Invariant>?
    /// Why the app could not be judged, if it could not.
    var problem: String?
    /// Whether the adapter gave the second device (the timeline without its looks and
    /// reinstalls) the same app object as the first: a singleton, whose state the second
    /// play starts from.
    var sharedApp = false
    /// When `violation` is G11's: the invariant the second device's play broke on its own
    /// (the timeline without the events that change nothing, checked alone), its event
    /// counted in the whole timeline; nil when that play broke none.
    var brokenWithout: Violation<Invariant>?
}

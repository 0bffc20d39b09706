import SubscriptionModel

/// One timeline played through the team's app: what the app reported at each event, in
/// order, up to the end or to the event at which it could not be played further.
struct AppRecording: Sendable {
    /// The events played (the whole timeline asked for).
    var events: [Event]
    /// One report per event played; fewer than `events` when `problem` is set.
    var reports: [AppReport] = []
    /// Why the app could not be played further (a closure threw, or the timeline did not
    /// finish in time); nil when it was played to the end.
    var problem: String?
    /// Where the system's tz data and the harness's tables first disagreed on the
    /// device's local date, if they did.
    var clockDisagreement: String?
    /// The first app object the adapter made, when the app is a class instance.
    var firstApp: AppObject?
    /// What the app was told between events or among an event's moments that no event
    /// carries (a `.dayChanged`, a timer of its own), in order.
    var told: [Told] = []

    /// A `.dayChanged` told to the app, or one of its timers run
    /// (`SimulatedDevice.scheduleTimer`): at `at`, before the event whose report is
    /// `reports[beforeReport]`, or, `withEvent`, among that event's own moments (after a
    /// `set-zone` that moved the date, or a `foreground` after a day began or a timer came
    /// due in the background).
    struct Told: Sendable {
        var kind: Kind
        var beforeReport: Int
        var at: Instant
        var withEvent = false

        enum Kind: Sendable { case dayChanged, timer }
    }

    /// An app object, compared by identity. Held weakly: the app's own life is not
    /// lengthened, and an object gone is nil, so no later object takes its identity.
    struct AppObject: @unchecked Sendable {
        weak var object: AnyObject?
    }
}

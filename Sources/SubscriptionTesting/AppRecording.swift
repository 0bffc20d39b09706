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
    /// Each `.dayChanged` the app was told, in order.
    var dayChanges: [DayChange] = []

    /// A `.dayChanged` told to the app: at a day's start before the event whose report
    /// is `reports[beforeReport]`, or, `withEvent`, among that event's own moments (after
    /// a `set-zone` that moved the date, or a `foreground` after a day began in the
    /// background).
    struct DayChange: Sendable {
        var beforeReport: Int
        var at: Instant
        var withEvent = false
    }

    /// An app object, compared by identity. Held weakly: the app's own life is not
    /// lengthened, and an object gone is nil, so no later object takes its identity.
    struct AppObject: @unchecked Sendable {
        weak var object: AnyObject?
    }
}
